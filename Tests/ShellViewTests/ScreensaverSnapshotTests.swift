import Canvas
import MediaModel
@testable import ShellCore
import Testing

/// 2026-12-05 21:00 UTC.
private let wall = 1_796_504_400.0

/// A film paused on the player, the screen saver up.
private func pausedUnderSaver(at time: Double = wall) -> ShellState {
    var state = ShellState(items: [MediaItem(id: "film", title: "The Long Film", url: "/media/film.mkv")])
    state.current = 0
    state.navigation.destination = .player
    state.playback.phase = .playing
    state.playback.paused = true
    state.playback.duration = 7200
    state.playback.position = 600
    state.chrome.transportVisible = true
    state.wallClock = time
    state.screensaver.showing = true
    return state
}

/// Where `text` is on `screen` (column, row), if it is.
private func place(of text: String, on screen: Screen) -> (x: Int, y: Int)? {
    for y in 0..<screen.height {
        let row = String((0..<screen.width).map { screen[$0, y].character })
        if let range = row.range(of: text) { return (row.distance(from: row.startIndex, to: range.lowerBound), y) }
    }
    return nil
}

@Suite("The screen saver's screen")
struct ScreensaverSnapshotTests {
    @Test("black but for the clock and what is paused: nothing of the bar, the film's title or the home list")
    func covered() {
        assertThemedSnapshots(pausedUnderSaver(), named: "screensaver", sizes: [(80, 24), (60, 18)]) { screen, theme in
            let text = screen.text()
            #expect(text.contains("21:00") && text.contains("Paused") && text.contains("The Long Film"), "\(text)")
            #expect(!text.contains("10:00") && !text.contains("2:00:00"), "no bar under it\n\(text)")
            let lit = screen.cells.filter { $0.character != " " }.count
            #expect(lit < 40, "\(lit) cells lit")
            #expect(screen.cells.allSatisfy { $0.style.background == RGB(0, 0, 0) }, "black everywhere, in \(theme.name)")
        }
        var home = ShellState(items: [MediaItem(id: "c", title: "Channel", url: "/c", isLive: true, number: 1)])
        home.wallClock = wall
        home.screensaver.showing = true
        let text = ShellView.render(home, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("21:00") && !text.contains("Paused") && !text.contains("Channel"), "\(text)")
    }

    @Test("it drifts: a cell a minute, a row every two, always whole on the screen, in many places over two hours")
    func drifts() {
        for (w, h) in [(60, 18), (80, 24)] {
            var places: Set<String> = []
            var last: (x: Int, y: Int)?
            for minute in 0..<120 {
                let screen = ShellView.render(pausedUnderSaver(at: wall + Double(minute) * 60), theme: .dark, width: w, height: h,
                                              context: ViewContext(picture: .terminal))
                guard let at = place(of: "Paused", on: screen) else {
                    Issue.record("not whole at minute \(minute), \(w)×\(h)")
                    continue
                }
                if let last { #expect(abs(at.x - last.x) <= 1 && abs(at.y - last.y) <= 1, "one step at a time") }
                last = at
                places.insert("\(at.x),\(at.y)")
            }
            #expect(places.count >= 60, "\(places.count) places at \(w)×\(h)")
        }
    }
}
