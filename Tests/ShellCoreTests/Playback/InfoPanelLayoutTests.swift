import Canvas
import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 20:30 UTC.
private let wall = 1_795_465_800.0

private let guide = ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [
    Programme(channel: "news.tv", start: wall - 1800, stop: wall + 1800, title: "Tonight", summary: "The day's news, then the weather."),
    Programme(channel: "news.tv", start: wall + 1800, stop: wall + 3600, title: "Later"),
])

/// News playing, its info panel open on the Info tab.
private func infoOnNews() -> ShellState {
    let news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, group: "Local", guideID: "news.tv")
    let h = ReducerHarness(ShellState(items: [news], guide: guide))
    h.apply(.wallClock(wall, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.videoConfigured, token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.frame(.rendered, token: 1, at: h.clock.now))
    h.apply(.timerFired(.hintHide, at: h.clock.now))
    h.apply(.timerFired(.transportHide, at: h.clock.now))
    h.apply(.command(.info, at: h.clock.now))
    #expect(h.state.chrome.overlay == .info && h.state.chrome.infoTab == .info && !h.state.chrome.transportVisible)
    h.expectArmed([.stall])
    return h.state
}

@Suite("The info panel in a short terminal")
struct InfoPanelLayoutTests {
    private static func rows(_ screen: Screen) -> [String] {
        screen.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("at any height from the smallest drawn (10 rows) up, the panel draws inside its box: the picture below it untouched, its keys on its bottom row",
          arguments: [40, 80], Array(10...24))
    func insideItsBox(width: Int, height: Int) {
        let state = infoOnNews()
        let screen = ShellView.render(state, theme: .dark, width: width, height: height, context: ViewContext(picture: .terminal))
        let panel = min(11, height - 6)
        let rows = Self.rows(screen)
        for y in panel..<height {
            #expect((0..<width).allSatisfy { screen[$0, y].isVideo }, "row \(y) below the panel (\(panel) rows) is the picture's: \(rows[y])")
        }
        #expect(rows[panel - 1].contains("Sleep: Off") && rows[panel - 1].contains("▲ / ESC close"), "the keys on its bottom row: \(rows[panel - 1])")
        #expect(rows[1].contains(" Info ") && rows[1].contains(" Audio"), "the tabs: \(rows[1])")
    }

    @Test("a full panel: the title, its facts, a line apart what is on now and next, then the summary")
    func full() {
        let rows = Self.rows(ShellView.render(infoOnNews(), theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)))
        #expect(rows[3].trimmingCharacters(in: .whitespaces) == "1  News")
        #expect(rows[4].trimmingCharacters(in: .whitespaces) == "Local · LIVE")
        #expect(rows[5].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(rows[6].hasPrefix("  Now ") && rows[6].contains("Tonight"), "\(rows[6])")
        #expect(rows[7].hasPrefix("  Next ") && rows[7].contains("Later"), "\(rows[7])")
        #expect(rows[8].hasPrefix("  The day's news, then the weather."))
    }

    @Test("a short panel keeps the title, then now, then next, then the facts, in their order and without the blank line",
          arguments: [(12, ["1  News", "Now "]), (13, ["1  News", "Now ", "Next "]), (14, ["1  News", "Local · LIVE", "Now ", "Next "])])
    func short(height: Int, expected: [String]) {
        let rows = Self.rows(ShellView.render(infoOnNews(), theme: .dark, width: 80, height: height, context: ViewContext(picture: .terminal)))
        let panel = min(11, height - 6)
        let lines = rows[3..<(panel - 1)].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == expected.count)
        for (line, start) in zip(lines, expected) { #expect(line.hasPrefix(start), "\(line) for \(start)") }
    }

    @Test("a ripped disc's facts say which disc it is, after its length")
    func disc() {
        var film = MediaItem(title: "The Matrix (1999)", url: "/films/The.Matrix.1999.PAL.DVDR", rating: "R")
        film.disc = .dvd
        let h = ReducerHarness(ShellState(items: [film]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(60), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.info, at: h.clock.now))
        let rows = Self.rows(ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)))
        #expect(rows[3].trimmingCharacters(in: .whitespaces) == "The Matrix (1999)")
        #expect(rows[4].trimmingCharacters(in: .whitespaces) == "R · 1:00 · DVD", "\(rows[4])")
        h.expectArmed([.transportHide, .stall])
    }
}
