import MediaModel
import ShellCore
import ShellTesting
import Testing

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let channels = (1...4).map { (n: Int) -> MediaItem in
    MediaItem(id: "ch\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n,
              rating: n == 4 ? "TV-MA" : nil, contentRating: n == 4 ? tvMA : nil)
}

private func settings(cap: Int? = nil, takeOverLoading: Bool = true) -> ShellSettings {
    var settings = ShellSettings()
    settings.warmNeighbours = 2
    settings.maxConnections = cap
    settings.takeOverLoading = takeOverLoading
    return settings
}

/// Channel 2 (index 1) playing, first frame shown, with `policy`.
private func watchingChannel2(policy: RestrictionPolicy = RestrictionPolicy(), cap: Int? = nil, takeOverLoading: Bool = true) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: channels, settings: settings(cap: cap, takeOverLoading: takeOverLoading),
                                      restrictions: RestrictionsState(policy: policy)))
    h.apply(.playIndex(1, at: h.clock.now))
    let playing = h.apply(.player(.playing, token: 1, at: h.clock.now))
    #expect(playing.contains(.startTimer(.warmNeighbours, after: 3)), "the neighbours wait until it has played 3 s")
    h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
    return h
}

/// A warm player's load going through: held, let go, playing (paused).
private func warmUp(_ h: ReducerHarness, _ slot: PlayerSlot, token: Int) {
    #expect(h.send(.player(.preloaded(ratings: []), token: token, at: h.clock.now), effects: [.slot(slot, .continueLoad(token: token))]) == [.slot(slot, .continueLoad(token: token))])
    h.send(.player(.playing, token: token, at: h.clock.now)) { $0.warm.players[slot]?.playback.phase = .playing }
}

/// Five channels, channel 2 playing; channels 3 (warmA, token 2) and 1
/// (warmB, token 3) warm and playing.
private let fiveChannels = (1...5).map { (n: Int) in MediaItem(id: "ch\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }

private func warmOfFive() -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: fiveChannels, settings: settings()))
    h.apply(.playIndex(1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
    _ = h.advance(by: 3)
    h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
    warmUp(h, .warmA, token: 2)
    warmUp(h, .warmB, token: 3)
    return h
}

@Suite("Warm neighbours")
struct WarmNeighbourTests {
    @Test("3 s after a live channel plays, the next and previous channels open paused and muted; a flip to one swaps players, at the edge of its buffer, and the channel left stays warm")
    func warmThenSwap() {
        let h = watchingChannel2()
        #expect(h.advance(by: 3).contains(.warmNeighbours))
        var next = PlaybackState(), previous = PlaybackState()
        next.token = 2; next.phase = .loading; next.paused = true
        previous.token = 3; previous.phase = .loading; previous.paused = true
        h.send(.timerFired(.warmNeighbours, at: h.clock.now), effects: [
            .slot(.warmA, .mute(true)), .slot(.warmA, .loadPaused(channels[2], token: 2)),
            .slot(.warmB, .mute(true)), .slot(.warmB, .loadPaused(channels[0], token: 3)),
        ]) {
            $0.warm.allowed = 1
            $0.warm.players[.warmA] = WarmPlayer(index: 2, playback: next)
            $0.warm.players[.warmB] = WarmPlayer(index: 0, playback: previous, reason: .previous)
        }
        warmUp(h, .warmA, token: 2)
        warmUp(h, .warmB, token: 3)
        h.send(.player(.liveBuffer(start: 0, end: 20), token: 2, at: h.clock.now)) {
            $0.warm.players[.warmA]?.playback.liveBuffer = LiveBuffer(start: 0, end: 20)
        }
        h.apply(.player(.position(0.5), token: 2, at: h.clock.now))

        h.apply(.command(.right, at: h.clock.now))
        #expect(h.state.warm.players.count == 2, "nothing is stopped while the flip is under way")
        let swapped = h.apply(.replaceContent(channels[2], request: 1, at: h.clock.now))
        #expect(!swapped.contains { if case .load = $0 { true } else { false } }, "no load")
        #expect(swapped.starts(with: [.cancelTimer(.errorAdvance), .exchangePlayers(.main, .warmA), .slot(.warmA, .pause(true)), .slot(.warmA, .mute(true)),
                                      .slot(.main, .mute(false)), .setPause(false), .seek(to: 19, exact: false),
                                      .finishContentRequest(request: 1, success: true)]), "\(swapped)")
        #expect(!swapped.contains(.startTimer(.warmNeighbours, after: 3)), "no delay after a swap: nothing was loaded")
        #expect(h.state.current == 2 && h.state.playback.token == 2 && !h.state.playback.paused && h.state.playback.position == 19)
        #expect(h.state.warm.players[.warmA]?.index == 1 && h.state.warm.players[.warmA]?.playback.token == 1 && h.state.warm.players[.warmA]?.playback.paused == true,
                "channel 2 stays warm in the player channel 3 left")
        let done = h.apply(.flipCompleted(token: 1, success: true, at: h.clock.now))
        #expect(done.contains(.slot(.warmB, .stop)), "channel 1 is no neighbour of channel 3")
        #expect(Array(done.suffix(2)) == [.slot(.warmB, .mute(true)), .slot(.warmB, .loadPaused(channels[3], token: 4))],
                "channel 4, the new next, opens at once in its place: \(done)")
        #expect(h.state.warm.players[.warmB]?.index == 3 && h.state.warm.players[.warmB]?.reason == .next && h.state.screen == .player)
        h.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("a restricted neighbour is never opened, nor one whose file turns out restricted; a failed warm load is dropped for this channel's play")
    func restrictedAndFailed() {
        let policy = RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true)
        let h = watchingChannel2(policy: policy)
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.replaceContent(channels[2], request: 1, at: h.clock.now))
        h.apply(.flipCompleted(token: 1, success: true, at: h.clock.now))
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        _ = h.advance(by: 3)
        let opened = h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        #expect(opened == [.slot(.warmA, .mute(true)), .slot(.warmA, .loadPaused(channels[1], token: 3))], "channel 4 (TV-MA) is left shut")
        let held = h.apply(.player(.preloaded(ratings: [tvMA]), token: 3, at: h.clock.now))
        #expect(held == [.slot(.warmA, .stop)], "its file says TV-MA: stopped at the hook, never decoded")
        #expect(h.state.warm.players.isEmpty && h.state.warm.refused == [1])
        #expect(h.apply(.command(.info, at: h.clock.now)).contains { if case .slot(_, .loadPaused) = $0 { true } else { false } } == false,
                "not opened again during this play")
        h.expectArmed([.stall, .transportHide])
    }

    @Test("a neighbour whose stream is a file (a film in a lineup) is stopped at its hook, unread, and not opened again; a zap to it loads it cold, from its start")
    func fileNotWarm() {
        let h = watchingChannel2()
        _ = h.advance(by: 3)
        let opened = h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        #expect(opened.contains(.slot(.warmA, .loadPaused(channels[2], token: 2))))
        let held = h.apply(.player(.preloaded(ratings: [], file: true), token: 2, at: h.clock.now))
        #expect(held == [.slot(.warmA, .stop)], "the live buffer would read the whole file, unseen")
        #expect(h.state.warm.players[.warmA] == nil && h.state.warm.refused == [2])
        #expect(h.apply(.command(.info, at: h.clock.now)).contains(.slot(.warmA, .loadPaused(channels[2], token: 4))) == false,
                "not opened again during this play")
        h.apply(.command(.menu, at: h.clock.now))
        let zap = h.apply(.command(.right, at: h.clock.now))
        #expect(!zap.contains { if case .exchangePlayers = $0 { true } else { false } }, "nothing to swap in: \(zap)")
        #expect(h.state.warm.players.values.allSatisfy { $0.index != 2 })
        h.expectArmed([.flipTimeout, .spinner, .stall])
    }

    @Test("a warm player whose buffer's file filled its room on disk is stopped, and not opened again during this play")
    func warmBufferFull() {
        let h = watchingChannel2()
        _ = h.advance(by: 3)
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        warmUp(h, .warmA, token: 2)
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 30), token: 2, at: h.clock.now)) == [.slot(.warmA, .stop)])
        #expect(h.state.warm.players[.warmA] == nil && h.state.warm.refused.contains(2))
        h.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("max_connections caps the warm players with the full-screen one; without live nothing is warm")
    func capped() {
        let h = watchingChannel2(cap: 2)
        _ = h.advance(by: 3)
        let opened = h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        #expect(opened == [.slot(.warmA, .mute(true)), .slot(.warmA, .loadPaused(channels[2], token: 2))], "one stream open beside the full screen")
        let home = h.apply(.command(.guide, at: h.clock.now))
        #expect(home.contains(.slot(.warmA, .stop)) && h.state.warm.players.isEmpty, "off the player screen nothing stays warm")
        #expect(h.state.picture.pip?.index == 1, "channel 2 goes on in the picture while the guide is up")
        h.expectArmed([.previewDelay])
    }

    @Test("a zap to a channel whose warm player is still loading takes that load over: no second load; its hook and its start go through the full-screen path, the request answered when it plays")
    func takeOverLoading() {
        let h = watchingChannel2()
        _ = h.advance(by: 3)
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        let taken = h.apply(.replaceContent(channels[2], request: 1, at: h.clock.now))
        #expect(!taken.contains { if case .load = $0 { true } else { false } }, "no load: \(taken)")
        #expect(taken.starts(with: [.cancelTimer(.errorAdvance), .exchangePlayers(.main, .warmA), .slot(.warmA, .pause(true)), .slot(.warmA, .mute(true)),
                                    .slot(.main, .mute(false)), .setPause(false)]), "\(taken)")
        #expect(!taken.contains { if case .seek = $0 { true } else { false } }, "no buffer yet to seek in")
        #expect(!taken.contains(.finishContentRequest(request: 1, success: true)), "not answered before it plays")
        #expect(!taken.contains { if case .emit(.playbackStarted) = $0 { true } else { false } })
        #expect(taken.contains(.startTimer(.stall, after: h.state.settings.stallTimeout)), "a load taken over may stall like any other")
        #expect(h.state.current == 2 && h.state.playback.token == 2 && h.state.playback.phase == .loading && !h.state.playback.paused
                && h.state.playback.contentRequest == 1)
        #expect(h.state.warm.players[.warmA]?.index == 1 && h.state.warm.players[.warmA]?.playback.paused == true, "channel 2 stays warm")
        #expect(h.apply(.player(.preloaded(ratings: []), token: 2, at: h.clock.now)) == [.continueLoad(token: 2)], "let go as the full-screen load")
        let played = h.apply(.player(.playing, token: 2, at: h.clock.now))
        #expect(played.starts(with: [.finishContentRequest(request: 1, success: true), .emit(.playbackStarted(title: "Channel 3", url: channels[2].url))]), "\(played)")
        #expect(h.state.playback.phase == .playing && h.state.playback.contentRequest == nil)
        #expect(h.state.warm.allowed == 2, "the next likely channels need no new delay")
        h.apply(.player(.firstFrame, token: 2, at: h.clock.now))
        h.apply(.flipCompleted(token: 1, success: true, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.warm.players[.warmB]?.index == 3, "channel 4, the new next, opens at once")
        h.expectArmed([.hintHide, .stall, .transportHide, .warmNeighbours])
    }

    @Test("where a warm load may not be taken over (the TV output), a zap to a channel whose warm player is still opening loads it cold in the main player: the warm one stops first; a warm player that plays is still swapped in")
    func noTakeOverLoading() {
        let h = watchingChannel2(takeOverLoading: false)
        _ = h.advance(by: 3)
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        let cold = h.apply(.playIndex(2, at: h.clock.now))
        #expect(!cold.contains { if case .exchangePlayers = $0 { true } else { false } }, "no swap: \(cold)")
        let stop = cold.firstIndex(of: .slot(.warmA, .stop))
        let load = cold.firstIndex { if case .load(let item, _) = $0 { item.url == channels[2].url } else { false } }
        #expect(stop != nil && load != nil && stop! < load!, "the warm player opening channel 3 stops, then channel 3 loads in the main player: \(cold)")
        #expect(h.state.current == 2 && h.state.playback.phase == .loading && h.state.warm.players[.warmA] == nil)
        h.expectArmed([.hintHide, .transportHide, .posterDelay, .stall])

        let g = watchingChannel2(takeOverLoading: false)
        _ = g.advance(by: 3)
        g.apply(.timerFired(.warmNeighbours, at: g.clock.now))
        warmUp(g, .warmA, token: 2)
        #expect(g.apply(.playIndex(2, at: g.clock.now)).contains(.exchangePlayers(.main, .warmA)), "ready: swapped in")
        g.expectArmed([.hintHide, .transportHide, .stall])
    }

    @Test("a warm load taken over outside a flip holds the picture of what played until its first frame (posterDelay at most), as a cold load does; not the title card")
    func takeOverHoldsPicture() {
        let h = watchingChannel2()
        _ = h.advance(by: 3)
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        let taken = h.apply(.replaceContent(channels[2], request: nil, at: h.clock.now))
        #expect(taken.contains(.exchangePlayers(.main, .warmA)) && taken.contains(.startTimer(.posterDelay, after: h.state.settings.posterDelay)), "\(taken)")
        #expect(h.state.screen == .player && h.state.playback.phase == .loading && h.state.playback.holdsPreviousPicture)
        h.apply(.player(.preloaded(ratings: []), token: 2, at: h.clock.now))
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.player(.firstFrame, token: 2, at: h.clock.now))
        #expect(!h.state.playback.holdsPreviousPicture && h.state.playback.firstFramePresented)
        h.expectArmed([.hintHide, .stall, .transportHide, .warmNeighbours])

        let g = watchingChannel2()
        _ = g.advance(by: 3)
        g.apply(.timerFired(.warmNeighbours, at: g.clock.now))
        g.apply(.replaceContent(channels[2], request: nil, at: g.clock.now))
        g.apply(.timerFired(.posterDelay, at: g.clock.now))
        #expect(!g.state.playback.holdsPreviousPicture, "no longer than the poster delay")
        g.expectArmed([.hintHide, .stall, .transportHide])
    }

    @Test("a warm load taken over while held at its hook meets the restrictions there: its file says TV-MA, so the passcode is asked and nothing is let go")
    func takeOverRestricted() {
        let policy = RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true)
        let h = watchingChannel2(policy: policy)
        _ = h.advance(by: 3)
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        let taken = h.apply(.replaceContent(channels[2], request: 1, at: h.clock.now))
        #expect(taken.contains(.exchangePlayers(.main, .warmA)), "\(taken)")
        let held = h.apply(.player(.preloaded(ratings: [tvMA]), token: 2, at: h.clock.now))
        #expect(!held.contains(.continueLoad(token: 2)), "never let go before the passcode: \(held)")
        #expect(h.state.prompt != nil && h.state.playback.restricted)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("a flip whose channel is not warm: the warm players it does not want stop before its cold load (they give way to it); the one it wants stays; nothing opens before the flip ends")
    func coldFlipGivesWay() {
        let h = warmOfFive()
        #expect(h.state.warm.players[.warmA]?.index == 2 && h.state.warm.players[.warmB]?.index == 0)

        h.apply(.command(.right, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        #expect(h.advance(by: 0.12).contains(.flipSettle))
        h.apply(.timerFired(.flipSettle, at: h.clock.now))
        #expect(h.state.live.flip?.target == 3 && h.state.warm.players.count == 2, "nothing stops while the keys gather")
        let cold = h.apply(.replaceContent(fiveChannels[3], request: 1, at: h.clock.now))
        let load = cold.firstIndex(of: .load(fiveChannels[3], token: 4)), stop = cold.firstIndex(of: .slot(.warmB, .stop))
        #expect(load != nil && stop != nil && stop! < load!, "channel 1 is no neighbour of channel 4: it stops before the load (its stream freed for it): \(cold)")
        #expect(cold.filter { if case .slot(_, .stop) = $0 { true } else { false } }.count == 1)
        #expect(h.state.warm.players.keys.sorted { $0.rawValue < $1.rawValue } == [.warmA] && h.state.warm.players[.warmA]?.reason == .previous,
                "channel 3, channel 4's previous, stays warm")
        let playing = h.apply(.player(.playing, token: 4, at: h.clock.now))
        #expect(!playing.contains { if case .slot(_, .loadPaused) = $0 { true } else { false } }, "nothing opens during the flip")
        h.apply(.flipCompleted(token: 2, success: true, at: h.clock.now))
        h.expectArmed([.hintHide, .stall, .transportHide, .warmNeighbours])
    }

    @Test("a play of a channel not warm (the socket's channel, a number, the last-channel key): the warm player it does not want stops before its load, the one it still wants (its next) stays")
    func coldPlayGivesWay() {
        let h = warmOfFive()
        let cold = h.apply(.playIndex(4, at: h.clock.now))
        let load = cold.firstIndex(of: .load(fiveChannels[4], token: 4)), stop = cold.firstIndex(of: .slot(.warmA, .stop))
        #expect(load != nil && stop != nil && stop! < load!, "channel 3 stops before channel 5 loads: \(cold)")
        #expect(h.state.warm.players.count == 1 && h.state.warm.players[.warmB]?.index == 0 && h.state.warm.players[.warmB]?.reason == .next,
                "channel 1, channel 5's next, stays warm")
        h.expectArmed([.hintHide, .stall, .transportHide, .posterDelay])
    }
}
