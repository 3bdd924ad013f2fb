import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("A message sent to the box")
struct MessageBannerTests {
    @Test("shown for its seconds, replaced by the next, taken down by null; across the top of the player and the passcode prompt")
    func banner() {
        let h = playingFilm()
        h.send(.showMessage("Breakfast is served until 10:00", seconds: 60), effects: [.startTimer(.messageHide, after: 60)]) {
            $0.chrome.message = "Breakfast is served until 10:00"
        }
        h.send(.showMessage("Fire drill at 11:00", seconds: 30), effects: [.startTimer(.messageHide, after: 30)]) {
            $0.chrome.message = "Fire drill at 11:00"
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[1].contains("Fire drill at 11:00"), "\(screen)")
        #expect(h.advance(by: 30).last == .messageHide)
        h.send(.timerFired(.messageHide, at: h.clock.now)) { $0.chrome.message = nil }
        h.send(.showMessage("Closing soon", seconds: 10), effects: [.startTimer(.messageHide, after: 10)]) { $0.chrome.message = "Closing soon" }
        h.send(.showMessage(nil, seconds: 0), effects: [.cancelTimer(.messageHide)]) { $0.chrome.message = nil }
        h.expectArmed([.transportHide, .hintHide, .stall])
    }

    @Test("over the passcode prompt too")
    func overPrompt() {
        var state = ShellState(items: [film])
        state.navigation.destination = .passcode(PasscodePrompt(purpose: .quitKiosk(returnTo: .home), item: film, ratings: []))
        state.chrome.message = "The kiosk closes at 20:00"
        let text = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("The kiosk closes at 20:00"))
    }

    @Test("the longest message the socket takes (500 characters) is shown whole on the TV's 60 × 18 grid and on an 80 × 24 terminal")
    func longestShownWhole() {
        let words = (0..<125).map { "w\($0 / 100)\($0 / 10 % 10)\($0 % 10)" }
        let message = String(words.joined(separator: " ").prefix(500))
        #expect(message.count == 500)
        var state = ShellState(items: [film])
        state.chrome.message = message
        for (width, height) in [(60, 18), (80, 24)] {
            let text = ShellView.render(state, theme: .dark, width: width, height: height, context: ViewContext(picture: .terminal)).text()
            let shown = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            #expect(!text.split(separator: "\n").contains { $0.contains("w0") && $0.contains("…") }, "\(width)×\(height):\n\(text)")
            #expect(shown.contains(message.split(separator: " ").last!), "\(width)×\(height):\n\(text)")
        }
    }

    @Test("a message too long for the screen leaves the bottom rows to the screen under it and ends in an ellipsis")
    func tooLongLeavesRows() {
        var state = ShellState(items: [film])
        state.chrome.message = String(repeating: "word ", count: 100)
        let rows = ShellView.render(state, theme: .dark, width: 40, height: 12, context: ViewContext(picture: .terminal)).text()
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[6].hasSuffix("…") || rows[6].contains("…"), "\(rows)")
        #expect(!rows[8].contains("word"), "\(rows)")
    }
}
