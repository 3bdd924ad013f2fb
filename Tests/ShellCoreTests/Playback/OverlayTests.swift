import MediaModel
import ShellCore
import ShellTesting
import Testing

private let tracks = [
    Track(id: 1, kind: .video, selected: true),
    Track(id: 1, kind: .audio, title: "Main", language: "eng", selected: true),
    Track(id: 2, kind: .audio, title: "Commentary", language: "eng"),
    Track(id: 1, kind: .subtitle, language: "eng"),
]
private let chapters = [Chapter(title: "Opening", start: 0), Chapter(title: "Middle", start: 3600), Chapter(title: "End", start: 7000)]

/// A film playing with tracks and chapters.
private func filmWithTracks() -> ReducerHarness {
    let h = playingFilm()
    h.send(.player(.tracks(tracks), token: 1, at: h.clock.now)) { $0.playback.tracks = tracks }
    h.send(.player(.chapters(chapters), token: 1, at: h.clock.now)) { $0.playback.chapters = chapters }
    return h
}

@Suite("Overlays and the hint")
struct OverlayTests {
    @Test("the hint shows at the start of playback for 4 s, and goes when the overlay comes")
    func hint() {
        let h = playingFilm()
        #expect(h.state.chrome.hintVisible)
        #expect(h.runningTimers[.hintHide] != nil)
        h.press(.up, effects: [.cancelTimer(.hintHide), .cancelTimer(.transportHide)]) {
            $0.chrome.overlay = .custom
            $0.chrome.hintVisible = false
            $0.chrome.transportVisible = false
        }
        h.expectArmed([.stall])
    }

    @Test("no hint when something covers the picture (a flip's interstitial, the error screen)")
    func hintSuppressed() {
        let channels = (1...2).map { (n: Int) in MediaItem(id: "c\(n)", title: "C\(n)", url: "av://lavfi:c\(n)", isLive: true, number: n) }
        let h = ReducerHarness(ShellState(items: channels))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.timerFired(.hintHide, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.replaceContent(channels[1], request: nil, at: h.clock.now))
        let effects = h.apply(.player(.playing, token: 2, at: h.clock.now))
        #expect(!h.state.chrome.hintVisible && !effects.contains(.startTimer(.hintHide, after: 4)))
        h.expectArmed([.flipTimeout, .spinner, .transportHide])
    }

    @Test("UP presents the VOD overlay: play from beginning, chapters, speed; focus moves; ENTER activates; DOWN dismisses")
    func customOverlayVOD() {
        let h = filmWithTracks()
        h.apply(.command(.up, at: h.clock.now))
        let items = OverlayModel.customItems(h.state)
        #expect(items.map(\.title) == ["Play From Beginning", "Opening", "Middle", "End", "Speed 1×", "Sleep: Off"])
        h.press(.left)
        h.press(.right) { $0.chrome.overlayFocus = 1 }
        h.press(.right) { $0.chrome.overlayFocus = 2 }
        h.press(.select, effects: [.seek(to: 3600, exact: true)]) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
        }
        h.apply(.command(.up, at: h.clock.now))
        for _ in 0..<10 { h.apply(.command(.right, at: h.clock.now)) }
        #expect(h.state.chrome.overlayFocus == 5, "focus stops at the last item")
        h.press(.left) { $0.chrome.overlayFocus = 4 }
        h.press(.select, effects: [.setSpeed(1.25), .startTimer(.badgeHide, after: 1.5)]) {
            $0.playback.speed = 1.25
            $0.chrome.badge = "Speed 1.25×"
        }
        h.press(.down) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
        }
        h.expectArmed([.badgeHide, .stall])
    }

    @Test("live: the overlay is the channel strip, focused on the playing channel; ENTER tunes")
    func customOverlayLive() {
        let channels = (1...3).map { (n: Int) in MediaItem(id: "c\(n)", title: "C\(n)", url: "av://lavfi:c\(n)", isLive: true, number: n) }
        let h = ReducerHarness(ShellState(items: channels))
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.up, at: h.clock.now))
        #expect(h.state.chrome.overlay == .custom && h.state.chrome.overlayFocus == 1)
        #expect(OverlayModel.customItems(h.state).map(\.title) == ["1 C1", "2 C2", "3 C3", "Sleep: Off"])
        h.apply(.command(.right, at: h.clock.now))
        let effects = h.apply(.command(.select, at: h.clock.now))
        #expect(effects.contains(.load(channels[2], token: 2)))
        #expect(h.state.chrome.overlay == .none && h.state.current == 2)
        h.expectArmed([.transportHide])
    }

    @Test("DOWN presents the info panel; moving to a tab shows it; DOWN goes into its items, UP back to the tabs; subtitles selected through the player; UP dismisses from the tabs, ESC from anywhere")
    func infoPanel() {
        let h = filmWithTracks()
        h.press(.down, effects: [.cancelTimer(.hintHide)]) {
            $0.chrome.overlay = .info
            $0.chrome.hintVisible = false
        }
        h.press(.right) { $0.chrome.overlayFocus = 1; $0.chrome.infoTab = .chapters }
        h.press(.right) { $0.chrome.overlayFocus = 2; $0.chrome.infoTab = .subtitles }
        #expect(OverlayModel.infoItems(h.state).map(\.title) == ["Off", "eng"])
        #expect(OverlayModel.infoItems(h.state)[0].isCurrent)
        h.press(.down) { $0.chrome.overlayFocus = 4 }
        h.press(.right) { $0.chrome.overlayFocus = 5 }
        h.press(.select, effects: [.selectTrack(.subtitle, 1), .keepTrackChoice(TrackChoice(subtitles: .language("eng", forced: false, hearingImpaired: false)))]) {
            $0.playback.tracks[3].selected = true
            $0.trackChoice.subtitles = .language("eng", forced: false, hearingImpaired: false)
        }
        h.press(.right)
        h.press(.down)
        h.press(.left) { $0.chrome.overlayFocus = 4 }
        h.press(.select, effects: [.selectTrack(.subtitle, nil), .keepTrackChoice(TrackChoice(subtitles: .off))]) {
            $0.playback.tracks[3].selected = false
            $0.trackChoice.subtitles = .off
        }
        h.press(.up) { $0.chrome.overlayFocus = 2 }
        h.press(.up) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
        }
        h.press(.info, effects: [.cancelTimer(.hintHide)]) { $0.chrome.overlay = .info; $0.chrome.infoTab = .info }
        h.press(.menu) { $0.chrome.overlay = .none }
        // ESC from the panel's items dismisses it too, not only from its tabs.
        h.press(.down, effects: [.cancelTimer(.hintHide)]) { $0.chrome.overlay = .info }
        h.press(.right) { $0.chrome.overlayFocus = 1; $0.chrome.infoTab = .chapters }
        h.press(.right) { $0.chrome.overlayFocus = 2; $0.chrome.infoTab = .subtitles }
        h.press(.down) { $0.chrome.overlayFocus = 4 }
        h.press(.menu) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
        }
        h.expectArmed([.transportHide, .stall])
    }
}

@Suite("An embedding program's overlay")
struct CustomOverlayProviderTests {
    @Test("its items replace the built-in ones; activating one reports its id and closes the overlay")
    func provider() {
        let h = playingFilm()
        let items = [OverlayItem(title: "Up Next", activation: .custom("next")), OverlayItem(title: "Rate", activation: .custom("rate"))]
        h.send(.customOverlayItems(items)) { $0.chrome.customOverlay = items }
        h.apply(.command(.up, at: h.clock.now))
        #expect(OverlayModel.customItems(h.state) == items)
        h.press(.right) { $0.chrome.overlayFocus = 1 }
        h.press(.select, effects: [.overlayActivated("rate")]) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
        }
        h.send(.customOverlayItems(nil)) { $0.chrome.customOverlay = nil }
        #expect(OverlayModel.customItems(h.state).first?.title == "Play From Beginning")
        h.expectArmed([.stall])
    }
}
