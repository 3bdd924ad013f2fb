import MediaModel
import ShellCore
import ShellTesting
import Testing

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let tvG = ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)
private let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)
private let rated = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
private let bbfc15 = ContentRating(system: "uk-movie", code: "15", rank: 350, media: .movie)
private let bbfc12 = ContentRating(system: "uk-movie", code: "12", rank: 200, media: .movie)

private let kids = MediaItem(id: "kids", title: "Kids", url: "av://lavfi:kids", isLive: true, number: 1, rating: "TV-G", contentRating: tvG, guideID: "kids")
private let late = MediaItem(id: "late", title: "Late Night", url: "av://lavfi:late", isLive: true, number: 2, rating: "TV-MA", contentRating: tvMA, guideID: "late")
private let mixed = MediaItem(id: "mixed", title: "Mixed", url: "av://lavfi:mixed", isLive: true, number: 3, guideID: "mixed")
private let unratedFilm = MediaItem(id: "film", title: "Film", url: "/media/film.mp4")

private let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .upTo(tvPG), hasPasscode: true)
private let wall = 1_800_000_000.0

/// A shell with restrictions on, told the time.
private func gated(_ items: [MediaItem] = [kids, late, mixed, unratedFilm], policy: RestrictionPolicy = policy, failures: Int = 0,
                   lockedUntil: Double? = nil, guide: ProgrammeGuide = .empty) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: items, guide: guide, restrictions: RestrictionsState(policy: policy, failures: failures, lockedUntil: lockedUntil)))
    h.apply(.wallClock(wall, at: h.clock.now))
    return h
}

/// Mixed airs Cartoons (TV-G) until `wall + 600`, then Late Film (TV-MA).
private let cartoonsThenLateFilm = ProgrammeGuide(channels: [GuideChannel(id: "mixed", names: ["Mixed"])], programmes: [
    Programme(channel: "mixed", start: wall - 600, stop: wall + 600, title: "Cartoons",
              ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
    Programme(channel: "mixed", start: wall + 600, stop: wall + 2400, title: "Late Film",
              ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)]),
])

private func loads(_ effects: [Effect]) -> [Effect] {
    effects.filter { if case .load = $0 { true } else { false } }
}

/// Types four digits; returns the effects of the last one.
@discardableResult
private func type(_ code: String, _ h: ReducerHarness) -> [Effect] {
    var last: [Effect] = []
    for c in code { last = h.apply(.command(.digit(Int(String(c))!), at: h.clock.now)) }
    return last
}

private func answer(_ h: ReducerHarness, correct: Bool, at time: Double = wall) -> [Effect] {
    let attempt = h.state.prompt?.checking ?? -1
    return h.apply(.passcodeChecked(attempt: attempt, correct: correct, wallClock: time, at: h.clock.now))
}

/// Plays Kids (TV-G, allowed) to its first `playing`, every step stated.
private func watchKids(_ h: ReducerHarness, sourceLocation: SourceLocation = #_sourceLocation) {
    h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(kids, token: 1), .startTimer(.transportHide, after: 5)], sourceLocation: sourceLocation) {
        $0.current = 0
        $0.navigation.destination = .player
        $0.playback.token = 1
        $0.playback.phase = .loading
        $0.playback.ratings = [tvG]
        $0.chrome.transportVisible = true
    }
    h.send(.player(.playing, token: 1, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Kids", url: "av://lavfi:kids")), .startTimer(.hintHide, after: 4)], sourceLocation: sourceLocation) {
        $0.playback.phase = .playing
        $0.chrome.hintVisible = true
    }
}

/// From Kids, RIGHT to Late Night until the delegate is asked, every step stated.
private func flipRightToLate(_ h: ReducerHarness, sourceLocation: SourceLocation = #_sourceLocation) {
    h.send(.command(.right, at: h.clock.now), effects: [.emit(.flipStarted(target: ChannelRef(late))), .cancelTimer(.flipTimeout), .cancelTimer(.flipFailureShown), .cancelTimer(.errorAdvance), .cancelTimer(.transportHide), .cancelTimer(.flipSettle), .startTimer(.spinner, after: 0.125), .requestFlip(FlipRequest(token: 1, direction: .next, target: late, origin: kids)), .startTimer(.flipTimeout, after: 10)], sourceLocation: sourceLocation) {
        $0.navigation.destination = .interstitial
        $0.chrome.transportVisible = false
        $0.live.flip = FlipState(token: 1, origin: 0, target: 1, direction: .next, requested: true, failure: nil, interstitial: nil)
        $0.live.flipCounter = 1
    }
}

@Suite("Parental restrictions: policy")
struct RestrictionPolicyTests {
    @Test("ranks are compared within movies and within TV, across rating systems")
    func limits() {
        #expect(policy.exceeds(rated))
        #expect(!policy.exceeds(pg13))
        #expect(policy.exceeds(bbfc15), "BBFC 15 (350) is over PG-13 (300)")
        #expect(!policy.exceeds(bbfc12))
        #expect(policy.exceeds(tvMA))
        #expect(!policy.exceeds(tvG))
        #expect(policy.restricts([tvG, tvMA]), "the strictest source wins")
        #expect(!policy.restricts([tvG, pg13]))
    }

    @Test("unrated content follows the setting; off restricts nothing; passcode mode without a passcode denies")
    func unratedAndModes() {
        let unrated = ContentRating(system: "mpaa", code: "Unrated", rank: nil, media: .movie)
        #expect(!policy.restricts([]))
        #expect(!policy.restricts([unrated]))
        var strict = policy
        strict.unrated = .restrict
        #expect(strict.restricts([]))
        #expect(strict.restricts([unrated]))
        #expect(!strict.restricts([tvG]))
        var off = policy
        off.mode = .off
        #expect(!off.restricts([tvMA]))
        var noCode = policy
        noCode.hasPasscode = false
        #expect(noCode.effectiveMode == .deny)
        let none = RestrictionPolicy(mode: .passcode, movies: .allowNone, tv: .allowAll, hasPasscode: true)
        #expect(none.restricts([ContentRating(system: "mpaa", code: "G", rank: 100, media: .movie)]))
        #expect(!none.restricts([tvMA]))
    }
}

@Suite("Parental restrictions: the passcode gate")
struct RestrictionGateTests {
    @Test("a channel rated over the limit is not opened: the prompt covers everything, what played stops")
    func promptBeforeOpening() {
        let h = gated()
        h.send(.playIndex(1, at: h.clock.now), effects: [
            .stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay),
            .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")),
        ]) {
            $0.current = 1
            $0.navigation.homeSelection = 1
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.destination = .passcode(PasscodePrompt(purpose: .play(index: 1), item: late, ratings: [tvMA]))
        }
        h.press(.up)
        h.press(.down)
        #expect(h.state.chrome.overlay == .none && !h.state.chrome.hintVisible, "overlays and the hint never cover the prompt")
    }

    @Test("digits go out for checking four at a time and are not kept; a wrong code is counted and persisted")
    func wrongThenRight() {
        let h = gated()
        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.current = 1
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
        }
        type("12", h)
        #expect(h.state.prompt?.digits == [1, 2])
        h.press(.left) { $0.updatePrompt { $0.digits = [1] } }
        let out = type("999", h)
        #expect(out == [.verifyPasscode(PasscodeAttempt(id: 1, code: "1999"))])
        #expect(h.state.prompt?.digits == [], "the typed digits leave the state at once")
        #expect("\(h.state.prompt!)".contains("1999") == false)
        #expect(type("5", h) == [], "keys wait while the code is checked")

        let wrong = answer(h, correct: false)
        #expect(wrong == [
            .persistLockout(failures: 1, lockedUntil: nil),
            .audit(AuditEntry(kind: .wrongPasscode, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: "wrong passcode 1")),
        ])
        #expect(h.state.prompt?.message == "Wrong passcode. 4 more tries before the prompt locks.")
        #expect(h.state.screen == .passcode)

        type("4321", h)
        let right = answer(h, correct: true)
        #expect(right.starts(with: [
            .cancelTimer(.lockoutTick), .persistLockout(failures: 0, lockedUntil: nil),
            .audit(AuditEntry(kind: .granted, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall)),
            .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: true, reason: nil)),
        ]))
        #expect(loads(right) == [.load(late, token: 2)], "only now is the channel opened")
        #expect(h.state.screen == .player)
        #expect(h.state.restrictions.failures == 0)
        #expect(h.state.restrictions.grant == RestrictionsState.Grant(itemID: "late", token: 2, programmeStart: nil))
        #expect(h.send(.player(.preloaded(ratings: [tvMA]), token: 2, at: h.clock.now), effects: [.continueLoad(token: 2)]) {
            $0.playback.fileRatings = [tvMA]
        } == [.continueLoad(token: 2)])
        h.expectArmed([.transportHide])
    }

    @Test("five wrong codes lock the prompt for a minute and dismiss the player; the lock survives as state and grows")
    func lockout() {
        let h = gated()
        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.current = 1
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
        }
        for n in 1...4 {
            type("0000", h)
            _ = answer(h, correct: false)
            #expect(h.state.restrictions.failures == n)
        }
        type("0000", h)
        let fifth = answer(h, correct: false)
        #expect(fifth.contains(.persistLockout(failures: 5, lockedUntil: wall + 60)))
        #expect(fifth.contains(.audit(AuditEntry(kind: .lockedOut, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: "locked for 1:00"))))
        #expect(fifth.contains(.emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "too many wrong passcodes"))))
        #expect(fifth.contains(.stop))
        #expect(h.state.screen == .home, "the player is dismissed")
        #expect(h.state.chrome.notice == "Too many wrong passcodes: locked for 1:00")

        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")), .startTimer(.lockoutTick, after: 1)]) {
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 3
        }
        #expect(h.state.screen == .passcode)
        #expect(h.runningTimers[.lockoutTick] != nil, "the countdown ticks")
        #expect(type("1234", h) == [], "a locked prompt takes no digits")
        #expect(h.state.prompt?.digits == [])
        #expect(h.advance(by: 1) == [.lockoutTick])
        #expect(h.send(.timerFired(.lockoutTick, at: h.clock.now), effects: [.requestWallClock, .startTimer(.lockoutTick, after: 1)]) == [.requestWallClock, .startTimer(.lockoutTick, after: 1)])
        h.send(.wallClock(wall + 30, at: h.clock.now)) {
            $0.wallClock = wall + 30
        }
        #expect(h.state.restrictions.isLocked(at: h.state.wallClock))
        h.send(.wallClock(wall + 61, at: h.clock.now), effects: [.cancelTimer(.lockoutTick)]) {
            $0.wallClock = wall + 61
            $0.restrictions.lockedUntil = nil
        }
        #expect(!h.state.restrictions.isLocked(at: h.state.wallClock))
        #expect(h.state.restrictions.lockedUntil == nil)

        type("0000", h)
        let sixth = answer(h, correct: false, at: wall + 62)
        #expect(sixth.contains(.persistLockout(failures: 6, lockedUntil: wall + 62 + 300)), "the next wrong code locks for longer")
        h.expectArmed([.noticeHide])
    }

    @Test("a lockout read back at start is still in force")
    func persistedLockout() {
        let h = gated(failures: 5, lockedUntil: wall + 100)
        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")), .startTimer(.lockoutTick, after: 1)]) {
            $0.current = 1
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
        }
        #expect(h.state.screen == .passcode)
        #expect(type("1234", h) == [])
        h.expectArmed([.lockoutTick])
    }

    @Test("ESC cancels: nothing of it plays, what played before comes back, the refusal is logged")
    func escape() {
        let h = gated()
        h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(kids, token: 1), .startTimer(.transportHide, after: 5)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.playback.ratings = [tvG]
            $0.chrome.transportVisible = true
        }
        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.current = 1
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: 0))
            $0.playback.token = 2
            $0.playback.phase = .idle
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.chrome.transportVisible = false
            $0.navigation.homeSelection = 1
        }
        let effects = h.send(.command(.menu, at: h.clock.now), effects: [.cancelTimer(.lockoutTick), .audit(AuditEntry(kind: .cancelled, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: nil)), .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "cancelled")), .cancelTimer(.errorAdvance), .load(kids, token: 3), .startTimer(.transportHide, after: 5)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.navigation.homeSelection = 0
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.playback.ratings = [tvG]
            $0.playback.restricted = false
            $0.chrome.transportVisible = true
        }
        #expect(effects.contains(.audit(AuditEntry(kind: .cancelled, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall))))
        #expect(effects.contains(.emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "cancelled"))))
        #expect(loads(effects) == [.load(kids, token: 3)], "only the channel that played before")
        #expect(h.state.screen == .player)
        #expect(h.state.prompt == nil)
        h.expectArmed([.transportHide])
    }

    @Test("a flip onto a restricted channel asks; ESC goes back to the channel it came from")
    func flip() {
        let h = gated()
        watchKids(h)
        flipRightToLate(h)
        let replaced = h.send(.replaceContent(late, request: nil, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")), .cancelTimer(.flipTimeout), .cancelTimer(.spinner)]) {
            $0.current = 1
            $0.live.previousChannel = 0
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: 0))
            $0.playback.token = 2
            $0.playback.phase = .idle
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
            $0.chrome.hintVisible = false
        }
        #expect(loads(replaced).isEmpty)
        #expect(replaced.contains(.cancelTimer(.flipTimeout)), "the flip waits for the passcode, not for its timeout")
        #expect(h.state.screen == .passcode)
        #expect(h.state.live.flip != nil)
        let back = h.send(.command(.menu, at: h.clock.now), effects: [.cancelTimer(.lockoutTick), .audit(AuditEntry(kind: .cancelled, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: nil)), .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "cancelled")), .cancelTimer(.flipTimeout), .cancelTimer(.flipSettle), .cancelTimer(.flipFailureShown), .cancelTimer(.spinner), .emit(.flipCompleted(target: ChannelRef(late), success: false, superseded: false)), .cancelTimer(.errorAdvance), .load(kids, token: 3), .startTimer(.transportHide, after: 5)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.playback.ratings = [tvG]
            $0.playback.restricted = false
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 0
            $0.live.flip = nil
        }
        #expect(back.contains(.emit(.flipCompleted(target: ChannelRef(late), success: false, superseded: false))))
        #expect(loads(back) == [.load(kids, token: 3)], "back to the channel the flip started from")
        #expect(h.state.live.flip == nil && h.state.screen == .player)
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("the right code during a flip opens the channel under the interstitial; the flip completes as usual")
    func flipGranted() {
        let h = gated()
        watchKids(h)
        flipRightToLate(h)
        h.send(.replaceContent(late, request: nil, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")), .cancelTimer(.flipTimeout), .cancelTimer(.spinner)]) {
            $0.current = 1
            $0.live.previousChannel = 0
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: 0))
            $0.playback.token = 2
            $0.playback.phase = .idle
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
            $0.chrome.hintVisible = false
        }
        type("1234", h)
        let granted = answer(h, correct: true)
        #expect(loads(granted) == [.load(late, token: 3)])
        #expect(granted.contains(.startTimer(.flipTimeout, after: 10)))
        #expect(h.state.screen == .interstitial)
        let flipToken = h.state.live.flip!.token
        h.send(.flipCompleted(token: flipToken, success: true, at: h.clock.now), effects: [.cancelTimer(.flipTimeout), .cancelTimer(.spinner), .emit(.flipCompleted(target: ChannelRef(late), success: true, superseded: false)), .startTimer(.transportHide, after: 5)]) {
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
            $0.live.flip = nil
        }
        #expect(h.state.screen == .player && h.state.current == 1)
        h.expectArmed([.hintHide, .transportHide])
    }

    @Test("a rating found only in the file: opened, held before decoding, then asked; the right code lets it go on")
    func fileMetadata() {
        let h = gated()
        let load = h.send(.playIndex(3, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(unratedFilm, token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 3
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 3
        }
        #expect(loads(load) == [.load(unratedFilm, token: 1)])
        h.send(.player(.preloaded(ratings: [rated]), token: 1, at: h.clock.now), effects: [
            .cancelTimer(.transportHide), .cancelTimer(.posterDelay),
            .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: unratedFilm, rating: "R")),
        ]) {
            $0.playback.fileRatings = [rated]
            $0.playback.ratings = [rated]
            $0.playback.restricted = true
            $0.chrome.transportVisible = false
            $0.navigation.destination = .passcode(PasscodePrompt(purpose: .held(token: 1), item: unratedFilm, ratings: [rated]))
        }
        type("1234", h)
        let granted = answer(h, correct: true)
        #expect(granted.contains(.continueLoad(token: 1)))
        #expect(h.state.screen == .player)
        h.expectArmed([.transportHide, .stall])
    }

    @Test("a held file cancelled is stopped before it decodes anything; an allowed one goes on at once")
    func fileMetadataCancelledOrAllowed() {
        let h = gated()
        h.send(.playIndex(3, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(unratedFilm, token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.current = 3
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 3
        }
        h.send(.player(.preloaded(ratings: [rated]), token: 1, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: unratedFilm, rating: "R"))]) {
            $0.navigation.destination = .passcode(.testing(purpose: .held(token: 1), item: unratedFilm, ratings: [rated], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.ratings = [rated]
            $0.playback.fileRatings = [rated]
            $0.playback.restricted = true
            $0.chrome.transportVisible = false
        }
        let cancelled = h.send(.command(.menu, at: h.clock.now), effects: [.cancelTimer(.lockoutTick), .audit(AuditEntry(kind: .cancelled, title: "Film", itemID: "film", rating: "R", time: wall, detail: nil)), .emit(.restrictionsAuthorization(item: unratedFilm, rating: "R", granted: false, reason: "cancelled")), .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop]) {
            $0.navigation.destination = .home
            $0.playback.token = 2
            $0.playback.phase = .idle
        }
        #expect(cancelled.contains(.stop))
        #expect(!cancelled.contains(.continueLoad(token: 1)))
        h.send(.playIndex(3, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(unratedFilm, token: 3), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.navigation.destination = .player
            $0.playback.token = 3
            $0.playback.phase = .loading
            $0.playback.ratings = []
            $0.playback.fileRatings = []
            $0.playback.restricted = false
            $0.chrome.transportVisible = true
        }
        #expect(h.send(.player(.preloaded(ratings: [pg13]), token: 3, at: h.clock.now), effects: [.continueLoad(token: 3)]) {
            $0.playback.ratings = [pg13]
            $0.playback.fileRatings = [pg13]
        } == [.continueLoad(token: 3)])
        let off = gated(policy: RestrictionPolicy())
        off.send(.playIndex(1, at: off.clock.now), effects: [.cancelTimer(.errorAdvance), .load(late, token: 1), .startTimer(.transportHide, after: 5)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
        }
        #expect(off.send(.player(.preloaded(ratings: [tvMA]), token: 1, at: off.clock.now), effects: [.continueLoad(token: 1)]) {
            $0.playback.ratings = [tvMA]
            $0.playback.fileRatings = [tvMA]
        } == [.continueLoad(token: 1)])
        h.expectArmed([.transportHide, .stall])
        off.expectArmed([.transportHide])
    }

    @Test("deny mode: no prompt, a clear message, the refusal logged")
    func deny() {
        var denying = policy
        denying.mode = .deny
        let h = gated(policy: denying)
        let effects = h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .audit(AuditEntry(kind: .denied, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: "deny mode")), .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "restricted"))]) {
            $0.current = 1
            $0.navigation.destination = .error(ShellError(title: "“Late Night” is restricted", reason: "Rated TV-MA; this TV allows movies up to PG-13, TV shows up to TV-PG.", location: nil))
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
        }
        #expect(loads(effects).isEmpty)
        #expect(effects.contains(.audit(AuditEntry(kind: .denied, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: "deny mode"))))
        #expect(h.state.screen == .error)
        #expect(h.state.error?.title == "“Late Night” is restricted")
        #expect(h.state.error?.reason == "Rated TV-MA; this TV allows movies up to PG-13, TV shows up to TV-PG.")
    }

    @Test("authorization is per item: the next restricted item asks again, coming back to the same one does not")
    func perItem() {
        let other = MediaItem(id: "other", title: "Other", url: "av://lavfi:other", isLive: true, number: 4, contentRating: tvMA)
        let h = gated([kids, late, other])
        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.current = 1
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.homeSelection = 1
        }
        type("1234", h)
        _ = answer(h, correct: true)
        #expect(h.state.screen == .player)
        h.apply(.playIndex(2, at: h.clock.now))
        #expect(h.state.screen == .passcode, "another restricted item asks again")
        h.apply(.command(.menu, at: h.clock.now))
        h.send(.playIndex(0, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(kids, token: 5), .startTimer(.transportHide, after: 5)]) {
            $0.current = 0
            $0.navigation.destination = .player
            $0.playback.token = 5
            $0.playback.phase = .loading
            $0.playback.ratings = [tvG]
            $0.playback.restricted = false
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 0
            $0.restrictions.grant = nil
        }
        h.send(.playIndex(1, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.current = 1
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: 0))
            $0.playback.token = 6
            $0.playback.phase = .idle
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.chrome.transportVisible = false
            $0.navigation.homeSelection = 1
        }
        #expect(h.state.screen == .passcode, "after something else played, it asks again")
    }

    @Test("on a live channel, a new programme over the limit brings the prompt back as it begins (its start timed, no later; a look a moment early is made again for what is left)")
    func programmeChange() {
        let h = gated(guide: cartoonsThenLateFilm)
        let start = h.send(.playIndex(2, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(mixed, token: 1), .startTimer(.transportHide, after: 5), .startTimer(.programmeBoundary, after: 600)]) {
            $0.current = 2
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.playback.ratings = [tvG]
            $0.playback.programmeStart = 1799999400.0
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 2
        }
        #expect(loads(start) == [.load(mixed, token: 1)])
        #expect(start.contains(.startTimer(.programmeBoundary, after: 600)))
        h.send(.player(.preloaded(ratings: []), token: 1, at: h.clock.now), effects: [.continueLoad(token: 1)])
        h.send(.player(.playing, token: 1, at: h.clock.now), effects: [.emit(.playbackStarted(title: "Mixed", url: "av://lavfi:mixed")), .startTimer(.hintHide, after: 4)]) {
            $0.playback.phase = .playing
            $0.chrome.hintVisible = true
        }
        // Timed to the film's start, not after it: none of it plays first.
        #expect(h.advance(by: 600).contains(.programmeBoundary))
        #expect(h.send(.timerFired(.programmeBoundary, at: h.clock.now), effects: [.requestWallClock]) == [.requestWallClock])
        // The clock read a moment before the start: Cartoons still, looked at again for what is left.
        h.send(.wallClock(wall + 599.99, at: h.clock.now), effects: [.startTimer(.programmeBoundary, after: 0.05)]) {
            $0.wallClock = wall + 599.99
        }
        #expect(h.state.screen == .player)
        #expect(h.advance(by: 0.05).contains(.programmeBoundary))
        #expect(h.send(.timerFired(.programmeBoundary, at: h.clock.now), effects: [.requestWallClock]) == [.requestWallClock])
        let changed = h.send(.wallClock(wall + 600, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: mixed, rating: "TV-MA")),
                                                                   .startTimer(.promptLift, after: 1800.5)]) {
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 2), item: mixed, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 2
            $0.playback.phase = .idle
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.playback.programmeStart = wall + 600
            $0.chrome.transportVisible = false
            $0.wallClock = wall + 600
            $0.chrome.hintVisible = false
        }
        #expect(changed.contains(.stop), "what plays stops under the prompt")
        #expect(changed.contains(.emit(.restrictionsAuthorizationRequested(item: mixed, rating: "TV-MA"))))
        #expect(h.state.screen == .passcode)
        type("1234", h)
        let granted = answer(h, correct: true, at: wall + 605)
        #expect(loads(granted) == [.load(mixed, token: 3)])
        h.send(.wallClock(wall + 900, at: h.clock.now), effects: [.startTimer(.programmeBoundary, after: 1500)]) {
            $0.wallClock = wall + 900
        }
        #expect(h.state.screen == .player, "the same programme does not ask twice (its end is timed again)")
        // The prompt's timer for the film's end stays armed, a look at the clock then.
        h.expectArmed([.hintHide, .programmeBoundary, .promptLift, .transportHide])
    }

    @Test("early authorization: granted at once when not restricted, asked otherwise, good for the next play only; cancellable")
    func early() {
        let h = gated()
        #expect(h.send(.authorizationRequested(kids, request: 1), effects: [.finishAuthorization(request: 1, .granted)]) == [.finishAuthorization(request: 1, .granted)])
        h.send(.authorizationRequested(late, request: 2), effects: [.requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.navigation.destination = .passcode(.testing(purpose: .early(request: 2, returnTo: .home), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
        }
        #expect(h.state.screen == .passcode)
        type("1234", h)
        #expect(answer(h, correct: true).contains(.finishAuthorization(request: 2, .granted)))
        #expect(h.state.screen == .home, "back to where it was asked")
        #expect(loads(h.send(.playIndex(1, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(late, token: 1), .startTimer(.transportHide, after: 5)]) {
            $0.current = 1
            $0.navigation.destination = .player
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.chrome.transportVisible = true
            $0.navigation.homeSelection = 1
            $0.restrictions.grant = RestrictionsState.Grant(itemID: "late", token: 1, programmeStart: nil)
            $0.restrictions.preAuthorized = Set([])
        }) == [.load(late, token: 1)], "no second prompt")

        h.send(.authorizationRequested(late, request: 3), effects: [.requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA"))]) {
            $0.navigation.destination = .passcode(.testing(purpose: .early(request: 3, returnTo: .player), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.chrome.transportVisible = false
        }
        #expect(h.state.screen == .passcode)
        #expect(h.send(.authorizationCancelled(request: 3, at: h.clock.now), effects: [.cancelTimer(.lockoutTick), .finishAuthorization(request: 3, .cancelled)]) {
            $0.navigation.destination = .player
        } == [.cancelTimer(.lockoutTick), .finishAuthorization(request: 3, .cancelled)])
        #expect(h.state.screen == .player)

        var denying = policy
        denying.mode = .deny
        let d = gated(policy: denying)
        #expect(d.send(.authorizationRequested(late, request: 9), effects: [.audit(AuditEntry(kind: .denied, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall, detail: "deny mode")), .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "restricted")), .finishAuthorization(request: 9, .denied)]).last == .finishAuthorization(request: 9, .denied))
        h.expectArmed([.transportHide])
    }

    @Test("the guide does not leak what restricted programmes are, until the passcode is given for them")
    func guideMasking() {
        let guide = ProgrammeGuide(channels: [], programmes: [
            Programme(channel: "mixed", start: wall - 600, stop: wall + 600, title: "Uncut", summary: "Details.",
                      ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)], episode: "S01E02"),
            Programme(channel: "mixed", start: wall + 600, stop: wall + 1200, title: "Cartoons",
                      ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)]),
            Programme(channel: "late", start: wall - 600, stop: wall + 600, title: "After Dark"),
        ])
        let h = gated(guide: guide)
        let (now, next) = h.state.shownNowNext(mixed)
        #expect(now?.title == "Restricted (TV-MA)")
        #expect(now?.summary == nil && now?.episode == nil)
        #expect(next?.title == "Cartoons")
        #expect(h.state.shownNowNext(late).now?.title == "Restricted (TV-MA)", "a channel rated TV-MA hides all its programmes")
        #expect(h.state.shownNowNext(kids).now == nil)
        h.send(.playIndex(2, at: h.clock.now), effects: [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: mixed, rating: "TV-MA"))]) {
            $0.current = 2
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 2), item: mixed, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
            $0.playback.token = 1
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.playback.programmeStart = 1799999400.0
            $0.navigation.homeSelection = 2
        }
        type("1234", h)
        _ = answer(h, correct: true)
        #expect(h.state.shownNowNext(mixed).now?.title == "Uncut", "shown once authorized")
        let off = gated(policy: RestrictionPolicy(), guide: guide)
        #expect(off.state.shownNowNext(mixed).now?.title == "Uncut")
        h.expectArmed([.programmeBoundary, .transportHide])
    }
}

@Suite("Restrictions: previews and pictures")
struct RestrictedPictureTests {
    @Test("the guide previews an allowed channel muted after the selection rests; a restricted one is never opened, the pane says why")
    func preview() {
        let h = gated()
        h.press(.guide, effects: [.startTimer(.previewDelay, after: 0.6)]) { $0.navigation.destination = .guide }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now), effects: [.slot(.preview, .mute(true)), .slot(.preview, .load(kids, token: 1))]) {
            var playback = PlaybackState()
            playback.token = 1
            playback.phase = .loading
            playback.ratings = [tvG]
            $0.picture.preview = PreviewState(index: 0, playback: playback)
        }
        h.send(.player(.preloaded(ratings: []), token: 1, at: h.clock.now), effects: [.slot(.preview, .continueLoad(token: 1))])
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.picture.preview?.playback.phase = .playing }
        h.send(.frame(.rendered, token: 1, at: h.clock.now)) {
            $0.picture.preview?.playback.framesRendered = 1
            $0.picture.preview?.playback.firstFramePresented = true
        }
        h.press(.down, effects: [.slot(.preview, .stop), .cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.navigation.homeSelection = 1
            $0.picture.preview = nil
            $0.retiredToken = 1
        }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now)) {
            $0.picture.preview = PreviewState(index: 1, restricted: "TV-MA")
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("Restricted (TV-MA)"))
        h.send(.display(DisplaySize(columns: 59, rows: 40))) { $0.display = DisplaySize(columns: 59, rows: 40) }
        h.press(.up, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.navigation.homeSelection = 0
            $0.picture.preview = nil
        }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now))
        #expect(h.state.picture.preview == nil, "no room for the pane: nothing is opened")
        h.send(.display(DisplaySize(columns: 120, rows: 40))) { $0.display = DisplaySize(columns: 120, rows: 40) }
        h.press(.down, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.navigation.homeSelection = 1 }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now)) { $0.picture.preview = PreviewState(index: 1, restricted: "TV-MA") }
        h.press(.select, effects: [
            .stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay), .requestWallClock,
            .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")), .cancelTimer(.previewDelay),
        ]) {
            $0.picture.preview = nil
            $0.current = 1
            $0.playback.token = 2
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.destination = .passcode(.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil))
        }
        h.expectArmed([])
    }

    @Test("a preview left playing as its channel's next programme, over the limit, begins is stopped then (a timer for its end), and the pane says why")
    func previewProgrammeChange() {
        let h = gated([mixed, kids], guide: cartoonsThenLateFilm)
        h.apply(.command(.guide, at: h.clock.now))
        _ = h.advance(by: 0.6)
        let opened = h.apply(.timerFired(.previewDelay, at: h.clock.now))
        #expect(opened.contains(.slot(.preview, .load(mixed, token: 1))), "Cartoons (TV-G) is previewed: \(opened)")
        #expect(opened.contains(.startTimer(.previewBoundary, after: 600)), "its end watched for: \(opened)")
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let fired = h.advance(by: 600.5)
        #expect(fired.contains(.previewBoundary))
        #expect(h.apply(.timerFired(.previewBoundary, at: h.clock.now)) == [.requestWallClock])
        let checked = h.apply(.wallClock(wall + 601, at: h.clock.now))
        #expect(checked.contains(.slot(.preview, .stop)), "Late Film (TV-MA) begins: \(checked)")
        #expect(h.state.picture.preview == PreviewState(index: 0, restricted: "TV-MA"))
        h.expectArmed(h.armedTimers)
    }

    @Test("a preview whose file is rated over the limit is stopped at the player's hold, before anything is decoded")
    func previewFileRating() {
        let h = gated()
        h.apply(.command(.guide, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        _ = h.advance(by: 0.6)
        #expect(h.apply(.timerFired(.previewDelay, at: h.clock.now)).contains(.slot(.preview, .load(mixed, token: 1))))
        h.send(.player(.preloaded(ratings: [tvMA]), token: 1, at: h.clock.now), effects: [.slot(.preview, .stop)]) {
            $0.picture.preview = PreviewState(index: 2, restricted: "TV-MA")
            $0.retiredToken = 1
        }
        h.send(.player(.playing, token: 1, at: h.clock.now))
        h.send(.frame(.rendered, token: 1, at: h.clock.now))
        #expect(h.state.picture.preview?.playback.framesPresented == 0)
        h.expectArmed([])
    }

    @Test("ENTER on a previewed channel makes it full screen with sound, without loading it again")
    func promote() {
        let h = gated()
        h.apply(.command(.guide, at: h.clock.now))
        _ = h.advance(by: 0.6)
        h.apply(.timerFired(.previewDelay, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let previewed = h.state.picture.preview!.playback
        h.press(.select, effects: [
            .cancelTimer(.errorAdvance), .exchangePlayers(.main, .preview), .slot(.main, .mute(false)),
            .startTimer(.transportHide, after: 5), .emit(.playbackStarted(title: "Kids", url: kids.url)), .startTimer(.hintHide, after: 4),
            .cancelTimer(.previewDelay),
        ]) {
            $0.playback = previewed
            $0.warm.allowed = previewed.token
            $0.picture.preview = nil
            $0.current = 0
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
            $0.chrome.hintVisible = true
        }
        h.expectArmed([.transportHide, .hintHide])
    }

    @Test("a live picture whose new programme is over the limit is stopped; restoring it asks for the passcode")
    func pictureProgrammeChange() {
        let h = gated(guide: cartoonsThenLateFilm)
        h.apply(.playIndex(2, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        #expect(h.apply(.command(.pictureInPicture, at: h.clock.now)).contains(.exchangePlayers(.main, .picture)))
        h.send(.wallClock(wall + 601, at: h.clock.now), effects: [.slot(.picture, .stop), .cancelTimer(.pictureBoundary)]) {
            $0.wallClock = wall + 601
            $0.picture.pip?.blocked = "TV-MA"
            $0.picture.pip?.playback.phase = .idle
            $0.picture.pip?.playback.token = 3
            $0.picture.pip?.playback.programmeStart = wall + 600
            $0.picture.pip?.playback.ratings = [tvMA]
            $0.picture.pip?.playback.restricted = true
            $0.retiredToken = 1
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("Restricted (TV-MA)"))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        let restored = h.apply(.pictureRestoreAnswered(token: 3, restored: true, at: h.clock.now))
        #expect(restored.contains(.emit(.restrictionsAuthorizationRequested(item: mixed, rating: "TV-MA"))))
        #expect(loads(restored).isEmpty, "nothing is opened before the passcode")
        #expect(h.state.screen == .passcode && h.state.picture.pip == nil)
        h.expectArmed([])
    }

    @Test("a picture behind live whose buffer filled its room on disk comes back to live: a programme there over the limits blocks it instead of loading; a file's own ratings at the hold stop the load before it decodes")
    func pictureBufferFullJudged() {
        let h = gated(guide: cartoonsThenLateFilm)
        h.apply(.playIndex(2, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 100), token: 1, at: h.clock.now))
        h.apply(.player(.position(99), token: 1, at: h.clock.now))
        h.apply(.command(.playPause, at: h.clock.now))
        h.clock.advance(by: 60)
        h.apply(.player(.liveBuffer(start: 0, end: 160), token: 1, at: h.clock.now))
        #expect(h.state.behindLive == 60)
        #expect(h.apply(.command(.pictureInPicture, at: h.clock.now)).contains(.exchangePlayers(.main, .picture)))
        h.apply(.wallClock(wall + 601, at: h.clock.now))
        #expect(h.state.picture.pip?.blocked == nil, "Cartoons on its picture, a minute behind")
        h.send(.player(.bufferFull(bytes: 3 << 30), token: 1, at: h.clock.now), effects: [.slot(.picture, .stop), .cancelTimer(.pictureBoundary)]) {
            $0.picture.pip?.blocked = "TV-MA"
            $0.picture.pip?.playback.phase = .idle
            $0.picture.pip?.playback.token = 3
            $0.retiredToken = 1
        }
        #expect(loads(h.apply(.player(.preloaded(ratings: []), token: 3, at: h.clock.now))).isEmpty)

        let kidsPicture = gated()
        watchKids(kidsPicture)
        kidsPicture.apply(.player(.liveBuffer(start: 0, end: 30), token: 1, at: kidsPicture.clock.now))
        kidsPicture.apply(.command(.pictureInPicture, at: kidsPicture.clock.now))
        #expect(kidsPicture.apply(.player(.bufferFull(bytes: 3 << 30), token: 1, at: kidsPicture.clock.now)).contains(.slot(.picture, .load(kids, token: 3))))
        kidsPicture.send(.player(.preloaded(ratings: [tvMA]), token: 3, at: kidsPicture.clock.now), effects: [.slot(.picture, .stop), .cancelTimer(.pictureBoundary)]) {
            $0.picture.pip?.blocked = "TV-MA"
            $0.picture.pip?.playback.phase = .idle
            $0.picture.pip?.playback.token = 4
            $0.picture.pip?.playback.fileRatings = [tvMA]
            $0.picture.pip?.playback.ratings = [tvG, tvMA]
            $0.picture.pip?.playback.restricted = true
            $0.retiredToken = 3
        }
        h.expectArmed([.behindLiveTick])
        kidsPicture.expectArmed([.noticeHide])
    }

}
