import CSystemd
import ShellCore

/// Tells systemd how the shell is (`sd_notify`, libsystemd): READY once the
/// run loop runs, then WATCHDOG at half the unit's `WatchdogSec`, from the run
/// loop itself, so a wedged loop stops the pings and systemd restarts the
/// shell. Does nothing when not run by systemd (no `NOTIFY_SOCKET`).
///
/// Run-loop thread only.
final class ServiceNotifier {
    /// Seconds between watchdog pings; nil without a watchdog.
    let watchdogInterval: Double?
    private var nextPing: Instant?

    init() {
        var usec: UInt64 = 0
        watchdogInterval = sd_watchdog_enabled(0, &usec) > 0 && usec > 0 ? Double(usec) / 2_000_000 : nil
    }

    /// The shell is up.
    func ready(status: String, now: Instant) {
        _ = sd_notify(0, "READY=1\nSTATUS=\(status)")
        if let interval = watchdogInterval {
            _ = sd_notify(0, "WATCHDOG=1")
            nextPing = now + interval
        }
    }

    func status(_ text: String) {
        _ = sd_notify(0, "STATUS=\(text)")
    }

    func stopping() {
        _ = sd_notify(0, "STOPPING=1")
    }

    /// Milliseconds until the next ping is due, for `poll`.
    func pollTimeout(now: Instant) -> Int32? {
        guard let next = nextPing else { return nil }
        return Int32(max(0, (next - now) * 1000).rounded(.up))
    }

    /// Pings when due.
    func tick(now: Instant) {
        guard let next = nextPing, let interval = watchdogInterval, next <= now else { return }
        _ = sd_notify(0, "WATCHDOG=1")
        nextPing = now + interval
    }
}
