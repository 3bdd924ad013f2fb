import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 18:10 on a day: News has Headlines 18:00–18:30 then Weather; Sport has
/// the Match 17:00–19:00; Off Air has nothing listed.
private let sixPM = 1_700_000_000.0 - 1_700_000_000.0.truncatingRemainder(dividingBy: 86400) + 18 * 3600
private let channels = [
    MediaItem(id: "news", title: "Evening News", url: "http://x/1", isLive: true, number: 1, rating: "TV-G", group: "Live", guideID: "news"),
    MediaItem(id: "sport", title: "Sport", url: "http://x/2", isLive: true, number: 2, rating: "TV-PG", group: "Live", guideID: "sport"),
    MediaItem(id: "off", title: "Off Air", url: "http://x/5", isLive: true, number: 5, group: "Live"),
]
private let listings = ProgrammeGuide(channels: [], programmes: [
    Programme(channel: "news", start: sixPM, stop: sixPM + 1800, title: "Headlines"),
    Programme(channel: "news", start: sixPM + 1800, stop: sixPM + 3600, title: "Weather"),
    Programme(channel: "sport", start: sixPM - 3600, stop: sixPM + 3600, title: "The Match"),
    Programme(channel: "sport", start: sixPM + 3600, stop: sixPM + 5400, title: "Highlights"),
])
private let sizes = [(80, 24), (120, 40), (200, 60)]

private func watching(_ index: Int) -> ShellState {
    var s = ShellState(items: channels, guide: listings)
    s.wallClock = sixPM + 600
    s.current = index
    s.navigation.destination = .player
    s.playback.token = 1
    s.playback.phase = .playing
    s.playback.firstFramePresented = true
    s.chrome.transportVisible = true
    return s
}

/// Live TV as a viewer sees it, in every shipped theme and the ASCII form,
/// at 80×24, 120×40 and 200×60: the live bar with its programme, a failed
/// flip and a failed channel in plain words, the home list's rows, the
/// grid with the playing channel marked and its details under it.
@Suite("Live TV as a viewer sees it: snapshots in every theme")
struct LiveViewerSnapshotTests {
    private func themes() throws -> [(Theme, String)] {
        try ["default", "light", "high-contrast", "console16"].map { (try shippedTheme($0), "-\($0)") } + [(Theme.dark.asciiOnly(), "-ascii")]
    }

    private func check(_ state: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                       _ look: (String, Int, Int) -> Void = { _, _, _ in }) throws {
        for (w, h) in sizes {
            for (theme, suffix) in try themes() {
                let screen = ShellView.render(state, theme: theme, width: w, height: h, context: ViewContext(picture: .terminal))
                assertSnapshot(screen, named: "viewer-\(name)\(suffix)-\(w)x\(h)", sourceLocation: sourceLocation)
                look(screen.text(), w, h)
            }
        }
    }

    @Test("the live bar: the programme beside the channel, a line through it, its times and what is next")
    func liveBar() throws {
        try check(watching(0), "live-bar") { text, _, _ in
            #expect(text.contains("Evening News") && text.contains("Headlines") && text.contains("Weather"))
        }
    }

    @Test("a failed flip and a failed channel say so in plain words, with no URL")
    func failures() throws {
        var flip = watching(0)
        flip.navigation.destination = .interstitial
        var state = FlipState(token: 2, origin: 0, target: 2, direction: .next, requested: true)
        state.failure = "Off Air is not available right now"
        state.failureReason = "loading failed: Failed to open http://x/5"
        flip.live.flip = state
        try check(flip, "flip-failed") { text, _, _ in
            #expect(text.contains("Off Air is not available right now") && !text.contains("http://"))
        }
        var failed = watching(2)
        failed.playback.phase = .failed
        failed.navigation.destination = .error(ShellError(title: "Could not play “Off Air”", reason: "loading failed: tcp: refused", location: "http://x/5"))
        try check(failed, "channel-failed") { text, _, _ in
            #expect(text.contains("Off Air is not available right now") && !text.contains("http://") && !text.contains("tcp"))
        }
        // A cause the viewer can act on is named: here, this box offline.
        let offline = ShellError(title: "Could not play “Off Air”", reason: "loading failed: tcp: Failed to resolve hostname x: Name or service not known",
                                 location: "http://x/5")
        failed.navigation.destination = .error(offline)
        let text = ShellView.render(failed, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("Its server could not be found: this box may be offline") && !text.contains("hostname") && !text.contains("off the air"), "\(text)")
        // libmpv's bare "loading failed" names no cause: not said as if it were one.
        failed.navigation.destination = .error(ShellError(title: "Could not play “Off Air”", reason: "loading failed", location: "http://x/5"))
        let bare = ShellView.render(failed, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(bare.contains("It may be off the air") && !bare.contains("Loading failed"), "\(bare)")
        // tvshell's own reason is said as it is.
        failed.navigation.destination = .error(ShellError(title: "Could not play “Off Air”", reason: "the stream stalled", location: "http://x/5"))
        let own = ShellView.render(failed, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(own.contains("The stream stalled."), "\(own)")
    }

    @Test("the home list: now and next on every channel row, the rating in its own column")
    func homeRows() throws {
        var home = watching(0)
        home.navigation.destination = .home
        home.current = nil
        try check(home, "home") { text, w, _ in
            if w >= 80 { #expect(text.contains("Headlines  ▸ Weather") || text.contains("Headlines  > Weather")) }
        }
    }

    @Test("a channel the guide lists nothing on has its whole name, in the programme column's room; one with programmes keeps to the names' column; where no programme has room (the guide's list beside the preview on the TV's 60 columns) every name has it")
    func unlistedNames() throws {
        let items = [
            MediaItem(id: "news", title: "Evening News from the Whole Wide World", url: "http://x/1", isLive: true, number: 1, group: "Live", guideID: "news"),
            MediaItem(id: "radio", title: "BBC Radio 5 Live Sports Extra Ⓖ", url: "http://x/2", isLive: true, number: 2, group: "Live"),
        ]
        var home = ShellState(items: items, guide: listings)
        home.wallClock = sixPM + 600
        home.navigation.destination = .home
        let text = ShellView.render(home, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("BBC Radio 5 Live Sports Extra Ⓖ"), "\(text)")
        #expect(text.contains("Evening News from the Whole W…  Headlines"), "\(text)")

        var guide = home
        guide.navigation.destination = .guide
        guide.navigation.homeSelection = 1
        let list = ShellView.render(guide, theme: .dark, width: 60, height: 18, context: ViewContext(picture: .terminal)).text()
        // Beside the preview no programme has room: every name is as wide as the list lets it.
        #expect(list.contains("BBC Radio 5 Live…") && list.contains("Evening News fro…"), "\(list)")
    }

    @Test("the home list with the selected channel's card (i): its rating and group, now and next, over the bottom of the list")
    func homeCard() throws {
        var home = watching(0)
        home.navigation.destination = .home
        home.current = nil
        home.navigation.homeSelection = 1
        home.navigation.homeInfo = true
        try check(home, "home-card") { text, _, _ in
            #expect(text.contains("The Match") && text.contains("Highlights") && text.contains("i / ESC close"))
        }
    }

    @Test("the grid: the playing channel marked, programmes over dimmed, the details right under the last channel")
    func grid() throws {
        var grid = watching(1)
        grid.navigation.destination = .guide
        grid.guide.grid = GuideGrid(channel: 1, time: sixPM + 600, start: sixPM - 1800)
        try check(grid, "grid") { text, _, _ in
            #expect(text.contains("2▶Sport") || text.contains("2>Sport"))
        }
    }

    @Test("an account inside a URL never reaches the screen: a film's error (reason and location) and a channel's last failure on home")
    func noAccountOnScreen() {
        let film = MediaItem(id: "film", title: "Film", url: "http://host/movie/alice/s3cretpass/9.mkv")
        var failed = ShellState(items: [film] + channels, guide: listings)
        failed.current = 0
        failed.playback.phase = .failed
        failed.navigation.destination = .error(ShellError(title: "Could not play “Film”",
                                                          reason: "Failed to open http://host/movie/alice/s3cretpass/9.mkv", location: film.url))
        var home = ShellState(items: channels, guide: listings)
        var health = StreamHealth()
        health.lastFailure = "Failed to open http://bob:hunter2pw@host/live.m3u8?token=t0k3nvalue"
        home.live.streamHealth[0] = health
        for state in [failed, home] {
            let text = ShellView.render(state, theme: .dark, width: 200, height: 40, context: ViewContext(picture: .terminal)).text()
            #expect(text.contains("host"), "the server is named: \(text)")
            for secret in ["s3cretpass", "alice", "hunter2pw", "t0k3nvalue"] { #expect(!text.contains(secret), "\(secret) on screen: \(text)") }
        }
    }
}
