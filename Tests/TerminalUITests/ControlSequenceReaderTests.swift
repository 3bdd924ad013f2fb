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

    /// The key `text` (what followed the ESC) is read as, once whole.
    private func key(_ text: String) -> String? {
        var reader = ControlSequenceReader()
        for scalar in text.unicodeScalars { _ = reader.feed(scalar.value) }
        return reader.key
    }

    @Test("the keypad in application mode (PuTTY, tmux, xterm): its digits, ENTER and signs are keys")
    func keypad() {
        #expect("pqrstuvwxy".map { key("O\($0)") } == (0...9).map { "KP\($0)" })
        #expect(key("OM") == "KP_ENTER")
        #expect(key("Om") == "-")
        #expect(key("Ok") == "+")
        #expect(key("Oj") == "*")
        #expect(key("Oo") == "/")
        #expect(key("On") == ".")
    }

    @Test("cursor, editing and function keys in either mode are keys; with modifiers, or answers, they are not")
    func cursorAndEditingKeys() {
        #expect(["OA", "OB", "OC", "OD", "OH", "OF"].map(key) == ["UP", "DOWN", "RIGHT", "LEFT", "HOME", "END"])
        #expect(["[A", "[B", "[C", "[D", "[H", "[F"].map(key) == ["UP", "DOWN", "RIGHT", "LEFT", "HOME", "END"])
        #expect(["[1~", "[2~", "[3~", "[4~", "[5~", "[6~"].map(key) == ["HOME", "INS", "DEL", "END", "PGUP", "PGDWN"])
        #expect(["OP", "[15~", "[17~", "[24~"].map(key) == ["F1", "F5", "F6", "F12"])
        #expect(key("[1;5A") == nil, "Ctrl+UP is dropped, as before")
        #expect(key("[200~") == nil, "a paste's start is no key")
        #expect(key("[2000~") == nil, "a longer number is never cut down to a key's")
        #expect(key("[?62;4;22c") == nil)
        #expect(key("[4;600;800t") == nil)
        #expect(key("[?6c") == nil)
        #expect(key("_Gi=31;OK\u{1B}\\") == nil)
        #expect(key("[1") == nil, "not whole yet")
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
