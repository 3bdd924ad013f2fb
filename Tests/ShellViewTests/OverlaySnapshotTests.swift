import MediaModel
import ShellCore
import ShellTesting
import ShellView
import Testing

private let film = MediaItem(id: "film", title: "The Test Pattern", url: "/f.mkv", rating: "PG", summary: "Ten minutes of test pattern.", group: "Films")
private let context = ViewContext(picture: .terminal)

private func state(_ overlay: OverlayKind, tab: InfoTab = .info, focus: Int = 0) -> ShellState {
    var s = ShellState(items: [film])
    s.current = 0
    s.screen = .player
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
    s.overlay = overlay
    s.infoTab = tab
    s.overlayFocus = focus
    return s
}

@Suite("Overlay and panel snapshots")
struct OverlaySnapshotTests {
    private func check(_ s: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (w, h) in [(80, 24), (200, 60)] {
            for (theme, suffix) in [(Theme.dark, ""), (Theme.dark.asciiOnly(), "-ascii")] {
                assertSnapshot(ShellView.render(s, theme: theme, width: w, height: h, context: context),
                               named: "\(name)\(suffix)-\(w)x\(h)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func customOverlay() { check(state(.custom, focus: 2), "overlay-custom") }
    @Test func infoTab() { check(state(.info), "panel-info") }
    @Test func subtitlesTab() { check(state(.info, tab: .subtitles, focus: 5), "panel-subtitles") }

    @Test func hint() {
        var s = state(.none)
        s.hintVisible = true
        s.transportVisible = true
        let text = ShellView.render(s, theme: .dark, width: 80, height: 24, context: context).text()
        #expect(text.split(separator: "\n").last?.contains("▲ More") == true)
    }
}
