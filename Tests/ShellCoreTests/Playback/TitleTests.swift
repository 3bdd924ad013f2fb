import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("Titles")
struct TitleTests {
    @Test("a file given by its path shows its name made readable, then its container's title once the player knows one (not its file name again); a lineup's title stays")
    func containerTitle() {
        let file = MediaItem.fromLocation("/media/pattern.mkv")
        let h = ReducerHarness(ShellState(items: [file, channel]))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(h.state.title == "pattern", "the file name made readable")
        h.send(.player(.mediaTitle("pattern.mkv"), token: 1, at: h.clock.now)) { $0.playback.mediaTitle = "pattern.mkv" }
        #expect(h.state.title == "pattern", "mpv's media title of media without one is its file name: no title of its own")
        h.send(.player(.mediaTitle("The.Test.Pattern.2026.1080p"), token: 1, at: h.clock.now)) { $0.playback.mediaTitle = "The.Test.Pattern.2026.1080p" }
        #expect(h.state.title == "The Test Pattern (2026)", "a container's title that is a release name made readable")
        h.send(.player(.mediaTitle("The Test Pattern"), token: 1, at: h.clock.now)) { $0.playback.mediaTitle = "The Test Pattern" }
        #expect(h.state.title == "The Test Pattern")
        h.apply(.playIndex(1, at: h.clock.now))
        h.send(.player(.mediaTitle("stream-1234"), token: 2, at: h.clock.now)) { $0.playback.mediaTitle = "stream-1234" }
        #expect(h.state.title == "News")
        h.expectArmed([.transportHide, .stall])
    }

    @Test("a URL's media title that is only mpv's file name for it (its query, a token, an account) is never the title: the item's stands")
    func playerFileNameOfURL() {
        let cases: [(url: String, told: String, title: String)] = [
            ("http://127.0.0.1:8765/clip.mp4?token=SECRET123", "clip.mp4?token=SECRET123", "clip"),
            ("http://host/films/a.mkv?token=SECRET%2F123", "123", "a"),
            ("rtsp://admin:hunter2@cam.local", "admin:hunter2@cam.local", "cam.local"),
            ("http://admin:hunter2@cam.local:8000/", "http://admin:hunter2@cam.local:8000/", "cam.local:8000"),
        ]
        for (url, told, title) in cases {
            let h = ReducerHarness(ShellState(items: [MediaItem.fromLocation(url), channel]))
            h.apply(.playIndex(0, at: h.clock.now))
            h.send(.player(.mediaTitle(told), token: 1, at: h.clock.now)) { $0.playback.mediaTitle = told }
            #expect(h.state.title == title, "\(url)")
            let failed = h.apply(.player(.failed(reason: "unrecognized file format"), token: 1, at: h.clock.now))
            #expect(failed.contains(.emit(.error(title: "Could not play “\(title)”", reason: "unrecognized file format", url: url))), "\(url)")
            #expect(h.state.playback.failure?.title == "Could not play “\(title)”", "the error screen's title")
            h.expectArmed([.errorAdvance, .stall])
        }
    }
}

@Suite("Frames on the terminal")
struct FrameCountTests {
    @Test("frames are counted for the current load only: the first one is the first frame, drops and resends move the count, a new load starts at 0")
    func counting() {
        let h = playingFilm()
        h.send(.frame(.rendered, token: 1, at: h.clock.now), effects: [.cancelTimer(.posterDelay)]) {
            $0.playback.framesRendered = 1
            $0.playback.firstFramePresented = true
        }
        #expect(h.send(.frame(.rendered, token: 1, at: h.clock.now)) { $0.playback.framesRendered = 2 } == [])
        h.send(.frame(.dropped, token: 1, at: h.clock.now)) { $0.playback.framesDropped = 1 }
        #expect(h.state.playback.framesPresented == 1)
        h.send(.frame(.resent, token: 1, at: h.clock.now)) { $0.playback.framesDropped = 0 }
        h.send(.frame(.resent, token: 1, at: h.clock.now))
        h.send(.frame(.rendered, token: 0, at: h.clock.now))
        h.apply(.playIndex(1, at: h.clock.now))
        #expect(h.state.playback.framesPresented == 0 && !h.state.playback.firstFramePresented)
        h.expectArmed([.hintHide, .posterDelay, .transportHide, .stall])
    }

    @Test("what an internet radio says plays now (its ICY title) is kept with the load, changed as it changes, gone at the next load; the channel's title stays")
    func streamTitle() {
        let radio = MediaItem(id: "radio", title: "Radio Test", url: "http://radio.test/stream.mp3", isLive: true, number: 7)
        let h = ReducerHarness(ShellState(items: [radio, channel]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.send(.player(.streamTitle("Artist - First Song"), token: 1, at: h.clock.now)) { $0.playback.streamTitle = "Artist - First Song" }
        #expect(h.state.title == "Radio Test")
        h.send(.player(.streamTitle("Artist - Second Song"), token: 1, at: h.clock.now)) { $0.playback.streamTitle = "Artist - Second Song" }
        h.send(.player(.streamTitle(nil), token: 1, at: h.clock.now)) { $0.playback.streamTitle = nil }
        h.send(.player(.streamTitle("Artist - Third Song"), token: 1, at: h.clock.now)) { $0.playback.streamTitle = "Artist - Third Song" }
        h.apply(.playIndex(1, at: h.clock.now))
        #expect(h.state.playback.streamTitle == nil, "the next load's own")
        h.send(.player(.streamTitle("Late"), token: 1, at: h.clock.now))
        #expect(h.state.playback.streamTitle == nil, "a report of the load before changes nothing")
        h.expectArmed([.stall, .transportHide])
    }
}
