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
/// `wall + 600`, Late Film (TV-MA) until `wall + 2400`, then News (TV-G).
private let guide = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
    Programme(channel: "mixed", start: wall - 1800, stop: wall - 600, title: "Early Film", ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
    Programme(channel: "mixed", start: wall - 600, stop: wall + 600, title: "Cartoons", ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
    Programme(channel: "mixed", start: wall + 600, stop: wall + 2400, title: "Late Film", ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
    Programme(channel: "mixed", start: wall + 2400, stop: wall + 4200, title: "News", ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
])

/// A guide of `programmes` on Mixed, each with its V-chip rating.
private func mixedGuide(_ programmes: [(title: String, start: Double, stop: Double, rating: ContentRating)]) -> ProgrammeGuide {
    ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: programmes.map {
        Programme(channel: "mixed", start: $0.start, stop: $0.stop, title: $0.title, ratings: [GuideRating(system: "VCHIP", value: $0.rating.code, resolved: $0.rating)])
    })
}

/// Mixed playing at `wall` (Cartoons) with 20 minutes of back buffer:
/// positions 0…1200, the edge (1200) being `wall`, so Early Film's last ten
/// minutes are at 0…600. Restrictions `mode` (TV up to TV-PG).
private func watching(_ mode: RestrictionPolicy.Mode = .passcode, thumbnails: Bool = false, guide: ProgrammeGuide = guide) -> ReducerHarness {
    let policy = RestrictionPolicy(mode: mode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
    var settings = ShellSettings()
    settings.scrubThumbnails = thumbnails
    let h = ReducerHarness(ShellState(items: [mixed], settings: settings, guide: guide, restrictions: RestrictionsState(policy: policy)))
    h.apply(.wallClock(wall, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.position(1200), token: 1, at: h.clock.now))
    h.apply(.player(.liveBuffer(start: 0, end: 1201.5), token: 1, at: h.clock.now))
    return h
}

/// The thumbnail asked for by `effects`, if any.
private func thumbnailAsked(_ effects: [Effect]) -> ThumbnailRequest? {
    for effect in effects { if case .thumbnail(let request?) = effect { return request } }
    return nil
}

/// Paused at `wall`, then `seconds` pass: the buffer grows, the picture stays.
private func pausedFor(_ seconds: Double, _ h: ReducerHarness) {
    h.pauseLive(for: seconds, bufferEnd: 1201.5, wallClock: wall)
}

/// Paused `behind` seconds at `wall`, then played on until the picture
/// reaches Late Film (600.5 s later, at position 1800.5): the boundary's
/// timer and the wall clock's action it asks for. Returns the latter's effects.
private func reachLateFilm(behind: Double, _ h: ReducerHarness) -> [Effect] {
    pausedFor(behind, h)
    h.apply(.command(.playPause, at: h.clock.now))
    _ = h.advance(by: 600.5)
    h.apply(.player(.position(1800.5), token: 1, at: h.clock.now))
    h.apply(.player(.liveBuffer(start: 0, end: 1802 + behind), token: 1, at: h.clock.now))
    h.apply(.timerFired(.programmeBoundary, at: h.clock.now))
    return h.apply(.wallClock(wall + behind + 600.5, at: h.clock.now))
}

/// Types `code` on the prompt and answers it `correct`; the answer's effects.
@discardableResult
private func answer(_ code: String, correct: Bool, _ h: ReducerHarness) -> [Effect] {
    for c in code { h.apply(.command(.digit(Int(String(c))!), at: h.clock.now)) }
    let attempt = h.state.prompt?.checking ?? -1
    return h.apply(.passcodeChecked(attempt: attempt, correct: correct, wallClock: h.state.wallClock, at: h.clock.now))
}

private func isLoad(_ effect: Effect) -> Bool {
    switch effect {
    case .load, .loadFrom: true
    default: false
    }
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

    @Test("frame steps behind live stay inside what may be sought: none back into the margin before a programme held back (frame by frame it would be reached, past the scrub head's limit), none past the live edge")
    func frameStepsStayInTheSpan() {
        let h = watching()
        h.apply(.command(.playPause, at: h.clock.now))
        h.apply(.player(.position(700), token: 1, at: h.clock.now))
        #expect(h.apply(.command(.frameBack, at: h.clock.now)).contains(.frameStep(forward: false)))
        h.apply(.player(.position(630.3), token: 1, at: h.clock.now))
        let refused = h.apply(.command(.frameBack, at: h.clock.now))
        #expect(!refused.contains(.frameStep(forward: false)), "Early Film's margin ends at 630: \(refused)")
        #expect(h.state.chrome.badge == "No frame further back")
        #expect(h.apply(.command(.frameForward, at: h.clock.now)).contains(.frameStep(forward: true)))
        h.apply(.player(.position(1199.8), token: 1, at: h.clock.now))
        #expect(!h.apply(.command(.frameForward, at: h.clock.now)).contains(.frameStep(forward: true)), "the live edge")

        let off = watching(.off)
        off.apply(.command(.playPause, at: off.clock.now))
        off.apply(.player(.position(630.3), token: 1, at: off.clock.now))
        #expect(off.apply(.command(.frameBack, at: off.clock.now)).contains(.frameStep(forward: false)), "restrictions off: the whole buffer")
        h.expectArmed(h.armedTimers)
        off.expectArmed(off.armedTimers)
    }

    @Test("a scrub thumbnail of the buffer is asked for with the start of what may be sought, so no picture kept before it (of a programme held back) shows for the head just after it; the buffer growing alone asks nothing anew; nothing held back, no limit")
    func thumbnailsStayInTheSpan() {
        let h = watching(thumbnails: true)
        h.apply(.command(.playPause, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        var asked: ThumbnailRequest?
        for _ in 0..<200 {
            let effects = h.apply(.command(.left, at: h.clock.now))
            asked = thumbnailAsked(effects) ?? asked
        }
        #expect(h.state.scrub?.target == 630)
        #expect(asked?.time == 630 && asked?.earliest == 630, "\(String(describing: asked))")
        let grown = h.apply(.player(.liveBuffer(start: 0, end: 1203.5), token: 1, at: h.clock.now))
        #expect(thumbnailAsked(grown) == nil, "the buffer grew: \(grown)")

        let off = watching(.off, thumbnails: true)
        off.apply(.command(.playPause, at: off.clock.now))
        let unlimited = off.apply(.command(.left, at: off.clock.now))
        #expect(thumbnailAsked(unlimited) != nil && thumbnailAsked(unlimited)?.earliest == nil, "\(unlimited)")
        h.expectArmed(h.armedTimers)
        off.expectArmed(off.armedTimers)
    }

    @Test("paused behind live while a programme over the limits begins: no prompt while the picture is of the one before; played on, the prompt comes when the picture reaches it (its end timed on screen, not on the clock), the player paused there, not stopped")
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
        #expect(h.state.prompt?.purpose == .behind(token: 1))
        #expect(effects.contains(.setPause(true)) && effects.contains(.emit(.restrictionsAuthorizationRequested(item: mixed, rating: "TV-MA"))))
        #expect(!effects.contains(.stop) && !effects.contains(where: isLoad), "the buffer is kept: \(effects)")
        #expect(h.state.playback.paused && h.state.playback.token == 1 && h.state.playback.restricted)
        #expect(!h.armedTimers.contains(.programmeBoundary))
        let screen = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("The programme reached on “Mixed” is rated TV-MA.") && screen.contains("Enter the passcode to play on from here."), "\(screen)")
        #expect(!screen.contains("~"), "no picture under the prompt")
        h.expectArmed(h.armedTimers)
    }

    @Test("the passcode given behind live: the programme reached plays on from where it paused, the buffer and the load kept; scrubbed back over its start and played on again, it is not asked for again")
    func behindLiveGrantedPlaysOn() {
        let h = watching()
        _ = reachLateFilm(behind: 700, h)
        #expect(h.state.prompt?.purpose == .behind(token: 1))
        let granted = answer("2468", correct: true, h)
        #expect(h.state.screen == .player && h.state.prompt == nil)
        #expect(granted.contains(.setPause(false)) && !granted.contains(.stop) && !granted.contains(where: isLoad), "\(granted)")
        #expect(granted.contains(.emit(.restrictionsAuthorization(item: mixed, rating: "TV-MA", granted: true, reason: nil))))
        #expect(!h.state.playback.paused && h.state.playback.token == 1 && h.state.playback.position == 1800.5)
        #expect(h.state.restrictions.grant == RestrictionsState.Grant(itemID: "mixed", token: 1, programmeStart: wall + 600))
        #expect(h.state.shownNowNext(mixed).now?.title == "Late Film", "the bar names the programme allowed")
        #expect(h.armedTimers.contains(.programmeBoundary), "Late Film's end on screen is watched for")

        // Back into Cartoons, and on into Late Film again.
        h.apply(.player(.position(1790), token: 1, at: h.clock.now))
        h.apply(.wallClock(h.state.wallClock + 1, at: h.clock.now))
        h.apply(.player(.position(1801), token: 1, at: h.clock.now))
        let again = h.apply(.wallClock(h.state.wallClock + 1, at: h.clock.now))
        #expect(h.state.screen == .player && !again.contains(.setPause(true)), "\(again)")
        h.expectArmed(h.armedTimers)
    }

    @Test("ESC on the prompt behind live: the buffer holding what follows the programme (its end and 30 s passed), playback goes on there with a word on what was skipped, the buffer and the load kept; holding too little of it, the channel opens again at live; what airs now held back too, or the programme's end still at the live edge (30 s), the player is dismissed (not asked for again)")
    func behindLiveRefused() {
        let h = watching()
        _ = reachLateFilm(behind: 2500, h)
        #expect(h.state.prompt?.purpose == .behind(token: 1), "News airs now; Late Film is on screen")
        let skipped = h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.prompt == nil && h.state.screen == .player)
        // The edge (4300.5) is wall + 3100.5; Late Film ends at wall + 2400, and 30 s more.
        #expect(skipped.contains(.seek(to: 3630, exact: true)) && skipped.contains(.setPause(false)), "\(skipped)")
        #expect(!skipped.contains(.stop) && !skipped.contains(where: isLoad) && h.state.playback.token == 1, "the buffer is kept: \(skipped)")
        #expect(!h.state.playback.paused && h.state.playback.position == 3630 && h.state.behindLive == 670.5)
        #expect(!h.state.playback.restricted && h.state.shownNowNext(mixed).now?.title == "News")
        #expect(h.state.chrome.notice == "Skipped a programme rated TV-MA")
        #expect(skipped.contains(.emit(.restrictionsAuthorization(item: mixed, rating: "TV-MA", granted: false, reason: "cancelled"))))
        #expect(h.state.seekRange == 3630...4300.5, "Late Film cannot be scrubbed back into")
        h.expectArmed(h.armedTimers)

        let short = watching()
        _ = reachLateFilm(behind: 1832, short)
        let live = short.apply(.command(.menu, at: short.clock.now))
        #expect(short.state.prompt == nil && short.state.screen == .player)
        #expect(live.contains(where: isLoad) && short.state.playback.token != 1, "2.5 s of News after the margin in the buffer: opened again at live: \(live)")
        #expect(short.state.chrome.notice == "Back to live: a programme rated TV-MA was skipped")
        short.expectArmed(short.armedTimers)

        let tail = watching()
        _ = reachLateFilm(behind: 1810, tail)
        let left = tail.apply(.command(.menu, at: tail.clock.now))
        #expect(tail.state.screen == .home && tail.state.prompt == nil, "10 s after Late Film's end its end may still be at the live edge: \(tail.state.screen)")
        #expect(left.contains(.stop) && !left.contains(where: isLoad))
        tail.expectArmed(tail.armedTimers)

        let airing = watching()
        _ = reachLateFilm(behind: 700, airing)
        let dismissed = airing.apply(.command(.menu, at: airing.clock.now))
        #expect(airing.state.screen == .home && airing.state.prompt == nil, "Late Film airs now too: \(airing.state.screen)")
        #expect(dismissed.contains(.stop) && !dismissed.contains(where: isLoad))
        airing.expectArmed(airing.armedTimers)
    }

    @Test("ESC on the prompt behind live skips the programme the prompt holds (an 8 s trailer), though the picture's time has since moved to just before it (a segment came in while paused): from the end of the programme before it, the trailer's tail there is stepped past by the trailer's end, not the programme airing; a programme held back whose tail reaches past the trailer's is skipped too")
    func behindLiveRefusedSkipsWhatIsHeld() {
        // Cartoons until `wall + 600`, an 8 s Trailer (TV-MA), then News.
        let h = watching(guide: mixedGuide([
            ("Cartoons", wall - 600, wall + 600, tvG), ("Trailer", wall + 600, wall + 608, tvMA), ("News", wall + 608, wall + 7200, tvG),
        ]))
        _ = reachLateFilm(behind: 2500, h)
        #expect(h.state.prompt?.purpose == .behind(token: 1) && h.state.playback.programmeStart == wall + 600)
        // 0.6 s later, more received: the edge (4301.1) and the clock put the paused picture 0.1 s before the trailer.
        h.clock.advance(by: 0.6)
        h.apply(.player(.liveBuffer(start: 0, end: 4302.6), token: 1, at: h.clock.now))
        #expect(abs(h.state.shownTime - (wall + 599.9)) < 0.001 && h.state.prompt != nil)
        let skipped = h.apply(.command(.menu, at: h.clock.now))
        // The trailer's end and 30 s (wall + 638) are 2462.5 s before now (wall + 3100.5).
        let target = 4301.1 - 2462.5
        #expect(skipped.contains { if case .seek(let to, true) = $0 { abs(to - target) < 0.001 } else { false } }, "\(skipped)")
        #expect(!skipped.contains(.stop) && !skipped.contains(where: isLoad) && h.state.playback.token == 1, "the buffer is kept: \(skipped)")
        #expect(h.state.chrome.notice == "Skipped a programme rated TV-MA" && !h.state.playback.paused && !h.state.playback.restricted)
        #expect(h.state.shownNowNext(mixed).now?.title == "News")
        h.expectArmed(h.armedTimers)

        // A 5 s promo, then a 15 s teaser (TV-MA) after the trailer: 30 s
        // after the trailer's end the teaser's tail is held back; News
        // comes 30 s after the teaser's end (wall + 658).
        let t = watching(guide: mixedGuide([
            ("Cartoons", wall - 600, wall + 600, tvG), ("Trailer", wall + 600, wall + 608, tvMA), ("Promo", wall + 608, wall + 613, tvG),
            ("Teaser", wall + 613, wall + 628, tvMA), ("News", wall + 628, wall + 7200, tvG),
        ]))
        _ = reachLateFilm(behind: 2500, t)
        let past = t.apply(.command(.menu, at: t.clock.now))
        #expect(past.contains { if case .seek(let to, true) = $0 { abs(to - (4300.5 - 2442.5)) < 0.001 } else { false } }, "\(past)")
        #expect(t.state.chrome.notice == "Skipped a programme rated TV-MA" && t.state.shownNowNext(mixed).now?.title == "News")
        t.expectArmed(t.armedTimers)
    }

    @Test("behind live in deny mode: the programme reached is refused and skipped in the buffer when it holds what follows; else the channel opens again at live with a word, or, what airs now held back too (or its end still at the live edge), the refusal")
    func behindLiveDenied() {
        func denied(_ effects: [Effect]) -> Bool {
            effects.contains { if case .audit(let entry) = $0 { entry.kind == .denied && entry.detail == "deny mode; behind live" } else { false } }
        }
        let h = watching(.deny)
        let effects = reachLateFilm(behind: 2500, h)
        #expect(h.state.prompt == nil && h.state.screen == .player)
        #expect(effects.contains(.seek(to: 3630, exact: true)) && !effects.contains(where: isLoad) && h.state.playback.token == 1, "\(effects)")
        #expect(!h.state.playback.paused && !h.state.playback.restricted)
        #expect(denied(effects))
        #expect(h.state.chrome.notice == "Skipped a programme rated TV-MA")
        h.expectArmed(h.armedTimers)

        let tail = watching(.deny)
        _ = reachLateFilm(behind: 1810, tail)
        #expect(tail.state.screen == .error, "10 s after Late Film's end its end may still be at the live edge: refused")
        tail.expectArmed(tail.armedTimers)

        let short = watching(.deny)
        let live = reachLateFilm(behind: 1832, short)
        #expect(short.state.prompt == nil && short.state.screen == .player)
        #expect(live.contains(where: isLoad) && short.state.playback.token != 1)
        #expect(denied(live))
        #expect(short.state.chrome.notice == "Back to live: a programme rated TV-MA was skipped")
        short.expectArmed(short.armedTimers)

        let airing = watching(.deny)
        _ = reachLateFilm(behind: 700, airing)
        #expect(airing.state.screen == .error, "Late Film airs now too: \(airing.state.screen)")
        airing.expectArmed(airing.armedTimers)
    }

    @Test("restrictions turned on behind live, the programme on screen over them: paused there under the prompt, not stopped; nothing but the answer plays it (keys, Now Playing)")
    func restrictionsChangedBehindLive() {
        let h = watching(.off)
        pausedFor(700, h)
        h.apply(.command(.playPause, at: h.clock.now))
        _ = h.advance(by: 650)
        h.apply(.player(.position(1850), token: 1, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 2552), token: 1, at: h.clock.now))
        let policy = RestrictionPolicy(mode: .passcode, movies: .allowAll, tv: .upTo(tvPG), hasPasscode: true)
        let changed = h.apply(.restrictionsChanged(RestrictionsChange(policy: policy, passcodeChanged: false), wallClock: wall + 1350, at: h.clock.now))
        #expect(h.state.prompt?.purpose == .behind(token: 1), "Late Film is on screen, 700 s behind")
        #expect(changed.contains(.setPause(true)) && !changed.contains(.stop), "\(changed)")
        for command: RemoteCommand in [.playPause, .play, .select, .live] {
            let e = h.apply(.command(command, at: h.clock.now))
            #expect(!e.contains(.setPause(false)) && h.state.playback.paused, "\(command): \(e)")
        }
        #expect(h.state.prompt?.purpose == .behind(token: 1))
        for request: NowPlayingRequest in [.play, .playPause] {
            let e = h.apply(.nowPlaying(request, at: h.clock.now))
            #expect(!e.contains(.setPause(false)), "\(request): \(e)")
        }
        h.expectArmed(h.armedTimers)
    }

    @Test("the picture in picture of a channel behind live is held to the programme its picture shows: reaching one held back (what airs now allowed), the picture stops, at its end on screen")
    func pictureBehindLive() {
        let h = watching()
        pausedFor(2500, h)
        h.apply(.command(.playPause, at: h.clock.now))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        #expect(h.state.picture.pip?.playback.liveBuffer?.followingEdge == false, "the picture goes on from the buffer, 2500 s behind")
        h.apply(.wallClock(wall + 2500.5, at: h.clock.now))
        #expect(h.state.picture.pip?.blocked == nil, "Cartoons on screen, News airing")
        #expect(h.armedTimers.contains(.pictureBoundary), "Cartoons' end on the picture is watched for")
        let fired = h.advance(by: 600.5)
        #expect(fired.contains(.pictureBoundary), "\(fired)")
        h.apply(.player(.position(1800.5), token: 1, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 3702), token: 1, at: h.clock.now))
        h.apply(.timerFired(.pictureBoundary, at: h.clock.now))
        let effects = h.apply(.wallClock(wall + 3101, at: h.clock.now))
        #expect(h.state.picture.pip?.blocked == "TV-MA", "Late Film in the picture")
        #expect(effects.contains(.slot(.picture, .stop)), "\(effects)")
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
