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
    /// The transport bar and the hint are laid over the picture without
    /// their panel (outlined text, as tvOS and mpv's own OSD draw them):
    /// the TV output, whose OSD mpv blends into every frame at a cost that
    /// grows with the area covered.
    public var chromeOverPicture: Bool
    /// Subtitles are drawn by the views as text over the picture's bottom
    /// (`PlaybackState.subtitleText`), not by mpv into the picture: a
    /// picture of character cells has too few pixels to read them.
    public var subtitlesAsText: Bool
    public init(picture: Picture, utcOffset: Int = 0, chromeOverPicture: Bool = false, subtitlesAsText: Bool = false) {
        self.picture = picture
        self.utcOffset = utcOffset
        self.chromeOverPicture = chromeOverPicture
        self.subtitlesAsText = subtitlesAsText
    }

    /// The picture is drawn in the terminal's cells.
    public var videoInTerminal: Bool { picture == .terminal }
}
