import ShellCore
import Testing
@testable import ShellRuntime

@Suite("Timer queue")
struct TimerQueueTests {
    @Test("poll sleeps until the earliest deadline, forever with none")
    func timeout() {
        var q = TimerQueue()
        let t0 = Instant(seconds: 100)
        #expect(q.pollTimeout(now: t0) == -1)
        q.start(.transportHide, at: t0 + 5)
        q.start(.errorAdvance, at: t0 + 2.0004)
        #expect(q.pollTimeout(now: t0) == 2001)
        #expect(q.pollTimeout(now: t0 + 3) == 0)
    }

    @Test("due timers come out earliest first, once; a restart replaces, a cancel removes")
    func due() {
        var q = TimerQueue()
        let t0 = Instant(seconds: 0)
        q.start(.transportHide, at: t0 + 5)
        q.start(.errorAdvance, at: t0 + 4)
        #expect(q.takeDue(now: t0 + 3).isEmpty)
        #expect(q.takeDue(now: t0 + 6) == [.errorAdvance, .transportHide])
        #expect(q.takeDue(now: t0 + 7).isEmpty)
        q.start(.transportHide, at: t0 + 8)
        q.start(.transportHide, at: t0 + 20)
        #expect(q.takeDue(now: t0 + 10).isEmpty)
        q.cancel(.transportHide)
        #expect(q.takeDue(now: t0 + 30).isEmpty)
    }
}
