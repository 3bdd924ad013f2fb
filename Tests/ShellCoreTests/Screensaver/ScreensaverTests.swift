import MediaModel
import ShellCore
import ShellTesting
import Testing

/// Settings with the screen saver after ten minutes, no scrub thumbnails.
private let tenMinutes: ShellSettings = {
    var settings = ShellSettings()
    settings.scrubThumbnails = false
    settings.screensaverDelay = 600
    return settings
}()

private let arm = Effect.startTimer(.screensaver, after: 600)

/// The home screen of three channels, the screen saver's wait started.
private func onHome() -> ReducerHarness {
    let items = (1...3).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "av://lavfi:c\(n)", isLive: true, number: n) }
    let h = ReducerHarness(ShellState(items: items, settings: tenMinutes))
    h.press(.down, effects: [arm]) { $0.navigation.homeSelection = 1 }
    return h
}

@Suite("The screen saver over a still screen")
struct ScreensaverTests {
    @Test("every key waits again; ten minutes on the home screen with no key cover it; the next key takes it down and does nothing else")
    func home() {
        let h = onHome()
        #expect(h.advance(by: 599).isEmpty)
        h.press(.up, effects: [arm]) { $0.navigation.homeSelection = 0 }
        #expect(h.advance(by: 600) == [.screensaver])
        h.send(.timerFired(.screensaver, at: h.clock.now)) { $0.screensaver.showing = true }
        #expect(KeyOverlay.of(h.state) == .screensaver)
        h.press(.down, effects: [arm]) { $0.screensaver.showing = false }
        #expect(h.state.navigation.homeSelection == 0, "the key only woke the screen")
        h.press(.down, effects: [arm]) { $0.navigation.homeSelection = 1 }
        h.expectArmed([.screensaver])
    }

    @Test("the wait starts when the shell first has a screen: started on its home screen and never touched, it is covered too; a resize does not start it again")
    func fromTheStart() {
        let items = (1...2).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "av://lavfi:c\(n)", isLive: true, number: n) }
        let h = ReducerHarness(ShellState(items: items, settings: tenMinutes))
        h.send(.display(DisplaySize(columns: 80, rows: 24)), effects: [arm]) { $0.display = DisplaySize(columns: 80, rows: 24) }
        _ = h.advance(by: 300)
        h.send(.display(DisplaySize(columns: 100, rows: 30))) { $0.display = DisplaySize(columns: 100, rows: 30) }
        #expect(h.advance(by: 300) == [.screensaver])
        h.send(.timerFired(.screensaver, at: h.clock.now)) { $0.screensaver.showing = true }
    }

    @Test("a film playing is watched: the wait starts again; paused, it is covered; playback is left paused under it; a key shows the bar again")
    func playingThenPaused() {
        let h = playingFilm(settings: tenMinutes)
        #expect(h.advance(by: 5) == [.hintHide, .transportHide])
        h.send(.timerFired(.hintHide, at: h.clock.now)) { $0.chrome.hintVisible = false }
        h.send(.timerFired(.transportHide, at: h.clock.now)) { $0.chrome.transportVisible = false }
        h.press(.volumeDown, effects: [.setVolume(0.95), .keepSound(volume: 0.95, muted: false), .startTimer(.volumeBadgeHide, after: 1.5), arm]) {
            $0.settings.volume = 0.95
            $0.chrome.volumeBadge = "Volume 95 %"
        }
        #expect(h.advance(by: 1.5) == [.volumeBadgeHide])
        h.send(.timerFired(.volumeBadgeHide, at: h.clock.now)) { $0.chrome.volumeBadge = nil }
        #expect(h.advance(by: 598.5) == [.stall, .screensaver])
        h.send(.timerFired(.screensaver, at: h.clock.now), effects: [arm])
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide), arm]) {
            $0.playback.paused = true
            $0.chrome.transportVisible = true
        }
        #expect(h.advance(by: 600).contains(.screensaver))
        h.send(.timerFired(.screensaver, at: h.clock.now)) { $0.screensaver.showing = true }
        h.press(.playPause, effects: [arm]) { $0.screensaver.showing = false }
        #expect(h.state.playback.paused, "the key that woke it did not play")
        h.expectArmed([.screensaver, .stall])
    }

    @Test("what comes to be seen without a key takes it down: a notice, a channel played over the socket")
    func comesToBeSeen() {
        let h = onHome()
        _ = h.advance(by: 600)
        h.send(.timerFired(.screensaver, at: h.clock.now)) { $0.screensaver.showing = true }
        let effects = h.apply(.showNotice("Recording finished"))
        #expect(!h.state.screensaver.showing && effects.contains(arm))
        h.apply(.timerFired(.noticeHide, at: h.clock.now))
        _ = h.advance(by: 600)
        h.send(.timerFired(.screensaver, at: h.clock.now)) { $0.screensaver.showing = true }
        let played = h.apply(.playIndex(2, at: h.clock.now))
        #expect(!h.state.screensaver.showing && played.contains(arm) && h.state.screen == .player)
        h.expectArmed(h.armedTimers)
    }

    @Test("never over the sleep timer's dark screen, a flip's card, a reminder, a message, Up Next, or a picture in picture playing (paused, it may); nothing armed without the setting")
    func notWhere() {
        var state = ShellState(items: [MediaItem(title: "A", url: "/a")], settings: tenMinutes)
        #expect(ScreensaverReducerProbe.allowed(state))
        state.sleep.asleep = true
        #expect(!ScreensaverReducerProbe.allowed(state))
        state.sleep.asleep = false
        state.navigation.destination = .interstitial
        #expect(!ScreensaverReducerProbe.allowed(state))
        state.navigation.destination = .home
        // What asks to be read: a reminder due, a message sent to the box.
        state.guide.remindersDue = [Reminder(channel: "a.tv", start: 1_800_000_000, title: "The Match", channelName: "A")]
        #expect(!ScreensaverReducerProbe.allowed(state))
        state.guide.remindersDue = []
        state.chrome.message = "Checkout is at 11"
        #expect(!ScreensaverReducerProbe.allowed(state))
        state.chrome.message = nil
        // Up Next counting down after a film that ended.
        state.upNext.card = UpNextState(proposal: ContentProposal(title: "Next", item: MediaItem(title: "B", url: "/b"), automaticAcceptanceInterval: 10))
        #expect(!ScreensaverReducerProbe.allowed(state))
        state.upNext.card = nil
        // The picture in picture over the home screen: playing, it is watched; paused, it is still.
        state.navigation.destination = .home
        var playback = PlaybackState()
        playback.phase = .playing
        state.picture.pip = PictureInPicture(index: 0, playback: playback, corner: .bottomRight)
        #expect(!ScreensaverReducerProbe.allowed(state))
        state.picture.pip?.playback.paused = true
        #expect(ScreensaverReducerProbe.allowed(state))
        let off = ReducerHarness(ShellState(items: [MediaItem(title: "A", url: "/a"), MediaItem(title: "B", url: "/b")]))
        off.press(.down) { $0.navigation.homeSelection = 1 }
        off.expectArmed([])
    }
}

@Suite("Sleep after a still screen is left alone ([sleep] idle)")
struct IdleSleepTests {
    /// The screen saver after ten minutes, the idle sleep after an hour.
    private static let settings: ShellSettings = {
        var settings = tenMinutes
        settings.idleSleepDelay = 3600
        return settings
    }()

    @Test("an hour with no key on a paused film: the shell sleeps as at the sleep timer's end (playback stopped, the TV to standby, the screen dark); a key wakes it on the home screen")
    func pausedFilmSleeps() {
        let h = playingFilm(settings: Self.settings)
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide), arm, .startTimer(.idleSleep, after: 3600)]) {
            $0.playback.paused = true
            $0.chrome.transportVisible = true
        }
        #expect(h.advance(by: 600).contains(.screensaver))
        h.send(.timerFired(.screensaver, at: h.clock.now)) { $0.screensaver.showing = true }
        #expect(h.advance(by: 3000) == [.idleSleep])
        let effects = h.apply(.timerFired(.idleSleep, at: h.clock.now))
        #expect(effects.contains(.stop) && effects.contains(.televisionStandby), "\(effects)")
        #expect(h.state.sleep.asleep && !h.state.screensaver.showing && h.state.screen == .home && h.state.playback.phase == .idle)
        #expect(KeyOverlay.of(h.state) == .sleep)
        h.apply(.command(.down, at: h.clock.now))
        #expect(!h.state.sleep.asleep && h.state.screen == .home)
        h.expectArmed(h.armedTimers)
    }

    @Test("a film playing is watched: the hour starts again, nothing stops")
    func playingIsWatched() {
        let h = playingFilm(settings: Self.settings)
        let keyed = h.apply(.command(.volumeDown, at: h.clock.now))
        #expect(keyed.contains(.startTimer(.idleSleep, after: 3600)) && keyed.contains(arm))
        #expect(h.advance(by: 3600).contains(.idleSleep))
        let effects = h.apply(.timerFired(.idleSleep, at: h.clock.now))
        #expect(effects == [.startTimer(.idleSleep, after: 3600)] && !h.state.sleep.asleep && h.state.playback.phase == .playing)
        h.expectArmed(h.armedTimers)
    }
}

/// Whether the screen saver may come up in `state`: its timer fired on a
/// copy, through the reducer.
private enum ScreensaverReducerProbe {
    static func allowed(_ state: ShellState) -> Bool {
        var copy = state
        _ = ShellReducer.reduce(&copy, .timerFired(.screensaver, at: Instant(seconds: 0)))
        return copy.screensaver.showing
    }
}
