import Catalog
import MediaModel
import ShellCore
import ShellTesting
import Testing

/// An Xtream Codes account's lists on the home screen, as `XtreamCatalog`
/// makes them, and what the screen says when the account is refused.
@Suite("An account's lists and its errors on the home screen")
struct AccountSnapshotTests {
    private let server = XtreamServer(server: "http://provider.example:8080", user: "alice", password: "secret")!

    private func catalog() -> XtreamCatalog {
        var catalog = XtreamCatalog()
        catalog.liveCategories = [XtreamCategory(id: "1", name: "News"), XtreamCategory(id: "2", name: "Sport")]
        catalog.live = [
            XtreamLiveStream(number: 1, name: "XC News", streamID: 101, guideID: "news", categoryID: "1", archive: true),
            XtreamLiveStream(number: 2, name: "XC Sport One", streamID: 102, categoryID: "2"),
        ]
        catalog.filmCategories = [XtreamCategory(id: "3", name: "Drama")]
        catalog.films = [XtreamFilm(name: "The Test Film", streamID: 201, categoryID: "3")]
        catalog.series = [XtreamSeries(seriesID: 301, name: "Test Show")]
        catalog.episodes[301] = [XtreamEpisode(id: "3011", season: 1, number: 1, title: "Test Show - S01E01 - Pilot"),
                                 XtreamEpisode(id: "3012", season: 1, number: 2, title: "Second")]
        return catalog
    }

    private func home(notice: String?) -> ShellState {
        let catalog = catalog()
        var s = ShellState(items: catalog.lineup(server: server).playableChannels().items + catalog.onDemand(server: server, account: "home"))
        s.navigation.homeSelection = 3
        s.chrome.notice = notice
        return s
    }

    private func check(_ state: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (w, h) in [(80, 24), (200, 60)] {
            let screen = ShellView.render(state, theme: .dark, width: w, height: h, context: ViewContext(picture: .terminal))
            #expect(!screen.text().contains("secret"), sourceLocation: sourceLocation)
            assertSnapshot(screen, named: "\(name)-\(w)x\(h)", sourceLocation: sourceLocation)
        }
    }

    @Test("the account's guide failing: the home screen names its xmltv.php address with the account redacted")
    func guideFailed() {
        var state = home(notice: nil)
        state.guide.status = GuideStatus(refreshed: nil, problem: "\(server.guide): could not connect (connection refused); the guide kept is the one from before")
        for (w, h) in [(80, 24), (200, 60)] {
            let text = ShellView.render(state, theme: .dark, width: w, height: h, context: ViewContext(picture: .terminal)).text()
            #expect(!text.contains("secret") && !text.contains("alice"), "\(text)")
            #expect(w < 200 || text.contains("Guide: http://provider.example:8080/xmltv.php?username=***&password=***"), "\(text)")
        }
    }

    @Test("the lists: channels by category, Films · Drama, Series · Test Show with its episodes in order")
    func lists() { check(home(notice: nil), "account-home") }

    @Test("each refusal as the screen says it, the stored lists shown under it")
    func refused() {
        let stored = "; the lists stored 3 hours ago are shown"
        let failures: [(String, XtreamFailure)] = [
            ("wrong-password", .wrongCredentials(server: server.base, user: "alice")),
            ("expired", .inactive(server: server.base, status: "Expired", expires: 1_795_000_000)),
            ("unreachable", .unreachable(server: server.base, reason: "the connection was refused")),
            ("http-status", .httpStatus(server: server.base, status: 503)),
            ("not-xtream", .notXtream(server: server.base, reason: "user_info is not there")),
            ("unexpected-json", .unexpectedJSON(action: "get_live_streams", field: "[4].stream_id", expected: "a number")),
        ]
        for (name, failure) in failures {
            check(home(notice: "Account home: \(failure)\(stored)"), "account-\(name)")
        }
    }
}
