import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let tvG = ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)
private let wall = 1_800_000_000.0

private let mixedChannel = MediaItem(id: "mixed", title: "Mixed", url: "av://lavfi:mixed", isLive: true, number: 1, guideID: "mixed")
private let other = MediaItem(id: "kids", title: "Kids", url: "av://lavfi:kids", isLive: true, number: 2, guideID: "kids")

/// Late Film (TV-MA) until `wall + 20`, then News (TV-G) for an hour.
private let filmThenNews = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
    Programme(channel: "mixed", start: wall - 1800, stop: wall + 20, title: "Late Film",
              ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
    Programme(channel: "mixed", start: wall + 20, stop: wall + 3620, title: "News",
              ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
])

private func state(at time: Double, mode: RestrictionPolicy.Mode = .passcode, guide: ProgrammeGuide = filmThenNews) -> ShellState {
    var state = ShellState(items: [mixedChannel, other], guide: guide,
                           restrictions: RestrictionsState(policy: RestrictionPolicy(mode: mode, tv: .upTo(tvPG), hasPasscode: true)))
    state.wallClock = time
    return state
}

/// A held programme's end is still on a live picture for a while after the
/// guide says it ended (the stream's latency, rounded times): it is held
/// `bufferMargin` past its end.
@Suite("The end of a held programme on a live picture")
struct LiveTailTests {
    @Test("judged by the held programme until 30 s past its end, then by the one airing; not when the passcode covers it, nor with restrictions off")
    func judged() {
        let cases: [(Double, String?, Bool)] = [(wall + 19, "Late Film", false), (wall + 20, "Late Film", true), (wall + 49.9, "Late Film", true),
                                                (wall + 50, "News", false), (wall + 600, "News", false)]
        for (time, title, tail) in cases {
            let judged = RestrictionReducer.judged(state(at: time), mixedChannel, at: time)
            #expect(judged.programme?.title == title && judged.tail == tail, "at +\(time - wall) s")
        }
        #expect(RestrictionReducer.judgementEnds(state(at: wall + 25), mixedChannel, at: wall + 25) == wall + 50)
        #expect(RestrictionReducer.judgementEnds(state(at: wall + 50), mixedChannel, at: wall + 50) == wall + 3620)
        #expect(RestrictionReducer.knownRatings(state(at: wall + 25), mixedChannel) == [tvMA])
        var covered = state(at: wall + 25)
        covered.restrictions.grant = RestrictionsState.Grant(itemID: "mixed", token: 1, programmeStart: wall - 1800)
        #expect(RestrictionReducer.judged(covered, mixedChannel, at: wall + 25).programme?.title == "News", "the passcode given for the film covers its end")
        #expect(RestrictionReducer.judged(state(at: wall + 25, mode: .off), mixedChannel, at: wall + 25).programme?.title == "News")
        #expect(RestrictionReducer.judged(state(at: wall + 25), other, at: wall + 25).programme == nil, "a mixedChannel the guide does not know")
    }

    @Test("a short programme between (a 10 s ident after the film) does not cut the film's margin short: judged by the film until 30 s past its end, and a channel opened then asks for it")
    func shortProgrammeBetween() {
        let programmes: [(String, Double, Double, ContentRating)] = [
            ("Late Film", wall - 1800, wall + 20, tvMA), ("Ident", wall + 20, wall + 30, tvG), ("News", wall + 30, wall + 3630, tvG),
        ]
        let guide = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: programmes.map {
            Programme(channel: "mixed", start: $0.1, stop: $0.2, title: $0.0, ratings: [GuideRating(system: "VCHIP", value: $0.3.code, resolved: $0.3)])
        })
        let cases: [(Double, String?, Bool)] = [(wall + 25, "Late Film", true), (wall + 35, "Late Film", true), (wall + 49.9, "Late Film", true),
                                                (wall + 50, "News", false)]
        for (time, title, tail) in cases {
            let judged = RestrictionReducer.judged(state(at: time, guide: guide), mixedChannel, at: time)
            #expect(judged.programme?.title == title && judged.tail == tail, "at +\(time - wall) s: \(judged.programme?.title ?? "nil")")
        }
        #expect(RestrictionReducer.judgementEnds(state(at: wall + 35, guide: guide), mixedChannel, at: wall + 35) == wall + 50)
        let h = ReducerHarness(state(at: wall + 40, guide: guide))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.screen == .passcode && h.state.prompt?.ratings == [tvMA], "opened 20 s after the film's end, 10 s into News")
        h.expectArmed([])
    }

    @Test("a channel opened 5 s after a held programme's end asks for it; opened 30 s after its end, it plays")
    func openedInTheTail() {
        let h = ReducerHarness(state(at: wall + 25))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.screen == .passcode, "the film's end may still be on the picture")
        #expect(h.state.prompt?.ratings == [tvMA])
        #expect(h.state.playback.phase == .idle)
        h.apply(.command(.menu, at: h.clock.now))
        h.apply(.wallClock(wall + 50, at: h.clock.now))
        let opened = h.apply(.playIndex(0, at: h.clock.now))
        #expect(opened.contains(.load(mixedChannel, token: h.state.playback.token)))
        #expect(opened.contains(.startTimer(.programmeBoundary, after: 3570)))
        #expect(h.state.screen == .player)
        h.expectArmed([.programmeBoundary, .transportHide])
    }

    @Test("the prompt for the film lifts by itself once its end has passed on the picture: News plays, nothing granted; a prompt checking a code waits for its answer")
    func promptLifts() {
        let h = ReducerHarness(state(at: wall + 25))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.screen == .passcode)
        #expect(h.apply(.wallClock(wall + 25, at: h.clock.now)) == [.startTimer(.promptLift, after: 25.5)], "timed to the film's end on the picture")
        #expect(h.apply(.wallClock(wall + 49, at: h.clock.now)) == [.startTimer(.promptLift, after: 1.5)] && h.state.screen == .passcode,
                "the film's end may still be on the picture")
        #expect(h.advance(by: 1.5) == [.promptLift])
        #expect(h.apply(.timerFired(.promptLift, at: h.clock.now)) == [.requestWallClock])
        let lifted = h.apply(.wallClock(wall + 50.5, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.prompt == nil)
        #expect(lifted.contains(.load(mixedChannel, token: h.state.playback.token)), "\(lifted)")
        #expect(lifted.contains(.cancelTimer(.promptLift)))
        #expect(h.state.restrictions.grant == nil, "nothing was granted")
        h.expectArmed([.programmeBoundary, .transportHide])

        let checking = ReducerHarness(state(at: wall + 25))
        checking.apply(.playIndex(0, at: checking.clock.now))
        checking.apply(.wallClock(wall + 25, at: checking.clock.now))
        for digit in [1, 2, 3, 4] { checking.apply(.command(.digit(digit), at: checking.clock.now)) }
        #expect(checking.state.prompt?.checking != nil)
        #expect(checking.apply(.wallClock(wall + 50, at: checking.clock.now)).isEmpty && checking.state.screen == .passcode)
        let wrong = checking.apply(.passcodeChecked(attempt: checking.state.prompt?.checking ?? 0, correct: false, wallClock: wall + 51, at: checking.clock.now))
        #expect(checking.state.screen == .player && wrong.contains(.load(mixedChannel, token: checking.state.playback.token)),
                "the film ended on the picture while the code was checked: the channel plays (\(wrong))")
        #expect(checking.state.restrictions.grant == nil && checking.state.restrictions.failures == 1)
        checking.expectArmed([.programmeBoundary, .transportHide])
    }

    @Test("the passcode given while a held film's end is on screen, a second held film airing: it names the one airing and covers the end seen with it; no second prompt when the end has passed")
    func grantInTheTail() {
        let guide = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
            filmThenNews.programmes(for: "mixed")[0],
            Programme(channel: "mixed", start: wall + 20, stop: wall + 620, title: "Later Film",
                      ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
        ])
        let h = ReducerHarness(state(at: wall + 25, guide: guide))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.screen == .passcode)
        for digit in [1, 2, 3, 4] { h.apply(.command(.digit(digit), at: h.clock.now)) }
        let granted = h.apply(.passcodeChecked(attempt: h.state.prompt?.checking ?? 0, correct: true, wallClock: wall + 26, at: h.clock.now))
        #expect(h.state.restrictions.grant?.programmeStart == wall + 20, "the film airing, not the one whose end is on screen")
        #expect(h.state.screen == .player && granted.contains(.load(mixedChannel, token: h.state.playback.token)), "\(granted)")
        #expect(RestrictionReducer.judged(h.state, mixedChannel, at: wall + 26).programme?.title == "Later Film", "the end seen is covered with it")
        h.apply(.player(.preloaded(ratings: []), token: h.state.playback.token, at: h.clock.now))
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        h.apply(.wallClock(wall + 51, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.prompt == nil, "not asked again when the first film's end has passed")
        h.expectArmed([.hintHide, .programmeBoundary, .transportHide])
    }

    @Test("the prompt's timer follows what it asks for: a second held programme after the film times its own end; none when the guide does not know")
    func promptLiftTimerFollows() {
        let guide = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
            filmThenNews.programmes(for: "mixed")[0],
            Programme(channel: "mixed", start: wall + 20, stop: wall + 620, title: "Later Film",
                      ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
        ])
        let h = ReducerHarness(state(at: wall + 25, guide: guide))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.apply(.wallClock(wall + 50.5, at: h.clock.now)) == [.startTimer(.promptLift, after: 570)], "the later film's end, a gap after it")
        #expect(h.state.screen == .passcode)
        #expect(h.apply(.wallClock(wall + 620.5, at: h.clock.now)) == [.startTimer(.promptLift, after: 30)], "its end on the picture")
        #expect(h.advance(by: 30) == [.promptLift])
        #expect(h.apply(.timerFired(.promptLift, at: h.clock.now)) == [.requestWallClock])
        #expect(h.apply(.wallClock(wall + 650.5, at: h.clock.now)).isEmpty && h.state.screen == .passcode, "nothing after it in the guide: the channel's prompt stays, no timer")
        h.expectArmed([])
    }

    @Test("playing the film with its passcode, the programme after it plays on at its end; the end of the film is timed, not the margin")
    func coveredPlaysOn() {
        var start = state(at: wall + 10)
        start.restrictions.preAuthorized.insert("mixed")
        let h = ReducerHarness(start)
        let opened = h.apply(.playIndex(0, at: h.clock.now))
        #expect(opened.contains(.startTimer(.programmeBoundary, after: 10)))
        h.apply(.player(.preloaded(ratings: []), token: h.state.playback.token, at: h.clock.now))
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        let after = h.apply(.wallClock(wall + 20.5, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.playback.ratings == [tvG], "News, after the film the passcode was given for")
        #expect(after.contains(.startTimer(.programmeBoundary, after: 3599.5)), "timed to News' end")
        h.expectArmed([.hintHide, .programmeBoundary, .transportHide])
    }
}
