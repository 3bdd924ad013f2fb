import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

private let channels = (1...5).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n) }

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)

/// The five channels, `items[index]` rated TV-MA.
private func channels(ratedTVMA index: Int) -> [MediaItem] {
    var items = channels
    items[index].rating = "TV-MA"
    items[index].contentRating = tvMA
    return items
}

/// No warm neighbours: the views' loads are the only ones.
private let noWarm: ShellSettings = {
    var settings = ShellSettings()
    settings.warmNeighbours = 0
    return settings
}()

/// Channel 1 playing full screen.
private func watching(settings: ShellSettings = ShellSettings()) -> ReducerHarness {
    var settings = settings
    settings.warmNeighbours = 0
    let h = ReducerHarness(ShellState(items: channels, settings: settings))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
    return h
}

/// The wall clock at the start of `dayThenNight`.
private let dayWall = 1_800_000_000.0

/// Restrictions on (TV up to TV-PG), the five channels in a guide: Day n
/// until 1800 s after `dayWall` (channel `channel`'s until `after` s), then
/// Night n (channel `channel`'s rated TV-MA); channel 1 playing full screen.
private func dayThenNight(channel: Int, after: Double) -> ReducerHarness {
    var items = channels
    for i in items.indices { items[i].guideID = "g\(i + 1)" }
    func day(_ n: Int) -> [Programme] {
        let change = n == channel ? dayWall + after : dayWall + 1800
        let night: [GuideRating] = n == channel ? [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)] : []
        return [Programme(channel: "g\(n)", start: dayWall - 600, stop: change, title: "Day \(n)"),
                Programme(channel: "g\(n)", start: change, stop: dayWall + 3600, title: "Night \(n)", ratings: night)]
    }
    let guide = ProgrammeGuide(channels: [], programmes: (1...5).flatMap(day))
    let on = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
    let h = ReducerHarness(ShellState(items: items, settings: noWarm, guide: guide, restrictions: RestrictionsState(policy: on)))
    h.apply(.wallClock(dayWall, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    return h
}

@Suite("Multiview")
struct MultiviewTests {
    @Test("M: the channel playing moves to the first view (no second load), the next three open muted in theirs, the sound stays with the focus")
    func starts() {
        let h = watching()
        let playing = h.state.playback
        let effects = h.apply(.command(.multiview, at: h.clock.now))
        let multiview = try! #require(h.state.multiview)
        #expect(multiview.views.map(\.index) == [0, 1, 2, 3] && multiview.focus == 0 && multiview.layout == .grid)
        #expect(multiview.views[0].playback == playing, "the playing channel's own playback, moved")
        #expect(h.state.current == nil && h.state.playback.phase == .idle && h.state.screen == .player)
        #expect(effects.contains(.exchangePlayers(.main, .view0)))
        for view in 1...3 {
            let token = multiview.views[view].playback.token
            #expect(effects.contains(.slot(PlayerSlot.views[view], .load(channels[view], token: token))))
            #expect(effects.contains(.slot(PlayerSlot.views[view], .mute(true))))
        }
        #expect(effects.contains(.slot(.view0, .mute(false))))
        #expect(effects.contains(.emit(.multiviewStarted(channels: [1, 2, 3, 4]))))
        #expect(Set(multiview.views.map(\.playback.token)).count == 4, "a token each")
        #expect(h.state.slot(forToken: multiview.views[2].playback.token) == .view2)
        h.expectArmed(h.armedTimers)
    }

    @Test("a view whose buffer's file filled its room on disk opens its channel again in its view once it holds 10 s; max_connections counts it once; the sound stays with the focus")
    func viewBufferFull() {
        var settings = ShellSettings()
        settings.maxConnections = 4
        let h = watching(settings: settings)
        h.apply(.command(.multiview, at: h.clock.now))
        let token = h.state.multiview!.views[2].playback.token
        h.apply(.player(.playing, token: token, at: h.clock.now))
        #expect(h.apply(.player(.bufferFull(bytes: 3 << 30), token: token, at: h.clock.now)) == [], "nothing held yet")
        h.apply(.player(.liveBuffer(start: 0, end: 12), token: token, at: h.clock.now))
        let effects = h.apply(.player(.bufferFull(bytes: 3 << 30), token: token, at: h.clock.now))
        let view = h.state.multiview!.views[2]
        #expect(view.playback.token != token && effects.contains(.slot(.view2, .load(channels[2], token: view.playback.token))), "\(effects)")
        #expect(view.blocked == nil && view.playback.phase == .loading, "four streams, as before")
        #expect(effects.contains(.slot(.view2, .mute(true))) && effects.contains(.slot(.view0, .mute(false))))
        h.expectArmed(h.armedTimers)
    }

    @Test("a view whose channel played and then failed says so in plain words instead of its last frame; the player's text stays off the screen")
    func viewFailed() {
        let h = watching()
        h.apply(.command(.multiview, at: h.clock.now))
        let token = h.state.multiview!.views[1].playback.token
        h.apply(.player(.playing, token: token, at: h.clock.now))
        h.apply(.frame(.rendered, token: token, at: h.clock.now))
        func screen() -> Screen { ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)) }
        #expect(screen().windows.contains { $0.inset == .view1 })
        h.apply(.player(.failed(reason: "loading failed: tcp: Connection refused"), token: token, at: h.clock.now))
        #expect(!screen().windows.contains { $0.inset == .view1 })
        let text = screen().text()
        #expect(text.contains("Unavailable now") && !text.contains("tcp") && !text.contains("Could not play"), "\(text)")
    }

    @Test("arrows move the focus in the layout and the sound with it; m changes the layout")
    func focus() {
        let h = watching()
        h.apply(.command(.multiview, at: h.clock.now))
        let right = h.apply(.command(.right, at: h.clock.now))
        #expect(h.state.multiview?.focus == 1)
        #expect(right.contains(.slot(.view0, .mute(true))) && right.contains(.slot(.view1, .mute(false))))
        h.apply(.command(.down, at: h.clock.now))
        #expect(h.state.multiview?.focus == 3)
        #expect(h.apply(.command(.right, at: h.clock.now)).isEmpty, "no view further right")
        h.apply(.command(.movePicture, at: h.clock.now))
        #expect(h.state.multiview?.layout == .onePlusThree)
        h.apply(.command(.left, at: h.clock.now))
        #expect(h.state.multiview?.focus == 0, "left of the small ones is the big one")
        h.expectArmed(h.armedTimers)
    }

    @Test("ENTER: the focused view's player takes the main slot and plays on full screen; the others stop")
    func promotes() {
        let h = watching()
        h.apply(.command(.multiview, at: h.clock.now))
        let view1 = h.state.multiview!.views[1]
        h.apply(.player(.playing, token: view1.playback.token, at: h.clock.now))
        h.apply(.frame(.rendered, token: view1.playback.token, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        let effects = h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.multiview == nil && h.state.current == 1 && h.state.playback.token == view1.playback.token)
        #expect(h.state.playback.framesRendered == 1 && h.state.playback.phase == .playing)
        #expect(effects.contains(.exchangePlayers(.main, .view1)) && effects.contains(.slot(.main, .mute(false))))
        #expect(effects.contains(.slot(.view0, .stop)) && effects.contains(.slot(.view2, .stop)) && effects.contains(.slot(.view3, .stop)))
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "nothing loads again")
        #expect(effects.contains(.emit(.multiviewStopped(channel: 2))))
        h.expectArmed(h.armedTimers)
    }

    @Test("where a load still opening is not taken over (the TV output), ENTER on a view still opening loads its channel in the main player: its own player stops first; a view that plays is taken over")
    func promotesOpeningCold() {
        var settings = ShellSettings()
        settings.takeOverLoading = false
        let h = watching(settings: settings)
        h.apply(.command(.multiview, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        let effects = h.apply(.command(.select, at: h.clock.now))
        #expect(!effects.contains { if case .exchangePlayers = $0 { true } else { false } }, "no swap: \(effects)")
        let stop = effects.firstIndex(of: .slot(.view1, .stop))
        let load = effects.firstIndex { if case .load(let item, _) = $0 { item.url == channels[1].url } else { false } }
        #expect(stop != nil && load != nil && stop! < load!, "view 2's player stops, then channel 2 loads full screen: \(effects)")
        #expect(h.state.multiview == nil && h.state.current == 1 && h.state.playback.phase == .loading)

        let g = watching(settings: settings)
        g.apply(.command(.multiview, at: g.clock.now))
        let view1 = g.state.multiview!.views[1]
        g.apply(.player(.playing, token: view1.playback.token, at: g.clock.now))
        g.apply(.command(.right, at: g.clock.now))
        #expect(g.apply(.command(.select, at: g.clock.now)).contains(.exchangePlayers(.main, .view1)), "playing: taken over")
        h.expectArmed(h.armedTimers)
        g.expectArmed(g.armedTimers)
    }

    @Test("past max_connections a view stays empty and says why; a channel typed ends multiview")
    func cap() {
        var settings = ShellSettings()
        settings.maxConnections = 2
        let h = watching(settings: settings)
        let effects = h.apply(.command(.multiview, at: h.clock.now))
        let views = h.state.multiview!.views
        #expect(views[1].blocked == nil && views[2].blocked?.contains("max_connections") == true && views[3].blocked != nil)
        #expect(!effects.contains(.slot(.view2, .load(channels[2], token: views[2].playback.token))))
        let played = h.apply(.playIndex(4, at: h.clock.now))
        #expect(h.state.multiview == nil && played.contains(.slot(.view0, .stop)) && played.contains(.slot(.view1, .stop)))
        #expect(played.contains(.emit(.multiviewStopped(channel: nil))))
        h.expectArmed(h.armedTimers)
    }

    @Test("the picker row: DOWN below the bottom views, LEFT / RIGHT along the channels, ENTER puts the highlighted one in the focused view; x does it from the views")
    func picker() {
        let h = watching()
        h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview?.choice == 4, "the first channel not on screen")
        h.apply(.command(.down, at: h.clock.now))
        #expect(h.state.multiview?.focus == 2 && h.state.multiview?.choosing == false)
        h.apply(.command(.down, at: h.clock.now))
        #expect(h.state.multiview?.choosing == true)
        h.apply(.command(.right, at: h.clock.now))
        #expect(h.state.multiview?.onLayout == true && h.state.multiview?.choice == 4, "past the last channel: the layout button")
        h.apply(.command(.right, at: h.clock.now))
        #expect(h.state.multiview?.onLayout == false && h.state.multiview?.choice == 0, "around the ring")
        h.apply(.command(.left, at: h.clock.now))
        #expect(h.state.multiview?.onLayout == true)
        h.apply(.command(.left, at: h.clock.now))
        #expect(h.state.multiview?.onLayout == false && h.state.multiview?.choice == 4)
        let old = h.state.multiview!.views[2]
        let effects = h.apply(.command(.select, at: h.clock.now))
        let views = h.state.multiview!.views
        #expect(views.map(\.index) == [0, 1, 4, 3] && h.state.multiview?.choosing == false)
        #expect(effects.contains(.slot(.view2, .stop)) && effects.contains(.slot(.view2, .load(channels[4], token: views[2].playback.token))))
        #expect(views[2].playback.token > old.playback.token && h.state.retiredToken >= old.playback.token)
        h.apply(.command(.up, at: h.clock.now))
        h.apply(.command(.swapPicture, at: h.clock.now))
        #expect(h.state.multiview?.focus == 2, "x on a channel already shown moves the focus to it")
        h.expectArmed(h.armedTimers)
    }

    @Test("the picker row's layout button, before the channels: ENTER switches the layout and the row stays; UP leaves it, and DOWN again comes back to the channels")
    func layoutButton() {
        let h = watching()
        h.apply(.command(.multiview, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        h.send(.command(.left, at: h.clock.now)) { $0.multiview?.choice = 3 }
        h.send(.command(.left, at: h.clock.now)) { $0.multiview?.choice = 2 }
        for _ in 0..<2 { h.apply(.command(.left, at: h.clock.now)) }
        #expect(h.state.multiview?.choice == 0)
        h.send(.command(.left, at: h.clock.now)) { $0.multiview?.onLayout = true }
        h.send(.command(.select, at: h.clock.now)) { $0.multiview?.layout = .onePlusThree }
        h.send(.command(.select, at: h.clock.now)) { $0.multiview?.layout = .grid }
        h.send(.command(.swapPicture, at: h.clock.now)) { _ in }
        h.send(.command(.select, at: h.clock.now)) { $0.multiview?.layout = .onePlusThree }
        h.send(.command(.up, at: h.clock.now)) {
            $0.multiview?.choosing = false
            $0.multiview?.onLayout = false
        }
        #expect(h.state.multiview?.views.map(\.index) == [0, 1, 2, 3], "no view changed")
        let sound: [Effect] = [.slot(.view0, .mute(true)), .slot(.view1, .mute(true)), .slot(.view2, .mute(true)), .slot(.view3, .mute(false))]
        h.send(.command(.down, at: h.clock.now), effects: sound) { $0.multiview?.focus = 3 }
        h.send(.command(.down, at: h.clock.now)) { $0.multiview?.choosing = true }
        #expect(h.state.multiview?.choice == 0, "the channel it was on")
        h.expectArmed(h.armedTimers)
    }

    @Test("restrictions turned on while multiview is up stop a view whose channel they now forbid, at once, and say so; the others play on")
    func restrictionsApplyAtOnce() {
        let items = channels(ratedTVMA: 2)
        let h = ReducerHarness(ShellState(items: items, settings: noWarm))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview?.views[2].restricted == nil, "restrictions off: it opens")
        let on = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
        let effects = h.apply(.restrictionsChanged(RestrictionsChange(policy: on, passcodeChanged: false), wallClock: 1_800_000_000, at: h.clock.now))
        #expect(effects.contains(.slot(.view2, .stop)))
        #expect(h.state.multiview?.views[2].restricted == "TV-MA" && h.state.multiview?.views[2].playback.phase == .idle)
        #expect(!effects.contains(.slot(.view1, .stop)) && h.state.multiview?.views[1].restricted == nil)
        let told = effects.contains { effect in
            if case .emit(.restrictionsChanged(_, _, let stopped)) = effect { return stopped.contains { $0.place == .multiview && $0.id == "c3" } }
            return false
        }
        #expect(told, "the event says what it stopped: \(effects)")
        h.expectArmed(h.armedTimers)
    }

    @Test("with restrictions on, a view's next programme over them stops it as it begins (a timer for the first end among the views), not at the next tick")
    func viewStopsAtItsProgrammesStart() {
        let h = dayThenNight(channel: 3, after: 300)
        let started = h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview?.views[2].opened == true, "Day 3 is allowed")
        #expect(started.contains(.startTimer(.programmeBoundary, after: 300)), "\(started)")
        let fired = h.advance(by: 300.5)
        #expect(fired.contains(.programmeBoundary))
        #expect(h.apply(.timerFired(.programmeBoundary, at: h.clock.now)) == [.requestWallClock])
        let checked = h.apply(.wallClock(dayWall + 300.5, at: h.clock.now))
        #expect(checked.contains(.slot(.view2, .stop)) && h.state.multiview?.views[2].restricted == "TV-MA", "Night 3 is TV-MA: \(checked)")
        #expect(checked.contains(.startTimer(.programmeBoundary, after: 1499.5)), "the next end among the views: \(checked)")
        h.expectArmed(h.armedTimers)
    }

    @Test("a channel put in a view later whose programme ends first moves the timer to that end: its next programme over the limits stops it as it begins")
    func viewChangedLaterIsCovered() {
        let h = dayThenNight(channel: 5, after: 100)
        let started = h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview?.views.map(\.index) == [0, 1, 2, 3])
        #expect(started.contains(.startTimer(.programmeBoundary, after: 1800)), "\(started)")
        _ = h.advance(by: 20)
        h.apply(.wallClock(dayWall + 20, at: h.clock.now))
        let changed = h.apply(.command(.channelUp, at: h.clock.now))
        #expect(h.state.multiview?.views[0].index == 4 && h.state.multiview?.views[0].opened == true, "Day 5 is allowed")
        #expect(changed.contains(.startTimer(.programmeBoundary, after: 80)), "channel 5's programme ends first: \(changed)")
        let fired = h.advance(by: 80.5)
        #expect(fired.contains(.programmeBoundary))
        #expect(h.apply(.timerFired(.programmeBoundary, at: h.clock.now)) == [.requestWallClock])
        let checked = h.apply(.wallClock(dayWall + 100.5, at: h.clock.now))
        #expect(checked.contains(.slot(.view0, .stop)) && h.state.multiview?.views[0].restricted == "TV-MA", "Night 5 is TV-MA: \(checked)")
        h.expectArmed(h.armedTimers)
    }

    @Test("ENTER on a restricted view asks for the passcode there: nothing of it opens before; the right code opens it in its view and multiview comes back; it stays open when the restrictions are looked at again, and full screen keeps the code; ESC closes the prompt back to multiview")
    func unlockInAView() {
        let items = channels(ratedTVMA: 1)
        let policy = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
        var state = ShellState(items: items, settings: noWarm)
        state.restrictions = RestrictionsState(policy: policy)
        let h = ReducerHarness(state)
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        let view = try! #require(h.state.multiview?.views[1])
        #expect(view.restricted == "TV-MA" && h.state.multiview?.focus == 1)

        // ESC on the prompt: back to multiview, the view still empty.
        let asked = h.apply(.command(.select, at: h.clock.now))
        let prompt = try! #require(h.state.prompt)
        #expect(prompt.purpose == .view(1, token: view.playback.token) && prompt.item.id == "c2" && prompt.rating == tvMA)
        #expect(!asked.contains { if case .slot(_, .load) = $0 { true } else { false } }, "nothing opened before the code: \(asked)")
        #expect(asked.contains(.emit(.restrictionsAuthorizationRequested(item: items[1], rating: "TV-MA"))))
        #expect(h.state.multiview != nil, "multiview stays under the prompt")
        let cancelled = h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.prompt == nil && h.state.screen == .player && h.state.multiview?.views[1].restricted == "TV-MA")
        #expect(cancelled.contains(.emit(.restrictionsAuthorization(item: items[1], rating: "TV-MA", granted: false, reason: "cancelled"))))
        #expect(!cancelled.contains { if case .slot(_, .load) = $0 { true } else { false } })

        // The right code: it opens in its view.
        h.apply(.command(.select, at: h.clock.now))
        for digit in [2, 4, 6, 8] { h.apply(.command(.digit(digit), at: h.clock.now)) }
        let attempt = try! #require(h.state.prompt?.checking)
        let granted = h.apply(.passcodeChecked(attempt: attempt, correct: true, wallClock: 1_800_000_000, at: h.clock.now))
        let opened = try! #require(h.state.multiview?.views[1])
        #expect(h.state.prompt == nil && h.state.screen == .player && h.state.multiview?.focus == 1)
        #expect(opened.restricted == nil && opened.grant?.itemID == "c2" && opened.playback.phase == .loading)
        #expect(granted.contains(.slot(.view1, .load(items[1], token: opened.playback.token))))
        #expect(granted.contains(.slot(.view1, .mute(false))), "the sound with the focus")
        #expect(granted.contains(.emit(.restrictionsAuthorization(item: items[1], rating: "TV-MA", granted: true, reason: nil))))

        // Looked at again (the limits changed, still over them): it plays on.
        let stricter = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)), hasPasscode: true)
        let changed = h.apply(.restrictionsChanged(RestrictionsChange(policy: stricter, passcodeChanged: false), wallClock: 1_800_000_001, at: h.clock.now))
        #expect(!changed.contains(.slot(.view1, .stop)) && h.state.multiview?.views[1].restricted == nil)

        // Full screen: the code given in the view covers it there.
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.multiview == nil && h.state.current == 1 && h.state.restrictions.grant?.itemID == "c2")
        #expect(h.state.restrictions.grant?.token == opened.playback.token)
        h.expectArmed(h.armedTimers)
    }

    @Test("a view's label names its restricted programme only once the passcode was given in that view: before, \"Restricted (TV-MA)\"; after, the title; another restricted view stays masked")
    func unlockedViewLabel() {
        var items = channels(ratedTVMA: 1)
        items[2].rating = "TV-MA"
        items[2].contentRating = tvMA
        for i in items.indices { items[i].guideID = "g\(i + 1)" }
        let guide = ProgrammeGuide(channels: [], programmes: [
            Programme(channel: "g2", start: dayWall - 600, stop: dayWall + 3600, title: "Midnight Show"),
            Programme(channel: "g3", start: dayWall - 600, stop: dayWall + 3600, title: "After Hours"),
        ])
        let on = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
        let h = ReducerHarness(ShellState(items: items, settings: noWarm, guide: guide, restrictions: RestrictionsState(policy: on)))
        h.apply(.wallClock(dayWall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        func screen() -> String {
            ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        }
        let before = screen()
        #expect(before.contains("2  Channel 2 · Restricted (TV-MA)") && before.contains("3  Channel 3 · Restricted (TV-MA)"))
        #expect(!before.contains("Midnight Show") && !before.contains("After Hours"))

        h.apply(.command(.select, at: h.clock.now))
        for digit in [2, 4, 6, 8] { h.apply(.command(.digit(digit), at: h.clock.now)) }
        let attempt = try! #require(h.state.prompt?.checking)
        h.apply(.passcodeChecked(attempt: attempt, correct: true, wallClock: dayWall + 1, at: h.clock.now))
        #expect(h.state.multiview?.views[1].grant != nil && h.state.restrictions.grant == nil)
        let after = screen()
        #expect(after.contains("2  Channel 2 · Midnight Show"), "the view the code was given in: \(after)")
        #expect(after.contains("3  Channel 3 · Restricted (TV-MA)") && !after.contains("After Hours"), "another view: still masked")
        h.expectArmed([.programmeBoundary])
    }

    @Test("a view unlocked while a held film's end is still on its picture, a second held film airing: the code names the one airing and covers that end; the view is not stopped when the end has passed, and full screen keeps the code")
    func unlockInTheTail() {
        var items = channels
        for i in items.indices { items[i].guideID = "g\(i + 1)" }
        let maRating = [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]
        let guide = ProgrammeGuide(channels: [], programmes: [
            Programme(channel: "g2", start: dayWall - 1800, stop: dayWall + 20, title: "Late Film", ratings: maRating),
            Programme(channel: "g2", start: dayWall + 20, stop: dayWall + 3600, title: "Later Film", ratings: maRating),
        ])
        let on = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
        let h = ReducerHarness(ShellState(items: items, settings: noWarm, guide: guide, restrictions: RestrictionsState(policy: on)))
        h.apply(.wallClock(dayWall + 25, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        #expect(h.state.multiview?.views[1].restricted == "TV-MA")
        h.apply(.command(.select, at: h.clock.now))
        for digit in [2, 4, 6, 8] { h.apply(.command(.digit(digit), at: h.clock.now)) }
        let attempt = try! #require(h.state.prompt?.checking)
        h.apply(.passcodeChecked(attempt: attempt, correct: true, wallClock: dayWall + 26, at: h.clock.now))
        let opened = try! #require(h.state.multiview?.views[1])
        #expect(opened.restricted == nil && opened.playback.phase == .loading)
        #expect(opened.grant?.programmeStart == dayWall + 20, "the film airing, not the one whose end is on the picture")

        let passed = h.apply(.wallClock(dayWall + 51, at: h.clock.now))
        #expect(!passed.contains(.slot(.view1, .stop)) && h.state.multiview?.views[1].restricted == nil, "not stopped when the first film's end has passed: \(passed)")
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.multiview == nil && h.state.current == 1 && h.state.prompt == nil && h.state.screen == .player)
        #expect(h.state.restrictions.grant?.programmeStart == dayWall + 20)
        h.expectArmed(h.armedTimers)
    }

    @Test("M with neighbours warm: a chosen channel that is warm keeps its player (moved to its view, unpaused, at its buffer's live edge; no second load); the others open; a warm channel not chosen stops")
    func warmHandedOn() {
        var settings = ShellSettings()
        settings.warmNeighbours = 2
        let h = ReducerHarness(ShellState(items: channels, settings: settings))
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
        _ = h.advance(by: 3)
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        let next = try! #require(h.state.warm.players.first { $0.value.index == 2 })
        let previous = try! #require(h.state.warm.players.first { $0.value.index == 0 })
        for (slot, warm) in [next, previous] {
            h.apply(.player(.preloaded(ratings: []), token: warm.playback.token, at: h.clock.now))
            h.apply(.player(.playing, token: warm.playback.token, at: h.clock.now))
            _ = slot
        }
        h.apply(.player(.liveBuffer(start: 0, end: 30), token: next.value.playback.token, at: h.clock.now))
        h.apply(.player(.position(4), token: next.value.playback.token, at: h.clock.now))

        let effects = h.apply(.command(.multiview, at: h.clock.now))
        let views = try! #require(h.state.multiview?.views)
        #expect(views.map(\.index) == [1, 2, 3, 4])
        #expect(views[1].playback.token == next.value.playback.token && !views[1].playback.paused, "the warm player's own playback")
        #expect(effects.contains(.exchangePlayers(next.key, .view1)))
        #expect(effects.contains(.slot(.view1, .pause(false))) && effects.contains(.slot(.view1, .seekBy(25))), "to its live edge: \(effects)")
        #expect(!effects.contains { if case .slot(.view1, .load) = $0 { true } else { false } }, "no second load")
        #expect(effects.contains(.slot(.view2, .load(channels[3], token: views[2].playback.token))))
        #expect(effects.contains(.slot(previous.key, .stop)), "the warm channel not chosen stops")
        #expect(h.state.warm.players.isEmpty)
        #expect(h.state.slot(forToken: next.value.playback.token) == .view1)
        h.expectArmed(h.armedTimers)
    }

    @Test("ENTER with warming on: the views likely next (the neighbours, a favourite) become warm players, paused, with no second load, and a zap to one swaps at once; the rest stop; the others may open at once")
    func promotedLeavesWarm() {
        var settings = ShellSettings()
        settings.warmNeighbours = 2
        settings.warmBudget = WarmBudget(players: 2)
        let h = ReducerHarness(ShellState(items: channels, settings: settings))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        let views = try! #require(h.state.multiview?.views)
        for view in views.dropFirst() { h.apply(.player(.playing, token: view.playback.token, at: h.clock.now)) }
        h.apply(.command(.right, at: h.clock.now))
        let effects = h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.multiview == nil && h.state.current == 1 && h.state.playback.token == views[1].playback.token)
        let warm = h.state.warm.players
        #expect(Set(warm.values.map(\.index)) == [0, 2], "channel 3 (next) and channel 1 (previous) warm: \(warm)")
        for (slot, player) in warm {
            let view = views.firstIndex { $0.index == player.index }!
            #expect(player.playback.token == views[view].playback.token && player.playback.paused)
            #expect(effects.contains(.exchangePlayers(PlayerSlot.views[view], slot)) && effects.contains(.slot(slot, .pause(true))))
            #expect(h.state.slot(forToken: player.playback.token) == slot)
        }
        #expect(warm.values.first { $0.index == 2 }?.reason == .next && warm.values.first { $0.index == 0 }?.reason == .previous)
        #expect(effects.contains(.slot(.view3, .stop)), "channel 4 is not likely next")
        #expect(!effects.contains(.slot(.view0, .stop)) && !effects.contains(.slot(.view2, .stop)))
        #expect(!effects.contains { if case .slot(_, .load) = $0 { true } else { if case .slot(_, .loadPaused) = $0 { true } else { false } } }, "nothing loads again")
        #expect(h.state.warm.allowed == h.state.playback.token, "it has played in its view: no warm delay")

        h.apply(.command(.right, at: h.clock.now))
        let up = h.apply(.replaceContent(channels[2], request: 1, at: h.clock.now))
        let next = try! #require(warm.first { $0.value.index == 2 })
        #expect(up.contains(.exchangePlayers(.main, next.key)) && h.state.current == 2, "a zap to a view left warm swaps players")
        h.expectArmed(h.armedTimers)
    }

    @Test("M on the home screen or the guide's list with a live channel selected: it and the three after it open in the views, the sound with the first; a restricted one selected opens nothing before its passcode; on a film it says why")
    func fromTheList() {
        for screen in [Destination.home, .guide] {
            var state = ShellState(items: channels, settings: noWarm)
            state.navigation.destination = screen
            state.navigation.homeSelection = 2
            let h = ReducerHarness(state)
            let effects = h.apply(.command(.multiview, at: h.clock.now))
            let multiview = try! #require(h.state.multiview, "\(screen)")
            #expect(multiview.views.map(\.index) == [2, 3, 4, 0] && multiview.focus == 0 && h.state.screen == .player)
            for view in 0...3 {
                let token = multiview.views[view].playback.token
                #expect(effects.contains(.slot(PlayerSlot.views[view], .load(channels[multiview.views[view].index], token: token))))
                #expect(effects.contains(.slot(PlayerSlot.views[view], .mute(view != 0))))
            }
            #expect(!effects.contains(.exchangePlayers(.main, .view0)), "nothing played: no player moves")
            #expect(effects.contains(.emit(.multiviewStarted(channels: [3, 4, 5, 1]))))
            h.expectArmed(h.armedTimers)
        }
        let h = ReducerHarness(ShellState(items: [film] + channels))
        h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview == nil && h.state.chrome.notice?.hasPrefix("Multiview:") == true)
        h.expectArmed(h.armedTimers)

        // A restricted channel selected: its view opens nothing before its passcode.
        var restricted = ShellState(items: channels(ratedTVMA: 2), settings: noWarm)
        restricted.restrictions = RestrictionsState(policy: RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true))
        restricted.navigation.homeSelection = 2
        let locked = ReducerHarness(restricted)
        let opened = locked.apply(.command(.multiview, at: locked.clock.now))
        #expect(locked.state.multiview?.views.first?.index == 2 && locked.state.multiview?.views.first?.restricted == "TV-MA")
        #expect(!opened.contains { if case .slot(.view0, .load) = $0 { true } else { false } }, "\(opened)")
        #expect(!opened.contains { if case .load = $0 { true } else { false } }, "\(opened)")
        locked.expectArmed(locked.armedTimers)
    }

    @Test("not on a film: it says why")
    func onlyLive() {
        let h = ReducerHarness(ShellState(items: [film]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.multiview, at: h.clock.now))
        #expect(h.state.multiview == nil && h.state.chrome.notice?.hasPrefix("Multiview:") == true)
        h.expectArmed(h.armedTimers)
    }
}
