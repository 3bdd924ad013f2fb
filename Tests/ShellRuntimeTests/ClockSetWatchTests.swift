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
        let watch = try #require(ClockSetWatch())
        #expect(!Self.readable(watch.fd, within: 0.05) && !watch.takeSet(), "nothing before the clock is set")
        #expect(SystemClock.setToItself())
        #expect(Self.readable(watch.fd, within: 1), "the set wakes the poll")
        #expect(watch.takeSet())
        #expect(!Self.readable(watch.fd, within: 0.05) && !watch.takeSet(), "told once")
        #expect(SystemClock.setToItself())
        #expect(Self.readable(watch.fd, within: 1) && watch.takeSet(), "armed again: the next set is told too")
    }
}
