/// One terminal cell of a frame: either a glyph with a style, or a hole
/// through which the video shows.
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var style: Style
    /// The video shows here; nothing of the UI is drawn.
    public var isVideo: Bool
    /// The right half of a double-width character drawn in the cell before.
    public var isContinuation: Bool

    public init(_ character: Character = " ", style: Style = .plain, isVideo: Bool = false, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isVideo = isVideo
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
    public static let video = Cell(" ", isVideo: true)
}
