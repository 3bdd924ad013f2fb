import MediaModel
import ShellCore
import ShellTesting
import Testing

private let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)
private let r = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
private let xtreamFilm = MediaItem(id: "xtream:tv/movie/201", title: "The Test Film", url: "http://xc.test/movie/u/p/201.mp4", group: "Films")
private let wall = 1_800_000_000.0
private let told = MediaItem(id: "told", title: "Told", url: "/told.mkv", rating: "PG-13", contentRating: pg13, summary: "From the lineup.")

@Suite("Details a source gives for items")
struct ItemDetailsTests {
    @Test("fill in the summary and rating an item lacks, the strictest rating given; never replace what the lineup said")
    func fillIn() {
        let h = ReducerHarness(ShellState(items: [xtreamFilm, told]))
        h.send(.itemDetails(id: xtreamFilm.id, ItemDetails(ratings: [pg13, r], summary: "A film for tests."), at: h.clock.now)) {
            $0.items[0].summary = "A film for tests."
            $0.items[0].rating = "R"
            $0.items[0].contentRating = r
        }
        h.send(.itemDetails(id: told.id, ItemDetails(ratings: [r], summary: "Another plot."), at: h.clock.now))
        h.send(.itemDetails(id: "gone", ItemDetails(ratings: [r], summary: "Nobody's."), at: h.clock.now))
    }

    @Test("a rating known this way stops the film before it is opened: the prompt, no load")
    func gatesBeforeOpening() {
        let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .allowAll, hasPasscode: true)
        let h = ReducerHarness(ShellState(items: [xtreamFilm], restrictions: RestrictionsState(policy: policy)))
        h.apply(.itemDetails(id: xtreamFilm.id, ItemDetails(ratings: [r]), at: h.clock.now))
        let effects = h.apply(.playIndex(0, at: h.clock.now))
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        #expect(h.state.prompt?.item.id == xtreamFilm.id)
        h.expectArmed(Set(h.armedTimers))
    }

    @Test("a rating that comes while the film plays (its source answered after the hook gave up): it stops at once, the prompt covers it, audited")
    func ratedWhilePlaying() {
        let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .allowAll, hasPasscode: true)
        let h = ReducerHarness(ShellState(items: [xtreamFilm], restrictions: RestrictionsState(policy: policy)))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.frame(.rendered, token: 1, at: h.clock.now))
        #expect(h.state.playback.phase == .playing && h.state.playback.framesPresented == 1)
        var rated = xtreamFilm
        rated.rating = "R"
        rated.contentRating = r
        rated.summary = "A film for tests."
        let prompt = PasscodePrompt.testing(purpose: .play(index: 0), item: rated, ratings: [r], digits: [], checking: nil, message: nil, origin: nil)
        h.send(.itemDetails(id: xtreamFilm.id, ItemDetails(ratings: [r], summary: "A film for tests."), at: h.clock.now), effects: [
            .stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay),
            .requestWallClock, .emit(.restrictionsAuthorizationRequested(item: rated, rating: "R")),
            .audit(AuditEntry(kind: .stopped, title: rated.title, itemID: rated.id, rating: "R", time: wall,
                              detail: "rated by its source while open: player", source: "details")),
        ]) {
            $0.items[0].summary = "A film for tests."
            $0.items[0].rating = "R"
            $0.items[0].contentRating = r
            $0.playback = PlaybackState()
            $0.playback.token = 2
            $0.playback.ratings = [r]
            $0.playback.restricted = true
            $0.navigation.destination = .passcode(prompt)
            $0.chrome.hintVisible = false
            $0.chrome.transportVisible = false
        }
        h.send(.frame(.rendered, token: 1, at: h.clock.now))
        #expect(h.state.playback.framesPresented == 0, "nothing of the old load shows any more")
        h.expectArmed([.hintHide, .stall])
    }

    @Test("a rating within the limits, or with restrictions off, leaves what plays alone")
    func ratedWithinLimits() {
        for policy in [RestrictionPolicy(mode: .passcode, movies: .upTo(r), tv: .allowAll, hasPasscode: true),
                       RestrictionPolicy(mode: .off, movies: .upTo(pg13), tv: .allowAll, hasPasscode: true)] {
            let h = ReducerHarness(ShellState(items: [xtreamFilm], restrictions: RestrictionsState(policy: policy)))
            h.apply(.playIndex(0, at: h.clock.now))
            h.apply(.player(.preloaded(ratings: []), token: 1, at: h.clock.now))
            h.apply(.player(.playing, token: 1, at: h.clock.now))
            let effects = h.apply(.itemDetails(id: xtreamFilm.id, ItemDetails(ratings: [r]), at: h.clock.now))
            #expect(effects.isEmpty, "\(effects)")
            #expect(h.state.playback.phase == .playing && h.state.prompt == nil)
            h.expectArmed([.hintHide, .stall, .transportHide])
        }
    }
}
