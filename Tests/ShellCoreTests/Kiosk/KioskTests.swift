import MediaModel
import ShellCore
import ShellTesting
import Testing

private let channels = (1...3).map { (n: Int) in MediaItem(id: "ch\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }

/// A kiosk with three retries (1, 2, 4 s) and channel 1 as the fallback.
private func kiosk(retries: Int = 3, fallback: Int? = 0, policy: RestrictionPolicy = RestrictionPolicy()) -> ReducerHarness {
    var settings = ShellSettings()
    settings.retries = retries
    settings.retryBackoff = [1, 2, 4]
    settings.idleReturnDelay = 600
    var state = ShellState(items: channels, kiosk: true, settings: settings, restrictions: RestrictionsState(policy: policy))
    state.live.startIndex = 0
    state.live.fallbackIndex = fallback
    return ReducerHarness(state)
}

/// A one-stream channel's health after a failure for `reason`.
private func failure(_ reason: String) -> StreamHealth {
    var health = StreamHealth()
    health.lastFailure = reason
    health.lastFailedStream = 0
    return health
}

/// Plays the minute-long film at `index` to its end; the end's effects.
@discardableResult
private func playedToItsEnd(_ h: ReducerHarness, index: Int) -> [Effect] {
    h.apply(.playIndex(index, at: h.clock.now))
    h.apply(.player(.duration(60), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.position(59.96), token: 1, at: h.clock.now))
    return h.apply(.player(.ended, token: 1, at: h.clock.now))
}

private func loads(_ effects: [Effect]) -> [Effect] {
    effects.filter { if case .load = $0 { true } else { false } }
}

@Suite("Self-healing playback and the kiosk")
struct KioskTests {
    @Test("a failing stream is retried after 1, 2 and 4 s with “Reconnecting…”, then falls back")
    func retryThenFallback() {
        let h = kiosk()
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        var token = h.state.playback.token
        for (attempt, delay) in [(1, 1.0), (2, 2.0), (3, 4.0)] {
            let failed = h.apply(.player(.failed(reason: "Connection refused"), token: token, at: h.clock.now))
            #expect(failed.contains(.startTimer(.retry, after: delay)))
            #expect(failed.contains(.stop))
            #expect(h.state.screen == .interstitial)
            #expect(h.state.live.recovery == RecoveryState(index: 1, attempt: attempt, reason: "Connection refused", waiting: true))
            #expect(!h.advance(by: delay - 0.01).contains(.retry), "not before the back-off")
            #expect(h.advance(by: 0.01).contains(.retry))
            let retried = h.apply(.timerFired(.retry, at: h.clock.now))
            #expect(loads(retried) == [.load(channels[1], token: token + 1)])
            #expect(h.state.screen == .interstitial, "still “Reconnecting…” while it loads")
            token += 1
        }
        let fellBack = h.send(.player(.failed(reason: "Connection refused"), token: token, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 5), .cancelTimer(.errorAdvance), .load(channels[0], token: 5), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 5
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 0
            $0.chrome.notice = "“Channel 2” is not available: Channel 1 instead"
            $0.live.recovery = nil
        }
        #expect(loads(fellBack) == [.load(channels[0], token: token + 1)])
        #expect(h.state.live.recovery == nil)
        #expect(h.state.chrome.notice == "“Channel 2” is not available: Channel 1 instead")
        h.send(.player(.playing, token: token + 1, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Channel 1", url: "http://tv.example/1.m3u8")), .startTimer(.hintHide, after: 4)]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        #expect(h.state.screen == .player)
        h.expectArmed([.stall, .hintHide, .noticeHide, .spinner, .transportHide])
    }

    @Test("a stream that comes back during the retries plays; the count starts again next time")
    func recovers() {
        let h = kiosk()
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        h.send(.player(.failed(reason: "down"), token: 1, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.stall), .stop, .startTimer(.retry, after: 1), .startTimer(.spinner, after: 0.125)]) {
            $0.navigation.destination = .interstitial
            $0.playback.phase = .failed
            $0.chrome.transportVisible = false
            $0.live.recovery = RecoveryState(index: 1, attempt: 1, reason: "down", waiting: true)
            $0.live.streamHealth[1] = failure("down")
        }
        _ = h.advance(by: 1)
        h.send(.timerFired(.retry, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.playback.token = 2
            $0.playback.phase = .loading
            $0.live.recovery = RecoveryState(index: 1, attempt: 1, reason: "down", waiting: false)
        }
        h.send(.player(.playing, token: 2, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Channel 2", url: "http://tv.example/2.m3u8")), .startTimer(.hintHide, after: 4)]) {
            $0.navigation.destination = .player
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
            $0.live.recovery = nil
        }
        #expect(h.state.screen == .player && h.state.live.recovery == nil)
        let again = h.send(.player(.failed(reason: "down"), token: 2, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.stall), .stop, .startTimer(.retry, after: 1), .startTimer(.spinner, after: 0.125)]) {
            $0.navigation.destination = .interstitial
            $0.playback.phase = .failed
            $0.chrome.hintVisible = false
            $0.live.recovery = RecoveryState(index: 1, attempt: 1, reason: "down", waiting: true)
        }
        #expect(again.contains(.startTimer(.retry, after: 1)), "a fresh failure starts from the first back-off")
        h.expectArmed([.hintHide, .retry, .spinner])
    }

    @Test("the fallback itself failing is retried forever at the longest back-off")
    func fallbackForever() {
        let h = kiosk()
        h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[0], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        var token = 1
        for attempt in 1...6 {
            let failed = h.apply(.player(.failed(reason: "down"), token: token, at: h.clock.now))
            #expect(failed.contains(.startTimer(.retry, after: [1.0, 2, 4][min(attempt - 1, 2)])))
            _ = h.advance(by: 4)
            h.apply(.timerFired(.retry, at: h.clock.now))
            token += 1
        }
        #expect(h.state.live.recovery?.attempt == 6)
        h.expectArmed([.spinner, .transportHide, .stall])
    }

    @Test("a load that has not started within the stall time fails like a dead stream; once playing, that timer is nothing")
    func loadTimesOut() {
        let h = kiosk()
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        #expect(!h.advance(by: 14.99).contains(.stall))
        #expect(h.advance(by: 0.01).contains(.stall))
        h.send(.timerFired(.stall, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.stall), .stop, .startTimer(.retry, after: 1), .startTimer(.spinner, after: 0.125)]) {
            $0.navigation.destination = .interstitial
            $0.playback.phase = .failed
            $0.chrome.transportVisible = false
            $0.live.recovery = RecoveryState(index: 1, attempt: 1, reason: "the stream did not start within 15 s", waiting: true)
            $0.live.streamHealth[1] = failure("the stream did not start within 15 s")
        }
        _ = h.advance(by: 1)
        h.send(.timerFired(.retry, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.playback.token = 2
            $0.playback.phase = .loading
            $0.live.recovery = RecoveryState(index: 1, attempt: 1, reason: "the stream did not start within 15 s", waiting: false)
        }
        h.send(.player(.playing, token: 2, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Channel 2", url: "http://tv.example/2.m3u8")), .startTimer(.hintHide, after: 4)]) {
            $0.navigation.destination = .player
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
            $0.live.recovery = nil
        }
        h.send(.timerFired(.stall, at: h.clock.now), effects: []) { _ in }
        #expect(h.state.screen == .player)
        h.expectArmed([.hintHide, .spinner, .transportHide])
    }

    @Test("a load's stall timer firing while the resume offer waits leaves the offer up; the answer's load has its own")
    func resumeOfferIsNoStall() {
        let film = MediaItem(id: "film", title: "Film", url: "/media/film.mkv")
        var settings = ShellSettings()
        settings.retries = 3
        settings.rememberPositions = true
        // Recovery on outside a kiosk (a kiosk resumes without asking).
        var state = ShellState(items: [channels[0], film], settings: settings)
        state.upNext.resumePoints = [film.url: ResumePoint(position: 600, duration: 7200)]
        let h = ReducerHarness(state)
        h.apply(.playIndex(0, at: h.clock.now))
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance)]) {
            $0.current = 1
            $0.playback.token = 2
            $0.playback.phase = .loading
            $0.chrome.transportVisible = false
            $0.navigation.homeSelection = 1
            $0.upNext.resumeOffer = ResumeOffer(index: 1, position: 600)
        }
        #expect(h.advance(by: 15).contains(.stall))
        h.send(.timerFired(.stall, at: h.clock.now), effects: []) { _ in }
        #expect(h.state.upNext.resumeOffer != nil && h.state.live.recovery == nil, "no “Reconnecting…”: nothing was loading")
        h.press(.select, effects: [.loadFrom(film, token: 2, start: 600), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.upNext.resumeOffer = nil
            $0.chrome.transportVisible = true
            $0.playback.askedStart = 600
        }
        h.expectArmed([.transportHide, .stall])
    }

    @Test("a load held for the passcode and let go after it has its own stall timer: if it never starts, it fails and is retried")
    func heldLoadTimesOut() {
        var policy = RestrictionPolicy(mode: .passcode, hasPasscode: true)
        policy.movies = .allowNone
        let h = kiosk(policy: policy)
        h.apply(.playIndex(2, at: h.clock.now))
        let rated = [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]
        h.apply(.player(.preloaded(ratings: rated), token: 1, at: h.clock.now))
        #expect(h.state.prompt?.purpose == .held(token: 1))
        _ = h.advance(by: 15)
        h.send(.timerFired(.stall, at: h.clock.now), effects: []) { _ in }
        for d in [1, 2, 3, 4] { h.apply(.command(.digit(d), at: h.clock.now)) }
        let granted = h.apply(.passcodeChecked(attempt: h.state.prompt?.checking ?? -1, correct: true, wallClock: 1000, at: h.clock.now))
        #expect(granted.suffix(3) == [.continueLoad(token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)])
        #expect(h.state.screen == .player && h.state.playback.phase == .loading)
        #expect(!h.advance(by: 14.99).contains(.stall))
        #expect(h.advance(by: 0.01).contains(.stall))
        let failed = h.apply(.timerFired(.stall, at: h.clock.now))
        #expect(failed.contains(.startTimer(.retry, after: 1)))
        #expect(h.state.live.recovery == RecoveryState(index: 2, attempt: 1, reason: "the stream did not start within 15 s", waiting: true))
        h.expectArmed([.retry, .spinner, .idleReturn])
    }

    @Test("stalls and live streams that end count as failures; a short cache wait does not")
    func stallsAndEnds() {
        let h = kiosk()
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        h.send(.player(.playing, token: 1, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Channel 2", url: "http://tv.example/2.m3u8")), .startTimer(.hintHide, after: 4)]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        #expect(h.send(.player(.buffering(true), token: 1, at: h.clock.now), effects: [.startTimer(.stall, after: 15)]) {
            $0.playback.buffering = true
        } == [.startTimer(.stall, after: 15)])
        #expect(h.send(.player(.buffering(false), token: 1, at: h.clock.now), effects: [.cancelTimer(.stall)]) {
            $0.playback.buffering = false
        } == [.cancelTimer(.stall)])
        h.send(.player(.buffering(true), token: 1, at: h.clock.now), effects: [.startTimer(.stall, after: 15)]) {
            $0.playback.buffering = true
        }
        #expect(h.advance(by: 15).contains(.stall))
        let stalled = h.send(.timerFired(.stall, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.stall), .stop, .startTimer(.retry, after: 1), .startTimer(.spinner, after: 0.125)]) {
            $0.navigation.destination = .interstitial
            $0.playback.phase = .failed
            $0.chrome.transportVisible = false
            $0.chrome.hintVisible = false
            $0.live.recovery = RecoveryState(index: 1, attempt: 1, reason: "the stream stalled", waiting: true)
            $0.live.streamHealth[1] = failure("the stream stalled")
        }
        #expect(stalled.contains(.startTimer(.retry, after: 1)))
        #expect(h.state.live.recovery?.reason == "the stream stalled")

        let e = kiosk()
        e.send(.playIndex(2, at: e.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[2], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 2
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 2
        }
        e.send(.player(.playing, token: 1, at: e.clock.now), effects: [.emit(.playbackStarted(title: "Channel 3", url: "http://tv.example/3.m3u8")), .startTimer(.hintHide, after: 4)]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        e.send(.player(.ended, token: 1, at: e.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.stall), .stop, .startTimer(.retry, after: 1), .startTimer(.spinner, after: 0.125)]) {
            $0.navigation.destination = .interstitial
            $0.playback.phase = .failed
            $0.chrome.transportVisible = false
            $0.chrome.hintVisible = false
            $0.live.recovery = RecoveryState(index: 2, attempt: 1, reason: "the stream ended", waiting: true)
            $0.live.streamHealth[2] = failure("the stream ended")
        }
        #expect(e.state.live.recovery?.reason == "the stream ended")
        h.expectArmed([.hintHide, .retry, .spinner])
        e.expectArmed([.hintHide, .retry, .spinner])
    }

    @Test("without recovery settings a failure shows the error screen, which stays: a live channel is not left by itself (a stream from a server is watched for stalls)")
    func noRecovery() {
        let h = ReducerHarness(ShellState(items: channels))
        h.send(.playIndex(1, at: h.clock.now), effects: [
            .cancelTimer(.errorAdvance), .load(channels[1], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15),
        ]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        h.send(.player(.failed(reason: "down"), token: 1, at: h.clock.now), effects: [.cancelTimer(.transportHide), .emit(.error(title: "Could not play “Channel 2”", reason: "down", url: "http://tv.example/2.m3u8"))]) {
            $0.navigation.destination = .error(ShellError(title: "Could not play “Channel 2”", reason: "down", location: "http://tv.example/2.m3u8"))
            $0.playback.phase = .failed
            $0.playback.failure = ShellError(title: "Could not play “Channel 2”", reason: "down", location: "http://tv.example/2.m3u8")
            $0.chrome.transportVisible = false
            $0.live.streamHealth[1] = failure("down")
        }
        #expect(h.state.screen == .error && h.state.live.recovery == nil)
        h.expectArmed([.stall])
    }

    @Test("without recovery a stream that does not start within [recovery] stall, or stalls while playing, is stopped and the error screen says why")
    func noRecoveryStall() {
        let h = ReducerHarness(ShellState(items: channels))
        h.apply(.playIndex(1, at: h.clock.now))
        #expect(h.advance(by: 15).contains(.stall))
        let title = "Could not play “Channel 2”", reason = "the stream did not start within 15 s"
        h.send(.timerFired(.stall, at: h.clock.now), effects: [
            .stop, .cancelTimer(.transportHide), .emit(.error(title: title, reason: reason, url: "http://tv.example/2.m3u8")),
        ]) {
            $0.navigation.destination = .error(ShellError(title: title, reason: reason, location: "http://tv.example/2.m3u8"))
            $0.playback.phase = .failed
            $0.playback.failure = ShellError(title: title, reason: reason, location: "http://tv.example/2.m3u8")
            $0.chrome.transportVisible = false
            $0.live.streamHealth[1] = failure(reason)
        }

        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        h.send(.player(.buffering(true), token: h.state.playback.token, at: h.clock.now), effects: [.startTimer(.stall, after: 15)]) {
            $0.playback.buffering = true
        }
        #expect(h.advance(by: 15).contains(.stall))
        h.apply(.timerFired(.stall, at: h.clock.now))
        #expect(h.state.error?.reason == "the stream stalled" && h.state.playback.phase == .failed)

        var local = ShellState(items: [MediaItem(id: "l", title: "L", url: "av://lavfi:testsrc2")])
        local.settings.retries = 0
        let lavfi = ReducerHarness(local)
        #expect(!lavfi.apply(.playIndex(0, at: lavfi.clock.now)).contains(.startTimer(.stall, after: 15)), "a lavfi source waits on nothing")
        h.expectArmed(h.armedTimers)
        lavfi.expectArmed([.transportHide])
    }

    @Test("a file that does not open within [recovery] stall (a share that stopped answering), or stops answering while it plays, is stopped and the error screen says so")
    func fileStall() {
        let items = [MediaItem(id: "f", title: "F", url: "/nas/f.mkv"), MediaItem(id: "g", title: "G", url: "file:///nas/g.mkv")]
        let h = ReducerHarness(ShellState(items: items))
        h.send(.playIndex(0, at: h.clock.now), effects: [
            .cancelTimer(.errorAdvance), .load(items[0], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15),
        ]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        #expect(h.advance(by: 15) == [.transportHide, .stall])
        h.apply(.timerFired(.transportHide, at: h.clock.now))
        let title = "Could not play “F”", reason = "its file did not open within 15 s (is its disk or share still there?)"
        h.send(.timerFired(.stall, at: h.clock.now), effects: [
            .stop, .cancelTimer(.transportHide), .emit(.error(title: title, reason: reason, url: "/nas/f.mkv")), .startTimer(.errorAdvance, after: 4),
        ]) {
            $0.navigation.destination = .error(ShellError(title: title, reason: reason, location: "/nas/f.mkv"))
            $0.playback.phase = .failed
            $0.playback.failure = ShellError(title: title, reason: reason, location: "/nas/f.mkv")
        }

        h.apply(.timerFired(.errorAdvance, at: h.clock.now))
        #expect(h.state.current == 1 && h.state.playback.phase == .loading)
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        h.send(.player(.buffering(true), token: h.state.playback.token, at: h.clock.now), effects: [.startTimer(.stall, after: 15)]) {
            $0.playback.buffering = true
        }
        #expect(h.advance(by: 15).contains(.stall))
        h.apply(.timerFired(.stall, at: h.clock.now))
        #expect(h.state.error?.reason == "its file stopped answering (is its disk or share still there?)" && h.state.playback.phase == .failed)
        h.expectArmed(h.armedTimers)
    }

    @Test("a kiosk never rests on an ended item: a single film plays again from its start (a loop); a film before the channels, or the last of several files, ends into the start item")
    func endsIntoStart() {
        let loopFilm = MediaItem(id: "loop", title: "Loop", url: "/media/loop.mp4")
        var settings = ShellSettings()
        settings.idleReturnDelay = 600
        var single = ShellState(items: [loopFilm], kiosk: true, settings: settings)
        single.live.startIndex = 0
        let h = ReducerHarness(single)
        let ended = playedToItsEnd(h, index: 0)
        #expect(ended.first == .emit(.endFile(url: loopFilm.url)) && ended.contains(.load(loopFilm, token: 2)), "\(ended)")
        #expect(h.state.screen == .player && h.state.playback.phase == .loading && h.state.upNext.resumeOffer == nil)
        h.expectArmed([.hintHide, .transportHide, .stall])

        // The start is channel 2; a film after the channels ends into it, not the home screen.
        var mixed = ShellState(items: channels + [loopFilm], kiosk: true, settings: settings)
        mixed.live.startIndex = 1
        let m = ReducerHarness(mixed)
        let back = playedToItsEnd(m, index: 3)
        #expect(back.contains(.load(channels[1], token: 2)) && m.state.current == 1 && m.state.screen == .player, "\(back)")
        m.expectArmed([.hintHide, .stall, .transportHide])

        // Outside a kiosk the film ends paused with its bar, as before.
        let plain = ReducerHarness(ShellState(items: [loopFilm], settings: settings))
        playedToItsEnd(plain, index: 0)
        #expect(plain.state.playback.phase == .ended && plain.state.playback.paused)
        plain.expectArmed([.hintHide, .stall])
    }

    @Test("a kiosk started again with its film left part way (a power cut) plays on from there: no resume offer waits for a key nobody presses")
    func resumesUnasked() {
        let loopFilm = MediaItem(id: "loop", title: "Loop", url: "/media/loop.mp4")
        var state = ShellState(items: [loopFilm], kiosk: true)
        state.live.startIndex = 0
        let h = ReducerHarness(state)
        h.apply(.libraryLoaded([loopFilm.url: ResumePoint(position: 1500, duration: 3600)]))
        let started = h.apply(.playIndex(0, at: h.clock.now))
        #expect(started.contains(.loadFrom(loopFilm, token: 1, start: 1500)), "\(started)")
        #expect(h.state.upNext.resumeOffer == nil && h.state.playback.phase == .loading)
        h.expectArmed([.transportHide, .stall])

        let desk = ReducerHarness(ShellState(items: [loopFilm]))
        desk.apply(.libraryLoaded([loopFilm.url: ResumePoint(position: 1500, duration: 3600)]))
        desk.apply(.playIndex(0, at: desk.clock.now))
        #expect(desk.state.upNext.resumeOffer == ResumeOffer(index: 0, position: 1500), "outside a kiosk the viewer is asked")
    }

    @Test("a kiosk's film left by a passer-by with the info panel up and paused plays on by itself after idle_return, the same film; the keys' help goes too; left alone it is not touched")
    func idlePlayerSettles() {
        let film = MediaItem(id: "film", title: "Film", url: "/media/film.mp4")
        var settings = ShellSettings()
        settings.idleReturnDelay = 600
        var start = ShellState(items: channels + [film], kiosk: true, settings: settings)
        start.live.startIndex = 0
        let h = ReducerHarness(start)
        h.apply(.playIndex(3, at: h.clock.now))
        h.apply(.player(.duration(600), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(30), token: 1, at: h.clock.now))
        let paused = h.apply(.command(.playPause, at: h.clock.now))
        #expect(paused.contains(.setPause(true)) && paused.last == .startTimer(.idleReturn, after: 600), "\(paused)")
        h.apply(.player(.paused(true), token: 1, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        h.apply(.command(.help, at: h.clock.now))
        #expect(h.state.chrome.overlay == .info && h.state.chrome.help && h.state.playback.paused)
        #expect(KioskReducer.leftOpen(h.state), "the panel and the help wait for a key")
        _ = h.advance(by: 599)
        #expect(h.advance(by: 1) == [.idleReturn])
        let settled = h.apply(.timerFired(.idleReturn, at: h.clock.now))
        #expect(settled.contains(.setPause(false)) && !settled.contains { if case .load = $0 { true } else { false } }, "\(settled)")
        #expect(h.state.screen == .player && h.state.current == 3 && h.state.chrome.overlay == .none && !h.state.chrome.help && !h.state.playback.paused)
        #expect(!KioskReducer.leftOpen(h.state))
        h.apply(.player(.paused(false), token: 1, at: h.clock.now))
        h.expectArmed([.transportHide, .stall])
        #expect(h.apply(.command(.volumeUp, at: h.clock.now)).contains(.startTimer(.idleReturn, after: 600)))
        #expect(h.advance(by: 600).contains(.idleReturn))
        #expect(h.apply(.timerFired(.idleReturn, at: h.clock.now)).isEmpty, "nothing open, playing: left as it is")
        #expect(h.state.current == 3 && h.state.screen == .player && !h.state.playback.paused)
        h.expectArmed([.transportHide, .volumeBadgeHide, .stall])

        // Outside a kiosk a player is never settled.
        var plain = ShellState(items: [film], settings: settings)
        plain.live.startIndex = 0
        let p = ReducerHarness(plain)
        p.apply(.playIndex(0, at: p.clock.now))
        p.apply(.player(.playing, token: 1, at: p.clock.now))
        #expect(!p.apply(.command(.down, at: p.clock.now)).contains(.startTimer(.idleReturn, after: 600)))
        #expect(p.state.chrome.overlay == .info)
        p.expectArmed([.transportHide, .stall])
    }

    @Test("ten idle minutes on the guide bring the start channel back; each key restarts the wait")
    func idleReturn() {
        let h = kiosk()
        h.send(.playIndex(2, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[2], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 2
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 2
        }
        #expect(h.send(.command(.menu, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop, .startTimer(.idleReturn, after: 600), .startTimer(.idleReturn, after: 600)]) {
            $0.navigation.destination = .home
            $0.playback.token = 2
            $0.playback.phase = .idle
            $0.chrome.transportVisible = false
        }.contains(.startTimer(.idleReturn, after: 600)))
        _ = h.advance(by: 300)
        #expect(h.send(.command(.down, at: h.clock.now), effects: [.startTimer(.idleReturn, after: 600)]).contains(.startTimer(.idleReturn, after: 600)))
        #expect(h.advance(by: 599).isEmpty)
        #expect(h.advance(by: 1) == [.idleReturn])
        let back = h.send(.timerFired(.idleReturn, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[0], token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 0
        }
        #expect(loads(back) == [.load(channels[0], token: 3)])
        h.expectArmed([.transportHide, .stall])
    }

    @Test("q in a kiosk asks for the admin passcode; the right one quits, ESC goes back")
    func quitWithPasscode() {
        let h = kiosk(policy: RestrictionPolicy(hasPasscode: true))
        h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[0], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        h.apply(.command(.quit, at: h.clock.now))
        #expect(h.state.screen == .passcode)
        h.send(.command(.menu, at: h.clock.now), effects: [.cancelTimer(.lockoutTick), .audit(AuditEntry(kind: .cancelled, title: "Quit kiosk mode", itemID: "kiosk", rating: nil, time: 0.0, detail: nil)),
                                                          .startTimer(.idleReturn, after: 600)]) {
            $0.navigation.destination = .player
        }
        #expect(h.state.screen == .player && !h.state.quitting)
        h.apply(.command(.quit, at: h.clock.now))
        for d in [1, 2, 3, 4] { h.apply(.command(.digit(d), at: h.clock.now)) }
        let attempt = h.state.prompt?.checking ?? -1
        let quit = h.send(.passcodeChecked(attempt: attempt, correct: true, wallClock: 1000, at: h.clock.now), effects: [.cancelTimer(.lockoutTick), .persistLockout(failures: 0, lockedUntil: nil), .audit(AuditEntry(kind: .granted, title: "Quit kiosk mode", itemID: "kiosk", rating: nil, time: 1000.0, detail: nil)), .quit]) {
            $0.navigation.destination = .player
            $0.quitting = true
            $0.wallClock = 1000.0
        }
        #expect(quit.last == .quit)
        #expect(h.state.quitting)
        h.expectArmed([.stall, .transportHide, .idleReturn])
    }

    @Test("a new libmpv loads again what played; under the prompt the prompt stays, and the held item loads afresh once authorized")
    func playerRestarted() {
        let h = kiosk()
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        h.send(.player(.playing, token: 1, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Channel 2", url: "http://tv.example/2.m3u8")), .startTimer(.hintHide, after: 4)]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        #expect(h.send(.playerRestarted(at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[1], token: 2), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.playback.token = 2
            $0.playback.phase = .loading
            $0.chrome.hintVisible = false
        }.contains(.load(channels[1], token: 2)))
        h.send(.command(.menu, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop, .startTimer(.idleReturn, after: 600), .startTimer(.idleReturn, after: 600)]) {
            $0.navigation.destination = .home
            $0.playback.token = 3
            $0.playback.phase = .idle
            $0.chrome.transportVisible = false
        }
        #expect(h.send(.playerRestarted(at: h.clock.now)).isEmpty, "nothing to reload on the home screen")

        var policy = RestrictionPolicy(mode: .passcode, hasPasscode: true)
        policy.movies = .allowNone
        let g = kiosk(policy: policy)
        g.send(.playIndex(2, at: g.clock.now), effects: [.cancelTimer(.errorAdvance), .load(channels[2], token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 2
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 2
        }
        let token = g.state.playback.token
        g.send(.player(.preloaded(ratings: [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]), token: token, at: g.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: channels[2], rating: "R"))]) {
            $0.navigation.destination = .passcode(.testing(purpose: .held(token: 1), item: channels[2], ratings: [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.ratings = [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]
            $0.playback.fileRatings = [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]
            $0.playback.restricted = true
            $0.chrome.transportVisible = false
        }
        #expect(g.state.screen == .passcode)
        g.send(.timerFired(.stall, at: g.clock.now), effects: []) { _ in }
        #expect(g.state.screen == .passcode, "the held load's stall timer leaves the prompt up")
        #expect(g.send(.playerRestarted(at: g.clock.now), effects: [.stop]) {
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 2), item: channels[2], ratings: [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 2
            $0.playback.phase = .idle
        } == [.stop], "nothing loads while the prompt is up")
        #expect(g.state.screen == .passcode)
        #expect(g.state.prompt?.purpose == .play(index: 2))
        #expect(g.state.playback.phase == .idle && g.state.playback.token == token + 1)
        for d in [1, 2, 3, 4] { g.apply(.command(.digit(d), at: g.clock.now)) }
        let attempt = g.state.prompt?.checking ?? -1
        let granted = g.send(.passcodeChecked(attempt: attempt, correct: true, wallClock: 1000, at: g.clock.now), effects: [.cancelTimer(.lockoutTick), .persistLockout(failures: 0, lockedUntil: nil), .audit(AuditEntry(kind: .granted, title: "Channel 3", itemID: "ch3", rating: "R", time: 1000.0, detail: nil)), .emit(.restrictionsAuthorization(item: channels[2], rating: "R", granted: true, reason: nil)), .cancelTimer(.errorAdvance), .load(channels[2], token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.navigation.destination = .player
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.playback.ratings = []
            $0.playback.fileRatings = []
            $0.playback.restricted = false
            $0.chrome.transportVisible = true
            $0.wallClock = 1000.0
            $0.restrictions.grant = RestrictionsState.Grant(itemID: "ch3", token: 3, programmeStart: nil)
        }
        #expect(granted.contains(.load(channels[2], token: token + 2)))
        #expect(g.state.prompt == nil && g.state.screen == .player)
        let held = g.send(.player(.preloaded(ratings: [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]), token: token + 2, at: g.clock.now), effects: [.continueLoad(token: 3)]) {
            $0.playback.ratings = [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]
            $0.playback.fileRatings = [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]
            $0.playback.restricted = true
        }
        #expect(held == [.continueLoad(token: token + 2)], "the passcode given covers the reload")
        h.expectArmed([.stall, .hintHide, .idleReturn])
        g.expectArmed([.stall, .transportHide, .idleReturn])
    }
}
