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
        let pausedAt = Instant(seconds: 1000)
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
        #expect(h.clock.now == pausedAt)
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide), .startTimer(.behindLiveTick, after: 1)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.playback.liveBuffer?.leftLive = LiveMark(position: 31, at: pausedAt)
            $0.playback.liveBuffer?.reckonedAt = pausedAt
            $0.chrome.transportVisible = true
        }
        // Each second paused, before any segment comes, the wall clock is asked for and reckons the buffer with it.
        let wall = h.state.wallClock
        h.clock.advance(by: 1)
        h.send(.timerFired(.behindLiveTick, at: h.clock.now), effects: [.requestWallClock, .startTimer(.behindLiveTick, after: 1)])
        h.send(.wallClock(wall + 1, at: h.clock.now)) {
            $0.wallClock = wall + 1
            $0.playback.liveBuffer?.reckonedAt = pausedAt + 1
        }
        #expect(h.state.behindLive == 1, "a second paused, counted at once")
        h.clock.advance(by: 9)
        h.send(.player(.liveBuffer(start: 0, end: 42.5), token: 1, at: h.clock.now)) {
            $0.playback.liveBuffer?.end = 42.5
            $0.playback.liveBuffer?.reckonedAt = pausedAt + 10
        }
        #expect(h.state.behindLive == 10, "ten seconds paused")
        h.press(.playPause, effects: [.setPause(false), .startTimer(.transportHide, after: 5)]) { $0.playback.paused = false }
        h.send(.timerFired(.behindLiveTick, at: h.clock.now), effects: [])
        h.clock.advance(by: 2)
        h.send(.player(.position(33), token: 1, at: h.clock.now)) {
            $0.playback.position = 33
            $0.playback.liveBuffer?.reckonedAt = pausedAt + 12
        }
        h.send(.player(.liveBuffer(start: 0, end: 44.5), token: 1, at: h.clock.now)) { $0.playback.liveBuffer?.end = 44.5 }
        #expect(h.state.behindLive == 10, "playing on keeps the distance")
        h.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("paused by the player itself (an mpv option, a script), not by the shell, it leaves the edge too and counts on; the player's word for a pause the shell asked for changes nothing")
    func playerPauseLeavesEdge() {
        let h = watchingNews()
        let pausedAt = h.clock.now
        h.send(.player(.paused(true), token: 1, at: h.clock.now), effects: [.startTimer(.behindLiveTick, after: 1)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.playback.liveBuffer?.leftLive = LiveMark(position: 30, at: pausedAt)
            $0.playback.liveBuffer?.reckonedAt = pausedAt
            $0.chrome.transportVisible = true
        }
        h.send(.player(.paused(true), token: 1, at: h.clock.now))
        h.clock.advance(by: 3)
        h.send(.player(.liveBuffer(start: 0, end: 34.5), token: 1, at: h.clock.now)) {
            $0.playback.liveBuffer?.end = 34.5
            $0.playback.liveBuffer?.reckonedAt = pausedAt + 3
        }
        #expect(h.state.behindLive == 3, "three seconds paused")
        h.send(.player(.paused(false), token: 1, at: h.clock.now)) { $0.playback.paused = false }
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide), .startTimer(.behindLiveTick, after: 1)]) {
            $0.playback.paused = true
        }
        h.send(.player(.paused(true), token: 1, at: h.clock.now))
        h.expectArmed(h.armedTimers)
    }

    @Test("behind live, playing on steadily keeps the distance however the segments arrive: not the received end less the position, which jumps a segment (4 s) at a time; paused, it grows with the clock")
    func behindLiveIsSmooth() {
        let h = watchingNews()
        let start = h.clock.now
        // A 4 s segment comes in every fourth second: the received end is
        // 31.5 + 4 s, 8 s, … after the start.
        func segment(at second: Int) {
            h.send(.player(.liveBuffer(start: 0, end: 31.5 + Double(second)), token: 1, at: h.clock.now)) {
                $0.playback.liveBuffer?.end = 31.5 + Double(second)
                $0.playback.liveBuffer?.reckonedAt = h.clock.now
            }
        }
        h.apply(.command(.playPause, at: h.clock.now))
        h.clock.advance(by: 4)
        segment(at: 4)
        h.clock.advance(by: 2)
        h.apply(.command(.playPause, at: h.clock.now))
        // Playing on, six seconds behind: a position a second.
        var seen: [Double] = []
        for second in 7...18 {
            h.clock.advance(by: 1)
            if second % 4 == 0 { segment(at: second) }
            h.send(.player(.position(Double(24 + second)), token: 1, at: h.clock.now)) {
                $0.playback.position = Double(24 + second)
                $0.playback.liveBuffer?.reckonedAt = h.clock.now
            }
            seen.append(h.state.behindLive ?? -1)
        }
        #expect(seen == Array(repeating: 6, count: 12), "six seconds paused, six behind at every report: \(seen)")
        #expect(h.clock.now == start + 18 && h.state.playback.liveBuffer?.followingEdge == false)
        h.apply(.command(.playPause, at: h.clock.now))
        h.clock.advance(by: 2)
        segment(at: 20)
        #expect(h.state.behindLive == 8, "paused 2 s more")
        // The wall clock (each key, the half-minute tick) is of the same
        // moment as where live is: the buffer is reckoned with it.
        h.clock.advance(by: 1)
        h.send(.wallClock(1_800_000_000, at: h.clock.now)) {
            $0.wallClock = 1_800_000_000
            $0.playback.liveBuffer?.reckonedAt = h.clock.now
        }
        #expect(h.state.behindLive == 9 && h.state.shownTime == 1_800_000_000 - 9)
        h.expectArmed(h.armedTimers)
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
        h.expectArmed([.spinner, .hintHide, .stall, .noticeHide, .flipTimeout, .posterDelay, .behindLiveTick])
    }

    @Test("paused on live, LEFT and RIGHT scrub within the buffer (never past its start or the edge) and ENTER seeks there; playing, they flip")
    func scrubWithinBuffer() {
        let h = watchingNews()
        let flip = h.apply(.command(.left, at: h.clock.now))
        #expect(flip.contains { if case .requestFlip = $0 { true } else { false } }, "playing: LEFT flips")
        h.expectArmed([.stall, .flipTimeout, .hintHide, .spinner])
        let w = watchingNews()
        let pausedAt = w.clock.now
        w.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide), .startTimer(.behindLiveTick, after: 1)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.playback.liveBuffer?.leftLive = LiveMark(position: 30, at: pausedAt)
            $0.playback.liveBuffer?.reckonedAt = pausedAt
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
            $0.playback.liveBuffer?.reckonedAt = pausedAt + 2
        }
        w.press(.playPause, effects: [.setPause(false), .startTimer(.transportHide, after: 5)]) { $0.playback.paused = false }
        w.send(.player(.playing, token: 1, at: w.clock.now)) { $0.playback.seekPending = false }
        w.send(.player(.position(1), token: 1, at: w.clock.now))
        #expect(w.state.behindLive == 31, "paused 2 s at 30, then 29 s back")
        w.expectArmed([.stall, .hintHide, .transportHide, .behindLiveTick])
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
        let pausedAt = h.clock.now
        h.press(.playPause, effects: [.setPause(true), .cancelTimer(.transportHide), .startTimer(.behindLiveTick, after: 1)]) {
            $0.playback.paused = true
            $0.playback.liveBuffer?.followingEdge = false
            $0.playback.liveBuffer?.leftLive = LiveMark(position: 30, at: pausedAt)
            $0.playback.liveBuffer?.reckonedAt = pausedAt
            $0.chrome.transportVisible = true
        }
        h.clock.advance(by: 20)
        h.send(.player(.liveBuffer(start: 0, end: 51.5), token: 1, at: h.clock.now)) {
            $0.playback.liveBuffer?.end = 51.5
            $0.playback.liveBuffer?.reckonedAt = pausedAt + 20
        }
        #expect(h.state.behindLive == 20)
        h.press(.live, effects: [.seek(to: 50, exact: true), .setPause(false), .startTimer(.transportHide, after: 5), .startTimer(.badgeHide, after: 1.5)]) {
            $0.playback.paused = false
            $0.playback.position = 50
            $0.playback.seekPending = true
            $0.playback.liveBuffer?.followingEdge = true
            $0.playback.liveBuffer?.leftLive = nil
            $0.playback.liveBuffer?.reckonedAt = nil
            $0.chrome.badge = "Live"
        }
        #expect(h.state.behindLive == 0)
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.playback.seekPending = false }
        h.send(.player(.position(50.5), token: 1, at: h.clock.now)) {
            $0.playback.position = 50.5
            $0.playback.liveBuffer?.edgeLag = 1
        }
        h.press(.live, effects: [.startTimer(.transportHide, after: 5), .startTimer(.badgeHide, after: 1.5)])
        h.expectArmed([.stall, .hintHide, .transportHide, .badgeHide, .behindLiveTick])

        let v = playingFilm()
        v.send(.player(.liveBuffer(start: 0, end: 200), token: 1, at: v.clock.now))
        #expect(v.state.behindLive == nil && v.state.playback.liveBuffer == nil, "a film has no live buffer")
        v.press(.live, effects: [.startTimer(.badgeHide, after: 1.5)]) { $0.chrome.badge = "Not a live channel" }
        v.expectArmed([.hintHide, .transportHide, .badgeHide, .stall])
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
