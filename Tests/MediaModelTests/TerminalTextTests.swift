import MediaModel
import Testing

@Suite("Text from outside, safe for a terminal")
struct TerminalTextTests {
    @Test("control characters shown as cat -v shows them; line feeds, tabs and any other character kept")
    func controls() {
        #expect(TerminalText.safe("Evil\u{1b}]2;PWNED\u{07}Name \u{1b}[31mRED") == "Evil^[]2;PWNED^GName ^[[31mRED")
        #expect(TerminalText.safe("a\u{0}b\rc\u{7f}d") == "a^@b^Mc^?d")
        #expect(TerminalText.safe("csi\u{9b}31m") == "csi\u{FFFD}31m", "C1's CSI, which some terminals obey")
        #expect(TerminalText.safe("two\tcolumns\nlines") == "two\tcolumns\nlines")
        #expect(TerminalText.safe("Café ⚽ 日本 🇬🇧 é") == "Café ⚽ 日本 🇬🇧 é")
        #expect(TerminalText.safe("") == "")
    }
}
