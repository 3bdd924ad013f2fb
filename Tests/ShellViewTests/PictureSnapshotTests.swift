import MediaModel
import ShellCore
import ShellTesting
import Testing

private let film = MediaItem(id: "film", title: "The Test Pattern", url: "/media/film.mkv", rating: "PG")
private let news = MediaItem(id: "news", title: "Test Card", url: "av://lavfi:testsrc2", isLive: true, number: 1, rating: "TV-G", group: "Channels")
private let bars = MediaItem(id: "bars", title: "Late Night Bars", url: "av://lavfi:smptebars", isLive: true, number: 4, rating: "TV-MA", group: "Channels")
private let terminalVideo = ViewContext(picture: .terminal)

private func playback(position: Double? = 754, duration: Double? = 7200, paused: Bool = false) -> PlaybackState {
    var p = PlaybackState()
    p.token = 1
    p.phase = .playing
    p.position = position
    p.duration = duration
    p.seekable = duration != nil
    p.paused = paused
    p.firstFramePresented = true
    p.videoConfigured = true
    return p
}

/// The film in a picture over the home screen, the selection on row 0.
private func homeWithFilm(corner: PictureCorner = .topRight, paused: Bool = false) -> ShellState {
    var s = ShellState(items: [film, news, bars])
    s.picture.pip = PictureInPicture(index: 0, playback: playback(paused: paused), corner: corner)
    s.navigation.homeSelection = 2
    return s
}

/// A channel in a muted picture over another playing full screen.
private func liveOverPlayer(corner: PictureCorner) -> ShellState {
    var s = ShellState(items: [film, news, bars])
    s.current = 0
    s.navigation.destination = .player
    s.playback = playback()
    s.playback.token = 2
    s.picture.pip = PictureInPicture(index: 1, playback: playback(position: 30, duration: nil), corner: corner, muted: true)
    return s
}

private func guideWithPreview(restricted: Bool) -> ShellState {
    var s = ShellState(items: [film, news, bars])
    s.navigation.destination = .guide
    s.navigation.homeSelection = restricted ? 2 : 1
    var p = playback(position: 3, duration: nil)
    p.token = 3
    s.picture.preview = restricted ? PreviewState(index: 2, restricted: "TV-MA") : PreviewState(index: 1, playback: p)
    return s
}

private let sizes = [(80, 24), (120, 40), (200, 60)]

@Suite("Picture in picture: frames, badges and corners")
struct PictureSnapshotTests {
    /// Every shipped theme, and the default drawn in ASCII.
    private func themes() throws -> [(Theme, String)] {
        try ["default", "light", "high-contrast", "console16"].map { (try shippedTheme($0), "-\($0)") } + [(Theme.dark.asciiOnly(), "-ascii")]
    }

    private func check(_ state: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                       _ look: (Screen, Theme, Int, Int) throws -> Void = { _, _, _, _ in }) throws {
        for (w, h) in sizes {
            for (theme, suffix) in try themes() {
                let screen = ShellView.render(state, theme: theme, width: w, height: h, context: terminalVideo)
                assertSnapshot(screen, named: "\(name)\(suffix)-\(w)x\(h)", sourceLocation: sourceLocation)
                try look(screen, theme, w, h)
            }
        }
    }

    @Test("a film in a picture over the home screen: framed, titled, its progress and time; moved off the focused row")
    func filmOverHome() throws {
        try check(homeWithFilm(), "pip-film-home") { screen, _, w, h in
            let window = try #require(screen.windows.first)
            let video = PictureLayout.pictureVideoSize(columns: w, rows: h)
            #expect(window.inset == .picture && window.width == video.columns && window.height == video.rows)
            #expect(screen.text().contains("The Test Pattern"))
            #expect(screen.text().contains("12:34"))
            #expect(!window.covers(row: 5), "the focused row (Late Night Bars) stays clear")
        }
    }

    @Test("paused, in the top-left corner")
    func pausedTopLeft() throws {
        var s = homeWithFilm(corner: .topLeft, paused: true)
        s.navigation.homeSelection = 0
        try check(s, "pip-paused-top-left") { screen, _, _, _ in
            #expect(screen.text().contains("paused"))
            #expect(screen.windows.first?.x == 2)
        }
    }

    @Test("a live channel muted over a film, with its LIVE badge, in each corner")
    func liveOverFilm() throws {
        for corner in PictureCorner.allCases {
            try check(liveOverPlayer(corner: corner), "pip-live-\(corner.rawValue)") { screen, _, w, h in
                let text = screen.text()
                #expect(text.contains("LIVE") && text.contains("muted"))
                let window = try #require(screen.windows.first)
                #expect((window.x > w / 2) == corner.isRight && (window.y < h / 2) == corner.isTop)
            }
        }
    }

    @Test("the guide's preview pane: the channel's picture; a restricted channel says so and opens no window")
    func preview() throws {
        try check(guideWithPreview(restricted: false), "preview-playing") { screen, _, _, _ in
            #expect(screen.windows.map(\.inset) == [.preview])
        }
        try check(guideWithPreview(restricted: true), "preview-restricted") { screen, _, _, _ in
            #expect(screen.windows.isEmpty)
            #expect(screen.text().contains("Restricted (TV-MA)"))
        }
    }

    @Test("a channel whose preview failed says so in plain words, as the error screen does; the player's text stays off the pane")
    func previewFailed() throws {
        var s = guideWithPreview(restricted: false)
        s.picture.preview?.playback.phase = .failed
        s.picture.preview?.playback.failure = ShellError(title: "Could not play", reason: "loading failed: tcp: Connection refused")
        for (w, h) in sizes {
            let screen = ShellView.render(s, theme: .dark, width: w, height: h, context: terminalVideo)
            #expect(screen.windows.isEmpty)
            #expect(screen.text().contains("Unavailable now") && !screen.text().contains("Could not play"), "\(w)×\(h): \(screen.text())")
        }
        // The grid's preview, beside the focused programme's details.
        let wall = 1_795_466_400.0
        let channels = (1...3).map { (n: Int) in
            MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://live.test/\(n).m3u8", isLive: true, number: n, guideID: "c\(n)")
        }
        var grid = ShellState(items: channels, guide: ProgrammeGuide(channels: [], programmes: [Programme(channel: "c2", start: wall - 600, stop: wall + 600, title: "Show")]))
        grid.wallClock = wall
        grid.navigation.destination = .guide
        grid.guide.grid = GuideGrid(channel: 1, time: wall, start: wall - 1800)
        grid.picture.preview = s.picture.preview
        grid.picture.preview?.index = 1
        let screen = ShellView.render(grid, theme: .dark, width: 120, height: 40, context: terminalVideo)
        #expect(screen.windows.isEmpty)
        #expect(screen.text().contains("Unavailable now") && !screen.text().contains("Could not play"), "\(screen.text())")
    }

    @Test("the guide's list of 40 channels with the film in a picture: it goes to the preview pane's empty part, hiding no row of the list nor what the pane shows")
    func pictureBesideGuideList() throws {
        let channels = (1...40).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "av://lavfi:testsrc2", isLive: true, number: n, group: "Channels") }
        var s = ShellState(items: [film] + channels)
        s.navigation.destination = .guide
        s.navigation.homeSelection = 3
        var p = playback(position: 3, duration: nil)
        p.token = 3
        s.picture.preview = PreviewState(index: 3, playback: p)
        for corner in PictureCorner.allCases {
            s.picture.pip = PictureInPicture(index: 0, playback: playback(), corner: corner)
            var without = s
            without.picture.pip = nil
            for (w, h) in sizes {
                let screen = ShellView.render(s, theme: .dark, width: w, height: h, context: terminalVideo)
                let before = ShellView.render(without, theme: .dark, width: w, height: h, context: terminalVideo)
                let pane = try #require(PictureLayout.previewPane(columns: w, rows: h))
                let window = try #require(screen.windows.first { $0.inset == .picture }, "\(w)×\(h) \(corner): the picture is drawn")
                #expect(window.x > pane.x, "\(w)×\(h) \(corner): in the pane, not over the list")
                let hidden = (0..<h).flatMap { y in (0...pane.x).filter { x in screen[x, y] != before[x, y] }.map { (x: $0, y: y) } }
                #expect(hidden.isEmpty, "\(w)×\(h) \(corner): \(hidden.count) of the list's cells hidden, the first at \(hidden.first.map { "\($0.x),\($0.y)" } ?? "")")
                let preview = try #require(screen.windows.first { $0.inset == .preview })
                #expect(window.y > preview.y + preview.height + 2, "\(w)×\(h) \(corner): below the preview and its channel's line")
            }
            if corner == .bottomRight { assertSnapshot(ShellView.render(s, theme: .dark, width: 120, height: 40, context: terminalVideo), named: "pip-beside-guide-list-120x40") }
        }
    }

    @Test("the keys' help over the guide's preview (on the TV's 60 columns): the TV lays none of the preview's picture on the help, only the part beside it")
    func coveredWindows() throws {
        var s = guideWithPreview(restricted: false)
        // The TV's screen is 60 columns wide (its rows by its shape).
        for (w, h) in [(60, 18), (60, 25)] {
            s.chrome.help = false
            let shown = ShellView.render(s, theme: .dark, width: w, height: h, context: terminalVideo)
            let window = try #require(shown.windows.first { $0.inset == .preview })
            #expect(shown.uncoveredPart(of: window) == window, "\(w)×\(h)")
            s.chrome.help = true
            let helped = ShellView.render(s, theme: .dark, width: w, height: h, context: terminalVideo)
            #expect(helped.windows.map(\.inset) == [.preview], "\(w)×\(h): the list's view placed it")
            // The help leaves the pane's right end: that part is laid, not a black box.
            let part = try #require(helped.uncoveredPart(of: window), "\(w)×\(h)")
            #expect(part.x + part.width == window.x + window.width && part.width > 0, "\(w)×\(h): \(part)")
            #expect(part.width * part.height < window.width * window.height / 2, "\(w)×\(h): the help covers most of it: \(part)")
            for y in part.y..<(part.y + part.height) {
                for x in part.x..<(part.x + part.width) { #expect(helped[x, y].inset == .preview, "\(w)×\(h): (\(x), \(y)) is the help's") }
            }
        }
    }

    @Test("of a window partly drawn over, the TV lays the largest rectangle nothing covers: beside a dialog over its left part, below a badge over a corner; none when all is covered")
    func uncoveredPart() {
        var screen = Screen(width: 20, height: 8)
        let window = VideoWindow(.preview, x: 8, y: 2, width: 10, height: 5)
        screen.place(window)
        #expect(screen.uncoveredPart(of: window) == window)
        // A dialog over its left four columns and the rows above it.
        screen.fill(x: 2, y: 0, width: 10, height: 6, with: Cell(" ", style: Style()))
        #expect(screen.uncoveredPart(of: window) == VideoWindow(.preview, x: 12, y: 2, width: 6, height: 5))
        // A badge over the top right corner too: the rows under it are wider.
        screen.put("ab", x: 16, y: 2, style: Style())
        #expect(screen.uncoveredPart(of: window) == VideoWindow(.preview, x: 12, y: 3, width: 6, height: 4))
        var covered = Screen(width: 20, height: 8)
        covered.place(window)
        covered.fill(x: 0, y: 0, width: 20, height: 8, with: .blank)
        #expect(covered.uncoveredPart(of: window) == nil)
    }

    @Test("on the guide's list the picture keeps its size and place as the selection moves between channels with and without a programme on (the pane's lines' rows are kept whether drawn or not)")
    func pictureStillOnGuideList() throws {
        let wall = 1_795_466_400.0
        let channels = (1...6).map { (n: Int) in
            MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://live.test/\(n).m3u8", isLive: true, number: n, group: "Channels", guideID: "c\(n)")
        }
        // Channel 2 has a programme on; channel 3 none.
        let on = Programme(channel: "c2", start: wall - 600, stop: wall + 1200, title: "A Programme With A Long Title On Now")
        for corner in PictureCorner.allCases {
            for (w, h) in sizes {
                var windows: [String] = []
                for selection in [2, 3, 0] {
                    var s = ShellState(items: [film] + channels, guide: ProgrammeGuide(channels: [], programmes: [on]))
                    s.wallClock = wall
                    s.navigation.destination = .guide
                    s.navigation.homeSelection = selection
                    s.picture.pip = PictureInPicture(index: 1, playback: playback(position: 3, duration: nil), corner: corner)
                    let screen = ShellView.render(s, theme: .dark, width: w, height: h, context: terminalVideo)
                    if selection == 2 { #expect(screen.text().contains("A Programme With"), "\(w)×\(h): the programme on is shown") }
                    let window = try #require(screen.windows.first { $0.inset == .picture }, "\(w)×\(h) \(corner): the picture is drawn")
                    windows.append("\(window.x),\(window.y) \(window.width)×\(window.height)")
                }
                #expect(Set(windows).count == 1, "\(w)×\(h) \(corner): the picture moved with the selection: \(windows)")
            }
        }
    }

    @Test("on a TV's grid (60×18, 80×20; with the preview or not) the picture goes over the details panel's end where the grid leaves it no other room, the details beside it; the focused row and the preview stay clear, whichever row has the focus")
    func pictureOverGridDetails() throws {
        let wall = 1_795_466_400.0
        let channels = (1...12).map { (n: Int) in
            MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://live.test/\(n).m3u8", isLive: true, number: n, guideID: "c\(n)")
        }
        let programmes = (1...12).map { (n: Int) in
            Programme(channel: "c\(n)", start: wall - 1200, stop: wall + 2400, title: "Show \(n)", summary: "What happens in show \(n).")
        }
        for (width, height, withPreview) in [(60, 18, false), (60, 18, true), (80, 20, false), (80, 20, true)] {
            for corner in PictureCorner.allCases {
                for focus in 1...GuideGridLayout(columns: width, rows: height, channels: 13).channelRows {
                    var s = ShellState(items: [film] + channels, guide: ProgrammeGuide(channels: [], programmes: programmes))
                    s.wallClock = wall
                    s.navigation.destination = .guide
                    s.guide.grid = GuideGrid(channel: focus, time: wall, start: wall - 1800)
                    if withPreview {
                        var p = playback(position: 3, duration: nil)
                        p.token = 3
                        s.picture.preview = PreviewState(index: focus, playback: p)
                    }
                    var without = s
                    s.picture.pip = PictureInPicture(index: 0, playback: playback(), corner: corner)
                    let label = "\(width)×\(height), focus \(focus), \(corner)\(withPreview ? ", preview" : "")"
                    let (screen, spot) = ShellView.compose(s, theme: .dark, width: width, height: height, context: terminalVideo)
                    #expect(spot?.corner != nil && !screen.text().contains("Picture behind"), "\(label): no room\n\(screen.text())")
                    if width == 60 && focus == 4 && corner == .bottomRight {
                        assertSnapshot(screen, named: withPreview ? "pip-over-grid-details-preview-60x18" : "pip-over-grid-details-60x18")
                    }
                    let window = try #require(screen.windows.first { $0.inset == .picture }, "\(label): the picture is drawn")
                    let row = 2 + focus
                    #expect(!(window.y - 1...window.y + window.height).contains(row), "\(label): the focused row hidden\n\(screen.text())")
                    #expect(screen.text().contains("Show \(focus)"), "\(label): the details' title hidden\n\(screen.text())")
                    #expect(screen.text().contains("What happens in"), "\(label): the details' summary hidden\n\(screen.text())")
                    if withPreview {
                        let preview = try #require(screen.windows.first { $0.inset == .preview }, "\(label): the preview is drawn")
                        let apart = window.x + window.width < preview.x || window.x > preview.x + preview.width
                            || window.y + window.height < preview.y || window.y > preview.y + preview.height
                        #expect(apart, "\(label): over the preview\n\(screen.text())")
                    }
                    without.picture.pip = nil
                    let large = ShellView.render(s, theme: .dark, width: 120, height: 40, context: terminalVideo)
                    let largeWithout = ShellView.render(without, theme: .dark, width: 120, height: 40, context: terminalVideo)
                    let layout = GuideGridLayout(columns: 120, rows: 40, channels: 13)
                    #expect((layout.detailsTop..<layout.detailsTop + layout.detailHeight).allSatisfy { y in (0..<120).allSatisfy { x in large[x, y] == largeWithout[x, y] } },
                            "\(label): the details of a large grid, where the picture has room above, are as without it")
                }
            }
        }
    }

    @Test("below 60×18, p says why the picture cannot start")
    func tooSmall() {
        var s = ShellState(items: [film])
        s.current = 0
        s.navigation.destination = .player
        s.playback = playback()
        s.display = DisplaySize(columns: 59, rows: 17)
        _ = ShellReducer.reduce(&s, .command(.pictureInPicture, at: Instant(seconds: 0)))
        let text = ShellView.render(s, theme: .dark, width: 59, height: 17, context: terminalVideo).text()
        #expect(s.picture.pip == nil)
        #expect(text.contains("the terminal is 59×17") && text.contains("picture needs 60×18"), "\(text)")
    }
}
