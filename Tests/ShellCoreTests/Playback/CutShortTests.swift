import MediaModel
import ShellCore
import ShellTesting
import Testing

private let streamed = MediaItem(id: "streamed", title: "Streamed", url: "http://vod.example/films/streamed.mp4")
private let after = MediaItem(id: "after", title: "After", url: "http://vod.example/films/after.mp4")

/// A 2-minute film from a server (positions remembered) playing at `position`.
private func streamedFilm(at position: Double, settings: ShellSettings = ShellSettings(), items: [MediaItem] = [streamed, after]) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: items, settings: settings))
    h.apply(.libraryLoaded([:]))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.duration(120), token: 1, at: h.clock.now))
    h.apply(.player(.seekable(true), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.position(position), token: 1, at: h.clock.now))
    return h
}

@Suite("A film from a server cut short")
struct CutShortTests {
    @Test("its stream ending at 47.8 s of 120 is a failure the error screen names, not the film's end: its place is kept, nothing plays next by itself, ENTER offers to resume there")
    func failsWhereItStopped() {
        let h = streamedFilm(at: 47.8)
        let reason = "the stream ended 1:12 before the end (2:00): the connection was lost, or the server stopped sending"
        let failure = ShellError(title: "“Streamed” stopped at 0:47", reason: reason, location: streamed.url)
        h.send(.player(.ended, token: 1, at: h.clock.now), effects: [
            .savePosition(streamed, position: 47.8, duration: 120, watched: false),
            .cancelTimer(.transportHide), .emit(.error(title: failure.title, reason: reason, url: streamed.url)), .stop,
        ]) {
            $0.upNext.resumePoints[streamed.url] = ResumePoint(position: 47.8, duration: 120, watched: false, updated: 2)
            $0.playback.phase = .failed
            $0.playback.cutShortAt = 47.8
            $0.playback.failure = failure
            $0.chrome.transportVisible = false
            $0.navigation.destination = .error(failure)
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("“Streamed” stopped at 0:47") && screen.contains("ENTER: try again"), "\(screen)")
        #expect(h.runningTimers[.errorAdvance] == nil, "the next film does not play by itself")
        let retried = h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.current == 0 && h.state.upNext.resumeOffer == ResumeOffer(index: 0, position: 47.8), "\(retried)")
        #expect(h.state.playback.cutShortAt == nil, "a new load")
        h.expectArmed([.hintHide, .stall])
    }

    @Test("a seek its dead server could not serve: libmpv moves to the last frame and tells the length as the position, far on from where the film was; that is not played, so the end that follows is cut short where it was, not the film's end")
    func moveToLastFrameIsNotPlayed() {
        let h = streamedFilm(at: 40)
        h.send(.player(.playing, token: 1, at: h.clock.now), effects: [])
        h.send(.player(.position(120), token: 1, at: h.clock.now), effects: [])
        h.send(.player(.paused(true), token: 1, at: h.clock.now), effects: []) {
            $0.playback.paused = true
            $0.chrome.transportVisible = true
        }
        let reason = "the stream ended 1:20 before the end (2:00): the connection was lost, or the server stopped sending"
        let failure = ShellError(title: "“Streamed” stopped at 0:40", reason: reason, location: streamed.url)
        h.send(.player(.ended, token: 1, at: h.clock.now), effects: [
            .savePosition(streamed, position: 40, duration: 120, watched: false),
            .cancelTimer(.transportHide), .emit(.error(title: failure.title, reason: reason, url: streamed.url)), .stop,
        ]) {
            $0.upNext.resumePoints[streamed.url] = ResumePoint(position: 40, duration: 120, watched: false, updated: 2)
            $0.playback.phase = .failed
            $0.playback.cutShortAt = 40
            $0.playback.failure = failure
            $0.chrome.transportVisible = false
            $0.navigation.destination = .error(failure)
        }
        h.expectArmed([.hintHide, .stall])
        // A film playing to its end tells its last steps: the length is taken.
        let near = streamedFilm(at: 116)
        near.send(.player(.position(120), token: 1, at: near.clock.now), effects: [
            .savePosition(streamed, position: 120, duration: 120, watched: true),
        ]) {
            $0.playback.position = 120
            $0.upNext.resumePoints[streamed.url] = ResumePoint(position: 120, duration: 120, watched: true, updated: 2)
        }
        near.expectArmed([.hintHide, .stall, .transportHide])
    }

    @Test("an end within 30 s (and 5 %) of the length is the film's end; a local file's early end is its end too (no server to lose)")
    func ends() {
        let near = streamedFilm(at: 95)
        let ended = near.apply(.player(.ended, token: 1, at: near.clock.now))
        #expect(near.state.playback.phase != .failed && near.state.current == 1, "\(ended)")
        let localFilm = MediaItem(id: "local", title: "Local", url: "/media/local.mkv")
        let local = streamedFilm(at: 40, items: [localFilm, after])
        _ = local.apply(.player(.ended, token: 1, at: local.clock.now))
        #expect(local.state.playback.phase != .failed && local.state.current == 1)
        near.expectArmed([.hintHide, .stall, .transportHide])
        local.expectArmed([.hintHide, .stall, .transportHide])
    }

    @Test("with recovery on (a kiosk's retries) a film cut short is loaded again from where it stopped, asking nobody")
    func recovers() {
        var settings = ShellSettings()
        settings.retries = 2
        let h = streamedFilm(at: 47.8, settings: settings)
        let failed = h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(failed.contains(.startTimer(.retry, after: 1)), "\(failed)")
        #expect(h.state.live.recovery?.attempt == 1 && h.state.screen == .interstitial)
        let retried = h.apply(.timerFired(.retry, at: h.clock.now))
        #expect(retried.contains(.loadFrom(streamed, token: 2, start: 47.8)), "\(retried)")
        #expect(h.state.upNext.resumeOffer == nil)
        h.expectArmed([.hintHide, .spinner, .stall, .transportHide])
    }

    @Test("a stream that ends at its start (a server that cannot send the part asked for first), before any position was told, could not play; it is not said to have stopped at 0:00, and it is let go")
    func endsAtItsStart() {
        let h = ReducerHarness(ShellState(items: [streamed, after]))
        h.apply(.libraryLoaded([:]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(120), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let ended = h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(ended.contains(.stop), "\(ended)")
        #expect(h.state.playback.failure == ShellError(title: "Could not play “Streamed”",
                                                        reason: "the stream ended at its start: the connection was lost, or the server stopped sending",
                                                        location: streamed.url))
        #expect(h.state.playback.cutShortAt == 0 && h.runningTimers[.errorAdvance] == nil)
        h.expectArmed([.hintHide, .stall])
    }
}
