import MediaModel
import ShellCore
import ShellTesting
import Testing

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let news = MediaItem(id: "news", title: "News", url: "av://lavfi:testsrc2", isLive: true, number: 1, logo: "/logos/news.png", guideID: "news")
private let late = MediaItem(id: "late", title: "Late Night", url: "av://lavfi:late", isLive: true, number: 2, rating: "TV-MA", contentRating: tvMA)

@Suite("Now Playing (MPRIS) from the state")
struct NowPlayingTests {
    @Test("a film: title, length, position, seekable; paused and stopped")
    func film() {
        let h = playingFilm(duration: 600, position: 42)
        var info = NowPlayingInfo.of(h.state)
        #expect(info.status == .playing && info.title == "Film" && info.length == 600 && info.position == 42)
        #expect(info.canSeek && info.canPause && info.canControl && info.canQuit && info.canGoNext)
        #expect(info.trackID == "/org/mpris/MediaPlayer2/tvshell/item0" && info.album == nil)
        h.send(.nowPlaying(.pause, at: h.clock.now), effects: [.setPause(true), .cancelTimer(.transportHide)]) { $0.playback.paused = true }
        info = NowPlayingInfo.of(h.state)
        #expect(info.status == .paused)
        h.send(.nowPlaying(.setPosition(30), at: h.clock.now), effects: [.seek(to: 30, exact: true), .cancelTimer(.transportHide)])
        h.send(.nowPlaying(.setPosition(601), at: h.clock.now))
        h.send(.nowPlaying(.seek(by: -10), at: h.clock.now), effects: [.seekBy(-10), .cancelTimer(.transportHide)])
        h.send(.nowPlaying(.stop, at: h.clock.now), effects: [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop]) {
            $0.navigation.destination = .home
            $0.chrome.transportVisible = false
            $0.chrome.hintVisible = false
            $0.playback.phase = .idle
            $0.playback.token = 2
        }
        #expect(NowPlayingInfo.of(h.state).status == .stopped && NowPlayingInfo.of(h.state).title == nil)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("the desktop sets the volume (clamped to 0 … 1.3, libmpv's 0 … 130, kept across loads) and the rate (0.25 … 2; 0 pauses)")
    func volumeAndRate() {
        let h = playingFilm(duration: 600, position: 10)
        h.send(.nowPlaying(.setVolume(0.5), at: h.clock.now), effects: [.setVolume(0.5), .keepSound(volume: 0.5, muted: false)]) { $0.settings.volume = 0.5 }
        h.send(.nowPlaying(.setVolume(3), at: h.clock.now), effects: [.setVolume(1.3), .keepSound(volume: 1.3, muted: false)]) { $0.settings.volume = 1.3 }
        h.send(.nowPlaying(.setVolume(.nan), at: h.clock.now))
        h.send(.nowPlaying(.setRate(1.5), at: h.clock.now), effects: [.setSpeed(1.5)]) { $0.playback.speed = 1.5 }
        h.send(.nowPlaying(.setRate(9), at: h.clock.now), effects: [.setSpeed(2)]) { $0.playback.speed = 2 }
        h.send(.nowPlaying(.setRate(0), at: h.clock.now), effects: [.setPause(true), .cancelTimer(.transportHide)]) { $0.playback.paused = true }
        #expect(NowPlayingInfo.of(h.state).volume == 1.3)
        #expect(NowPlayingInfo.of(h.state).rate == 2)
        h.expectArmed([.hintHide, .stall])
    }

    @Test("a live channel: the channel as album, the programme as artist, its logo; no length, no seeking; next flips like PGUP")
    func live() {
        var state = ShellState(items: [news, late], guide: ProgrammeGuide(channels: [GuideChannel(id: "news", names: ["News"])], programmes: [
            Programme(channel: "news", start: 1000, stop: 3000, title: "Headlines"),
        ]))
        state.wallClock = 2000
        let h = ReducerHarness(state)
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        let info = NowPlayingInfo.of(h.state)
        #expect(info.title == "News" && info.album == "News" && info.artist == "Headlines" && info.artURL == "file:///logos/news.png")
        #expect(info.length == nil && !info.canSeek && info.canGoNext)
        var singing = h.state
        singing.playback.streamTitle = "Artist - A Song"
        #expect(NowPlayingInfo.of(singing).artist == "Artist - A Song" && NowPlayingInfo.of(singing).title == "News", "an internet radio's song as the artist")
        h.send(.nowPlaying(.seek(by: 10), at: h.clock.now))
        let flip = h.apply(.nowPlaying(.next, at: h.clock.now))
        #expect(flip.contains(.emit(.flipStarted(target: ChannelRef(late)))))
        #expect(h.state.live.flip?.target == 1 && h.state.live.flip?.requested == true, "asked at once")
        h.expectArmed([.flipTimeout, .hintHide, .spinner])
    }

    @Test("under the passcode prompt a stand-in track (paused, named by the rating only) and nothing can be done; a restricted item's title never shows")
    func restricted() {
        let policy = RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true)
        let h = ReducerHarness(ShellState(items: [news, late], restrictions: RestrictionsState(policy: policy)))
        h.apply(.playIndex(1, at: h.clock.now))
        var info = NowPlayingInfo.of(h.state)
        #expect(h.state.screen == .passcode)
        var expected = NowPlayingInfo()
        expected.title = "Restricted (TV-MA)"
        expected.trackID = "/org/mpris/MediaPlayer2/tvshell/restricted"
        expected.status = .paused
        expected.canControl = true
        expected.canPlay = true
        expected.refusesAll = true
        expected.canQuit = true
        #expect(info == expected, "no album, artist, art, length or capability: nothing of the item")
        h.send(.nowPlaying(.next, at: h.clock.now))
        h.send(.nowPlaying(.playPause, at: h.clock.now))
        h.send(.nowPlaying(.stop, at: h.clock.now))
        #expect(h.state.screen == .passcode, "the bus cannot get around the prompt")
        h.apply(.command(.digit(1), at: h.clock.now))
        info = NowPlayingInfo.of(h.state)
        #expect(info == expected)
        h.expectArmed([])
    }

    @Test("open: the items the runtime made (a film's .nfo rating, a folder's files) play exactly as a play of them does, asking for the passcode; a lineup item at the same URL is played as the lineup's")
    func openItem() {
        let rated = ContentRating(system: "us-movie", code: "R", rank: 400, media: .movie)
        let film = MediaItem(title: "Night Drive (2011)", url: "/media/Night.Drive.2011.mkv", contentRating: rated)
        let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(ContentRating(system: "us-movie", code: "PG-13", rank: 300, media: .movie)), hasPasscode: true)
        let start = ShellState(items: [news], restrictions: RestrictionsState(policy: policy))
        var opened = start, played = start
        let next = MediaItem(title: "Zodiac (2007)", url: "/media/Zodiac.2007.mkv")
        let openEffects = ShellReducer.reduce(&opened, .nowPlaying(.open([film, news, next]), at: Instant(seconds: 0)))
        let playEffects = ShellReducer.reduce(&played, .playItems([film, news, next], at: Instant(seconds: 0)))
        #expect(opened == played && openEffects == playEffects)
        #expect(opened.screen == .passcode && opened.items == [news, film, next] && opened.current == 1, "the first played, the others after it, none twice")
        var empty = start
        #expect(ShellReducer.reduce(&empty, .playItems([], at: Instant(seconds: 0))).isEmpty && empty == start)

        var inLineup = ShellState(items: [news, late])
        let stranger = MediaItem(title: "late", url: late.url)
        _ = ShellReducer.reduce(&inLineup, .nowPlaying(.open([stranger]), at: Instant(seconds: 0)))
        #expect(inLineup.items.count == 2 && inLineup.current == 1, "the lineup's item, with its own rating")
    }

    @Test("kiosk: no quit and no other item from the bus")
    func kiosk() {
        let h = ReducerHarness(ShellState(items: [news], kiosk: true))
        h.apply(.playIndex(0, at: h.clock.now))
        #expect(!NowPlayingInfo.of(h.state).canQuit)
        h.send(.nowPlaying(.quit, at: h.clock.now))
        h.send(.nowPlaying(.openURI("/tmp/other.mkv"), at: h.clock.now))
        h.send(.nowPlaying(.open([MediaItem.fromLocation("/tmp/other.mkv")]), at: h.clock.now))
        h.send(.nowPlaying(.open([]), at: h.clock.now))
        #expect(h.state.items.count == 1 && !h.state.quitting)
        h.expectArmed([.transportHide])
    }
}
