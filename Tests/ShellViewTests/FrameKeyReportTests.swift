import MediaModel
import Testing
@testable import ShellCore

/// The frame key over the reports a playing player sends several times a
/// second (position, duration, the live buffer, other players' frame
/// counts): two neighbouring states share a key exactly when they draw the
/// same frame, so the screen is composed again only when it changes.
@Suite("Frame key over player reports")
struct FrameKeyReportTests {
    private let context = ViewContext(picture: .terminal)

    private func frame(_ s: ShellState, width: Int = 120, height: Int = 36) -> Screen {
        ShellView.render(s, theme: .dark, width: width, height: height, context: context)
    }

    /// Checks every neighbouring pair of `states`: equal keys exactly when
    /// equal frames — but that the key also changes when the wall clock's
    /// minute turns (clocks show minutes; not every screen has one). Returns
    /// how many times the key changed.
    @discardableResult
    private func sweep(_ states: [ShellState], width: Int = 120, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var changes = 0
        for (a, b) in zip(states, states.dropFirst()) {
            let sameKey = ShellView.frameKey(a, width: width) == ShellView.frameKey(b, width: width)
            let sameFrame = frame(a, width: width) == frame(b, width: width)
            let minuteTurned = (a.wallClock / 60).rounded(.down) != (b.wallClock / 60).rounded(.down)
            #expect(sameKey == sameFrame || (minuteTurned && sameFrame), "key \(sameKey ? "kept" : "changed"), frame \(sameFrame ? "kept" : "changed") at wall clock \(b.wallClock)",
                    sourceLocation: sourceLocation)
            if !sameKey { changes += 1 }
        }
        return changes
    }

    /// `item` playing full screen, its first frame shown, its bar hidden.
    private func playing(_ item: MediaItem, at wallClock: Double) -> ShellState {
        var s = ShellState(items: [item, item.isLive ? film : news], guide: guide)
        s.wallClock = wallClock
        s.current = 0
        s.navigation.destination = .player
        s.playback.phase = .playing
        s.playback.firstFramePresented = true
        s.playback.videoConfigured = true
        s.playback.seekable = true
        return s
    }

    /// Channel 1 on live with a timeshift buffer of `buffered` seconds up to
    /// `wallClock`, played `behind` seconds behind its edge.
    private func live(at wallClock: Double, buffered: Double = 600, behind: Double = 0) -> ShellState {
        var s = playing(news, at: wallClock)
        let end = wallClock - sixPM
        s.playback.liveBuffer = LiveBuffer(start: end - buffered, end: end, edgeLag: 2, followingEdge: behind == 0)
        s.playback.position = end - 2 - behind
        return s
    }

    /// The film playing full screen at `position` of `duration`.
    private func playingFilm(at position: Double, of duration: Double) -> ShellState {
        var s = playing(film, at: sixPM)
        s.playback.position = position
        s.playback.duration = duration
        return s
    }

    @Test("a live channel's buffer growing under a hidden bar composes nothing again but at the clock's minute")
    func liveBufferHidden() {
        let states = (0..<240).map { live(at: sixPM + 600 + Double($0) * 0.5) }
        #expect(states[0].seekRange != nil && states[0].behindLive == 0)
        #expect(sweep(states) == 1, "120 s from 18:10:00: the minute turns once (18:11)")
    }

    @Test("behind live with the info panel open: its Now changes when the picture's time passes a programme's start, not when live does")
    func shownProgrammeBehindLive() {
        // 90 s behind: the picture reaches 18:30 at 18:31:30 by the wall clock.
        let states = (0..<180).map { step in
            var s = live(at: sixPM + 1800 + Double(step), behind: 90)
            s.chrome.overlay = .info
            return s
        }
        let shown = states.map { frame($0).text() }
        #expect(shown[0].contains("Headlines") && shown[179].contains("Weather"))
        #expect(shown[89].contains("Headlines") && shown[91].contains("Weather"), "the programme changes at 18:31:30, behind live")
        #expect(sweep(states) == 3, "18:31, 18:31:30 (Weather on the picture), 18:32")
    }

    @Test("the bar up on a live channel's buffer: it is composed again when its line or label moves")
    func liveBufferBar() {
        let states = (0..<240).map { step in
            var s = live(at: sixPM + 600 + Double(step) * 0.5, behind: Double(step % 7 == 0 ? 30 : 0))
            s.chrome.transportVisible = true
            return s
        }
        let changes = sweep(states)
        #expect(changes > 0 && changes < 239)
    }

    @Test("fine scrubbing near a live channel's edge: the ruler's end moves with the buffer")
    func fineRulerAtTheEdge() {
        let states = (0..<120).map { step in
            var s = live(at: sixPM + 600 + Double(step) * 0.1)
            s.playback.paused = true
            var scrub = ScrubState(target: 598 - 3, origin: 598)
            scrub.mode = .fine
            s.scrub = scrub
            return s
        }
        let changes = sweep(states)
        #expect(changes > 0)
    }

    @Test("a film whose duration grows (a file still being written) with the bar up, ad breaks marked: composed again when the bar changes")
    func growingDuration() {
        let states = (0..<400).map { step in
            var s = playingFilm(at: 50 + Double(step) * 0.04, of: 60 + Double(step) * 0.02)
            s.playback.givenSegments = [Segment(kind: .commercial, start: 20, end: 30)]
            s.chrome.transportVisible = true
            return s
        }
        let changes = sweep(states)
        #expect(changes > 0 && changes < 100, "16 s of reports: \(changes)")
        // The info panel's facts give the length to the second, bar or not.
        let panel = states.map { state in
            var s = state
            s.chrome.overlay = .info
            s.chrome.transportVisible = false
            return s
        }
        #expect(frame(panel[0]).text().contains("1:00") && frame(panel[399]).text().contains("1:07"))
        #expect(sweep(panel) == 7, "the length's label ticks each second of the 8 s it grows by")
    }

    @Test("the chapters tab under a hidden bar marks the chapter playing as the position passes into the next")
    func chapterMark() {
        let states = (0..<40).map { step in
            var s = playingFilm(at: 110 + Double(step) * 0.5, of: 600)
            s.playback.chapters = [Chapter(title: "Opening", start: 0), Chapter(title: "The Chase", start: 120)]
            s.chrome.overlay = .info
            s.chrome.infoTab = .chapters
            return s
        }
        #expect(sweep(states) == 1)
    }

    @Test("other players' positions, buffers and frame counts compose nothing again: multiview's views, the Up Next card's image, a warm neighbour")
    func otherPlayers() {
        func reported(_ n: Int) -> PlaybackState {
            var p = PlaybackState()
            p.phase = .playing
            p.videoConfigured = true
            p.firstFramePresented = true
            p.framesRendered = 30 * n
            p.position = Double(n)
            p.duration = 600 + Double(n)
            p.liveBuffer = LiveBuffer(start: 0, end: Double(n) + 10)
            return p
        }
        let states = (0..<20).map { n in
            var s = live(at: sixPM + 600)
            var multiview = MultiviewState(views: [MultiviewState.View(index: 0), MultiviewState.View(index: 1)])
            for view in multiview.views.indices { multiview.views[view].playback = reported(n + view) }
            s.multiview = multiview
            s.upNext.proposalImage = reported(n)
            var warm = WarmPlayer(index: 1, playback: reported(n))
            warm.fetchedBytes = 180_000 * n
            warm.inputRate = 180_000 + Double(n)
            s.warm.players[.warmA] = warm
            return s
        }
        #expect(sweep(states) == 0)
    }
}

private let sixPM = 1_700_000_000.0 - 1_700_000_000.0.truncatingRemainder(dividingBy: 86400) + 18 * 3600
private let news = MediaItem(id: "news", title: "Evening News", url: "http://x/1", isLive: true, number: 1, group: "News", guideID: "news")
private let film = MediaItem(id: "film", title: "The Test Pattern", url: "/f.mkv", rating: "PG", group: "Films")
private let guide = ProgrammeGuide(channels: [], programmes: [
    Programme(channel: "news", start: sixPM, stop: sixPM + 1800, title: "Headlines"),
    Programme(channel: "news", start: sixPM + 1800, stop: sixPM + 3600, title: "Weather"),
])
