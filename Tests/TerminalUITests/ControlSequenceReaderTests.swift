import TerminalUI
import Testing

@Suite("Control sequences after ESC")
struct ControlSequenceReaderTests {
    /// Feeds `text` (what followed the ESC) and returns the steps.
    private func steps(_ text: String) -> [ControlSequenceReader.Step] {
        var reader = ControlSequenceReader()
        return text.unicodeScalars.map { reader.feed($0.value) }
    }

    private func readsWhole(_ text: String) -> Bool {
        let s = steps(text)
        return s.last == .done && s.dropLast().allSatisfy { $0 == .more }
    }

    @Test("the probe's answers are read whole: DA1, window size, XTVERSION, the kitty reply")
    func probeAnswers() {
        #expect(readsWhole("[?62;4;22c"))
        #expect(readsWhole("[?6c"))
        #expect(readsWhole("[4;600;800t"))
        #expect(readsWhole("[6;20;10t"))
        #expect(readsWhole("P>|XTerm(390)\u{1B}\\"))
        #expect(readsWhole("_Gi=31;OK\u{1B}\\"))
        #expect(readsWhole("_Gi=31;ENOTSUPPORTED:no\u{1B}\\"))
    }

    @Test("other sequences: keys terminfo lacks, SS3, OSC ended by BEL or ST")
    func otherSequences() {
        #expect(readsWhole("[1;5P"))
        #expect(readsWhole("[200~"))
        #expect(readsWhole("OP"))
        #expect(readsWhole("]11;rgb:0000/0000/0000\u{07}"))
        #expect(readsWhole("]11;rgb:0000/0000/0000\u{1B}\\"))
        #expect(readsWhole("P1$r0m\u{1B}\u{1B}\\"), "an ESC inside a string that is not ST does not end it")
    }

    @Test("ESC before an ordinary character is the ESC key")
    func escapeKey() {
        #expect(steps("q") == [.notASequence])
        #expect(steps(" ") == [.notASequence])
        #expect(steps("\u{1B}") == [.notASequence])
    }

    @Test("a string is not over at an ESC alone")
    func unfinished() {
        #expect(steps("_Gi=31;OK\u{1B}").last == .more)
        #expect(steps("[?62;").last == .more)
    }
}
