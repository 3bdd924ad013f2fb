import MediaModel
import ShellCore
import ShellTesting
import Testing

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let tvG = ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)
private let tvY = ContentRating(system: "us-tv", code: "TV-Y", rank: 100, media: .tv)
private let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)

private let kids = MediaItem(id: "kids", title: "Kids", url: "av://lavfi:kids", isLive: true, number: 1, rating: "TV-G", contentRating: tvG, guideID: "kids")
private let late = MediaItem(id: "late", title: "Late Night", url: "av://lavfi:late", isLive: true, number: 2, rating: "TV-MA", contentRating: tvMA, guideID: "late")
private let toddlers = MediaItem(id: "toddlers", title: "Toddlers", url: "av://lavfi:toddlers", isLive: true, number: 3, rating: "TV-Y", contentRating: tvY)
private let episode1 = MediaItem(id: "ep1", title: "Show S01E01", url: "/media/show/Show S01E01.mkv", rating: "TV-PG", contentRating: tvPG)
private let episode2 = MediaItem(id: "ep2", title: "Show S01E02", url: "/media/show/Show S01E02.mkv", rating: "TV-MA", contentRating: tvMA)

private let wall = 1_800_000_000.0
private let off = RestrictionPolicy(mode: .off, movies: .upTo(pg13), tv: .upTo(tvPG), hasPasscode: true)
private let on = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .upTo(tvPG), hasPasscode: true)

private func changed(_ policy: RestrictionPolicy, passcodeChanged: Bool = false, at h: ReducerHarness, wallClock: Double = wall + 5) -> Action {
    .restrictionsChanged(RestrictionsChange(policy: policy, passcodeChanged: passcodeChanged), wallClock: wallClock, at: h.clock.now)
}

/// The audit entry a running shell writes for applying `policy`.
private func applied(_ detail: String, time: Double = wall + 5) -> Effect {
    .audit(AuditEntry(kind: .applied, title: "restrictions", itemID: "settings", rating: nil, time: time, detail: detail, source: "file"))
}

private func stoppedEntry(_ item: MediaItem, _ rating: String, _ place: String, time: Double = wall + 5) -> Effect {
    .audit(AuditEntry(kind: .stopped, title: item.title, itemID: item.id, rating: rating, time: time, detail: "restrictions changed: \(place)", source: "file"))
}

private func stopped(_ place: StoppedContent.Place, _ item: MediaItem, _ rating: String) -> StoppedContent {
    StoppedContent(place: place, id: item.id, title: item.title, rating: rating)
}

private let onDetail = "mode passcode; movies up to PG-13, TV shows up to TV-PG; unrated allow"

/// `items[index]` (live) playing full screen, every step stated, under `policy`.
private func watching(_ index: Int, items: [MediaItem] = [kids, late, toddlers], policy: RestrictionPolicy, settings: ShellSettings = ShellSettings(),
                      sourceLocation: SourceLocation = #_sourceLocation) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: items, settings: settings, restrictions: RestrictionsState(policy: policy)), sourceLocation: sourceLocation)
    h.apply(.wallClock(wall, at: h.clock.now))
    let item = items[index]
    h.send(.playIndex(index, at: h.clock.now), effects: [.cancelTimer(.errorAdvance), .load(item, token: 1), .startTimer(.transportHide, after: 5)],
           sourceLocation: sourceLocation) {
        $0.current = index
        $0.navigation.homeSelection = index
        $0.navigation.destination = .player
        $0.playback.token = 1
        $0.playback.phase = .loading
        $0.chrome.transportVisible = true
        if policy.mode != .off {
            $0.playback.ratings = item.contentRating.map { [$0] } ?? []
            $0.playback.restricted = policy.restricts($0.playback.ratings)
        }
    }
    let warm: [Effect] = settings.warmNeighbours > 0 ? [.startTimer(.warmNeighbours, after: settings.warmDelay)] : []
    h.send(.player(.playing, token: 1, at: h.clock.now), effects: [.emit(.playbackStarted(title: item.title, url: item.url)), .startTimer(.hintHide, after: 4)] + warm,
           sourceLocation: sourceLocation) {
        $0.playback.phase = .playing
        $0.chrome.hintVisible = true
    }
    h.apply(.frame(.rendered, token: 1, at: h.clock.now), sourceLocation: sourceLocation)
    #expect(h.state.playback.framesPresented == 1, sourceLocation: sourceLocation)
    return h
}

@Suite("Parental restrictions: changed while the shell runs")
struct RestrictionsChangeTests {
    @Test("a stricter mode, a lower limit, unrated restricted, or deny over passcode is stricter; raised limits and mode off are not")
    func stricter() {
        #expect(on.isStricter(than: off))
        #expect(!off.isStricter(than: on))
        var lower = on
        lower.tv = .upTo(tvY)
        #expect(lower.isStricter(than: on))
        #expect(!on.isStricter(than: lower), "a raised limit loosens")
        var none = on
        none.movies = .allowNone
        #expect(none.isStricter(than: on))
        var all = on
        all.tv = .allowAll
        #expect(!all.isStricter(than: on))
        var deny = on
        deny.mode = .deny
        #expect(deny.isStricter(than: on))
        var noCode = on
        noCode.hasPasscode = false
        #expect(noCode.isStricter(than: on), "passcode mode without a passcode acts as deny")
        var unrated = on
        unrated.unrated = .restrict
        #expect(unrated.isStricter(than: on))
        #expect(!on.isStricter(than: on))
        var lowerButOff = off
        lowerButOff.tv = .upTo(tvY)
        #expect(!lowerButOff.isStricter(than: off), "limits do nothing while the mode is off")
        #expect(RestrictionsChange(policy: all, passcodeChanged: true).revokesGrants(from: on), "a new passcode takes back what the old one opened")
        #expect(!RestrictionsChange(policy: all, passcodeChanged: false).revokesGrants(from: on))
    }

    @Test("restrictions turned on while a TV-MA channel plays: its player stops at once, the prompt covers it, audited and told")
    func turnedOnWhilePlaying() {
        let h = watching(1, policy: off)
        let prompt = PasscodePrompt.testing(purpose: .play(index: 1), item: late, ratings: [tvMA], digits: [], checking: nil, message: nil, origin: nil)
        h.send(changed(on, at: h), effects: [
            .stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay),
            .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: late, rating: "TV-MA")),
            applied(onDetail), stoppedEntry(late, "TV-MA", "player"),
            .emit(.restrictionsChanged(on, passcodeChanged: false, stopped: [stopped(.player, late, "TV-MA")])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = on
            $0.playback = PlaybackState()
            $0.playback.token = 2
            $0.playback.ratings = [tvMA]
            $0.playback.restricted = true
            $0.navigation.destination = .passcode(prompt)
            $0.chrome.hintVisible = false
            $0.chrome.transportVisible = false
        }
        h.send(.frame(.rendered, token: 1, at: h.clock.now))
        h.send(.player(.position(3), token: 1, at: h.clock.now))
        #expect(h.state.playback.framesPresented == 0, "nothing of the old load counts or shows any more")
        h.expectArmed([.hintHide])
    }

    @Test("a lower limit stops an allowed channel the same way; the channel stays asked for when tuned away and back")
    func lowerLimit() {
        let h = watching(0, policy: on)
        var lower = on
        lower.tv = .upTo(tvY)
        let effects = h.apply(changed(lower, at: h))
        #expect(effects.prefix(1) == [.stop])
        #expect(effects.last == .emit(.restrictionsChanged(lower, passcodeChanged: false, stopped: [stopped(.player, kids, "TV-G")])))
        #expect(h.state.prompt?.item == kids)
        h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.screen == .home)
        let again = h.apply(.playIndex(0, at: h.clock.now))
        #expect(!again.contains { if case .load = $0 { true } else { false } }, "not opened again without the passcode")
        #expect(h.state.prompt?.item == kids)
        h.expectArmed([.hintHide])
    }

    @Test("a raised limit or mode off lifts nothing denied: the prompt stays; a loosening keeps the grant, a new passcode takes it back")
    func looseningLiftsNothing() {
        let h = watching(0, items: [kids, late, toddlers], policy: on)
        h.apply(.playIndex(1, at: h.clock.now))
        let prompt = h.state.prompt
        #expect(prompt?.item == late)
        h.send(changed(off, at: h), effects: [
            applied("mode off; movies up to PG-13, TV shows up to TV-PG; unrated allow"),
            .emit(.restrictionsChanged(off, passcodeChanged: false, stopped: [])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = off
        }
        #expect(h.state.prompt == prompt, "still asked for: chosen again, it plays")

        let granted = watching(0, policy: on)
        granted.apply(.playIndex(1, at: granted.clock.now))
        #expect(granted.state.screen == .passcode)
        for digit in [1, 2, 3, 4] { granted.apply(.command(.digit(digit), at: granted.clock.now)) }
        granted.apply(.passcodeChecked(attempt: 1, correct: true, wallClock: wall, at: granted.clock.now))
        let token = granted.state.playback.token
        granted.apply(.player(.preloaded(ratings: []), token: token, at: granted.clock.now))
        granted.apply(.player(.playing, token: token, at: granted.clock.now))
        #expect(granted.state.restrictions.grant?.itemID == "late")
        var raised = on
        raised.tv = .upTo(ContentRating(system: "us-tv", code: "TV-14", rank: 500, media: .tv))
        let kept = granted.apply(changed(raised, at: granted))
        #expect(kept.last == .emit(.restrictionsChanged(raised, passcodeChanged: false, stopped: [])))
        #expect(granted.state.screen == .player && granted.state.restrictions.grant?.itemID == "late", "a raised limit keeps what was authorized")
        let revoked = granted.apply(changed(raised, passcodeChanged: true, at: granted))
        #expect(revoked.last == .emit(.restrictionsChanged(raised, passcodeChanged: true, stopped: [stopped(.player, late, "TV-MA")])))
        #expect(granted.state.screen == .passcode && granted.state.restrictions.grant == nil, "a new passcode asks again")
        h.expectArmed([.hintHide])
        granted.expectArmed(granted.armedTimers)
    }

    @Test("deny mode turns a prompt up into the refusal (the held load stopped); a new passcode drops the code being checked")
    func denyAndNewPasscode() {
        let h = watching(0, policy: on)
        h.apply(.playIndex(1, at: h.clock.now))
        for digit in [1, 2, 3, 4] { h.apply(.command(.digit(digit), at: h.clock.now)) }
        #expect(h.state.prompt?.checking == 1)
        h.send(changed(on, passcodeChanged: true, at: h), effects: [
            applied(onDetail + "; passcode changed"),
            .emit(.restrictionsChanged(on, passcodeChanged: true, stopped: [])),
        ]) {
            $0.wallClock = wall + 5
            $0.updatePrompt {
                $0.checking = nil
                $0.message = "The passcode was changed: enter the new one."
            }
        }
        h.send(.passcodeChecked(attempt: 1, correct: true, wallClock: wall + 6, at: h.clock.now)) { $0.wallClock = wall + 6 }
        #expect(h.state.screen == .passcode, "the answer for the old passcode opens nothing")

        var deny = on
        deny.mode = .deny
        h.send(changed(deny, at: h), effects: [
            .cancelTimer(.lockoutTick),
            .audit(AuditEntry(kind: .denied, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall + 5, detail: "deny mode")),
            .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "restricted")),
            applied("mode deny; movies up to PG-13, TV shows up to TV-PG; unrated allow"),
            .emit(.restrictionsChanged(deny, passcodeChanged: false, stopped: [])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = deny
            $0.navigation.destination = .error(ShellError(title: "“Late Night” is restricted", reason: "Rated TV-MA; this TV allows movies up to PG-13, TV shows up to TV-PG."))
        }
        h.expectArmed([.hintHide])

        let film = MediaItem(id: "film", title: "Film", url: "/media/film.mkv")
        let held = ReducerHarness(ShellState(items: [film], restrictions: RestrictionsState(policy: on)))
        held.apply(.wallClock(wall, at: held.clock.now))
        held.apply(.playIndex(0, at: held.clock.now))
        held.apply(.player(.preloaded(ratings: [tvMA]), token: 1, at: held.clock.now))
        #expect(held.state.prompt?.purpose == .held(token: 1), "the file's own rating: held before decoding, asked")
        held.send(changed(deny, at: held), effects: [
            .cancelTimer(.lockoutTick), .stop,
            .audit(AuditEntry(kind: .denied, title: "Film", itemID: "film", rating: "TV-MA", time: wall + 5, detail: "deny mode")),
            .emit(.restrictionsAuthorization(item: film, rating: "TV-MA", granted: false, reason: "restricted")),
            applied("mode deny; movies up to PG-13, TV shows up to TV-PG; unrated allow"),
            .emit(.restrictionsChanged(deny, passcodeChanged: false, stopped: [])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = deny
            $0.playback.phase = .idle
            $0.playback.token = 2
            $0.navigation.destination = .error(ShellError(title: "“Film” is restricted", reason: "Rated TV-MA; this TV allows movies up to PG-13, TV shows up to TV-PG."))
        }
        held.expectArmed(held.armedTimers)
    }

    @Test("the picture, the preview and the warm neighbours over the new limit close; what is allowed plays on")
    func secondaryPlayers() {
        var settings = ShellSettings()
        settings.warmNeighbours = 2
        let h = watching(1, items: [kids, late, toddlers], policy: off, settings: settings)
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        #expect(h.state.picture.pip?.index == 1)
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        #expect(h.advance(by: 3).contains(.warmNeighbours))
        h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
        let warmLate = h.state.warm.players.first { $0.value.index == 1 }
        let warmToddlers = h.state.warm.players.first { $0.value.index == 2 }
        #expect(warmLate != nil && warmToddlers != nil)
        h.send(changed(on, at: h), effects: [
            .notifyPicture(.willStop), .slot(.picture, .stop), .cancelTimer(.pictureBoundary), .notifyPicture(.didStop),
            .emit(.pipStopped(item: late, reason: "restricted")), .slot(warmLate!.key, .stop),
            applied(onDetail), stoppedEntry(late, "TV-MA", "pip"), stoppedEntry(late, "TV-MA", "warm"),
            .emit(.restrictionsChanged(on, passcodeChanged: false, stopped: [stopped(.pip, late, "TV-MA"), stopped(.warm, late, "TV-MA")])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = on
            $0.playback.ratings = [tvG]
            $0.picture.pip = nil
            $0.warm.players[warmLate!.key] = nil
            $0.warm.refused = [1]
            $0.retiredToken = warmLate!.value.playback.token
        }
        #expect(h.state.screen == .player && h.state.playback.phase == .playing, "Kids (TV-G) plays on")
        #expect(h.state.warm.players[warmToddlers!.key]?.index == 2, "Toddlers (TV-Y) stays warm")

        let guide = ReducerHarness(ShellState(items: [kids, late], restrictions: RestrictionsState(policy: off)))
        guide.apply(.wallClock(wall, at: guide.clock.now))
        guide.apply(.command(.guide, at: guide.clock.now))
        guide.apply(.command(.down, at: guide.clock.now))
        _ = guide.advance(by: 0.6)
        guide.apply(.timerFired(.previewDelay, at: guide.clock.now))
        guide.apply(.player(.preloaded(ratings: []), token: 1, at: guide.clock.now))
        guide.apply(.player(.playing, token: 1, at: guide.clock.now))
        #expect(guide.state.picture.preview?.index == 1 && guide.state.picture.preview?.playback.phase == .playing)
        guide.send(changed(on, at: guide), effects: [
            .slot(.preview, .stop), applied(onDetail), stoppedEntry(late, "TV-MA", "preview"),
            .emit(.restrictionsChanged(on, passcodeChanged: false, stopped: [stopped(.preview, late, "TV-MA")])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = on
            $0.picture.preview = PreviewState(index: 1, restricted: "TV-MA")
            $0.retiredToken = 1
        }
        h.expectArmed(h.armedTimers)
        guide.expectArmed(guide.armedTimers)
    }

    @Test("an Up Next card proposing an episode now over the limit is put away, its countdown stopped; taking it later asks")
    func upNext() {
        var settings = ShellSettings()
        settings.upNextCountdown = 10
        let h = ReducerHarness(ShellState(items: [episode1, episode2], settings: settings, restrictions: RestrictionsState(policy: off)))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(600), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(590), token: 1, at: h.clock.now))
        #expect(h.state.upNext.card?.phase == .presented && h.state.upNext.card?.proposal.item == episode2)
        h.send(changed(on, at: h), effects: [
            .cancelTimer(.upNextTick), .emit(.contentProposal(id: "ep2", outcome: "deferred")),
            applied(onDetail), stoppedEntry(episode2, "TV-MA", "up-next"),
            .emit(.restrictionsChanged(on, passcodeChanged: false, stopped: [stopped(.upNext, episode2, "TV-MA")])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = on
            $0.playback.ratings = [tvPG]
            $0.upNext.card?.phase = .deferred
        }
        h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(h.state.upNext.card?.phase == .presented, "at the end it comes back")
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.prompt?.item == episode2, "taking it asks for the passcode")
        h.expectArmed(h.armedTimers)
    }

    @Test("under an early request's prompt, a full-screen item now over the limit stops, and is asked for once that prompt closes; deny mode denies the request")
    func underEarlyRequest() {
        let early = watching(0, policy: on)
        early.apply(.authorizationRequested(late, request: 8))
        #expect(early.state.prompt?.purpose == .early(request: 8, returnTo: .player))
        let effects = early.apply(changed(RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .upTo(tvY), hasPasscode: true), at: early))
        #expect(effects.prefix(1) == [.stop], "Kids (TV-G over TV-Y) stops under the prompt")
        #expect(early.state.restrictions.afterPrompt == 0 && early.state.playback.phase == .idle)
        early.apply(.command(.menu, at: early.clock.now))
        #expect(early.state.prompt?.item == kids, "the early prompt closed: Kids is asked for")
        early.expectArmed(early.armedTimers)

        let denied = watching(0, policy: on)
        denied.apply(.authorizationRequested(late, request: 9))
        var deny = on
        deny.mode = .deny
        denied.send(changed(deny, at: denied), effects: [
            .cancelTimer(.lockoutTick),
            .audit(AuditEntry(kind: .denied, title: "Late Night", itemID: "late", rating: "TV-MA", time: wall + 5, detail: "deny mode")),
            .emit(.restrictionsAuthorization(item: late, rating: "TV-MA", granted: false, reason: "restricted")),
            .finishAuthorization(request: 9, .denied),
            applied("mode deny; movies up to PG-13, TV shows up to TV-PG; unrated allow"),
            .emit(.restrictionsChanged(deny, passcodeChanged: false, stopped: [])),
        ]) {
            $0.wallClock = wall + 5
            $0.restrictions.policy = deny
            $0.navigation.destination = .player
        }
        denied.expectArmed(denied.armedTimers)
    }
}
