import CPosix
#if canImport(Glibc)
import Glibc
#endif

/// Tells when the system clock is set: NTP's step at the boot of a box
/// without a real-time clock (its clock starts at the last shutdown, or in
/// 1970, and jumps once the network is up), `date -s`, a resume from
/// suspend. The passcode gate reads the programme airing by the wall clock
/// and the guide's window is read around it, so both look again at once
/// rather than at the next half-minute tick (and the guide's next wake, up
/// to half an hour later). A timerfd (`tvs_clock_watch_open`).
///
/// Run-loop thread only: `fd` goes in the loop's poll set, `take()`
/// when it is readable.
final class ClockSetWatch {
    let fd: Int32

    /// Nil when the kernel gives no timerfd (the tick still looks every 30 s).
    init?() {
        fd = tvs_clock_watch_open()
        if fd < 0 { return nil }
    }

    deinit { close(fd) }

    /// What a readable watch told.
    enum Reading: Equatable {
        /// Nothing (woken for nothing).
        case nothing
        /// The clock was set; the watch is armed again.
        case set
        /// The watch failed (its read or its arming), with the reason: it
        /// would stay readable and wake the loop for ever, so the shell
        /// drops it.
        case failed(String)
    }

    /// What happened since the last call.
    func take() -> Reading {
        switch tvs_clock_watch_take(fd) {
        case 0: .nothing
        case 1: .set
        default: .failed(String(cString: strerror(errno)))
        }
    }
}
