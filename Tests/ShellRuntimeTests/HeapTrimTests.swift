import Testing
@testable import ShellRuntime

@Suite("Heap trim after a video output is set up again")
struct HeapTrimTests {
    @Test("a trim asked for while one is pending adds nothing; once it has run, the next one is scheduled")
    func coalesces() {
        let trim = HeapTrim()
        #expect(trim.schedule(), "the first asks for a trim")
        #expect(!trim.schedule(), "flipping on while it waits adds no second one")
        #expect(!trim.schedule())
        trim.done()
        #expect(trim.schedule(), "after it ran, the next swap schedules one again")
    }
}
