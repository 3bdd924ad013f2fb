import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("Transport and playback lifecycle")
struct TransportTests {
    @Test("the transport bar hides itself after 5 s of playing, not while paused")
    func transportAutoHide() {
        let h = playingFilm()
        #expect(h.advance(by: 5) == [.hintHide, .transportHide])
        h.send(.timerFired(.hintHide, at: h.clock.now)) { $0.chrome.hintVisible = false }
        h.send(.timerFired(.transportHide, at: h.clock.now)) { $0.chrome.transportVisible = false }
        h.press(.select, effects: [.startTimer(.transportHide, after: 5)]) { $0.chrome.transportVisible = true }
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide)]) { $0.playback.paused = true }
        #expect(h.advance(by: 10) == [.stall])
        h.send(.timerFired(.stall, at: h.clock.now))
        #expect(h.state.chrome.transportVisible)
    }

    @Test("ENTER while playing toggles the transport bar")
    func selectToggles() {
        let h = playingFilm()
        h.press(.select, effects: [.cancelTimer(.transportHide)]) { $0.chrome.transportVisible = false }
        h.press(.select, effects: [.startTimer(.transportHide, after: 5)]) { $0.chrome.transportVisible = true }
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("LEFT / RIGHT while playing VOD skip 10 s, show the bar and say so")
    func skip() {
        let h = playingFilm()
        h.press(.right, effects: [.seekBy(10), .startTimer(.transportHide, after: 5), .startTimer(.badgeHide, after: 1.5)]) { $0.chrome.badge = "+10 s" }
        h.press(.left, effects: [.seekBy(-10), .startTimer(.transportHide, after: 5), .startTimer(.badgeHide, after: 1.5)]) { $0.chrome.badge = "−10 s" }
        h.send(.timerFired(.badgeHide, at: h.clock.now)) { $0.chrome.badge = nil }
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("frame steps only while paused")
    func frameSteps() {
        let h = playingFilm()
        h.press(.frameForward)
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide)]) { $0.playback.paused = true }
        h.press(.frameForward, effects: [.frameStep(forward: true), .cancelTimer(.transportHide), .startTimer(.badgeHide, after: 1.5)]) {
            $0.chrome.badge = "+1 frame"
        }
        h.press(.frameBack, effects: [.frameStep(forward: false), .cancelTimer(.transportHide), .startTimer(.badgeHide, after: 1.5)]) {
            $0.chrome.badge = "−1 frame"
        }
        h.expectArmed([.hintHide, .badgeHide, .stall])
    }

    @Test("reports for a superseded load are ignored")
    func staleTokenIgnored() {
        let h = playingFilm()
        h.press(.channelUp, effects: [.cancelTimer(.errorAdvance), .load(second, token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.homeSelection = 1
            $0.playback = PlaybackState()
            $0.chrome.hintVisible = false
            $0.playback.token = 2
            $0.playback.phase = .loading
        }
        h.send(.player(.failed(reason: "late"), token: 1, at: h.clock.now))
        h.send(.player(.position(5), token: 1, at: h.clock.now))
        #expect(h.state.screen == .player)
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("a failure shows the error screen with the player's reason, then the next item plays")
    func failureThenNext() {
        let items = [MediaItem(title: "Broken", url: "/nope.mkv"), film]
        let h = ReducerHarness(ShellState(items: items))
        h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(items[0], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        let title = "Could not play “Broken”"
        h.send(.player(.failed(reason: "loading failed: No such file"), token: 1, at: h.clock.now), effects: [
            .cancelTimer(.transportHide),
            .emit(.error(title: title, reason: "loading failed: No such file", url: "/nope.mkv")),
            .startTimer(.errorAdvance, after: 4),
        ]) {
            $0.playback.phase = .failed
            $0.chrome.transportVisible = false
            $0.playback.failure = ShellError(title: title, reason: "loading failed: No such file", location: "/nope.mkv")
            $0.navigation.destination = .error($0.playback.failure!)
        }
        #expect(h.advance(by: 3.9) == [])
        #expect(h.advance(by: 0.2) == [.errorAdvance])
        h.send(.timerFired(.errorAdvance, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(film, token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.homeSelection = 1
            $0.navigation.destination = .player
            $0.playback = PlaybackState()
            $0.playback.token = 2
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.transportHide, .stall])
    }

    @Test("the last item failing stays on the error screen; ESC goes home")
    func lastFailureStays() {
        let items = [MediaItem(title: "Broken", url: "/nope.mkv")]
        let h = ReducerHarness(ShellState(items: items))
        _ = h.apply(.playIndex(0, at: h.clock.now))
        let effects = h.apply(.player(.failed(reason: "x"), token: 1, at: h.clock.now))
        #expect(!effects.contains(.startTimer(.errorAdvance, after: 4)))
        h.press(.menu, effects: [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop]) {
            $0.navigation.destination = .home
            $0.playback.phase = .idle
            $0.playback.token = 2
        }
        h.expectArmed([.stall])
    }

    @Test("with Up Next off, an item that ends moves on to the next; the last one stays paused at its end")
    func endAdvances() {
        var settings = ShellSettings()
        settings.upNextEnabled = false
        let h = playingFilm(settings: settings)
        h.send(.player(.ended, token: 1, at: h.clock.now), effects: [
            .emit(.endFile(url: film.url)), .cancelTimer(.errorAdvance), .load(second, token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15),
        ]) {
            $0.current = 1
            $0.navigation.homeSelection = 1
            $0.playback = PlaybackState()
            $0.chrome.hintVisible = false
            $0.playback.token = 2
            $0.playback.phase = .loading
        }
        h.send(.player(.playing, token: 2, at: h.clock.now), effects: [
            .emit(.playbackStarted(title: "Second", url: second.url)), .startTimer(.hintHide, after: 4),
        ]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        h.send(.player(.ended, token: 2, at: h.clock.now), effects: [.emit(.endFile(url: second.url)), .cancelTimer(.transportHide)]) {
            $0.playback.phase = .ended
            $0.playback.paused = true
        }
        h.expectArmed([.hintHide, .stall])
    }

    @Test("live: LEFT / RIGHT flip channels (no scrubbing, no skipping)")
    func liveFlips() {
        let other = MediaItem(id: "ch2", title: "Sport", url: "av://lavfi:mandelbrot", isLive: true, number: 2)
        let h = ReducerHarness(ShellState(items: [channel, other]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.state.isLive)
        let effects = h.apply(.command(.right, at: h.clock.now))
        #expect(effects.contains(.emit(.flipStarted(target: ChannelRef(other)))))
        #expect(h.state.screen == .interstitial && h.state.live.flip?.target == 1)
        #expect(!effects.contains { if case .seekBy = $0 { true } else { false } })
        h.expectArmed([.flipTimeout, .hintHide, .spinner])
    }

    @Test("live and paused without a buffer: LEFT / RIGHT say there is no rewind (nor fast-forward) and never flip")
    func pausedLiveStays() {
        let other = MediaItem(id: "ch2", title: "Sport", url: "av://lavfi:mandelbrot", isLive: true, number: 2)
        let h = ReducerHarness(ShellState(items: [channel, other]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.playPause, at: h.clock.now))
        #expect(h.state.playback.paused && h.state.playback.liveBuffer == nil)
        h.press(.left, effects: [.cancelTimer(.transportHide), .startTimer(.badgeHide, after: 1.5)]) {
            $0.chrome.badge = "No rewind on this channel"
        }
        h.press(.right, effects: [.cancelTimer(.transportHide), .startTimer(.badgeHide, after: 1.5)]) {
            $0.chrome.badge = "No fast-forward on this channel: it is live"
        }
        #expect(h.state.live.flip == nil && h.state.current == 0 && h.state.screen == .player)
        h.expectArmed([.badgeHide, .hintHide])
    }

    @Test("a live source with no lineup numbers: LEFT / RIGHT move to the next item")
    func liveWithoutLineup() {
        let a = MediaItem.fromLocation("av://lavfi:testsrc2")
        let b = MediaItem.fromLocation("av://lavfi:mandelbrot")
        let h = ReducerHarness(ShellState(items: [a, b]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.apply(.command(.right, at: h.clock.now)).contains(.load(b, token: 2)))
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("ESC from the player goes home and stops playback when picture in picture is not automatic")
    func menuGoesHome() {
        var settings = ShellSettings()
        settings.pictureAutomatic = false
        let h = playingFilm(settings: settings)
        h.press(.menu, effects: [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop]) {
            $0.navigation.destination = .home
            $0.chrome.transportVisible = false
            $0.chrome.hintVisible = false
            $0.playback.phase = .idle
            $0.playback.token = 2
        }
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.select, effects: [.cancelTimer(.errorAdvance), .load(second, token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback = PlaybackState()
            $0.chrome.hintVisible = false
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("q quits; in kiosk mode keys, IPC and SIGINT are refused but SIGTERM and a hangup quit")
    func quitPolicy() {
        let h = playingFilm()
        h.press(.quit, effects: [.quit]) { $0.quitting = true }

        let k = ReducerHarness(ShellState(items: [film], kiosk: true))
        k.press(.quit, effects: [.startTimer(.noticeHide, after: 5)]) {
            $0.chrome.notice = "Kiosk mode: quitting needs the admin passcode (set one with tvshell restrictions set-passcode)"
        }
        k.send(.quitRequested(.ipc))
        k.send(.quitRequested(.interrupt))
        k.send(.quitRequested(.terminate), effects: [.quit]) { $0.quitting = true }
        let hup = ReducerHarness(ShellState(items: [film], kiosk: true))
        hup.send(.quitRequested(.hangup), effects: [.quit]) { $0.quitting = true }
        h.expectArmed([.hintHide, .transportHide, .stall])
        k.expectArmed([.noticeHide])
    }

    @Test("the first frame is recorded for the current load only")
    func firstFrame() {
        let h = playingFilm()
        h.send(.player(.firstFrame, token: 7, at: h.clock.now))
        h.send(.player(.firstFrame, token: 1, at: h.clock.now), effects: [.cancelTimer(.posterDelay)]) { $0.playback.firstFramePresented = true }
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("the previous picture is held for a moment while the next item loads, then the title card shows")
    func posterGrace() {
        let h = playingFilm()
        h.send(.player(.firstFrame, token: 1, at: h.clock.now), effects: [.cancelTimer(.posterDelay)]) { $0.playback.firstFramePresented = true }
        h.press(.channelUp, effects: [
            .cancelTimer(.errorAdvance), .load(second, token: 2), .startTimer(.transportHide, after: 5), .startTimer(.posterDelay, after: 0.25), .startTimer(.stall, after: 15),
        ]) {
            $0.current = 1
            $0.navigation.homeSelection = 1
            $0.playback = PlaybackState()
            $0.chrome.hintVisible = false
            $0.playback.token = 2
            $0.playback.phase = .loading
            $0.playback.holdsPreviousPicture = true
        }
        #expect(h.advance(by: 0.25) == [.posterDelay])
        h.send(.timerFired(.posterDelay, at: h.clock.now)) { $0.playback.holdsPreviousPicture = false }
        h.send(.player(.firstFrame, token: 2, at: h.clock.now), effects: [.cancelTimer(.posterDelay)]) { $0.playback.firstFramePresented = true }
        h.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("the key map follows PRODUCT.md")
    func keyMap() {
        let map = KeyMap.standard
        #expect(map.command(for: "SPACE") == .playPause)
        #expect(map.command(for: "enter") == .select)
        #expect(map.command(for: "ESC") == .menu)
        #expect(map.command(for: "BS") == .menu)
        #expect(map.command(for: ",") == .frameBack)
        #expect(map.command(for: "q") == .quit)
        #expect(map.command(for: "7") == .digit(7))
        #expect(map.command(for: "PGDWN") == .channelDown)
        #expect(map.command(for: "p") == .pictureInPicture)
        #expect(map.command(for: "P") == .closePicture)
        #expect(map.command(for: "m") == .movePicture)
        #expect(map.command(for: "x") == .swapPicture)
        #expect(map.command(for: "[") == .pictureBack)
        #expect(map.command(for: "]") == .pictureForward)
        #expect(map.command(for: "z") == nil)
    }
}

@Suite("Failure details")
struct FailureDetailTests {
    @Test("a reason logged after the failure is added to the error screen once")
    func lateDetail() {
        let items = [MediaItem(title: "Broken", url: "/nope.mkv")]
        let h = ReducerHarness(ShellState(items: items))
        _ = h.apply(.playIndex(0, at: h.clock.now))
        _ = h.apply(.player(.failed(reason: "loading failed"), token: 1, at: h.clock.now))
        h.send(.player(.failureDetail("No such file or directory"), token: 1, at: h.clock.now)) {
            $0.playback.failure?.reason = "loading failed: No such file or directory"
            $0.navigation.destination = .error($0.playback.failure!)
        }
        #expect(h.state.error?.reason == "loading failed: No such file or directory", "the error screen shows it")
        h.send(.player(.failureDetail("No such file or directory"), token: 1, at: h.clock.now))
        h.send(.player(.failureDetail("other"), token: 0, at: h.clock.now))
        h.expectArmed([.stall])
    }
}

@Suite("Error screen keys")
struct ErrorScreenKeyTests {
    @Test("channel up / down on the error screen move on from the failed item, wrapping around")
    func channelKeys() {
        let items = [film, MediaItem(title: "Broken", url: "/nope.mkv"), second]
        let h = ReducerHarness(ShellState(items: items))
        _ = h.apply(.playIndex(1, at: h.clock.now))
        _ = h.apply(.player(.failed(reason: "x"), token: 1, at: h.clock.now))
        #expect(h.state.screen == .error)
        let up = h.apply(.command(.channelUp, at: h.clock.now))
        #expect(up.contains(.load(second, token: 2)))
        _ = h.apply(.player(.failed(reason: "x"), token: 2, at: h.clock.now))
        let wrap = h.apply(.command(.channelUp, at: h.clock.now))
        #expect(wrap.contains(.load(film, token: 3)))
        _ = h.apply(.player(.failed(reason: "x"), token: 3, at: h.clock.now))
        let down = h.apply(.command(.channelDown, at: h.clock.now))
        #expect(down.contains(.load(second, token: 4)))
        h.expectArmed([.transportHide, .stall])
    }
}

extension ErrorScreenKeyTests {
    @Test("a live channel that fails stays on its error screen: nothing moves on by itself; ENTER tries the channel again, RIGHT the next")
    func liveStays() {
        let dead = MediaItem(id: "dead", title: "Off Air", url: "http://127.0.0.1:9/off.m3u8", isLive: true, number: 2)
        let items = [channel, dead, MediaItem(id: "ch3", title: "Sport", url: "av://lavfi:testsrc", isLive: true, number: 3)]
        let h = ReducerHarness(ShellState(items: items))
        _ = h.apply(.playIndex(1, at: h.clock.now))
        let title = "Could not play “Off Air”"
        let error = ShellError(title: title, reason: "loading failed", location: dead.url)
        h.send(.player(.failed(reason: "loading failed"), token: 1, at: h.clock.now), effects: [
            .cancelTimer(.transportHide), .emit(.error(title: title, reason: "loading failed", url: dead.url)),
        ]) {
            $0.playback.phase = .failed
            $0.playback.failure = error
            $0.navigation.destination = .error(error)
            $0.chrome.transportVisible = false
            $0.live.streamHealth[1, default: StreamHealth()].lastFailure = "loading failed"
            $0.live.streamHealth[1]?.lastFailedStream = 0
        }
        #expect(h.advance(by: 60) == [.stall], "no timer moves on: the stall watch of the load that failed is all")
        h.send(.timerFired(.stall, at: h.clock.now))
        h.press(.select, effects: [.cancelTimer(.errorAdvance), .load(dead, token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.navigation.destination = .player
            $0.playback.phase = .loading
            $0.playback.failure = nil
            $0.playback.token = 2
            $0.chrome.transportVisible = true
        }
        _ = h.apply(.player(.failed(reason: "loading failed"), token: 2, at: h.clock.now))
        #expect(h.state.screen == .error)
        #expect(h.apply(.command(.right, at: h.clock.now)).contains(where: { if case .requestFlip = $0 { true } else { false } }))
        h.expectArmed([.flipTimeout, .spinner, .stall])
    }
}

@Suite("Home and guide keys")
struct HomeGuideKeyTests {
    @Test("g opens the guide from home and from the player (with [pip] automatic = false, what played stops); ESC goes from the guide back home")
    func guideKey() {
        var state = ShellState(items: [film, second])
        state.settings.pictureAutomatic = false
        let h = ReducerHarness(state)
        h.press(.guide) { $0.navigation.destination = .guide }
        h.press(.menu) { $0.navigation.destination = .home }
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.guide, at: h.clock.now))
        #expect(h.state.screen == .guide && h.state.playback.phase == .idle)
        h.expectArmed([.hintHide, .stall])
    }
}
