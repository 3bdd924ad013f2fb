import MediaModel
import ShellCore
import ShellTesting
import Testing

private let streamed = MediaItem(id: "streamed", title: "Streamed", url: "http://vod.example/films/streamed.mkv")
private let after = MediaItem(id: "after", title: "After", url: "http://vod.example/films/after.mkv")

/// "Streamed" (2 h) offered to resume at 10:00 and resumed; the player
/// tells its length, that it plays, and whether it can seek.
private func resumed(seekable: Bool) -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [streamed, after]))
    h.apply(.libraryLoaded([streamed.url: ResumePoint(position: 600, duration: 7200)]))
    h.apply(.playIndex(0, at: h.clock.now))
    #expect(h.apply(.command(.select, at: h.clock.now)).contains(.loadFrom(streamed, token: 1, start: 600)))
    #expect(h.state.playback.askedStart == 600)
    h.apply(.player(.started, token: 1, at: h.clock.now))
    h.apply(.player(.duration(7200), token: 1, at: h.clock.now))
    h.apply(.player(.seekable(seekable), token: 1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    return h
}

private func saves(_ effects: [Effect]) -> [Double] {
    effects.compactMap { if case .savePosition(_, let position, _, _) = $0 { position } else { nil } }
}

@Suite("A load asked to start part way")
struct AskedStartTests {
    @Test("on a stream that cannot seek (a server that sends only whole files) a resumed film plays from its start: the viewer is told once, and the place is kept until playback reaches it")
    func missed() {
        let h = resumed(seekable: false)
        let first = h.apply(.player(.position(0.4), token: 1, at: h.clock.now))
        #expect(first.contains(.startTimer(.noticeHide, after: h.state.settings.noticeDelay * 2)), "\(first)")
        #expect(h.state.chrome.notice == "“Streamed” cannot start at 10:00: its server sends only whole files. It plays from the beginning; your place at 10:00 is kept.")
        #expect(h.state.playback.askedStartMissed && h.state.playback.askedStart == 600)
        var saved: [Double] = []
        for position in stride(from: 1.0, through: 589, by: 1) {
            let effects = h.apply(.player(.position(position), token: 1, at: h.clock.now))
            saved += saves(effects)
            #expect(!effects.contains(.startTimer(.noticeHide, after: h.state.settings.noticeDelay * 2)), "told once")
        }
        #expect(saved.isEmpty, "nothing before 10:00 is saved over it: \(saved)")
        #expect(saves(h.apply(.command(.playPause, at: h.clock.now))).isEmpty, "nor on pause")
        h.apply(.command(.playPause, at: h.clock.now))
        #expect(saves(h.apply(.playIndex(1, at: h.clock.now))).isEmpty, "nor when another plays")
        #expect(h.state.upNext.resumePoints[streamed.url]?.position == 600)
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("watched on from the start past the place, positions are saved again as ever")
    func reached() {
        let h = resumed(seekable: false)
        h.apply(.player(.position(0.4), token: 1, at: h.clock.now))
        #expect(saves(h.apply(.player(.position(589.9), token: 1, at: h.clock.now))).isEmpty)
        #expect(saves(h.apply(.player(.position(590.1), token: 1, at: h.clock.now))) == [590.1], "reached (10 s before it counts): saved as ever")
        #expect(h.state.playback.askedStart == nil)
        #expect(saves(h.apply(.player(.position(595.2), token: 1, at: h.clock.now))) == [595.2])
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("a stream that can seek starts at the place: nothing is said, and saving goes on from there")
    func startsThere() {
        let h = resumed(seekable: true)
        #expect(saves(h.apply(.player(.position(600.04), token: 1, at: h.clock.now))) == [600.04])
        #expect(h.state.playback.askedStart == nil && h.state.chrome.notice == nil && !h.state.playback.askedStartMissed)
        #expect(saves(h.apply(.player(.position(605.1), token: 1, at: h.clock.now))) == [605.1])
        h.expectArmed([.hintHide, .stall, .transportHide])
    }

    @Test("a position told before the player said whether it can seek says nothing yet; its telling that it cannot does")
    func seekableToldLater() {
        let h = ReducerHarness(ShellState(items: [streamed, after]))
        h.apply(.libraryLoaded([streamed.url: ResumePoint(position: 600, duration: 7200)]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.command(.select, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(0.2), token: 1, at: h.clock.now))
        #expect(h.state.chrome.notice == nil, "not known yet: \(String(describing: h.state.chrome.notice))")
        h.apply(.player(.seekable(false), token: 1, at: h.clock.now))
        #expect(h.state.chrome.notice?.hasPrefix("“Streamed” cannot start at 10:00") == true)
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("a film from a server that sends only whole files, ending at its start (an MP4 with its index at its end), says so")
    func wholeFilesOnly() {
        let h = ReducerHarness(ShellState(items: [streamed, after]))
        h.apply(.libraryLoaded([:]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.duration(120), token: 1, at: h.clock.now))
        h.apply(.player(.seekable(false), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(h.state.playback.failure?.reason == "the server sends only whole files (no byte ranges), and the player needs a later part of this one first"
            + " (an MP4 with its index at its end: ffmpeg -movflags +faststart moves it to the front)")
        #expect(h.state.playback.failure?.title == "Could not play “Streamed”")
        h.expectArmed([.hintHide, .stall])
    }

    @Test("a film from a server that ends before its length was told (never read before it unloaded), with no frame and no second played, ended at its start: it could not play")
    func endedUntold() {
        let h = ReducerHarness(ShellState(items: [streamed, after]))
        h.apply(.libraryLoaded([:]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.cannotSeek(position: nil), token: 1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.position(0), token: 1, at: h.clock.now))
        #expect(h.state.isLive, "no length and no seeking: taken for live while it plays")
        h.apply(.player(.ended, token: 1, at: h.clock.now))
        #expect(h.state.playback.phase == .failed && h.state.playback.cutShortAt == 0)
        #expect(h.state.playback.failure?.reason.hasPrefix("the server sends only whole files") == true, "\(String(describing: h.state.playback.failure))")
        h.expectArmed([.hintHide, .stall])

        let local = ReducerHarness(ShellState(items: [MediaItem(id: "local", title: "Local", url: "/media/local.mkv")]))
        local.apply(.libraryLoaded([:]))
        local.apply(.playIndex(0, at: local.clock.now))
        local.apply(.player(.ended, token: 1, at: local.clock.now))
        #expect(local.state.playback.phase == .ended, "a local file's end is its end")
        local.expectArmed([.stall])
    }

    @Test("gone into the picture in picture before reaching its place, the film saves nothing before it there either; reaching it there, saving goes on")
    func inThePicture() {
        let h = resumed(seekable: false)
        h.apply(.player(.position(0.4), token: 1, at: h.clock.now))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        #expect(h.state.picture.pip?.playback.askedStart == 600)
        var saved: [Double] = []
        for position in [5.2, 10.3, 300.1, 589.0] { saved += saves(h.apply(.player(.position(position), token: 1, at: h.clock.now))) }
        #expect(saved.isEmpty, "\(saved)")
        #expect(saves(h.apply(.player(.position(590.5), token: 1, at: h.clock.now))) == [590.5])
        #expect(h.state.picture.pip?.playback.askedStart == nil)
        #expect(h.state.upNext.resumePoints[streamed.url]?.position == 590.5)
        h.expectArmed([.noticeHide])
    }
}
