/// A change of the local time's offset from UTC: summer time beginning or
/// ending. The runtime finds the one within a day and a half of now
/// (`LocalTime.change(near:)`), so that the screens give programmes on the
/// other side of it their own clock times (a guide holds a day either
/// side). Pure.
public struct UTCOffsetChange: Equatable, Sendable {
    /// When it happens (seconds since 1970): the first second at `after`.
    public var at: Double
    /// Seconds east of UTC before it and from it on.
    public var before: Int
    public var after: Int

    public init(at: Double, before: Int, after: Int) {
        self.at = at
        self.before = before
        self.after = after
    }

    /// The offset at `time`.
    public func offset(at time: Double) -> Int {
        time < at ? before : after
    }
}
