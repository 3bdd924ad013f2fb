import MediaModel
import ShellCore
import ShellTesting
import Testing

/// Channel 1 has three streams (its URL and two alternates); channel 2 one.
private let news: MediaItem = {
    var item = MediaItem(id: "news", title: "News", url: "http://a.tv/news.m3u8", isLive: true, number: 1)
    item.alternates = [StreamAlternate(url: "http://b.tv/news.m3u8", headers: ["User-Agent": "Box"]), StreamAlternate(url: "http://c.tv/news.m3u8")]
    return item
}()
private let sport = MediaItem(id: "sport", title: "Sport", url: "http://a.tv/sport.m3u8", isLive: true, number: 2)

private func health(stream: Int, inRow: Int, failure: String, failed: Int) -> StreamHealth {
    var health = StreamHealth()
    health.stream = stream
    health.failedInRow = inRow
    health.lastFailure = failure
    health.lastFailedStream = failed
    return health
}

private func switched(_ from: Int, _ to: Int, _ reason: String) -> Effect {
    .emit(.streamSwitched(channel: ChannelRef(news), from: from, to: to, count: 3, reason: reason, url: news.onStream(to).url))
}

/// The failover's own effects, then the load of `stream` with `token`.
private func failover(_ from: Int, _ to: Int, _ reason: String, token: Int) -> [Effect] {
    [switched(from, to, reason), .cancelTimer(.transportHide), .cancelTimer(.stall), .startTimer(.spinner, after: 0.125),
     .cancelTimer(.errorAdvance), .load(news.onStream(to), token: token), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]
}

/// News (index 0) loading on its first stream with token 1.
private func loadingNews(settings: ShellSettings = ShellSettings()) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [news, sport], settings: settings))
    h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(news, token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
        $0.current = 0
        $0.navigation.destination = .player
        $0.playback.token = 1
        $0.playback.phase = .loading
        $0.chrome.transportVisible = true
    }
    return h
}

@Suite("Failover between a channel's streams")
struct FailoverTests {
    @Test("a dead stream fails over to the next at once behind “Reconnecting…”, with no back-off; it plays and the run of failures ends")
    func nextStreamAtOnce() {
        let h = loadingNews()
        h.send(.player(.failed(reason: "HTTP 404"), token: 1, at: h.clock.now), effects: failover(0, 1, "HTTP 404", token: 2)) {
            $0.live.streamHealth[0] = health(stream: 1, inRow: 1, failure: "HTTP 404", failed: 0)
            $0.live.recovery = RecoveryState(index: 0, attempt: 0, reason: "HTTP 404", waiting: false)
            $0.playback.token = 2
            $0.navigation.destination = .interstitial
            $0.chrome.transportVisible = false
        }
        #expect(h.state.playable(0).url == "http://b.tv/news.m3u8" && h.state.playable(0).headers == ["User-Agent": "Box"])
        h.send(.player(.playing, token: 2, at: h.clock.now), effects: [
            .emit(.playbackStarted(title: "News", url: "http://b.tv/news.m3u8")), .startTimer(.hintHide, after: 4),
        ]) {
            $0.playback.phase = .playing
            $0.live.recovery = nil
            $0.navigation.destination = .player
            $0.live.streamHealth[0]?.failedInRow = 0
            $0.chrome.hintVisible = true
        }
        h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(sport, token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 1
            $0.live.previousChannel = 0
            $0.navigation.homeSelection = 1
            $0.playback = PlaybackState()
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.chrome.hintVisible = false
            $0.chrome.transportVisible = true
        }
        let back = h.apply(.playIndex(0, at: h.clock.now))
        #expect(back.contains(.load(news.onStream(1), token: 4)), "the stream that works stays in use")
        h.expectArmed([.stall, .hintHide, .spinner, .transportHide])
    }

    @Test("every stream failing in a row: without retries the error screen names the last; a live stream that ends or stalls fails over too")
    func allFail() {
        let h = loadingNews()
        h.apply(.player(.failed(reason: "HTTP 404"), token: 1, at: h.clock.now))
        h.send(.player(.failed(reason: "refused"), token: 2, at: h.clock.now), effects: failover(1, 2, "refused", token: 3)) {
            $0.live.streamHealth[0] = health(stream: 2, inRow: 2, failure: "refused", failed: 1)
            $0.live.recovery = RecoveryState(index: 0, attempt: 0, reason: "refused", waiting: false)
            $0.playback.token = 3
        }
        let title = "Could not play “News”"
        let error = ShellError(title: title, reason: "timed out", location: "http://c.tv/news.m3u8")
        h.send(.player(.failed(reason: "timed out"), token: 3, at: h.clock.now), effects: [
            .cancelTimer(.transportHide), .emit(.error(title: title, reason: "timed out", url: "http://c.tv/news.m3u8")),
        ]) {
            $0.live.streamHealth[0] = health(stream: 2, inRow: 3, failure: "timed out", failed: 2)
            $0.live.recovery = nil
            $0.playback.phase = .failed
            $0.playback.failure = error
            $0.navigation.destination = .error(error)
        }

        let e = loadingNews()
        e.apply(.player(.playing, token: 1, at: e.clock.now))
        let ended = e.apply(.player(.ended, token: 1, at: e.clock.now))
        #expect(ended.contains(switched(0, 1, "the stream ended")) && ended.contains(.load(news.onStream(1), token: 2)))
        e.apply(.player(.playing, token: 2, at: e.clock.now))
        #expect(e.apply(.player(.buffering(true), token: 2, at: e.clock.now)) == [.startTimer(.stall, after: 15)],
                "a channel with alternates watches for stalls without any recovery settings")
        _ = e.advance(by: 15)
        let stalled = e.apply(.timerFired(.stall, at: e.clock.now))
        #expect(stalled.contains(switched(1, 2, "the stream stalled")) && stalled.contains(.load(news.onStream(2), token: 3)))
        #expect(e.state.live.streamHealth[0]?.failedInRow == 1, "a stream played in between: a new run")
        h.expectArmed([.stall, .spinner])
        e.expectArmed([.stall, .hintHide, .spinner, .transportHide])
    }

    @Test("with retries, the back-off comes only after every stream failed; the retry begins a new round from the next stream")
    func backOffAfterEveryStream() {
        var settings = ShellSettings()
        settings.retries = 2
        settings.retryBackoff = [1, 2]
        let h = loadingNews(settings: settings)
        h.apply(.player(.failed(reason: "a"), token: 1, at: h.clock.now))
        h.apply(.player(.failed(reason: "b"), token: 2, at: h.clock.now))
        h.send(.player(.failed(reason: "c"), token: 3, at: h.clock.now), effects: [
            .cancelTimer(.transportHide), .cancelTimer(.stall), .stop, .startTimer(.retry, after: 1), .startTimer(.spinner, after: 0.125),
        ]) {
            $0.live.streamHealth[0] = health(stream: 2, inRow: 3, failure: "c", failed: 2)
            $0.live.recovery = RecoveryState(index: 0, attempt: 1, reason: "c", waiting: true)
            $0.playback.phase = .failed
        }
        _ = h.advance(by: 1)
        h.send(.timerFired(.retry, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(news, token: 4), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.live.streamHealth[0] = health(stream: 0, inRow: 0, failure: "c", failed: 2)
            $0.live.recovery = RecoveryState(index: 0, attempt: 1, reason: "c", waiting: false)
            $0.playback = PlaybackState()
            $0.playback.token = 4
            $0.playback.phase = .loading
        }
        h.send(.player(.failed(reason: "a"), token: 4, at: h.clock.now), effects: failover(0, 1, "a", token: 5)) {
            $0.live.streamHealth[0] = health(stream: 1, inRow: 1, failure: "a", failed: 0)
            $0.live.recovery = RecoveryState(index: 0, attempt: 1, reason: "a", waiting: false)
            $0.playback.token = 5
        }
        h.expectArmed([.spinner, .transportHide, .stall])
    }

    @Test("a flip onto a channel whose first stream is dead loads the next for the same flip; the flip completes when it plays")
    func duringFlip() {
        let h = ReducerHarness(ShellState(items: [sport, news]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        let loaded = h.apply(.replaceContent(news, request: 1, at: h.clock.now))
        #expect(loaded.contains(.load(news, token: 2)))
        let failed = h.send(.player(.failed(reason: "HTTP 404"), token: 2, at: h.clock.now), effects: [
            switched(0, 1, "HTTP 404"), .load(news.onStream(1), token: 3),
        ]) {
            $0.live.streamHealth[1] = health(stream: 1, inRow: 1, failure: "HTTP 404", failed: 0)
            $0.playback.token = 3
            $0.playback.holdsPreviousPicture = false
        }
        #expect(!failed.contains { if case .finishContentRequest = $0 { true } else { false } }, "the delegate's answer waits")
        #expect(h.state.live.flip != nil && h.state.screen == .interstitial)
        let played = h.apply(.player(.playing, token: 3, at: h.clock.now))
        #expect(played.contains(.finishContentRequest(request: 1, success: true)))
        #expect(h.state.live.streamHealth[1]?.failedInRow == 0)
        h.expectArmed([.stall, .flipTimeout, .hintHide, .spinner, .transportHide])
    }
}
