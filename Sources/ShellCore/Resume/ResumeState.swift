/// Where an item was left, as the library remembers it.
public struct ResumePoint: Equatable, Sendable {
    public var position: Double
    public var duration: Double?
    public var watched: Bool
    public init(position: Double, duration: Double?, watched: Bool = false) {
        self.position = position
        self.duration = duration
        self.watched = watched
    }
}

/// "Resume from 1:12:40" / "Play from the beginning", before anything of
/// the item is loaded.
public struct ResumeOffer: Equatable, Sendable {
    /// Index in `ShellState.items`.
    public var index: Int
    public var position: Double
    /// 0: Resume (focused first), 1: from the beginning.
    public var focus = 0
    public init(index: Int, position: Double, focus: Int = 0) {
        self.index = index
        self.position = position
        self.focus = focus
    }
}
