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
