#if canImport(Glibc)
import Glibc
#endif

/// A moment some seconds from now on the monotonic clock, for the waits of
/// tests and the bench: a step of the system clock (tests set it; a
/// machine's time service steps it) neither cuts them short nor stretches
/// them, as it did `Date()` deadlines. Any thread.
public struct Deadline: Sendable {
    /// Seconds on `CLOCK_MONOTONIC`.
    private let end: Double

    public init(in seconds: Double) {
        end = monotonicSeconds() + seconds
    }

    /// Whether the moment has come.
    public var hasPassed: Bool { monotonicSeconds() >= end }

    /// Seconds left (negative once passed).
    public var timeIntervalSinceNow: Double { end - monotonicSeconds() }
}

/// A moment on the monotonic clock, to tell how long something took in a
/// test or the bench, whatever steps the system clock takes meanwhile (see
/// `Deadline`). Any thread.
public struct Stopwatch: Sendable {
    private let start: Double

    public init() {
        start = monotonicSeconds()
    }

    /// Seconds since it was made.
    public var elapsed: Double { monotonicSeconds() - start }
}

/// Seconds on `CLOCK_MONOTONIC`.
private func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
