import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("The transport bar's menu row")
struct TransportMenuTests {
    @Test("UP from the bar while paused: Subtitles, Audio, Speed; ENTER opens one at its current choice, DOWN and ENTER choose")
    func speed() {
        let h = pausedFilm()
        h.press(.up, effects: [.cancelTimer(.hintHide), .cancelTimer(.transportHide)]) {
            $0.chrome.overlay = .menus
            $0.chrome.transportMenu = TransportMenuState()
            $0.chrome.hintVisible = false
        }
        #expect(TransportMenuReducer.menus(h.state).map(\.title) == ["Subtitles", "Audio", "Speed"])
        h.press(.right) { $0.chrome.transportMenu?.focus = 1 }
        h.press(.right) { $0.chrome.transportMenu?.focus = 2 }
        h.press(.right)
        h.press(.select) {
            $0.chrome.transportMenu?.open = 2
            $0.chrome.transportMenu?.choice = 2
        }
        h.press(.down) { $0.chrome.transportMenu?.choice = 3 }
        h.press(.select, effects: [.setSpeed(1.25), .startTimer(.badgeHide, after: 1.5), .cancelTimer(.transportHide)]) {
            $0.playback.speed = 1.25
            $0.chrome.overlay = .none
            $0.chrome.transportMenu = nil
            $0.chrome.badge = "Speed 1.25×"
        }
        h.expectArmed([.badgeHide, .stall])
    }

    @Test("ESC closes the open menu, then the row; the program's menus follow the built-in ones and report their choice")
    func custom() {
        let h = pausedFilm()
        h.send(.transportMenus([
            TransportMenu(title: "Quality", id: "quality", choices: [
                OverlayItem(title: "Auto", isCurrent: true, activation: .custom("auto")), OverlayItem(title: "Low", activation: .custom("low")),
            ]),
            TransportMenu(title: "Report a problem", id: "report"),
        ])) {
            $0.chrome.customMenus = [
                TransportMenu(title: "Quality", id: "quality", choices: [
                    OverlayItem(title: "Auto", isCurrent: true, activation: .custom("auto")), OverlayItem(title: "Low", activation: .custom("low")),
                ]),
                TransportMenu(title: "Report a problem", id: "report"),
            ]
        }
        h.apply(.command(.up, at: h.clock.now))
        for _ in 0..<3 { h.apply(.command(.right, at: h.clock.now)) }
        h.press(.select) {
            $0.chrome.transportMenu?.open = 3
            $0.chrome.transportMenu?.choice = 0
        }
        h.press(.menu) { $0.chrome.transportMenu?.open = nil }
        h.press(.select) { $0.chrome.transportMenu?.open = 3 }
        h.press(.down) { $0.chrome.transportMenu?.choice = 1 }
        h.press(.select, effects: [.menuActivated(menu: "quality", choice: "low"), .cancelTimer(.transportHide)]) {
            $0.chrome.overlay = .none
            $0.chrome.transportMenu = nil
        }
        h.apply(.command(.up, at: h.clock.now))
        for _ in 0..<4 { h.apply(.command(.right, at: h.clock.now)) }
        h.press(.select, effects: [.menuActivated(menu: "report", choice: nil), .cancelTimer(.transportHide)]) {
            $0.chrome.overlay = .none
            $0.chrome.transportMenu = nil
        }
        h.apply(.command(.up, at: h.clock.now))
        h.press(.menu, effects: [.cancelTimer(.transportHide)]) {
            $0.chrome.overlay = .none
            $0.chrome.transportMenu = nil
        }
        h.expectArmed([.stall])
    }
}
