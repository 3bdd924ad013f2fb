/// A point on the shell's monotonic clock, in seconds. The core never reads a
/// clock: every action that needs the time carries one.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }
    public static func + (a: Instant, b: Double) -> Instant { Instant(seconds: a.seconds + b) }
    public static func - (a: Instant, b: Instant) -> Double { a.seconds - b.seconds }
    public var description: String { "t=\(seconds)" }
}
