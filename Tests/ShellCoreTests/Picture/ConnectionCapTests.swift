import MediaModel
import ShellCore
import ShellTesting
import Testing

private let news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1)
private let sport = MediaItem(id: "sport", title: "Sport", url: "http://live.test/sport.m3u8", isLive: true, number: 2)

/// News plays, then goes into the picture; `cap` streams at most.
private func newsInPicture(cap: Int?) -> ReducerHarness {
    var settings = ShellSettings()
    settings.maxConnections = cap
    let h = ReducerHarness(ShellState(items: [news, sport], settings: settings))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.command(.pictureInPicture, at: h.clock.now))
    #expect(h.state.picture.pip?.index == 0 && h.state.screen == .home)
    return h
}

@Suite("max_connections: the picture and the guide's preview")
struct ConnectionCapTests {
    @Test("with one stream at most, playing another channel full screen closes the picture first and says why")
    func pictureGivesWay() {
        let h = newsInPicture(cap: 1)
        h.send(.playIndex(1, at: h.clock.now), effects: [
            .notifyPicture(.willStop), .slot(.picture, .stop), .notifyPicture(.didStop), .emit(.pipStopped(item: news, reason: "max_connections")),
            .startTimer(.noticeHide, after: 5),
            .cancelTimer(.errorAdvance), .load(sport, token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15),
        ]) {
            $0.picture.pip = nil
            $0.retiredToken = 1
            $0.chrome.notice = "Picture in picture closed: 1 stream at most ([live] max_connections)"
            $0.current = 1
            $0.navigation.homeSelection = 1
            $0.playback = PlaybackState()
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.stall, .noticeHide, .transportHide])
    }

    @Test("with two, the picture stays beside the new full-screen channel (muted)")
    func pictureStays() {
        let h = newsInPicture(cap: 2)
        let effects = h.apply(.playIndex(1, at: h.clock.now))
        #expect(h.state.picture.pip?.index == 0 && h.state.chrome.notice == nil)
        #expect(effects.contains(.load(sport, token: 3)) && !effects.contains(.slot(.picture, .stop)))
        #expect(h.state.openStreams == 2)
        h.expectArmed([.stall, .transportHide])
    }

    @Test("the guide's preview is not opened when the picture already takes the one stream allowed; the pane says why")
    func previewWithheld() {
        let h = newsInPicture(cap: 1)
        h.press(.guide, effects: [.startTimer(.previewDelay, after: 0.6)]) { $0.navigation.destination = .guide }
        h.press(.down, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.navigation.homeSelection = 1 }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now)) {
            $0.picture.preview = PreviewState(index: 1, withheld: "1 stream at most ([live] max_connections)")
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("No preview: 1 stream at most"))
        h.expectArmed([])
    }

    @Test("without a cap the preview opens beside the picture")
    func previewUncapped() {
        let h = newsInPicture(cap: nil)
        h.apply(.command(.guide, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        _ = h.advance(by: 0.6)
        let effects = h.apply(.timerFired(.previewDelay, at: h.clock.now))
        #expect(effects.contains(.slot(.preview, .load(sport, token: 3))))
        #expect(h.state.openStreams == 2)
        h.expectArmed([])
    }
}
