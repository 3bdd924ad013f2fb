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
    state.startIndex = 0
    state.fallbackIndex = fallback
    return ReducerHarness(state)
}

private func loads(_ effects: [Effect]) -> [Effect] {
    effects.filter { if case .load = $0 { true } else { false } }
}

@Suite("Self-healing playback and the kiosk")
struct KioskTests {
    @Test("a failing stream is retried after 1, 2 and 4 s with “Reconnecting…”, then falls back")
    func retryThenFallback() {
        let h = kiosk()
        h.apply(.playIndex(1, at: h.clock.now))
        var token = h.state.playback.token
        for (attempt, delay) in [(1, 1.0), (2, 2.0), (3, 4.0)] {
            let failed = h.apply(.player(.failed(reason: "Connection refused"), token: token, at: h.clock.now))
            #expect(failed.contains(.startTimer(.retry, after: delay)))
            #expect(failed.contains(.stop))
            #expect(h.state.screen == .interstitial)
            #expect(h.state.recovery == RecoveryState(index: 1, attempt: attempt, reason: "Connection refused", waiting: true))
            #expect(!h.advance(by: delay - 0.01).contains(.retry), "not before the back-off")
            #expect(h.advance(by: 0.01).contains(.retry))
            let retried = h.apply(.timerFired(.retry, at: h.clock.now))
            #expect(loads(retried) == [.load(channels[1], token: token + 1)])
            #expect(h.state.screen == .interstitial, "still “Reconnecting…” while it loads")
            token += 1
        }
        let fellBack = h.apply(.player(.failed(reason: "Connection refused"), token: token, at: h.clock.now))
        #expect(loads(fellBack) == [.load(channels[0], token: token + 1)])
        #expect(h.state.recovery == nil)
        #expect(h.state.notice == "“Channel 2” is not available: Channel 1 instead")
        h.apply(.player(.playing, token: token + 1, at: h.clock.now))
        #expect(h.state.screen == .player)
        h.expectArmed([.hintHide, .noticeHide, .spinner, .transportHide])
    }

    @Test("a stream that comes back during the retries plays; the count starts again next time")
    func recovers() {
        let h = kiosk()
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.failed(reason: "down"), token: 1, at: h.clock.now))
        _ = h.advance(by: 1)
        h.apply(.timerFired(.retry, at: h.clock.now))
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.recovery == nil)
        let again = h.apply(.player(.failed(reason: "down"), token: 2, at: h.clock.now))
        #expect(again.contains(.startTimer(.retry, after: 1)), "a fresh failure starts from the first back-off")
        h.expectArmed([.hintHide, .retry, .spinner])
    }

    @Test("the fallback itself failing is retried forever at the longest back-off")
    func fallbackForever() {
        let h = kiosk()
        h.apply(.playIndex(0, at: h.clock.now))
        var token = 1
        for attempt in 1...6 {
            let failed = h.apply(.player(.failed(reason: "down"), token: token, at: h.clock.now))
            #expect(failed.contains(.startTimer(.retry, after: [1.0, 2, 4][min(attempt - 1, 2)])))
            _ = h.advance(by: 4)
            h.apply(.timerFired(.retry, at: h.clock.now))
            token += 1
        }
        #expect(h.state.recovery?.attempt == 6)
        h.expectArmed([.spinner, .transportHide])
    }

    @Test("stalls and live streams that end count as failures; a short cache wait does not")
    func stallsAndEnds() {
        let h = kiosk()
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.apply(.player(.buffering(true), token: 1, at: h.clock.now)) == [.startTimer(.stall, after: 15)])
        #expect(h.apply(.player(.buffering(false), token: 1, at: h.clock.now)) == [.cancelTimer(.stall)])
        h.apply(.player(.buffering(true), token: 1, at: h.clock.now))
        #expect(h.advance(by: 15).contains(.stall))
        let stalled = h.apply(.timerFired(.stall, at: h.clock.now))
        #expect(stalled.contains(.startTimer(.retry, after: 1)))
        #expect(h.state.recovery?.reason == "the stream stalled")

        let e = kiosk()
        e.apply(.playIndex(2, at: e.clock.now))
        e.apply(.player(.playing, token: 1, at: e.clock.now))
        e.apply(.player(.ended, token: 1, at: e.clock.now))
        #expect(e.state.recovery?.reason == "the stream ended")
        h.expectArmed([.hintHide, .retry, .spinner])
        e.expectArmed([.hintHide, .retry, .spinner])
    }

    @Test("without recovery settings the error screen shows as before")
    func noRecovery() {
        let h = ReducerHarness(ShellState(items: channels))
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.failed(reason: "down"), token: 1, at: h.clock.now))
        #expect(h.state.screen == .error && h.state.recovery == nil)
        h.expectArmed([.errorAdvance])
    }

    @Test("ten idle minutes on the guide bring the start channel back; each key restarts the wait")
    func idleReturn() {
        let h = kiosk()
        h.apply(.playIndex(2, at: h.clock.now))
        #expect(h.apply(.command(.menu, at: h.clock.now)).contains(.startTimer(.idleReturn, after: 600)))
        _ = h.advance(by: 300)
        #expect(h.apply(.command(.down, at: h.clock.now)).contains(.startTimer(.idleReturn, after: 600)))
        #expect(h.advance(by: 599).isEmpty)
        #expect(h.advance(by: 1) == [.idleReturn])
        let back = h.apply(.timerFired(.idleReturn, at: h.clock.now))
        #expect(loads(back) == [.load(channels[0], token: 3)])
        h.expectArmed([.transportHide])
    }

    @Test("q in a kiosk asks for the admin passcode; the right one quits, ESC goes back")
    func quitWithPasscode() {
        let h = kiosk(policy: RestrictionPolicy(hasPasscode: true))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.command(.quit, at: h.clock.now))
        #expect(h.state.screen == .passcode)
        h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.screen == .player && !h.state.quitting)
        h.apply(.command(.quit, at: h.clock.now))
        for d in [1, 2, 3, 4] { h.apply(.command(.digit(d), at: h.clock.now)) }
        let attempt = h.state.prompt?.checking ?? -1
        let quit = h.apply(.passcodeChecked(attempt: attempt, correct: true, wallClock: 1000, at: h.clock.now))
        #expect(quit.last == .quit)
        #expect(h.state.quitting)
        h.expectArmed([.transportHide])
    }

    @Test("a new libmpv loads again what played; under the prompt the prompt stays, and the held item loads afresh once authorized")
    func playerRestarted() {
        let h = kiosk()
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.apply(.playerRestarted(at: h.clock.now)).contains(.load(channels[1], token: 2)))
        h.apply(.command(.menu, at: h.clock.now))
        #expect(h.apply(.playerRestarted(at: h.clock.now)).isEmpty, "nothing to reload on the home screen")

        var policy = RestrictionPolicy(mode: .passcode, hasPasscode: true)
        policy.movies = .allowNone
        let g = kiosk(policy: policy)
        g.apply(.playIndex(2, at: g.clock.now))
        let token = g.state.playback.token
        g.apply(.player(.preloaded(ratings: [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]), token: token, at: g.clock.now))
        #expect(g.state.screen == .passcode)
        #expect(g.apply(.playerRestarted(at: g.clock.now)) == [.stop], "nothing loads while the prompt is up")
        #expect(g.state.screen == .passcode)
        #expect(g.state.prompt?.purpose == .play(index: 2))
        #expect(g.state.playback.phase == .idle && g.state.playback.token == token + 1)
        for d in [1, 2, 3, 4] { g.apply(.command(.digit(d), at: g.clock.now)) }
        let attempt = g.state.prompt?.checking ?? -1
        let granted = g.apply(.passcodeChecked(attempt: attempt, correct: true, wallClock: 1000, at: g.clock.now))
        #expect(granted.contains(.load(channels[2], token: token + 2)))
        #expect(g.state.prompt == nil && g.state.screen == .player)
        let held = g.apply(.player(.preloaded(ratings: [ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)]), token: token + 2, at: g.clock.now))
        #expect(held == [.continueLoad(token: token + 2)], "the passcode given covers the reload")
        h.expectArmed([.hintHide, .idleReturn])
        g.expectArmed([.transportHide])
    }
}
