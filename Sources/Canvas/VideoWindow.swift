/// The pictures drawn in a window of the screen rather than over all of
/// it, each from its own player.
public enum VideoInset: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The picture in picture.
    case picture
    /// The guide's preview pane.
    case preview
    /// The flip interstitial's picture of a warm target: its latest frame,
    /// small, in the channel card.
    case interstitial
    /// The scrub thumbnail: the frame under the scrub head.
    case thumbnail
    /// Multiview's four views.
    case view0, view1, view2, view3
}

/// Where a window's picture goes: a rectangle of cells of the screen.
public struct VideoWindow: Equatable, Sendable {
    public var inset: VideoInset
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(_ inset: VideoInset, x: Int, y: Int, width: Int, height: Int) {
        self.inset = inset
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether row `row` of the screen crosses the window.
    public func covers(row: Int) -> Bool { row >= y && row < y + height }
}
