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

    /// Runs `body` while no other test sets the clock: a test that sets it,
    /// or that expects no set while it runs, holds this for its whole body,
    /// since a set reaches every watcher on the machine (tests of several
    /// suites, and of several test processes, run side by side). An
    /// advisory lock on a file in the temporary folder, so it holds between
    /// threads of one process (each call opens its own) and between
    /// processes. Blocks the calling thread until it has the lock.
    public static func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        let fd = open(NSTemporaryDirectory() + "/tvshell-tests-system-clock.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        if fd >= 0 {
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        }
        defer { if fd >= 0 { close(fd) } }
        return try body()
    }

    /// Sets the clock to the time it reads; whether the kernel took it.
    @discardableResult
    public static func setToItself() -> Bool {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return false }
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }
}
