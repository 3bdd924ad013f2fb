import MediaModel
import ShellCore
import ShellTesting
import Testing

private let news = MediaItem(id: "news", title: "News", url: "http://tv.example/news.m3u8", isLive: true, number: 1)
private let sport = MediaItem(id: "sport", title: "Sport", url: "http://tv.example/sport.m3u8", isLive: true, number: 2)

/// News playing at position 30 with a buffer 0…31.5: following the edge,
/// 1.5 s behind what was received.
private func watchingNews() -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [news, sport], settings: withoutThumbnails))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
    h.send(.player(.position(30), token: 1, at: h.clock.now)) { $0.playback.position = 30 }
    h.send(.player(.liveBuffer(start: 0, end: 31.5), token: 1, at: h.clock.now)) {
        $0.playback.liveBuffer = LiveBuffer(start: 0, end: 31.5, edgeLag: 1.5)
    }
    return h
}

@Suite("Timeshift: pause and rewind live")
struct TimeshiftTests {
    @Test("at the edge behind_live is 0 however the gap to what was received moves; a pause leaves the edge and the time paused is how far behind")
    func pauseLeavesEdge() {
        let h = watchingNews()
        #expect(h.state.behindLive == 0 && h.state.seekRange == 0...30)
        h.send(.player(.position(31), token: 1, at: h.clock.now)) {
            $0.playback.position = 31
            $0.playback.liveBuffer?.edgeLag = 0.5
        }
        h.send(.player(.liveBuffer(start: 0, end: 32.5), token: 1, at: h.clock.now)) {
            $0.playback.liveBuffer = LiveBuffer(start: 0, end: 32.5, edgeLag: 1.5)
        }
        #expect(h.state.behindLive == 0)
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.chrome.transportVisible = true
        }
        h.send(.player(.liveBuffer(start: 0, end: 42.5), token: 1, at: h.clock.now)) {
            $0.playback.liveBuffer?.end = 42.5
        }
        #expect(h.state.behindLive == 10, "ten seconds of the stream came in while paused")
        h.press(.playPause, effects: [.setPause(false), .startTimer(.transportHide, after: 5)]) { $0.playback.paused = false }
        h.send(.player(.position(33), token: 1, at: h.clock.now)) { $0.playback.position = 33 }
        h.send(.player(.liveBuffer(start: 0, end: 44.5), token: 1, at: h.clock.now)) { $0.playback.liveBuffer?.end = 44.5 }
        #expect(h.state.behindLive == 10, "playing on keeps the distance")
        h.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("the buffer's file filled its room on disk: the channel loads again (a new buffer from now) and a notice says why; not before it holds 10 s, during a flip, nor once the load is another")
    func bufferFull() {
        let h = watchingNews()
        h.send(.player(.liveBuffer(start: 25, end: 31.5), token: 1, at: h.clock.now)) { $0.playback.liveBuffer?.start = 25 }
        #expect(h.apply(.player(.bufferFull(bytes: 70 << 20), token: 1, at: h.clock.now)) == [], "6.5 s held: a room that small would load it again and again")
        h.send(.player(.liveBuffer(start: 0, end: 31.5), token: 1, at: h.clock.now)) { $0.playback.liveBuffer?.start = 0 }
        h.apply(.command(.playPause, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        #expect(h.state.scrub != nil)
        #expect(h.apply(.player(.bufferFull(bytes: 70 << 20), token: 1, at: h.clock.now)) == [], "not under the viewer's scrub")
        h.apply(.command(.menu, at: h.clock.now))
        h.apply(.command(.playPause, at: h.clock.now))
        #expect(h.state.scrub == nil && !h.state.playback.paused)
        let effects = h.apply(.player(.bufferFull(bytes: 2_254_857_830), token: 1, at: h.clock.now))
        #expect(effects.contains(.load(news, token: 2)), "\(effects)")
        #expect(h.state.chrome.notice == "The rewind buffer filled its room on disk (2.1 GiB): it starts again from now")
        #expect(h.state.playback.token == 2 && h.state.playback.phase == .loading && h.state.current == 0)
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 20), token: 1, at: h.clock.now)) == [], "the load before's report")
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 20), token: 2, at: h.clock.now))
        h.apply(.command(.channelUp, at: h.clock.now))
        #expect(h.state.live.flip != nil && h.state.playback.token == 2 && h.state.playback.phase == .playing, "channel 1 plays on under the flip")
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 20), token: 2, at: h.clock.now)).isEmpty, "a flip under way loads anew anyway")
        h.expectArmed([.spinner, .hintHide, .stall, .noticeHide, .flipTimeout, .posterDelay])
    }

    @Test("paused on live, LEFT and RIGHT scrub within the buffer (never past its start or the edge) and ENTER seeks there; playing, they flip")
    func scrubWithinBuffer() {
        let h = watchingNews()
        let flip = h.apply(.command(.left, at: h.clock.now))
        #expect(flip.contains { if case .requestFlip = $0 { true } else { false } }, "playing: LEFT flips")
        h.expectArmed([.stall, .flipTimeout, .hintHide, .spinner])
        let w = watchingNews()
        w.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.chrome.transportVisible = true
        }
        w.press(.right, effects: [.cancelTimer(.transportHide)]) {
            $0.scrub = ScrubState(target: 30, origin: 30)
            $0.scrub?.lastDirection = 1
            $0.scrub?.lastStepAt = w.clock.now
        }
        #expect(w.state.scrub?.target == 30, "the edge is as far as it goes")
        _ = w.advance(by: 1)
        for _ in 0..<40 { w.apply(.command(.left, at: w.clock.now)) }
        #expect(w.state.scrub?.target == 0, "the buffer's start is as far back as it goes")
        _ = w.advance(by: 1)
        w.press(.right) {
            $0.scrub?.target = 1
            $0.scrub?.repeatCount = 0
            $0.scrub?.lastDirection = 1
            $0.scrub?.lastStepAt = w.clock.now
        }
        w.press(.select, effects: [.seek(to: 1, exact: true), .cancelTimer(.transportHide)]) {
            $0.scrub = nil
            $0.playback.position = 1
            $0.playback.seekPending = true
        }
        w.press(.playPause, effects: [.setPause(false), .startTimer(.transportHide, after: 5)]) { $0.playback.paused = false }
        w.send(.player(.playing, token: 1, at: w.clock.now)) { $0.playback.seekPending = false }
        w.send(.player(.position(1), token: 1, at: w.clock.now))
        #expect(w.state.behindLive == 29)
        w.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("scrubbing paused on live, the bar's other keys end the scrub where it began (no seek) and do what they do on the bar: CH+ flips, LIVE goes to the edge, g opens the guide")
    func barKeysWhileScrubbing() {
        func scrubbing() -> ReducerHarness {
            let w = watchingNews()
            w.apply(.command(.playPause, at: w.clock.now))
            w.apply(.command(.left, at: w.clock.now))
            #expect((w.state.scrub?.target ?? 30) < 30)
            return w
        }
        let up = scrubbing()
        let flipped = up.apply(.command(.channelUp, at: up.clock.now))
        #expect(up.state.scrub == nil && up.state.live.flip?.target == 1, "CH+ flips to Sport")
        #expect(flipped.contains { if case .requestFlip = $0 { true } else { false } })
        #expect(!flipped.contains { if case .seek = $0 { true } else { false } }, "no seek to the head")
        up.expectArmed(up.armedTimers)

        let live = scrubbing()
        let edge = live.apply(.command(.live, at: live.clock.now))
        #expect(live.state.scrub == nil && !live.state.playback.paused && live.state.playback.liveBuffer?.followingEdge == true)
        #expect(edge.contains(.setPause(false)))
        live.expectArmed(live.armedTimers)

        let guide = scrubbing()
        let opened = guide.apply(.command(.guide, at: guide.clock.now))
        #expect(guide.state.scrub == nil && guide.state.screen == .guide)
        #expect(!opened.contains { if case .seek = $0 { true } else { false } })
        guide.expectArmed(guide.armedTimers)
    }

    @Test("LIVE goes back to the edge, playing, and follows it again; at the edge it only shows the bar; on VOD it does nothing")
    func goLive() {
        let h = watchingNews()
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.chrome.transportVisible = true
        }
        h.send(.player(.liveBuffer(start: 0, end: 51.5), token: 1, at: h.clock.now)) { $0.playback.liveBuffer?.end = 51.5 }
        #expect(h.state.behindLive == 20)
        h.press(.live, effects: [.seek(to: 50, exact: true), .setPause(false), .startTimer(.transportHide, after: 5), .startTimer(.badgeHide, after: 1.5)]) {
            $0.playback.paused = false
            $0.playback.position = 50
            $0.playback.seekPending = true
            $0.playback.liveBuffer?.followingEdge = true
            $0.chrome.badge = "Live"
        }
        #expect(h.state.behindLive == 0)
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        h.send(.player(.position(50.5), token: 1, at: h.clock.now)) {
            $0.playback.position = 50.5
            $0.playback.liveBuffer?.edgeLag = 1
        }
        h.press(.live, effects: [.startTimer(.transportHide, after: 5), .startTimer(.badgeHide, after: 1.5)])
        h.expectArmed([.stall, .hintHide, .transportHide, .badgeHide])

        let v = playingFilm()
        v.send(.player(.liveBuffer(start: 0, end: 200), token: 1, at: v.clock.now))
        #expect(v.state.behindLive == nil && v.state.playback.liveBuffer == nil, "a film has no live buffer")
        v.press(.live, effects: [.startTimer(.badgeHide, after: 1.5)]) { $0.chrome.badge = "Not a live channel" }
        v.expectArmed([.hintHide, .transportHide, .badgeHide])
    }

    @Test("a flip starts a new buffer")
    func flipStartsAfresh() {
        let h = watchingNews()
        h.apply(.command(.channelUp, at: h.clock.now))
        h.apply(.replaceContent(sport, request: 1, at: h.clock.now))
        #expect(h.state.playback.liveBuffer == nil && h.state.behindLive == 0)
        h.expectArmed([.stall, .flipTimeout, .hintHide, .spinner, .transportHide])
    }
}
