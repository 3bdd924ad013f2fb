#if canImport(Glibc)
import Glibc
#endif

/// One pass of the run loop's wait: the descriptors it waits on, each for
/// what, and the soonest of its deadlines (milliseconds from now; none: wait
/// for a descriptor alone). Built afresh each pass, since who listens changes
/// (players come and go, lircd reconnects, frames wait for the terminal).
///
/// Run-loop thread only.
struct PollSet {
    private var entries: [pollfd] = []
    private var timeout: Int32 = -1

    /// Waits for `fd` to be readable (or for `events`).
    mutating func watch(_ fd: Int32?, for events: Int16 = Int16(POLLIN)) {
        guard let fd, fd >= 0 else { return }
        entries.append(pollfd(fd: fd, events: events, revents: 0))
    }

    /// Waits on these descriptors as they are.
    mutating func watch(_ descriptors: [pollfd]) {
        entries += descriptors
    }

    /// Wakes up within `milliseconds` at the latest (nil: no deadline).
    mutating func deadline(_ milliseconds: Int32?) {
        guard let milliseconds else { return }
        timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
    }

    /// Wakes up by `instant` at the latest, as told at `now`.
    mutating func deadline(at instant: Double?, now: Double) {
        guard let instant else { return }
        deadline(Int32(max(0, (instant - now) * 1000).rounded(.up)))
    }

    /// Waits; the descriptors that are ready, with what they are ready for
    /// (none on a signal or a deadline). Nil when `poll` failed (its errno).
    mutating func wait() -> [(fd: Int32, revents: Int16)]? {
        let ready = poll(&entries, nfds_t(entries.count), timeout)
        if ready < 0 { return errno == EINTR ? [] : nil }
        return entries.filter { $0.revents != 0 }.map { ($0.fd, $0.revents) }
    }
}
