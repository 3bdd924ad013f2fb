/// Facts about the output the views need beyond the state.
public struct ViewContext: Equatable, Sendable {
    /// Where the picture goes.
    public enum Picture: Equatable, Sendable {
        /// In the terminal's cells: the views leave holes for it.
        case terminal
        /// In mpv's own window.
        case window
        /// Nowhere (audio only).
        case none
    }

    public var picture: Picture
    /// Seconds east of UTC, for clock times of programmes.
    public var utcOffset: Int
    public init(picture: Picture, utcOffset: Int = 0) {
        self.picture = picture
        self.utcOffset = utcOffset
    }

    /// The picture is drawn in the terminal's cells.
    public var videoInTerminal: Bool { picture == .terminal }
}
