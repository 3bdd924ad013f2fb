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
        h.expectArmed([.transportHide, .hintHide])
    }

    @Test("over the passcode prompt too")
    func overPrompt() {
        var state = ShellState(items: [film])
        state.navigation.destination = .passcode(PasscodePrompt(purpose: .quitKiosk(returnTo: .home), item: film, ratings: []))
        state.chrome.message = "The kiosk closes at 20:00"
        let text = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("The kiosk closes at 20:00"))
    }
}
