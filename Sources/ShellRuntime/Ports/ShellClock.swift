import Foundation
import ShellCore

/// The two times the runtime tells the reducer: monotonic instants (timers,
/// actions) and the wall clock (guide, lockout). The real one reads the
/// system; the embedded driver's is moved by hand.
public protocol ShellClock: AnyObject, Sendable {
    /// Monotonic time. Any thread.
    func now() -> Instant
    /// Seconds since 1970. Any thread.
    func wallClock() -> Double
}

/// The system's clocks.
public final class SystemClock: ShellClock {
    public init() {}
    public func now() -> Instant { MonotonicClock.now() }
    public func wallClock() -> Double { Date().timeIntervalSince1970 }
}
