import MediaModel
import ShellCore
import ShellTesting
import Testing

private func inIntro(transport: Bool) -> ShellState {
    var item = MediaItem(id: "e1", title: "Show S01E01", url: "/media/e1.mkv")
    item.segments = [Segment(kind: .intro, start: 0, end: 20)]
    var s = ShellState(items: [item])
    s.current = 0
    s.navigation.destination = .player
    s.playback.phase = .playing
    s.playback.position = 4
    s.playback.duration = 1800
    s.playback.seekable = true
    s.playback.firstFramePresented = true
    s.chrome.transportVisible = transport
    s.segments.contextualAction = ContextualAction(for: item.segments[0])
    return s
}

@Suite("Skip Intro: the button")
struct ContextualActionSnapshotTests {
    @Test("bottom right over the picture, and above the transport bar when it is up, at 80×24 and 200×60 in every shipped theme")
    func button() throws {
        let themes = try ["default", "light", "high-contrast", "console16"].map { (try shippedTheme($0), $0) } + [(Theme.dark.asciiOnly(), "ascii")]
        for (w, h) in [(80, 24), (200, 60)] {
            for (theme, name) in themes {
                for transport in [false, true] {
                    let screen = ShellView.render(inIntro(transport: transport), theme: theme, width: w, height: h, context: ViewContext(picture: .terminal))
                    assertSnapshot(screen, named: "skip-intro\(transport ? "-bar" : "")-\(name)-\(w)x\(h)")
                    let row = screen.text().split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Skip Intro") }
                    #expect(row == (transport ? h - 8 : h - 3), "\(name) \(w)x\(h)")
                }
            }
        }
        var hidden = inIntro(transport: false)
        hidden.segments.contextualAction?.hidden = true
        #expect(!ShellView.render(hidden, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text().contains("Skip Intro"))
    }
}

private func withBreak(scrub: ScrubState.Mode?, inBreak: Bool) -> ShellState {
    var item = MediaItem(id: "e1", title: "Show S01E01", url: "/media/e1.mkv")
    item.segments = [Segment(kind: .commercial, start: 60, end: 80), Segment(kind: .commercial, start: 120, end: 150)]
    var s = ShellState(items: [item])
    s.current = 0
    s.navigation.destination = .player
    s.playback.phase = .playing
    s.playback.position = inBreak ? 67 : 30
    s.playback.duration = 180
    s.playback.seekable = true
    s.playback.firstFramePresented = true
    s.playback.givenSegments = item.segments
    s.chrome.transportVisible = true
    if inBreak {
        s.segments.activeBreak = item.segments[0]
        s.segments.pendingTarget = 100
    }
    if let scrub {
        s.playback.paused = true
        var head = ScrubState(target: scrub == .fine ? 60 : 100, origin: 30)
        head.mode = scrub
        s.scrub = head
    }
    return s
}

@Suite("Ad breaks on the transport bar")
struct AdBreakSnapshotTests {
    @Test("breaks in the theme's interstitial colour on the bar (coarse) and the ruler (fine); \"Ad · 0:13 left · then 1:40\" during one")
    func bar() throws {
        let themes = try ["default", "light", "high-contrast", "console16"].map { (try shippedTheme($0), $0) } + [(Theme.dark.asciiOnly(), "ascii")]
        for (w, h) in [(80, 24), (200, 60)] {
            for (theme, name) in themes {
                for (state, label) in [(withBreak(scrub: .coarse, inBreak: false), "coarse"), (withBreak(scrub: .fine, inBreak: false), "fine"),
                                       (withBreak(scrub: nil, inBreak: true), "during")] {
                    let screen = ShellView.render(state, theme: theme, width: w, height: h, context: ViewContext(picture: .terminal))
                    assertSnapshot(screen, named: "ad-break-\(label)-\(name)-\(w)x\(h)")
                    #expect(screen.cells.contains { $0.style.foreground == theme.interstitial }, "\(label) \(name)")
                    let dot = theme.glyphs.isASCII ? "-" : "·"
                    if label == "during" { #expect(screen.text().contains("Ad \(dot) 0:13 left \(dot) then 1:40")) }
                }
            }
        }
    }
}

@Suite("The transport bar's menu row")
struct TransportMenuSnapshotTests {
    @Test("the row above the bar, and the open Subtitles menu with its current choice checked, in every shipped theme")
    func menus() throws {
        var s = ShellState(items: [MediaItem(id: "f", title: "The Test Pattern", url: "/f.mkv")])
        s.current = 0
        s.navigation.destination = .player
        s.playback.phase = .playing
        s.playback.paused = true
        s.playback.position = 100
        s.playback.duration = 600
        s.playback.seekable = true
        s.playback.firstFramePresented = true
        s.playback.tracks = [Track(id: 1, kind: .audio, title: "Main", language: "eng", selected: true),
                             Track(id: 1, kind: .subtitle, language: "eng", selected: true), Track(id: 2, kind: .subtitle, title: "Français", language: "fre")]
        s.chrome.transportVisible = true
        s.chrome.overlay = .menus
        s.chrome.customMenus = [TransportMenu(title: "Report a problem", id: "report")]
        let themes = try ["default", "light", "high-contrast", "console16"].map { (try shippedTheme($0), $0) } + [(Theme.dark.asciiOnly(), "ascii")]
        for open in [false, true] {
            s.chrome.transportMenu = TransportMenuState(focus: 0, open: open ? 0 : nil, choice: 1)
            for (w, h) in [(80, 24), (200, 60)] {
                for (theme, name) in themes {
                    let screen = ShellView.render(s, theme: theme, width: w, height: h, context: ViewContext(picture: .terminal))
                    assertSnapshot(screen, named: "menus\(open ? "-subtitles" : "")-\(name)-\(w)x\(h)")
                    let text = screen.text()
                    #expect(text.contains("Subtitles") && text.contains(theme.glyphs.isASCII ? "Speed 1x" : "Speed 1×") && text.contains("Report a problem"))
                    if open { #expect(text.contains("Off") && text.contains("eng")) }
                }
            }
        }
    }
}
