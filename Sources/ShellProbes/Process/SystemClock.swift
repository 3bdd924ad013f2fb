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

    /// The system clock less the monotonic clock, in seconds: it moves
    /// only when the clock is stepped (`setToItself` moves it by the
    /// microseconds between its read and its write).
    public static var offset: Double {
        var real = timespec(), monotonic = timespec()
        clock_gettime(CLOCK_REALTIME, &real)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return Double(real.tv_sec - monotonic.tv_sec) + Double(real.tv_nsec - monotonic.tv_nsec) / 1e9
    }

    /// Whether something other than `setToItself` stepped the clock since
    /// `offset` was read (a machine's time service): then a watcher is
    /// rightly told of a set no test made. 50 ms allows for a set to
    /// itself delayed between its read and its write.
    public static func steppedElsewhere(since offset: Double) -> Bool {
        abs(Self.offset - offset) > 0.05
    }

    /// Sets the clock to the time it reads; whether the kernel took it.
    @discardableResult
    public static func setToItself() -> Bool {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return false }
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }
}
