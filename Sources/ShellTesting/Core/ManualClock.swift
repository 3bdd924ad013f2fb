import ShellCore

/// A clock tests move by hand: actions get `clock.now`, and `advance`
/// returns the instant after the step.
public struct ManualClock: Sendable {
    public private(set) var now: Instant

    public init(start: Double = 1000) { now = Instant(seconds: start) }

    @discardableResult
    public mutating func advance(by seconds: Double) -> Instant {
        now = now + seconds
        return now
    }
}
