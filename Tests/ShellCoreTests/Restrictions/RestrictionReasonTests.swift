import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

private let r = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
private let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)
private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)

@Suite("The rating a restriction names")
struct RestrictionReasonTests {
    @Test("the prompt, its event, Now Playing and get_state's label name the rating over the limits, not a stricter one of the other kind the limits allow")
    func namesTheRatingOver() {
        let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .allowAll, hasPasscode: true)
        #expect(policy.reason([tvMA, r]) == r, "R is over “movies up to PG-13”; TV-MA is allowed")
        #expect(policy.reason([tvMA]) == tvMA, "nothing over: the strictest")
        #expect(policy.reason([]) == nil)

        var film = MediaItem(id: "late", title: "Late Film", url: "http://x.test/late.mkv", rating: "TV-MA", contentRating: tvMA)
        film.moreRatings = [r]
        var state = ShellState(items: [film])
        state.restrictions = RestrictionsState(policy: policy)
        let h = ReducerHarness(state)
        let effects = h.apply(.playIndex(0, at: h.clock.now))
        let prompt = try! #require(h.state.prompt)
        #expect(prompt.reason(under: policy) == r && prompt.rating == tvMA, "the strictest by rank is TV-MA, the reason R")
        #expect(effects.contains(.emit(.restrictionsAuthorizationRequested(item: film, rating: "R"))), "\(effects)")
        #expect(NowPlayingInfo.of(h.state).title == "Restricted (R)")
        #expect(h.state.restrictedLabel(film) == "Restricted (R)", "what the fleet shows in its place")
        let cancelled = h.apply(.command(.menu, at: h.clock.now))
        #expect(cancelled.contains(.emit(.restrictionsAuthorization(item: film, rating: "R", granted: false, reason: "cancelled"))))
    }
}
