import Testing
@testable import TerminalUI

@Suite("Quality governor")
struct QualityGovernorTests {
    @Test("a window with a third of its frames dropped doubles the tolerance up to the ceiling; a clean one halves it back to the base")
    func steps() {
        var g = QualityGovernor(base: 4, ceiling: 24, window: 30)
        func window(dropping: Int) -> Bool {
            var changed = false
            for i in 0..<30 { changed = g.record(dropped: i < dropping) || changed }
            return changed
        }
        #expect(!window(dropping: 5) && g.tolerance == 4, "a few drops (a UI redraw) change nothing")
        #expect(window(dropping: 10) && g.tolerance == 8)
        #expect(window(dropping: 20) && g.tolerance == 16)
        #expect(window(dropping: 30) && g.tolerance == 24, "the ceiling")
        #expect(!window(dropping: 30) && g.tolerance == 24)
        #expect(!window(dropping: 3) && g.tolerance == 24, "some drops hold it")
        #expect(window(dropping: 0) && g.tolerance == 12)
        #expect(window(dropping: 0) && g.tolerance == 6)
        #expect(window(dropping: 0) && g.tolerance == 4, "never below the configured tolerance")
        #expect(!window(dropping: 0) && g.tolerance == 4)
    }

    @Test("a lossless setting (0) still steps up under drops, and comes back to 0")
    func lossless() {
        var g = QualityGovernor(base: 0)
        for _ in 0..<30 { _ = g.record(dropped: true) }
        #expect(g.tolerance == 2)
        for _ in 0..<30 { _ = g.record(dropped: false) }
        #expect(g.tolerance == 1)
        for _ in 0..<30 { _ = g.record(dropped: false) }
        #expect(g.tolerance == 0)
    }

    @Test("kitty images: heavy drops halve the size a side down to a quarter; clean windows double it back, and a step back that brings the drops back makes the next one wait twice as long")
    func imageSize() {
        var g = QualityGovernor(base: 4, window: 30)
        func window(dropping: Int) {
            for i in 0..<30 { _ = g.record(dropped: i < dropping) }
        }
        #expect(g.imageDivisor == 1)
        window(dropping: 20)
        #expect(g.imageDivisor == 2)
        window(dropping: 20)
        #expect(g.imageDivisor == 4)
        window(dropping: 30)
        #expect(g.imageDivisor == QualityGovernor.maxImageDivisor, "a quarter a side at most")
        window(dropping: 3)
        #expect(g.imageDivisor == 4, "some drops hold it")
        window(dropping: 0)
        #expect(g.imageDivisor == 2, "one clean window steps back up")
        window(dropping: 15)
        #expect(g.imageDivisor == 4, "the larger size brought the drops straight back")
        window(dropping: 0)
        #expect(g.imageDivisor == 4, "now two clean windows are needed")
        window(dropping: 0)
        #expect(g.imageDivisor == 2)
        window(dropping: 0)
        window(dropping: 0)
        #expect(g.imageDivisor == 1, "after a step that held, clean windows keep stepping up")
    }

    @Test("a governor started at half the size (kitty through the pty) goes to full size after one clean window, or down under drops; restarted, it is at half again")
    func startsSmaller() {
        var g = QualityGovernor(base: 4, window: 30, startDivisor: 2)
        #expect(g.imageDivisor == 2 && g.tolerance == 4)
        var changed = 0
        for _ in 0..<29 where g.record(dropped: false) { changed += 1 }
        #expect(changed == 0 && g.imageDivisor == 2)
        let stepped = g.record(dropped: false)
        #expect(stepped && g.imageDivisor == 1, "one clean window")
        for _ in 0..<30 { _ = g.record(dropped: true) }
        #expect(g.imageDivisor == 2)
        var slow = QualityGovernor(base: 4, window: 30, startDivisor: 2)
        for _ in 0..<30 { _ = slow.record(dropped: true) }
        #expect(slow.imageDivisor == 4, "a slow link: a quarter a side after the first window")
        #expect(slow.restarted.imageDivisor == 2 && slow.restarted.tolerance == 4 && slow.restarted == QualityGovernor(base: 4, window: 30, startDivisor: 2))
        #expect(QualityGovernor(base: 4, startDivisor: 3).imageDivisor == 1, "only 1, 2 or 4")
        #expect(QualityGovernor(base: 4).restarted.imageDivisor == 1)
    }
}
