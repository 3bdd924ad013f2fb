@testable import ShellRuntime
import Testing

@Suite("mpv's log lines said again and again, written once in a while")
struct LogRepeatsTests {
    @Test("a line is written the first time, held back for the window, then written saying how many times it came; other lines are their own")
    func window() {
        var repeats = LogRepeats(window: 10)
        #expect(repeats.admit("h264: no frame!", at: 100) == 0)
        #expect(repeats.admit("h264: no frame!", at: 100.04) == nil)
        #expect(repeats.admit("h264: decode_slice_header error", at: 100.05) == 0)
        #expect(repeats.admit("h264: no frame!", at: 109.9) == nil)
        #expect(repeats.admit("h264: no frame!", at: 110) == 2)
        #expect(repeats.admit("h264: no frame!", at: 111) == nil)
        #expect(repeats.admit("h264: decode_slice_header error", at: 130) == 0)
        #expect(LogRepeats.written("h264: no frame!", held: 0) == "h264: no frame!")
        #expect(LogRepeats.written("h264: no frame!", held: 2) == "h264: no frame! (2 more like it since)")
    }

    @Test("lines that never repeat (each names a new number) are forgotten past the remembered count, so memory stays bounded; a line forgotten is new again")
    func bounded() {
        var repeats = LogRepeats(window: 10, remembered: 4)
        for n in 0..<1000 { #expect(repeats.admit("Invalid timestamp \(n)", at: Double(n) / 1000) == 0) }
        #expect(repeats.admit("Invalid timestamp 999", at: 1.5) == nil, "the latest line is still remembered")
        #expect(repeats.admit("Invalid timestamp 0", at: 1.5) == 0, "the first is long forgotten")
    }
}
