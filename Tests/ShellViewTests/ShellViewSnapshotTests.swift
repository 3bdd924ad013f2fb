import Foundation
import MediaModel
import ShellCore
import ShellTesting
import Testing

private let film = MediaItem(id: "film", title: "The Test Pattern", url: "/media/film.mkv", rating: "PG")
private let liveItem = MediaItem(id: "news", title: "Test Card", url: "av://lavfi:testsrc2", isLive: true, number: 1, rating: "TV-G")
private let terminalVideo = ViewContext(picture: .terminal)

private func playing(_ item: MediaItem = film, position: Double = 754, duration: Double? = 7200, paused: Bool = false, frame: Bool = true) -> ShellState {
    var s = ShellState(items: [item, liveItem])
    s.current = 0
    s.navigation.destination = .player
    s.playback.phase = .playing
    s.playback.position = position
    s.playback.duration = item.isLive ? nil : duration
    s.playback.seekable = !item.isLive
    s.playback.paused = paused
    s.playback.firstFramePresented = frame
    s.playback.videoConfigured = frame
    s.chrome.transportVisible = true
    return s
}

private let sizes = [(1, 1), (80, 24), (200, 60)]

@Suite("Views against the in-memory screen")
struct ShellViewSnapshotTests {
    private func check(_ state: ShellState, _ name: String, context: ViewContext = terminalVideo, sourceLocation: SourceLocation = #_sourceLocation) {
        for (w, h) in sizes {
            let screen = ShellView.render(state, theme: .dark, width: w, height: h, context: context)
            #expect(screen.width == w && screen.height == h, sourceLocation: sourceLocation)
            assertSnapshot(screen, named: "\(name)-\(w)x\(h)", sourceLocation: sourceLocation)
        }
    }

    @Test func playingWithTransportBar() { check(playing(), "player-playing") }

    @Test func playingWithoutBar() {
        var s = playing()
        s.chrome.transportVisible = false
        check(s, "player-video-only")
    }

    @Test func paused() { check(playing(paused: true), "player-paused") }

    @Test("subtitles over a picture of cells: text bands above the bar, long lines wrapped; above the hint without it")
    func subtitles() {
        var s = playing()
        s.playback.subtitleText = "Hello there, viewer!\nThis second line of the subtitle is long enough to wrap at eighty columns of the terminal."
        check(s, "player-subtitles", context: ViewContext(picture: .terminal, subtitlesAsText: true))
        s.chrome.transportVisible = false
        s.chrome.hintVisible = true
        check(s, "player-subtitles-hint", context: ViewContext(picture: .terminal, subtitlesAsText: true))
        let unset = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo)
        #expect(!unset.text().contains("Hello there"), "mpv draws them where the picture is an image")
    }

    @Test("subtitles chosen that are pictures (a Blu-ray's PGS) say why nothing shows in cells, while the bar is up; not where the picture is an image, nor for text")
    func pictureSubtitles() {
        var s = playing()
        s.playback.tracks = [Track(id: 1, kind: .video, selected: true),
                             Track(id: 1, kind: .subtitle, language: "eng", languageName: "English", selected: true, pictures: true)]
        let cells = ViewContext(picture: .terminal, subtitlesAsText: true)
        let text = ShellView.render(s, theme: .dark, width: 80, height: 24, context: cells).text()
        #expect(text.contains("“English” subtitles are pictures, too small to read in") && text.contains("kitty or sixel terminals"), "\(text)")
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text().contains("are pictures"),
                "mpv draws them into an image")
        s.playback.subtitleText = "A line"
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: cells).text().contains("are pictures"), "a line mpv gave as text is shown")
        s.playback.subtitleText = nil
        s.playback.tracks[1].pictures = false
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: cells).text().contains("are pictures"), "text subtitles")
        s.playback.tracks[1].pictures = true
        s.chrome.transportVisible = false
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: cells).text().contains("are pictures"), "only while the bar is up")
    }

    @Test func scrubbingCoarse() {
        var s = playing(paused: true)
        s.scrub = ScrubState(target: 3723, origin: 754)
        check(s, "player-scrub-coarse")
    }

    @Test func scrubbingFine() {
        var s = playing(paused: true)
        var scrub = ScrubState(target: 3723.4, origin: 754)
        scrub.mode = .fine
        s.scrub = scrub
        check(s, "player-scrub-fine")
    }

    @Test("a fine scrub at a time past any whole number (an embedder's player saying 1e300 s) draws its ruler, not a trap")
    func scrubbingFineBeyondSense() {
        var s = playing(position: 1e300, duration: 2e300, paused: true)
        var scrub = ScrubState(target: 1e300, origin: 1e300)
        scrub.mode = .fine
        s.scrub = scrub
        let text = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text()
        #expect(text.contains("277777777:46:40"), "\(text)")
    }

    @Test("a scrub thumbnail: a window a fifth of the width above the head, its time under it; none before the first picture or on a tiny screen")
    func scrubbingThumbnail() {
        var s = playing(paused: true)
        s.scrub = ScrubState(target: 6900, origin: 754)
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).windows.contains { $0.inset == .thumbnail })
        s.thumbnail.requested = ThumbnailRequest(item: film, time: 6900, mayOpenStream: true)
        s.thumbnail.picture = ThumbnailPicture(time: 6900, frameTime: 6895, source: .player)
        check(s, "player-scrub-thumbnail")
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo)
        #expect(screen.windows.first { $0.inset == .thumbnail } == VideoWindow(.thumbnail, x: 62, y: 13, width: 16, height: 5),
                "by the head near the end, kept on the screen: \(screen.windows)")
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .window)).windows.contains { $0.inset == .thumbnail })
    }

    @Test func live() { check(playing(liveItem), "player-live") }

    @Test func titleCardBeforeFirstFrame() {
        var s = playing(frame: false)
        s.playback.phase = .loading
        check(s, "player-loading")
    }

    @Test func audioOnly() { check(playing(), "player-audio-only", context: ViewContext(picture: .none)) }

    @Test func videoInMPVWindow() {
        var s = playing(frame: false)
        s.chrome.transportVisible = false
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .window))
        #expect(screen.text().contains("Playing in mpv's window"))
    }

    @Test("an item without video says so in the terminal")
    func noVideoTrack() {
        var s = playing(frame: false)
        s.chrome.transportVisible = false
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo)
        #expect(screen.text().contains("Audio only"))
    }

    @Test("a radio (a live channel playing with no picture): its channel card, number, logo, name, group, now and next, \"Audio only\"; with --video none too; not while its tracks are not known")
    func radioCard() throws {
        let nine = 1_795_467_600.0
        var rgba: [UInt8] = []
        for _ in 0..<16 { for x in 0..<16 { rgba += x < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let logo = try #require(LogoImage(width: 16, height: 16, rgba: rgba))
        var radio = MediaItem(title: "Radio Test", url: "http://radio.test/stream.aac", isLive: true, number: 7, group: "Radio", guideID: "radio.test")
        radio.logo = "http://radio.test/logo.png"
        var s = ShellState(items: [radio])
        s.wallClock = nine
        s.guide.programmes = ProgrammeGuide(channels: [GuideChannel(id: "radio.test", names: ["Radio Test"])], programmes: [
            Programme(channel: "radio.test", start: nine - 600, stop: nine + 1200, title: "Morning Show"),
            Programme(channel: "radio.test", start: nine + 1200, stop: nine + 4800, title: "The News"),
        ])
        s.guide.logos["http://radio.test/logo.png"] = logo
        s.current = 0
        s.navigation.destination = .player
        s.playback.phase = .playing
        s.playback.tracks = [Track(id: 1, kind: .audio, selected: true)]
        for (w, h) in [(80, 24), (120, 40)] {
            let screen = ShellView.render(s, theme: .dark, width: w, height: h, context: terminalVideo)
            let text = screen.text()
            #expect(text.contains("Radio Test") && text.contains("Audio only"))
            #expect(text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "7" }, "\(w)×\(h): its number")
            #expect(text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "Radio" }, "\(w)×\(h): its group")
            #expect(text.contains("Morning Show") && text.contains("The News"), "\(w)×\(h): now and next")
            let cells = (0..<h).flatMap { y in (0..<w).map { x in screen[x, y] } }
            let red = cells.contains { (cell: Cell) -> Bool in cell.character == "▀" && cell.style.foreground == RGB(255, 0, 0) }
            #expect(red, "\(w)×\(h): the logo")
            assertSnapshot(screen, named: "player-radio-card-\(w)x\(h)")
        }
        #expect(ShellView.render(s, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .none)).text().contains("Morning Show"), "--video none")
        // Left up for hours, the card wanders (a TV's panel keeps no image
        // of it), whole at every minute, on the TV's 60 × 18 too.
        for (w, h) in [(60, 18), (80, 24)] {
            var places = Set<String>()
            for minute in 0..<40 {
                var later = s
                later.wallClock = nine + Double(minute * 60)
                let text = ShellView.render(later, theme: .dark, width: w, height: h, context: terminalVideo).text()
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let row = try #require(lines.firstIndex { $0.contains("Radio Test") }, "\(w)×\(h) minute \(minute)")
                #expect(text.contains("Audio only") && text.contains("The News"), "\(w)×\(h) minute \(minute): whole\n\(text)")
                places.insert("\(row),\(lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "Radio Test")!.lowerBound))")
            }
            #expect(places.count >= (h >= 24 ? 9 : 5), "\(w)×\(h): it moves: \(places.sorted())")
        }
        var singing = s
        singing.playback.streamTitle = "Artist - A Song"
        for (w, h) in [(60, 18), (80, 24), (120, 40)] {
            let text = ShellView.render(singing, theme: .dark, width: w, height: h, context: terminalVideo).text()
            #expect(text.contains("Artist - A Song") && !text.contains("Audio only"), "\(w)×\(h): the song the station says plays, in its place\n\(text)")
            #expect(text.contains("Radio Test") && text.contains("The News"), "\(w)×\(h): the card whole")
        }
        s.playback.tracks = []
        let unknown = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text()
        #expect(unknown.contains("Audio only") && !unknown.contains("Morning Show"), "tracks not known: the plain card")
    }

    @Test("an audio-only item on the TV, whose window mpv configures without a video track, says so too; one with its video track does not")
    func noVideoTrackOnTV() {
        var s = playing(frame: false)
        s.chrome.transportVisible = false
        s.playback.videoConfigured = true
        s.playback.tracks = [Track(id: 1, kind: .audio, selected: true)]
        #expect(ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text().contains("Audio only"))
        s.playback.tracks.append(Track(id: 1, kind: .video, selected: true))
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text().contains("Audio only"))
        s.playback.tracks = []
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text().contains("Audio only"),
                "the tracks not known yet: nothing said")
    }

    @Test func errorScreen() {
        var s = ShellState(items: [film, liveItem])
        s.current = 0
        s.navigation.destination = .error(ShellError(title: "Could not play “The Test Pattern”", reason: "loading failed: Cannot open file '/media/film.mkv': No such file or directory", location: "/media/film.mkv"))
        check(s, "error")
    }

    @Test func home() {
        var s = ShellState(items: [film, liveItem, MediaItem(title: "日本語のタイトル", url: "/x.mkv")])
        s.navigation.homeSelection = 1
        check(s, "home")
    }

    @Test("Continue Watching: each film left part way shows how far (a bar in the accent colour) and what is left, there and in its own group")
    func continueWatching() {
        let short = MediaItem(id: "short", title: "A Short", url: "/media/short.mkv", group: "Films")
        var s = ShellState(items: [film, short, liveItem])
        s.upNext.resumePoints = [film.url: ResumePoint(position: 2880, duration: 7200, updated: 2),
                                 short.url: ResumePoint(position: 500, duration: 600, updated: 1)]
        s.settings.rememberPositions = true
        s.navigation.homeSelection = 0
        s.navigation.homeInContinue = true
        check(s, "home-continue-watching")
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo)
        let rows = screen.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[4].contains("━━━───── 1 h 12 min left"), "2880 s of 7200 watched: \(rows[4])")
        #expect(rows[5].contains("━━━━━━━─ 2 min left"), "\(rows[5])")
        #expect(rows.filter { $0.contains("min left") }.count == 4, "in Continue Watching and in each film's own group")
        let bar = try! #require(rows[5].range(of: "━"))
        let x = rows[5].distance(from: rows[5].startIndex, to: bar.lowerBound)
        #expect(screen[x, 5].style.foreground == Theme.dark.accent)
        #expect(!ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text().contains("0 min left"))

        // On the TV's 60 columns, beside a channel rated TV-MA: a long title whole, its words after it.
        let demo = MediaItem(id: "demo", title: "The Test Pattern (demo film)", url: "/media/demo.mkv", rating: "PG", group: "Films")
        let late = MediaItem(id: "late", title: "Late Night Bars", url: "av://lavfi:smptebars", isLive: true, number: 4, rating: "TV-MA")
        var tv = ShellState(items: [demo, late])
        tv.upNext.resumePoints = [demo.url: ResumePoint(position: 186, duration: 600)]
        tv.settings.rememberPositions = true
        let text = ShellView.render(tv, theme: .dark, width: 60, height: 18, context: terminalVideo).text()
        #expect(text.contains("The Test Pattern (demo film)  7 min left"), "\(text)")
    }

    @Test func tooSmall() {
        let screen = ShellView.render(playing(), theme: .dark, width: 31, height: 9, context: terminalVideo)
        assertSnapshot(screen, named: "too-small-31x9")
        #expect(screen.text().contains("Terminal too small"))
    }

    @Test("video cells are transparent only where no chrome covers them")
    func videoMask() {
        let screen = ShellView.render(playing(), theme: .dark, width: 80, height: 24, context: terminalVideo)
        #expect(screen[0, 0].isVideo)
        #expect(!screen[0, 23].isVideo, "transport bar covers the bottom")
        let paused = ShellView.render(playing(paused: true), theme: .dark, width: 80, height: 24, context: terminalVideo)
        #expect(paused.cells.filter { !$0.isVideo }.count == 80 * 5)
    }

    @Test("ASCII glyphs when the locale cannot draw Unicode")
    func asciiTheme() {
        var s = playing(paused: true)
        s.scrub = ScrubState(target: 3723, origin: 754)
        let screen = ShellView.render(s, theme: Theme.dark.asciiOnly(), width: 80, height: 24, context: terminalVideo)
        #expect(screen.text().unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func timeFormat() {
        #expect(formatTime(0) == "0:00")
        #expect(formatTime(59.9) == "0:59")
        #expect(formatTime(3723.45, tenths: true) == "1:02:03.4")
        #expect(formatTime(-3) == "0:00")
        #expect(formatTime(.nan) == "0:00")
        #expect(formatTime(1e300) == "277777777:46:40", "a file's duration of 1e300 s: as many hours as a whole number holds, not a trap")
    }
}

@Suite("Visible state")
struct VisibleStateTests {
    @Test("states that differ only in what is not drawn project equal and draw the same frame")
    func hiddenFieldsIgnored() {
        var a = playing()
        a.chrome.transportVisible = false
        var b = a
        b.playback.position = 999
        b.playback.duration = 1234
        b.playback.token = 9
        b.playback.framesRendered = 500
        b.playback.framesDropped = 12
        #expect(ShellView.visibleState(a) == ShellView.visibleState(b))
        #expect(ShellView.render(a, theme: .dark, width: 80, height: 24, context: terminalVideo)
            == ShellView.render(b, theme: .dark, width: 80, height: 24, context: terminalVideo))
    }

    @Test("with the bar shown, position is visible")
    func visibleWithBar() {
        let a = playing()
        var b = a
        b.playback.position = 999
        #expect(ShellView.visibleState(a) != ShellView.visibleState(b))
        var s = playing(paused: true)
        s.scrub = ScrubState(target: 10, origin: 5)
        var t = s
        t.scrub?.target = 11
        #expect(ShellView.visibleState(s) != ShellView.visibleState(t))
    }
}

@Suite("Frame key")
struct FrameKeyTests {
    private func frame(_ s: ShellState, width: Int = 160) -> Screen {
        ShellView.render(s, theme: .dark, width: width, height: 48, context: terminalVideo)
    }

    @Test("positions the bar draws alike share a key, and the key holds exactly when the frames are equal")
    func positionsWithinOneStep() {
        for (width, duration) in [(160, 7200.0), (160, 12), (80, 600), (200, 59.5)] {
            var previous: (key: FrameKey, screen: Screen)?
            var shared = 0
            for step in 0..<400 {
                let s = playing(position: Double(step) * min(0.1, duration / 397), duration: duration)
                let key = ShellView.frameKey(s, width: width), screen = frame(s, width: width)
                if let previous {
                    #expect((previous.key == key) == (previous.screen == screen), "width \(width), duration \(duration), step \(step)")
                    if previous.key == key { shared += 1 }
                }
                previous = (key, screen)
            }
            #expect(shared > 0, "some neighbouring positions draw the same bar at width \(width), duration \(duration)")
        }
    }

    @Test("hidden bar, scrubbing and live streams")
    func otherStates() {
        var hidden = playing(position: 10)
        hidden.chrome.transportVisible = false
        var later = hidden
        later.playback.position = 600
        #expect(ShellView.frameKey(hidden, width: 160) == ShellView.frameKey(later, width: 160))
        var scrub = playing(position: 10, paused: true)
        scrub.scrub = ScrubState(target: 100, origin: 10)
        var moved = scrub
        moved.scrub?.target = 101
        #expect(ShellView.frameKey(scrub, width: 160) != ShellView.frameKey(moved, width: 160))
        let live = playing(liveItem, position: 10)
        var liveLater = live
        liveLater.playback.position = 20
        #expect(ShellView.frameKey(live, width: 160) == ShellView.frameKey(liveLater, width: 160))
        #expect(frame(live) == frame(liveLater))
    }
}

private let lineup = [
    MediaItem(id: "news", title: "Evening News", url: "http://x/1", isLive: true, number: 1, group: "News", guideID: "news"),
    MediaItem(id: "late", title: "Late Night Bars", url: "http://x/4", isLive: true, number: 4, rating: "TV-MA", group: "Entertainment", guideID: "late"),
    MediaItem(id: "film", title: "The Test Pattern", url: "/f.mkv", rating: "PG", group: "Films"),
]
private let sixPM = 1_700_000_000.0 - 1_700_000_000.0.truncatingRemainder(dividingBy: 86400) + 18 * 3600
private let tvGuide = ProgrammeGuide(channels: [], programmes: [
    Programme(channel: "news", start: sixPM, stop: sixPM + 1800, title: "Headlines"),
    Programme(channel: "news", start: sixPM + 1800, stop: sixPM + 3600, title: "Weather"),
    Programme(channel: "late", start: sixPM, stop: sixPM + 3600, title: "After Dark", ratings: [GuideRating(system: "VCHIP", value: "TV-MA")]),
    Programme(channel: "late", start: sixPM + 3600, stop: sixPM + 7200, title: "Bars Uncut"),
])

private func flipping(failure: String? = nil) -> ShellState {
    var s = ShellState(items: lineup, guide: tvGuide)
    s.wallClock = sixPM + 600
    s.current = 0
    s.navigation.destination = .interstitial
    var flip = FlipState(token: 3, origin: 0, target: 1, direction: .next)
    flip.failure = failure
    s.live.flip = flip
    s.chrome.spinnerFrame = 3
    return s
}

@Suite("Live TV views")
struct LiveViewSnapshotTests {
    private func check(_ state: ShellState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (w, h) in sizes {
            let screen = ShellView.render(state, theme: .dark, width: w, height: h, context: terminalVideo)
            assertSnapshot(screen, named: "\(name)-\(w)x\(h)", sourceLocation: sourceLocation)
        }
    }

    @Test func interstitial() { check(flipping(), "interstitial") }

    @Test("the live bar: the programme on now beside the channel, a line through it at 10 of its 30 minutes, its times and what is next")
    func liveBarProgramme() {
        var s = ShellState(items: lineup, guide: tvGuide)
        s.wallClock = sixPM + 600
        s.current = 0
        s.navigation.destination = .player
        s.playback.phase = .playing
        s.playback.firstFramePresented = true
        s.chrome.transportVisible = true
        check(s, "player-live-programme")
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo)
        let text = screen.text()
        #expect(text.contains("1  Evening News · Headlines") && text.contains("Next 18:30  Weather") && text.contains("18:00–18:30"))
        let line = (0..<80).map { screen[$0, 21].character }
        #expect(line.filter { $0 == "━" }.count == 25 && line.filter { $0 == "─" }.count == 51, "a third of 76 cells through: \(String(line))")
    }

    @Test("a warm target: its latest frame, small, in the card in place of the initials (none without video in the terminal, or once failed)")
    func interstitialLiveFrame() {
        var s = flipping()
        var warm = PlaybackState()
        warm.phase = .playing
        warm.videoConfigured = true
        s.warm.players[.warmB] = WarmPlayer(index: 1, playback: warm)
        #expect(s.warmFlipTarget == .warmB)
        check(s, "interstitial-live-frame")
        let screen = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo)
        #expect(screen.windows == [VideoWindow(.interstitial, x: 26, y: 5, width: 28, height: 8)])
        #expect(!screen.text().contains("LNB") && screen.text().contains("Late Night Bars") && screen.text().contains("Tuning"))
        #expect(ShellView.render(s, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .window)).windows.isEmpty)
        #expect(ShellView.render(s, theme: .dark, width: 60, height: 16, context: terminalVideo).windows.isEmpty, "no room")
        s.live.flip?.failure = "Could not tune"
        #expect(s.warmFlipTarget == nil)
        s.live.flip?.failure = nil
        s.warm.players[.warmB]?.playback.videoConfigured = false
        #expect(s.warmFlipTarget == nil, "no picture yet")
        s.warm.players[.warmB] = WarmPlayer(index: 0, playback: warm)
        #expect(s.warmFlipTarget == nil, "another channel is warm")
    }

    @Test func interstitialFailed() {
        check(flipping(failure: "Late Night Bars is not available right now"), "interstitial-failed")
    }

    @Test("a flip's failure with the player's detail, a reconnection's reason, a notice: a stream's address is shown with its account redacted")
    func interstitialFailedRedacted() {
        let detail = "Late Night Bars is not available right now: Failed to open http://tv.example/live/alice/secret/1477.ts."
        for (w, h) in sizes {
            let text = ShellView.render(flipping(failure: detail), theme: .dark, width: w, height: h, context: terminalVideo).text()
            #expect(!text.contains("alice") && !text.contains("secret"), "\(text)")
        }
        var custom = flipping(failure: detail)
        custom.live.flip?.interstitial = ChannelInterstitial(title: "Our own card")
        let text = ShellView.render(custom, theme: .dark, width: 200, height: 60, context: terminalVideo).text()
        #expect(text.contains("Our own card") && !text.contains("secret"), "\(text)")
        var retried = flipping()
        retried.live.flip = nil
        retried.live.recovery = RecoveryState(index: 0, attempt: 2, reason: "loading failed: Failed to open http://alice:secret@tv.example/1.m3u8", waiting: true)
        retried.chrome.notice = "Could not record: http://tv.example/get.php?username=alice&password=secret failed"
        let shown = ShellView.render(retried, theme: .dark, width: 200, height: 60, context: terminalVideo).text()
        #expect(shown.contains("Reconnecting") && shown.contains("Could not record") && !shown.contains("alice") && !shown.contains("secret"), "\(shown)")
    }

    @Test("a stream being retried: the channel card with “Reconnecting…”, the try and why, in plain words")
    func reconnecting() {
        var s = ShellState(items: lineup, guide: tvGuide)
        s.wallClock = sixPM + 600
        s.current = 0
        s.navigation.destination = .interstitial
        s.live.recovery = RecoveryState(index: 0, attempt: 2, reason: "loading failed: tcp: Connection refused", waiting: true)
        s.chrome.spinnerFrame = 1
        check(s, "reconnecting")
        let text = ShellView.render(s, theme: .dark, width: 80, height: 24, context: terminalVideo).text()
        #expect(text.contains("Reconnecting… (try 2)"))
        #expect(text.contains("Its server refused the connection.") && !text.contains("tcp"), "why, in plain words: \(text)")
        #expect(text.contains("Evening News") && text.contains("Headlines"))
    }

    @Test func guideScreen() {
        var s = ShellState(items: lineup, guide: tvGuide)
        s.wallClock = sixPM + 600
        s.navigation.destination = .guide
        s.navigation.homeSelection = 1
        check(s, "guide")
    }

    @Test func channelEntry() {
        var s = playing(lineup[0])
        s.items = lineup
        s.live.channelEntry = ChannelEntry(digits: "42")
        check(s, "channel-entry")
        s.live.channelEntry = nil
        s.chrome.notice = "No channel 42"
        check(s, "notice")
    }

    @Test("the interstitial shows number, name, initials, now and next")
    func interstitialContent() {
        let text = ShellView.render(flipping(), theme: .dark, width: 80, height: 24, context: terminalVideo).text()
        #expect(text.contains("▶  4"))
        #expect(text.contains("Late Night Bars"))
        #expect(text.contains("LNB"))
        #expect(text.contains("Now   18:00–19:00  After Dark  [TV-MA]"))
        #expect(text.contains("Next  19:00–20:00  Bars Uncut"))
        #expect(text.contains("Tuning"))
    }
}
