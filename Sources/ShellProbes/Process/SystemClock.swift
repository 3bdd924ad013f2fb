import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The system clock, for tests of what its being set does (`ClockSetWatch`):
/// set to the time it reads, a set the kernel reports to every watcher
/// without moving the clock more than the microseconds between the read and
/// the write, so tests running beside it are not disturbed. Needs
/// CAP_SYS_TIME. Any thread.
public enum SystemClock {
    /// Whether this process may set the clock (CAP_SYS_TIME in its
    /// effective capabilities).
    public static var maySet: Bool {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
              let mask = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << 25) != 0
    }

    /// Sets the clock to the time it reads; whether the kernel took it.
    @discardableResult
    public static func setToItself() -> Bool {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return false }
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }
}
