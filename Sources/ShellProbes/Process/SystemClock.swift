import CPosix
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

    /// A test's own watch on the clock's sets (the kernel's, as the
    /// shell's): a set it was told of and the test did not make is one of
    /// the machine's (its time service; a resumed VM's clock, stepped
    /// 0.5 ms every 0.1 s as it caught up, in both directions at times), so
    /// a watcher is rightly told of it. Exact where comparing the clock's
    /// offset from the monotonic clock was not: steps that cancel out, or
    /// smaller than the allowance, went unseen. One thread at a time.
    public final class Witness {
        private let fd: Int32

        /// Nil when the kernel gives no timerfd.
        public init?() {
            fd = tvs_clock_watch_open()
            if fd < 0 { return nil }
        }

        deinit { close(fd) }

        /// Whether the clock was set since it was made or last asked (it is
        /// armed again). Call it just after your own `setToItself` to take
        /// that set, so later calls see only the machine's.
        public func sawSet() -> Bool { tvs_clock_watch_take(fd) == 1 }
    }

    /// Sets the clock to the time it reads; whether the kernel took it.
    @discardableResult
    public static func setToItself() -> Bool {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return false }
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }
}
