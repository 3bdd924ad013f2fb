import Foundation
import ShellProbes
@testable import ShellRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The watch on the system clock, on the real kernel: the clock set to the
/// time it reads (CAP_SYS_TIME, which the test machines have).
@Suite("A set of the system clock is told at once", .enabled(if: SystemClock.maySet, "setting the clock needs CAP_SYS_TIME"))
struct ClockSetWatchTests {
    /// Whether `fd` becomes readable within `timeout` seconds.
    static func readable(_ fd: Int32, within timeout: Double) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, Int32(timeout * 1000)) == 1 && ready.revents & Int16(POLLIN) != 0
    }

    @Test("readable when the clock is set, told once, and armed again for the next set")
    func toldOnce() throws {
        try SystemClock.exclusively { try toldOnceAlone() }
    }

    /// Whether `watch` tells nothing within 50 ms, or, when it tells a
    /// set, whether `witness` was told of one too: a set no test made (the
    /// machine's time service), rightly told.
    private static func quiet(_ watch: ClockSetWatch, witness: ShellProbes.SystemClock.Witness) -> Bool {
        guard readable(watch.fd, within: 0.05) else { return watch.take() == .nothing }
        _ = watch.take()
        return witness.sawSet()
    }

    private func toldOnceAlone() throws {
        let witness = try #require(ShellProbes.SystemClock.Witness())
        let watch = try #require(ClockSetWatch())
        #expect(Self.quiet(watch, witness: witness), "nothing before the clock is set")
        #expect(SystemClock.setToItself())
        _ = witness.sawSet()
        #expect(Self.readable(watch.fd, within: 1), "the set wakes the poll")
        #expect(watch.take() == .set)
        #expect(Self.quiet(watch, witness: witness), "told once")
        #expect(SystemClock.setToItself())
        #expect(Self.readable(watch.fd, within: 1) && watch.take() == .set, "armed again: the next set is told too")
    }
}

/// The watch failing needs no capability: its descriptor is replaced.
@Suite("The watch on the system clock failing")
struct ClockSetWatchFailureTests {
    @Test("a watch whose read or arming fails says so, with the reason, for the shell to drop it (it would wake the loop for ever)")
    func failure() throws {
        let watch = try #require(ClockSetWatch())
        // Its descriptor made /dev/null: read gives 0 bytes, arming is refused.
        let null = open("/dev/null", O_RDONLY)
        try #require(null >= 0 && dup2(null, watch.fd) == watch.fd)
        close(null)
        #expect(watch.take() == .failed("Invalid argument"))
    }
}
