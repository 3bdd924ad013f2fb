import MediaModel
import ShellCore
import ShellTesting
import Testing

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvG = ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let mixed = MediaItem(id: "mixed", title: "Mixed", url: "http://tv.example/mixed.m3u8", isLive: true, number: 1, guideID: "mixed")
private let wall = 1_800_000_000.0

/// Mixed airs Early Film (TV-MA) until `wall - 600`, Cartoons (TV-G) until
/// `wall + 600`, then Late Film (TV-MA).
private let guide = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
    Programme(channel: "mixed", start: wall - 1800, stop: wall - 600, title: "Early Film", ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
    Programme(channel: "mixed", start: wall - 600, stop: wall + 600, title: "Cartoons", ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
    Programme(channel: "mixed", start: wall + 600, stop: wall + 2400, title: "Late Film", ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
])

/// Mixed playing at `wall` (Cartoons) with 20 minutes of back buffer:
/// positions 0…1200, the edge (1200) being `wall`, so Early Film's last ten
/// minutes are at 0…600. Restrictions `mode` (TV up to TV-PG).
private func watching(_ mode: RestrictionPolicy.Mode = .passcode) -> ReducerHarness {
    let policy = RestrictionPolicy(mode: mode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
    var settings = ShellSettings()
    settings.scrubThumbnails = false
    let h = ReducerHarness(ShellState(items: [mixed], settings: settings, guide: guide, restrictions: RestrictionsState(policy: policy)))
    h.apply(.wallClock(wall, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.position(1200), token: 1, at: h.clock.now))
    h.apply(.player(.liveBuffer(start: 0, end: 1201.5), token: 1, at: h.clock.now))
    return h
}

/// Paused at `wall`, then `seconds` pass: the buffer grows, the picture stays.
private func pausedFor(_ seconds: Double, _ h: ReducerHarness) {
    h.apply(.command(.playPause, at: h.clock.now))
    _ = h.advance(by: seconds)
    h.apply(.player(.liveBuffer(start: 0, end: 1201.5 + seconds), token: 1, at: h.clock.now))
    h.apply(.wallClock(wall + seconds, at: h.clock.now))
}

@Suite("Parental restrictions in the timeshift buffer")
struct TimeshiftRestrictionTests {
    @Test("a programme over the limits in the back buffer (restrictions turned on since it aired) cannot be scrubbed into: the head stops where it ended (and 30 s for the stream's latency); with restrictions off the whole buffer can")
    func rewindStopsAtRestricted() {
        let h = watching()
        #expect(h.state.seekRange == 630...1200, "Early Film ends at 600, and 30 s more for the stream's latency")
        h.apply(.command(.playPause, at: h.clock.now))
        for _ in 0..<200 { h.apply(.command(.left, at: h.clock.now)) }
        #expect(h.state.scrub?.target == 630)
        let committed = h.apply(.command(.select, at: h.clock.now))
        #expect(committed.contains(.seek(to: 630, exact: true)))

        h.expectArmed(h.armedTimers)
        let off = watching(.off)
        #expect(off.state.seekRange == 0...1200)
        off.expectArmed(off.armedTimers)
    }

    @Test("paused behind live while a programme over the limits begins: no prompt while the picture is of the one before; played on, the prompt comes when the picture reaches it (its end timed on screen, not on the clock)")
    func behindLiveTheProgrammeOnScreenCounts() {
        let h = watching()
        pausedFor(700, h)
        #expect(h.state.screen == .player && h.state.prompt == nil, "Late Film airs, but the picture is of Cartoons")
        #expect(h.state.seekRange == 630...1800, "the scrub head stops before Late Film (1800) too")
        #expect(h.state.shownNowNext(mixed).now?.title == "Cartoons" && NowPlayingInfo.of(h.state).artist == "Cartoons",
                "the bar, the info panel and Now Playing name the programme on screen")
        #expect(h.state.shownNowNext(mixed).next?.title == "Restricted (TV-MA)")
        #expect(h.state.withheldTexts().contains { $0.text == "Late Film" }, "what airs now is still kept off the fleet's topics")
        h.apply(.command(.playPause, at: h.clock.now))
        #expect(h.armedTimers.contains(.programmeBoundary))
        let fired = h.advance(by: 600.5)
        #expect(fired.contains(.programmeBoundary), "Cartoons ends on screen 600 s after the picture's time")
        h.apply(.player(.position(1800.5), token: 1, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 2502), token: 1, at: h.clock.now))
        h.apply(.timerFired(.programmeBoundary, at: h.clock.now))
        let effects = h.apply(.wallClock(wall + 1300.5, at: h.clock.now))
        #expect(h.state.screen == .passcode, "Late Film on screen asks for the passcode")
        #expect(effects.contains(.stop) && effects.contains(.emit(.restrictionsAuthorizationRequested(item: mixed, rating: "TV-MA"))))
        h.expectArmed(h.armedTimers)
    }

    @Test("LIVE behind live while what airs is over the limits: the channel opens again through the gate (the prompt), never a seek into it")
    func liveKeyGoesThroughTheGate() {
        let h = watching()
        pausedFor(700, h)
        let effects = h.apply(.command(.live, at: h.clock.now))
        #expect(!effects.contains { if case .seek = $0 { true } else { false } }, "\(effects)")
        #expect(h.state.screen == .passcode)
        #expect(effects.contains(.stop))
        h.expectArmed(h.armedTimers)
    }

    @Test("a guide that comes (or is refreshed) after the channel opened, rating the programme on now over the limits, is checked at once: the wall clock is asked for, and the prompt comes; an unchanged guide asks nothing more")
    func guideComingLaterIsChecked() {
        let policy = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
        let h = ReducerHarness(ShellState(items: [mixed], restrictions: RestrictionsState(policy: policy)))
        h.apply(.wallClock(wall + 700, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.state.screen == .player, "no guide yet: the channel (unrated) plays")
        #expect(h.apply(.guideLoaded(guide)) == [.requestWallClock])
        let checked = h.apply(.wallClock(wall + 701, at: h.clock.now))
        #expect(h.state.screen == .passcode && checked.contains(.stop), "Late Film airs: \(checked)")
        h.expectArmed(h.armedTimers)

        // A refresh that rates the programme on screen anew (same start).
        let unrated = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
            Programme(channel: "mixed", start: wall + 600, stop: wall + 2400, title: "Late Film"),
        ])
        let r = ReducerHarness(ShellState(items: [mixed], guide: unrated, restrictions: RestrictionsState(policy: policy)))
        r.apply(.wallClock(wall + 700, at: r.clock.now))
        r.apply(.playIndex(0, at: r.clock.now))
        r.apply(.player(.preloaded(ratings: []), token: 1, at: r.clock.now))
        r.apply(.player(.playing, token: 1, at: r.clock.now))
        r.apply(.guideLoaded(unrated))
        r.apply(.wallClock(wall + 701, at: r.clock.now))
        #expect(r.state.screen == .player, "the same guide again: nothing changes")
        r.apply(.guideLoaded(guide))
        r.apply(.wallClock(wall + 702, at: r.clock.now))
        #expect(r.state.screen == .passcode, "the refresh rates Late Film TV-MA")
        r.expectArmed(r.armedTimers)
    }
}
