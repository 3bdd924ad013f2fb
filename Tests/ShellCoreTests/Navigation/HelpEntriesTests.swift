import MediaModel
@testable import ShellCore
import Testing

@Suite("The list of keys (?)")
struct HelpEntriesTests {
    private func escape(_ state: ShellState) -> String? {
        HelpView.entries(state, ascii: true).first { $0.keys.split(separator: " ").contains("ESC") }?.what
    }

    @Test("ESC on the home screen is listed only while the card is up; on the guide's list it closes the card, else goes back")
    func escapeLine() {
        var state = ShellState(items: [film, channel])
        #expect(state.screen == .home)
        #expect(escape(state) == nil, "ESC does nothing on the home screen without the card")
        state.navigation.homeInfo = true
        #expect(escape(state) == "close the card")
        state.navigation.destination = .guide
        #expect(escape(state) == "close the card")
        state.navigation.homeInfo = false
        #expect(escape(state) == "back")
    }

    @Test("the volume keys on one line, on every screen, before ?")
    func volumeLine() {
        var state = ShellState(items: [film, channel])
        for destination in [Destination.home, .guide, .player] {
            state.navigation.destination = destination
            let lines = HelpView.entries(state, ascii: false)
            #expect(lines.suffix(2).map(\.keys) == ["( ) *", "?"] && lines.suffix(2).first?.what == "sound down / up, off / on", "\(destination)")
            #expect(lines.filter { $0.keys.contains("(") || $0.keys.contains("*") }.count == 1)
        }
    }
}

@Suite("The list of keys in pages")
struct HelpPagesTests {
    private func drawn(_ state: ShellState, rows: Int) -> String {
        ShellView.render(state, theme: .dark, width: 60, height: rows, context: ViewContext(picture: .terminal)).text()
    }

    @Test("longer than the screen (a 16:9 TV's 18 rows at 60 columns): DOWN turns to the next page and UP back, each line shown once; DOWN on the last page, or any other key, closes it")
    func pages() {
        var state = ShellState(items: [film, channel])
        state.display = DisplaySize(columns: 60, rows: 18)
        let lines = HelpView.entries(state, ascii: false)
        #expect(HelpView.linesPerPage(rows: 18) == 12 && lines.count > 12 && HelpView.pages(state) == 2, "\(lines.count) lines")
        _ = ShellReducer.reduce(&state, .command(.help, at: Instant(seconds: 0)))
        #expect(state.chrome.help && state.chrome.helpPage == 0)
        let first = drawn(state, rows: 18)
        #expect(first.contains("Keys  1 / 2") && first.contains("↓ more · any other key closes this"))
        #expect(first.contains(lines[11].what) && !first.contains(lines[12].what))
        _ = ShellReducer.reduce(&state, .command(.down, at: Instant(seconds: 0)))
        #expect(state.chrome.help && state.chrome.helpPage == 1 && state.screen == .home)
        let second = drawn(state, rows: 18)
        #expect(second.contains("Keys  2 / 2") && second.contains("↑ back · any other key closes this"))
        #expect(second.contains("sound down / up, off / on") && second.contains("this list") && !second.contains(lines[0].what))
        _ = ShellReducer.reduce(&state, .command(.up, at: Instant(seconds: 0)))
        #expect(state.chrome.help && state.chrome.helpPage == 0)
        _ = ShellReducer.reduce(&state, .command(.down, at: Instant(seconds: 0)))
        _ = ShellReducer.reduce(&state, .command(.down, at: Instant(seconds: 0)))
        #expect(!state.chrome.help && state.chrome.helpPage == 0, "DOWN on the last page closes it")
        #expect(state.navigation.homeSelection == 0, "and does nothing else")

        _ = ShellReducer.reduce(&state, .command(.help, at: Instant(seconds: 0)))
        _ = ShellReducer.reduce(&state, .command(.down, at: Instant(seconds: 0)))
        _ = ShellReducer.reduce(&state, .command(.guide, at: Instant(seconds: 0)))
        #expect(!state.chrome.help && state.chrome.helpPage == 0 && state.screen == .home, "another key closes it, and does nothing else")
    }

    @Test("a list that fits: one page, no page number, and DOWN closes it as any key")
    func onePage() {
        var state = ShellState(items: [film, channel])
        state.display = DisplaySize(columns: 120, rows: 40)
        _ = ShellReducer.reduce(&state, .command(.help, at: Instant(seconds: 0)))
        let text = drawn(state, rows: 40)
        #expect(HelpView.pages(state) == 1 && text.contains("any key closes this") && !text.contains("1 / "))
        _ = ShellReducer.reduce(&state, .command(.down, at: Instant(seconds: 0)))
        #expect(!state.chrome.help)
    }
}
