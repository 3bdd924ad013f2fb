import MediaModel
import ShellCore
import ShellTesting
import Testing

private let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)
private let r = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
private let xtreamFilm = MediaItem(id: "xtream:tv/movie/201", title: "The Test Film", url: "http://xc.test/movie/u/p/201.mp4", group: "Films")
private let told = MediaItem(id: "told", title: "Told", url: "/told.mkv", rating: "PG-13", contentRating: pg13, summary: "From the lineup.")

@Suite("Details a source gives for items")
struct ItemDetailsTests {
    @Test("fill in the summary and rating an item lacks, the strictest rating given; never replace what the lineup said")
    func fillIn() {
        let h = ReducerHarness(ShellState(items: [xtreamFilm, told]))
        h.send(.itemDetails(id: xtreamFilm.id, ItemDetails(ratings: [pg13, r], summary: "A film for tests."))) {
            $0.items[0].summary = "A film for tests."
            $0.items[0].rating = "R"
            $0.items[0].contentRating = r
        }
        h.send(.itemDetails(id: told.id, ItemDetails(ratings: [r], summary: "Another plot.")))
        h.send(.itemDetails(id: "gone", ItemDetails(ratings: [r], summary: "Nobody's.")))
    }

    @Test("a rating known this way stops the film before it is opened: the prompt, no load")
    func gatesBeforeOpening() {
        let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .allowAll, hasPasscode: true)
        let h = ReducerHarness(ShellState(items: [xtreamFilm], restrictions: RestrictionsState(policy: policy)))
        h.apply(.itemDetails(id: xtreamFilm.id, ItemDetails(ratings: [r])))
        let effects = h.apply(.playIndex(0, at: h.clock.now))
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        #expect(h.state.prompt?.item.id == xtreamFilm.id)
        h.expectArmed(Set(h.armedTimers))
    }
}
