import Foundation
import ShellProbes
import Testing

/// The tests' monotonic waits and timings (`Deadline`, `Stopwatch`).
@Suite("Deadline and Stopwatch")
struct DeadlineTests {
    @Test("a deadline has not passed before its time and has after; a stopwatch tells the time since it was made")
    func monotonic() {
        let stopwatch = Stopwatch()
        let deadline = Deadline(in: 0.05)
        #expect(!deadline.hasPassed && deadline.timeIntervalSinceNow > 0)
        usleep(60_000)
        #expect(deadline.hasPassed && deadline.timeIntervalSinceNow < 0)
        #expect(stopwatch.elapsed >= 0.06 && stopwatch.elapsed < 5, "\(stopwatch.elapsed)")
    }
}
