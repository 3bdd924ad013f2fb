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
}
