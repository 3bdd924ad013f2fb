import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 21:00 UTC.
private let nine = 1_795_467_600.0
private let news = MediaItem(id: "news", title: "News 24", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
private let bulletin = Programme(channel: "news.tv", start: nine - 1800, stop: nine + 1800, title: "The Evening Bulletin")
private let quiz = Programme(channel: "news.tv", start: nine + 1800, stop: nine + 3600, title: "Late Quiz")

@Suite("The record dialog and the Recordings row")
struct RecordingsSnapshotTests {
    private func check(_ state: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (w, h) in [(80, 24), (200, 60)] {
            let screen = ShellView.render(state, theme: .dark, width: w, height: h, context: ViewContext(picture: .terminal))
            assertSnapshot(screen, named: "\(name)-\(w)x\(h)", sourceLocation: sourceLocation)
        }
    }

    private func base() -> ShellState {
        var s = ShellState(items: [news])
        s.wallClock = nine
        s.guide.programmes = ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News 24"])], programmes: [bulletin, quiz])
        return s
    }

    @Test("r on a live channel: Record until 21:30, Record for ‹ 1 h 30 › focused, Cancel, over the playing channel")
    func onTheChannel() {
        var s = base()
        s.current = 0
        s.navigation.destination = .player
        s.playback.phase = .playing
        var dialog = RecordDialog(channel: 0, programme: bulletin, choices: [.untilEnd(nine + 1800), .forDuration, .cancel])
        dialog.focus = 1
        dialog.minutes = 90
        s.recordings.dialog = dialog
        check(s, "record-dialog-live")
    }

    @Test("ENTER on a future programme: Remind me, Record, Record series, Cancel over the guide")
    func fromTheGuide() {
        var s = base()
        s.navigation.destination = .guide
        s.recordings.dialog = RecordDialog(channel: 0, programme: quiz, choices: [.remind(set: false), .record, .recordSeries, .cancel])
        check(s, "record-dialog-future")
    }

    @Test("recordings under RECORDINGS on the home screen, one stopped early saying why")
    func row() {
        var s = base()
        var first = MediaItem(id: "recording:a", title: "The Evening Bulletin", url: "/rec/a.mkv", rating: "TV-14", group: "Recordings")
        first.summary = "News 24 · Mon 23 Nov 20:30"
        var second = MediaItem(id: "recording:b", title: "Late Quiz", url: "/rec/b.mkv", group: "Recordings")
        second.summary = "News 24 · Mon 23 Nov 21:30 · stopped early: disk full"
        s.items += [first, second]
        s.navigation.homeSelection = 1
        check(s, "recordings-row")
    }
}
