/// One terminal cell of a frame: either a glyph with a style, or a hole
/// through which the video shows.
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var style: Style
    /// The video shows here; nothing of the UI is drawn.
    public var isVideo: Bool
    /// The right half of a double-width character drawn in the cell before.
    public var isContinuation: Bool
    /// A video window's picture shows here, not the full-screen one
    /// (`isVideo` is true too: the UI draws nothing here either).
    public var inset: VideoInset?

    public init(_ character: Character = " ", style: Style = .plain, isVideo: Bool = false, isContinuation: Bool = false,
                inset: VideoInset? = nil) {
        self.character = character
        self.style = style
        self.isVideo = isVideo || inset != nil
        self.isContinuation = isContinuation
        self.inset = inset
    }

    /// Text laid over the full-screen picture with no background of its
    /// own: a video cell with a character (`Screen.layOverPicture`). Only
    /// an output that draws its screens on top of the picture (the TV's
    /// OSD) makes these; a terminal shows the picture there.
    public var isOverPicture: Bool { isVideo && inset == nil && character != " " }

    public static let blank = Cell()
    public static let video = Cell(" ", isVideo: true)
    /// A cell of `inset`'s window.
    public static func window(_ inset: VideoInset) -> Cell { Cell(" ", inset: inset) }
}
