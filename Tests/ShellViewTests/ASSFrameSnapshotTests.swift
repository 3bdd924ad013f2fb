import Foundation
import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

private let film = MediaItem(id: "film", title: "The Test Pattern", url: "/media/film.mkv", rating: "PG")
private let channel = MediaItem(id: "news", title: "Test Card", url: "av://lavfi:testsrc2", isLive: true, number: 1, rating: "TV-G")
private let late = MediaItem(id: "late", title: "Late Night Bars", url: "av://lavfi:smptehdbars", isLive: true, number: 4, rating: "TV-MA")

private func player() -> ShellState {
    var s = ShellState(items: [film, channel])
    s.current = 0
    s.navigation.destination = .player
    s.playback.phase = .playing
    s.playback.position = 754
    s.playback.duration = 7200
    s.playback.seekable = true
    s.playback.firstFramePresented = true
    s.playback.videoConfigured = true
    s.chrome.transportVisible = true
    return s
}

private func home() -> ShellState {
    var s = ShellState(items: [film, channel, late])
    s.navigation.homeSelection = 1
    return s
}

private func prompt() -> ShellState {
    var s = ShellState(items: [late])
    s.current = 0
    s.wallClock = 1_800_000_000
    s.navigation.destination = .passcode(PasscodePrompt(purpose: .play(index: 0), item: late, ratings: [ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)]))
    return s
}

/// The TV output's OSD: each screen as the ASS events mpv draws over its
/// picture, in every shipped theme, as golden text (`__Snapshots__/ass-…`;
/// `RECORD_SNAPSHOTS=1` re-records).
@Suite("The TV output's OSD (ASS events)")
struct ASSFrameSnapshotTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    @Test("the player with its transport bar, home, the passcode prompt; every shipped theme", arguments: ["default", "light", "high-contrast", "console16"])
    func screens(_ themeName: String) throws {
        let theme = try shippedTheme(themeName)
        let grid = ASSFrame.grid(width: 1280, height: 720)
        for (name, state) in [("player", player()), ("home", home()), ("passcode", prompt())] {
            let screen = ShellView.render(state, theme: theme, width: grid.columns, height: grid.rows, context: ViewContext(picture: .terminal, chromeOverPicture: true))
            let frame = ASSFrame(screen, width: 1280, height: 720)
            let file = Self.snapshots.appendingPathComponent("ass-\(name)-\(themeName).txt")
            let actual = frame.events + "\n"
            if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" || !FileManager.default.fileExists(atPath: file.path) {
                try actual.write(to: file, atomically: true, encoding: .utf8)
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == actual, "ass-\(name)-\(themeName) differs (RECORD_SNAPSHOTS=1 records it again)")
        }
    }

    @Test("a wide character (CJK, emoji) is placed at its own cells, and the text after it at its: a font's advance for it is not two cells")
    func wideCharacters() {
        var screen = Screen(width: 10, height: 1)
        _ = screen.put("日本 ⚽ ab", x: 0, y: 0, style: Style(foreground: RGB(255, 255, 255)))
        let frame = ASSFrame(screen, width: 1000, height: 100, safeArea: 0)
        let texts = frame.events.split(separator: "\n").filter { $0.contains("\\fn") }.map { line -> String in
            let position = line.range(of: "\\pos(")!.upperBound
            let x = line[position...].prefix { $0 != "," }
            return "\(x) \(line.split(separator: "}").last!)"
        }
        #expect(texts == ["0 日", "200 本", "500 ⚽", "800 ab"], "\(frame.events)")
    }

    @Test("the picture's cells are left clear; text keeps its cells; braces and backslashes are literal")
    func holesAndEscapes() {
        var screen = Screen(width: 4, height: 2)
        screen.fill(x: 0, y: 0, width: 4, height: 1, with: .video)
        _ = screen.put("a{\\", x: 0, y: 1, style: Style(foreground: RGB(255, 0, 0), background: RGB(0, 0, 255)))
        let frame = ASSFrame(screen, width: 400, height: 200, safeArea: 0)
        #expect(frame.cellWidth == 100 && frame.cellHeight == 100)
        #expect(frame.events == """
            {\\an7\\pos(0,0)\\bord0\\shad0\\1c&HFF0000&\\p1}m 0 100 l 300 100 l 300 200 l 0 200{\\p0}
            {\\an7\\pos(0,0)\\bord0\\shad0\\1c&H000000&\\p1}m 300 100 l 400 100 l 400 200 l 300 200{\\p0}
            {\\an7\\pos(0,100)\\fnDejaVu Sans Mono\\fs166\\fscx116.5\\bord0\\shad0\\q2\\1c&H0000FF&}a\\{\\\u{2060}
            """)
    }

    @Test("a screen with no full-screen picture (the prompt over a paused one) is filled out to the output's edges with the background most of its border has (black with none); one with the picture leaves the margins to it")
    func marginsCovered() {
        var screen = Screen(width: 4, height: 2)
        _ = screen.put("ab", x: 0, y: 0, style: Style(foreground: RGB(255, 255, 255), background: RGB(0, 0, 255)))
        let covered = ASSFrame(screen, width: 500, height: 300, safeArea: 0.1)
        #expect(covered.left == 50 && covered.top == 30 && covered.cellWidth == 100 && covered.cellHeight == 120)
        let lines = covered.events.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == [
            "{\\an7\\pos(0,0)\\bord0\\shad0\\1c&H000000&\\p1}m 0 0 l 500 0 l 500 30 l 0 30{\\p0}",
            "{\\an7\\pos(0,0)\\bord0\\shad0\\1c&H000000&\\p1}m 0 270 l 500 270 l 500 300 l 0 300{\\p0}",
            "{\\an7\\pos(0,0)\\bord0\\shad0\\1c&H000000&\\p1}m 0 30 l 50 30 l 50 270 l 0 270{\\p0}",
            "{\\an7\\pos(0,0)\\bord0\\shad0\\1c&H000000&\\p1}m 450 30 l 500 30 l 500 270 l 450 270{\\p0}",
        ], "\(lines)")

        var light = Screen(width: 4, height: 3)
        let paper = Style(foreground: RGB(0, 0, 0), background: RGB(0xF2, 0xF2, 0xF7))
        for y in 0..<3 { _ = light.put("    ", x: 0, y: y, style: paper) }
        _ = light.put("ok", x: 0, y: 2, style: Style(foreground: RGB(255, 255, 255), background: RGB(0, 0, 255)))
        let themed = ASSFrame(light, width: 500, height: 300, safeArea: 0.1).events.split(separator: "\n").map(String.init)
        #expect(themed.prefix(4).allSatisfy { $0.contains("\\1c&HF7F2F2&") }, "a light theme's screen: no black frame around it: \(themed.prefix(4))")

        screen.fill(x: 0, y: 1, width: 4, height: 1, with: .video)
        let open = ASSFrame(screen, width: 500, height: 300, safeArea: 0.1)
        #expect(!open.events.contains("m 0 0 l 500 0"), "the picture shows to the edges: \(open.events)")
        var windowOnly = Screen(width: 4, height: 2)
        windowOnly.fill(x: 2, y: 0, width: 2, height: 2, with: .window(.picture))
        #expect(ASSFrame(windowOnly, width: 500, height: 300, safeArea: 0.1).events.contains("m 0 0 l 500 0"), "a window is not the full-screen picture")
    }

    @Test("the grid: 60 columns across the safe area, rows of cells about twice as tall")
    func grid() {
        #expect(ASSFrame.grid(width: 1920, height: 1080) == (60, 18))
        #expect(ASSFrame.grid(width: 1280, height: 720) == (60, 18))
    }

    @Test("text laid over the picture is outlined with no panel; a run of line glyphs is a thin rectangle")
    func overPicture() {
        var screen = Screen(width: 4, height: 2)
        screen.fill(x: 0, y: 0, width: 4, height: 2, with: .video)
        screen.put("ab", x: 0, y: 0, style: Style(foreground: RGB(255, 255, 255), background: RGB(9, 9, 9)))
        screen.put("━━", x: 1, y: 1, style: Style(foreground: RGB(255, 0, 0), background: RGB(9, 9, 9)))
        screen.put("!", x: 3, y: 1, style: Style(foreground: RGB(0, 0, 0), background: RGB(0, 255, 0)))
        screen.layOverPicture(x: 0, y: 0, width: 4, height: 2, background: RGB(9, 9, 9))
        #expect(screen[0, 0].isOverPicture && screen[1, 1].isOverPicture && !screen[3, 1].isOverPicture && !screen[2, 0].isOverPicture)
        let frame = ASSFrame(screen, width: 400, height: 200, safeArea: 0)
        #expect(frame.events == """
            {\\an7\\pos(0,0)\\bord0\\shad0\\1c&H00FF00&\\p1}m 300 100 l 400 100 l 400 200 l 300 200{\\p0}
            {\\an7\\pos(0,0)\\fnDejaVu Sans Mono\\fs166\\fscx116.5\\bord10\\3c&H000000&\\shad0\\q2\\1c&HFFFFFF&}ab
            {\\an7\\pos(0,0)\\bord1\\shad0\\3c&H000000&\\1c&H0000FF&\\p1}m 100 140 l 300 140 l 300 160 l 100 160{\\p0}
            {\\an7\\pos(300,100)\\fnDejaVu Sans Mono\\fs166\\fscx116.5\\bord0\\shad0\\q2\\1c&H000000&}!
            """)
    }

    @Test("the TV's views lay the transport bar over the playing picture; the terminal's keep its panel")
    func transportBarOverPicture() throws {
        let theme = try shippedTheme("default")
        let tv = ShellView.render(player(), theme: theme, width: 60, height: 18, context: ViewContext(picture: .terminal, chromeOverPicture: true))
        let terminal = ShellView.render(player(), theme: theme, width: 60, height: 18, context: ViewContext(picture: .terminal))
        let bar = (13..<18).flatMap { y in (0..<60).map { x in (x, y) } }
        #expect(bar.allSatisfy { tv[$0.0, $0.1].isVideo }, "no cell of the bar's panel on the TV")
        #expect(bar.contains { tv[$0.0, $0.1].isOverPicture }, "its text over the picture")
        #expect(bar.allSatisfy { !terminal[$0.0, $0.1].isVideo }, "the terminal's bar is a panel")
        var loading = player()
        loading.playback.firstFramePresented = false
        loading.playback.phase = .loading
        let card = ShellView.render(loading, theme: theme, width: 60, height: 18, context: ViewContext(picture: .terminal, chromeOverPicture: true))
        #expect(bar.allSatisfy { !card[$0.0, $0.1].isVideo }, "over the title card (no picture yet) the bar keeps its panel")
    }

    @Test("over the picture a light theme's bar is drawn light, as the dark theme draws it; accents keep their colour; the terminal's panel keeps the theme's",
          arguments: ["default", "light", "high-contrast", "console16"])
    func lightThemeOverPicture(_ themeName: String) throws {
        let theme = try shippedTheme(themeName)
        var state = player()
        state.playback.paused = true
        let tv = ShellView.render(state, theme: theme, width: 60, height: 18, context: ViewContext(picture: .terminal, chromeOverPicture: true))
        let over = (0..<18).flatMap { y in (0..<60).map { x in tv[x, y] } }.filter(\.isOverPicture)
        let foregrounds = Set(over.compactMap(\.style.foreground))
        #expect(over.count > 20 && foregrounds.count >= 2, "the title, the times and the line: \(foregrounds)")
        // The track is a thin dim line by design (the dark theme's #55555F).
        let line = themeName == "light" ? Theme.dark.progressTrack : theme.progressTrack
        for colour in foregrounds where colour != theme.scrubHead && colour != theme.accent && colour != line {
            #expect(colour.isLight, "\(themeName): #\(String(colour.hex, radix: 16)) over the picture, outlined in black")
        }
        if themeName == "light" {
            #expect(foregrounds.isSuperset(of: [Theme.dark.text, Theme.dark.secondaryText]), "\(foregrounds)")
            let terminal = ShellView.render(state, theme: theme, width: 60, height: 18, context: ViewContext(picture: .terminal))
            #expect((13..<18).contains { y in (0..<60).contains { terminal[$0, y].style.foreground == theme.text } }, "the terminal's panel keeps the theme's text")
        } else {
            #expect(theme.overPictureForegrounds.isEmpty, "a dark theme's colours are kept")
        }
    }
}
