import MediaModel
import ShellCore
import ShellTesting
import Testing

private let film = MediaItem(id: "film", title: "The Test Pattern", url: "/f.mkv", rating: "PG", summary: "Ten minutes of test pattern.", group: "Films")
private let context = ViewContext(picture: .terminal)

private func state(_ overlay: OverlayKind, tab: InfoTab = .info, focus: Int = 0) -> ShellState {
    var s = ShellState(items: [film])
    s.current = 0
    s.navigation.destination = .player
    s.playback.phase = .playing
    s.playback.position = 100
    s.playback.duration = 600
    s.playback.seekable = true
    s.playback.firstFramePresented = true
    s.playback.chapters = [Chapter(title: "Opening", start: 0), Chapter(title: "The Grid", start: 120), Chapter(title: "Finale", start: 480)]
    s.playback.tracks = [
        Track(id: 1, kind: .audio, title: "Main", language: "eng", selected: true),
        Track(id: 1, kind: .subtitle, language: "eng"), Track(id: 2, kind: .subtitle, title: "Français", language: "fre", selected: true),
    ]
    s.chrome.overlay = overlay
    s.chrome.infoTab = tab
    s.chrome.overlayFocus = focus
    return s
}

@Suite("Overlay and panel snapshots")
struct OverlaySnapshotTests {
    private func check(_ s: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertThemedSnapshots(s, named: name, context: context, sourceLocation: sourceLocation) { screen, theme in
            #expect(screen.cells.first { !$0.isVideo }?.style.background == theme.barBackground,
                    "drawn in \(theme.name)'s colours", sourceLocation: sourceLocation)
        }
    }

    @Test func customOverlay() { check(state(.custom, focus: 2), "overlay-custom") }
    @Test func infoTab() { check(state(.info), "panel-info") }

    @Test("cards beyond the row peek in: the next cut by the right edge, an arrow where earlier ones went")
    func customOverlayPeeks() {
        let rows = { (s: ShellState) in ShellView.render(s, theme: .dark, width: 60, height: 18, context: context).text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let first = rows(state(.custom, focus: 0))
        #expect(first[14].hasPrefix("   Play From Beginning") && first[14].hasSuffix("   The Gri"), "\(first[14])")
        #expect(!first[14].contains("‹"))
        let last = rows(state(.custom, focus: 5))
        #expect(last[14].hasPrefix("‹  Speed 1×") && last[14].contains("Sleep: Off"), "\(last[14])")
        #expect(last[14].trimmingCharacters(in: .whitespaces).hasSuffix("Off"), "nothing peeks after the last card")
    }
    @Test("on the TV the overlay's panel has a row above its heading (as the info panel above its tabs); the cards stay at the bottom; in a terminal it has none")
    func customOverlayOnTV() {
        let tv = ViewContext(picture: .terminal, chromeOverPicture: true)
        let screen = ShellView.render(state(.custom, focus: 0), theme: .dark, width: 60, height: 18, context: tv)
        let rows = screen.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[10].trimmingCharacters(in: .whitespaces).isEmpty && screen[2, 10].style.background == Theme.dark.barBackground, "\(rows[10])")
        #expect(rows[11].hasPrefix("  More"), "\(rows[11])")
        #expect(rows[14].hasPrefix("   Play From Beginning"), "the cards where they were: \(rows[14])")
        let terminal = ShellView.render(state(.custom, focus: 0), theme: .dark, width: 60, height: 18, context: context).text()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(terminal[11].hasPrefix("  More") && !terminal[10].contains("More"), "\(terminal[11])")
    }
    @Test func subtitlesTab() { check(state(.info, tab: .subtitles, focus: 5), "panel-subtitles") }
    @Test func chaptersTab() { check(state(.info, tab: .chapters, focus: 5), "panel-chapters") }
    @Test func audioTab() { check(state(.info, tab: .audio, focus: 3), "panel-audio") }

    @Test func previousProgrammesTab() {
        let wall = 1_795_465_800.0
        var news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
        news.catchup = Catchup(mode: .shift, source: "http://live.test/news.m3u8?utc={utc}&lutc={lutc}", days: 7)
        let programmes = (1...12).map { n in
            Programme(channel: "news.tv", start: wall - Double(n) * 1800, stop: wall - Double(n - 1) * 1800, title: "Bulletin \(13 - n)")
        }
        var s = state(.info, tab: .previous, focus: 4 + 9)
        s.items = [news]
        s.guide.programmes = ProgrammeGuide(channels: [], programmes: programmes)
        s.wallClock = wall
        s.playback.chapters = []
        #expect(OverlayModel.infoTabs(s) == [.info, .previous, .subtitles, .audio])
        check(s, "panel-previous-programmes")
    }

    @Test func hint() {
        var s = state(.none)
        s.chrome.hintVisible = true
        s.chrome.transportVisible = true
        let text = ShellView.render(s, theme: .dark, width: 80, height: 24, context: context).text()
        #expect(text.split(separator: "\n").last?.contains("▲ More") == true)
    }
}

@Suite("Content overlay")
struct ContentOverlayTests {
    @Test("the channel's logo sits in the top-right corner of the picture; transparent pixels leave it showing")
    func logoBug() throws {
        var rgba: [UInt8] = []
        for y in 0..<16 { for _ in 0..<16 { rgba += y < 8 ? [255, 0, 0, 255] : [0, 0, 0, 0] } }
        let logo = try #require(LogoImage(width: 16, height: 16, rgba: rgba))
        var s = ShellState(items: [MediaItem(title: "Red", url: "av://lavfi:x", isLive: true, number: 1, logo: "http://logo")])
        s.current = 0
        s.navigation.destination = .player
        s.playback.phase = .playing
        s.playback.firstFramePresented = true
        s.guide.logos["http://logo"] = logo
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal))
        #expect(screen[70, 1].character == "▀" && screen[70, 1].style.foreground == RGB(255, 0, 0))
        #expect(screen[77, 2].style.background == RGB(255, 0, 0))
        #expect(screen[70, 3].isVideo, "the transparent half shows the picture")
        #expect(screen[69, 1].isVideo && screen[0, 0].isVideo)
        s.guide.logos = [:]
        #expect(ShellView.render(s, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal))[70, 1].isVideo)
    }
}
