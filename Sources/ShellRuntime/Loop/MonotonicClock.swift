import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads the monotonic clock. Only the runtime reads clocks; the core gets
/// `Instant`s in its actions.
public enum MonotonicClock {
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Instant(seconds: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
    }
}
