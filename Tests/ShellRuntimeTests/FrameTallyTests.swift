@testable import ShellRuntime
import ShellCore
import Testing

@Suite("Frame tally: counts told once per interval, one report a load")
struct FrameTallyTests {
    @Test("frames within the interval are held; the one that crosses it tells every load's count, and then nothing is left")
    func heldThenTold() {
        var tally = FrameTally()
        #expect(tally.count(token: 7, now: Instant(seconds: 100)).map(\.frames) == [1], "the first count after a long quiet goes at once")
        #expect(tally.count(token: 7, now: Instant(seconds: 100.05)).isEmpty)
        #expect(tally.count(token: 9, now: Instant(seconds: 100.10)).isEmpty)
        #expect(tally.count(token: 7, now: Instant(seconds: 100.20)).isEmpty)
        let told = tally.count(token: 9, now: Instant(seconds: 100.25)).sorted { $0.token < $1.token }
        #expect(told.map(\.token) == [7, 9] && told.map(\.frames) == [2, 2])
        #expect(tally.take(now: Instant(seconds: 100.26)).isEmpty)
    }

    @Test("take tells what is held at once, whatever the interval")
    func takeAtOnce() {
        var tally = FrameTally()
        _ = tally.count(token: 3, now: Instant(seconds: 10))
        _ = tally.count(token: 3, now: Instant(seconds: 10.01))
        _ = tally.count(token: 3, now: Instant(seconds: 10.02))
        let told = tally.take(now: Instant(seconds: 10.03))
        #expect(told.map(\.token) == [3] && told.map(\.frames) == [2])
        #expect(tally.count(token: 3, now: Instant(seconds: 10.04)).isEmpty, "the interval starts again at the take")
    }
}
