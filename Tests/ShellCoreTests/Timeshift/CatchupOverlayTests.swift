import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 20:30 UTC.
private let wall = 1_795_465_800.0
private let archive = Catchup(mode: .default, source: "http://archive.test/news?start={utc}&end={utcend}", days: 1)

private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)

private func programme(_ title: String, _ start: Double, _ stop: Double, restricted: Bool = false) -> Programme {
    Programme(channel: "news.tv", start: start, stop: stop, title: title,
              ratings: restricted ? [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)] : [])
}

/// News with catch-up (a day) and a guide: an old one beyond the day,
/// Early, Late Film (TV-MA), Evening (ended), Tonight (on now), Later.
private let guide = ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [
    programme("Old", wall - 90_000, wall - 88_200),
    programme("Early", wall - 7200, wall - 5400),
    programme("Late Film", wall - 5400, wall - 3600, restricted: true),
    programme("Evening", wall - 3600, wall - 1800),
    programme("Tonight", wall - 1800, wall + 1800),
    programme("Later", wall + 1800, wall + 3600),
])

private func news() -> MediaItem {
    var item = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
    item.catchup = archive
    return item
}

private let plain = MediaItem(id: "plain", title: "Plain", url: "http://live.test/plain.m3u8", isLive: true, number: 2)

private func watchingNews(restricted: Bool = false) -> ReducerHarness {
    let policy = RestrictionPolicy(mode: restricted ? .passcode : .off, tv: .upTo(tvPG), hasPasscode: true)
    let h = ReducerHarness(ShellState(items: [news(), plain], guide: guide, restrictions: RestrictionsState(policy: policy)))
    h.apply(.wallClock(wall, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.timerFired(.hintHide, at: h.clock.now))
    return h
}

private func archived(_ title: String, _ start: Double, _ stop: Double) -> MediaItem {
    var item = MediaItem(id: "news@\(Int(start))", title: title, url: "http://archive.test/news?start=\(Int(start))&end=\(Int(stop))",
                         group: nil, guideID: nil)
    item.archive = ArchiveOrigin(channelID: "news", start: start, stop: stop)
    return item
}

/// Picks programme `n` (0: the latest) of the info panel's Previous Programmes.
private func playFromPrevious(_ h: ReducerHarness, _ n: Int) {
    h.apply(.command(.info, at: h.clock.now))
    h.apply(.command(.right, at: h.clock.now))
    h.apply(.command(.down, at: h.clock.now))
    // In the list (at the programme playing, if it is there): to the top, then n down.
    for _ in 0..<10 { h.apply(.command(.left, at: h.clock.now)) }
    for _ in 0..<n { h.apply(.command(.down, at: h.clock.now)) }
    h.apply(.command(.select, at: h.clock.now))
}

@Suite("Catch-up from the remote: Start Over, Previous Programmes, what follows an archive item")
struct CatchupOverlayTests {
    @Test("the live overlay starts with Start Over on a channel with catch-up; ENTER plays the programme on now from its start")
    func startOver() {
        let h = watchingNews()
        h.press(.up, effects: [.cancelTimer(.hintHide), .cancelTimer(.transportHide)]) {
            $0.chrome.overlay = .custom
            $0.chrome.overlayFocus = 1
            $0.chrome.transportVisible = false
        }
        let items = OverlayModel.customItems(h.state)
        #expect(items.map(\.title) == ["Start Over", "1 News", "2 Plain", "Sleep: Off"])
        #expect(items[0].subtitle == "Tonight" && items[0].activation == .archive(channel: 0, start: wall - 1800))
        h.press(.left) { $0.chrome.overlayFocus = 0 }
        let effects = h.apply(.command(.select, at: h.clock.now))
        let tonight = archived("Tonight", wall - 1800, wall + 1800)
        #expect(h.state.current == 2 && h.state.items[2] == tonight)
        #expect(effects.contains(.load(tonight, token: 2)))
        #expect(h.state.chrome.overlay == .none && !h.state.isLive)
        h.expectArmed([.stall, .transportHide])
    }

    @Test("behind live, Start Over restarts the programme on screen, not the one airing")
    func startOverBehindLive() {
        let h = watchingNews()
        h.apply(.player(.position(2000), token: 1, at: h.clock.now))
        h.apply(.player(.liveBuffer(start: 0, end: 2001.5), token: 1, at: h.clock.now))
        // Paused 1900 s: Later airs, Tonight is on screen.
        h.pauseLive(for: 1900, bufferEnd: 2001.5, wallClock: wall)
        h.apply(.command(.playPause, at: h.clock.now))
        h.apply(.command(.up, at: h.clock.now))
        let items = OverlayModel.customItems(h.state)
        #expect(items.first?.subtitle == "Tonight" && items.first?.activation == .archive(channel: 0, start: wall - 1800), "\(items.map(\.subtitle))")
        h.expectArmed(h.armedTimers)
    }

    @Test("no Start Over on a channel without catch-up, nor without a guide programme")
    func noStartOver() {
        let h = watchingNews()
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.command(.up, at: h.clock.now))
        #expect(OverlayModel.customItems(h.state).map(\.title) == ["1 News", "2 Plain", "Sleep: Off"])
        var state = ShellState(items: [news()])
        state.current = 0
        state.wallClock = wall
        #expect(OverlayModel.customItems(state).map(\.title) == ["1 News", "Sleep: Off"], "no guide: nothing to start over")
        h.expectArmed([.stall])
    }

    @Test("the info panel's Previous Programmes lists the archive's ended programmes, latest first, within its days; restricted titles masked")
    func previousProgrammes() {
        let h = watchingNews(restricted: true)
        h.press(.info, effects: [.cancelTimer(.hintHide)]) {
            $0.chrome.overlay = .info
            $0.chrome.infoTab = .info
        }
        #expect(OverlayModel.infoTabs(h.state) == [.info, .previous, .subtitles, .audio], "no Chapters tab on a channel")
        h.press(.right) { $0.chrome.overlayFocus = 1; $0.chrome.infoTab = .previous }
        let items = OverlayModel.infoItems(h.state)
        #expect(items.map(\.title) == ["Evening", "Restricted (TV-MA)", "Early"])
        #expect(items.map(\.time) == [wall - 3600, wall - 5400, wall - 7200])
        #expect(OverlayModel.infoRingCount(h.state) == 7)
        h.press(.down) { $0.chrome.overlayFocus = 4 }
        let effects = h.apply(.command(.select, at: h.clock.now))
        #expect(effects.contains(.load(archived("Evening", wall - 3600, wall - 1800), token: 2)))
        #expect(h.state.chrome.overlay == .none)
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.command(.info, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.command(.select, at: h.clock.now))
        #expect(OverlayModel.infoTabs(h.state).contains(.previous), "an archive item's channel keeps the tab")
        #expect(OverlayModel.infoItems(h.state).map(\.isCurrent) == [true, false, false])
        h.expectArmed([.stall, .transportHide, .programmeBoundary])
    }

    @Test("a channel without catch-up has no Previous Programmes tab")
    func noPreviousTab() {
        let h = watchingNews()
        h.apply(.playIndex(1, at: h.clock.now))
        #expect(OverlayModel.infoTabs(h.state) == [.info, .subtitles, .audio])
        h.expectArmed([.stall, .transportHide])
    }

    @Test("a programme the archive cannot give is refused with the reason as a notice")
    func refused() {
        var item = news()
        item.catchup = Catchup(mode: .vod, source: "{catchup-id}", days: 1)
        let h = ReducerHarness(ShellState(items: [item], guide: guide))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.up, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        h.send(.command(.select, at: h.clock.now), effects: [.startTimer(.noticeHide, after: 5)]) {
            $0.chrome.overlay = .none
            $0.chrome.overlayFocus = 0
            $0.chrome.notice = "Catch-up: the guide gives that programme no catchup-id, which 1 News's archive needs"
        }
        h.expectArmed([.stall, .noticeHide])
    }

    @Test("a film rated R on a channel rated TV-PG: its archive item is held to both kinds (ranks of films and TV do not compare), and asks for the passcode as the channel would live")
    func heldToEachKind() throws {
        let r = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
        let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)
        var channel = news()
        channel.rating = "TV-PG"
        channel.contentRating = tvPG
        let film = Programme(channel: "news.tv", start: wall - 7200, stop: wall - 1800, title: "Heat",
                             ratings: [GuideRating(system: "MPAA", value: "R", resolved: r)])
        let policy = RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), tv: .upTo(tvPG), hasPasscode: true)
        let h = ReducerHarness(ShellState(items: [channel], guide: ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [film]),
                                          restrictions: RestrictionsState(policy: policy)))
        h.apply(.wallClock(wall, at: h.clock.now))
        let item = try ArchiveItem.make(h.state, index: 0, start: wall - 7200, now: wall).get()
        #expect(item.ratingsHeldTo == [r, tvPG] && item.rating == "R", "ranked alike: the film's first")
        #expect(policy.restricts(item.ratingsHeldTo) && !policy.restricts([tvPG]))
        h.apply(.playItem(item, at: h.clock.now))
        #expect(h.state.prompt != nil, "the passcode is asked for before the archive is opened")
        #expect(h.state.playback.phase != .playing, "nothing of it plays")
    }

    @Test("an archive item's end proposes the next programme from the archive once it has ended, else the channel live")
    func continuation() {
        let h = watchingNews()
        playFromPrevious(h, 1)
        #expect(h.state.currentItem?.title == "Late Film")
        h.apply(.player(.duration(1800), token: 2, at: h.clock.now))
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.player(.position(1790), token: 2, at: h.clock.now))
        #expect(h.state.upNext.card?.proposal.item == archived("Evening", wall - 3600, wall - 1800))
        #expect(h.state.upNext.card?.proposal.title == "Evening")
        playFromPrevious(h, 0)
        h.apply(.player(.duration(1800), token: 3, at: h.clock.now))
        h.apply(.player(.playing, token: 3, at: h.clock.now))
        h.apply(.player(.position(1790), token: 3, at: h.clock.now))
        #expect(h.state.upNext.card?.proposal.item == news(), "Tonight is on now: the channel, live")
        #expect(h.state.upNext.card?.proposal.title == "1 News, live")
        let effects = h.apply(.player(.ended, token: 3, at: h.clock.now))
        #expect(effects == [.emit(.endFile(url: h.state.items[3].url))], "the card stays up at the end")
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.current == 0 && h.state.isLive)
        h.expectArmed([.stall, .transportHide, .hintHide])
    }

    @Test("an archive stream that runs on past its programme (a shift catch-up gives all until now) ends with it: its duration and scrub range are the programme's, it pauses at its end and what followed is proposed (a TV-MA one through the gate); played on, it pauses there again")
    func archiveEndsWithItsProgramme() {
        let h = watchingNews(restricted: true)
        playFromPrevious(h, 0)
        #expect(h.state.currentItem?.title == "Evening")
        h.apply(.player(.duration(5400), token: 2, at: h.clock.now))
        #expect(h.state.playback.duration == 1800 && h.state.seekRange == 0...1800, "the stream runs on to now; the programme is 30 min")
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.player(.position(1799), token: 2, at: h.clock.now))
        #expect(!h.state.playback.paused)
        let ended = h.apply(.player(.position(1800.2), token: 2, at: h.clock.now))
        #expect(ended.first == .setPause(true) && h.state.playback.paused && h.state.playback.phase == .ended, "\(ended)")
        #expect(ended.contains(.emit(.endFile(url: h.state.currentItem!.url))))
        #expect(h.state.upNext.card != nil, "what followed is proposed")
        h.apply(.player(.paused(false), token: 2, at: h.clock.now))
        let again = h.apply(.player(.position(1801), token: 2, at: h.clock.now))
        #expect(again == [.setPause(true)], "played on past it: paused again, nothing else")
        h.expectArmed(h.armedTimers)
    }

    @Test("in the picture too, an archive item whose stream runs on is paused at its programme's end, its duration the programme's")
    func archiveInThePictureEndsWithItsProgramme() {
        let h = watchingNews()
        playFromPrevious(h, 0)
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        h.apply(.display(DisplaySize(columns: 120, rows: 40)))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        #expect(h.state.picture.pip?.playback.token == 2, "Evening went into the picture")
        h.apply(.player(.duration(5400), token: 2, at: h.clock.now))
        #expect(h.state.picture.pip?.playback.duration == 1800)
        #expect(h.apply(.player(.position(1799), token: 2, at: h.clock.now)).isEmpty)
        let ended = h.apply(.player(.position(1800.5), token: 2, at: h.clock.now))
        #expect(ended == [.slot(.picture, .pause(true)), .emit(.endFile(url: archived("Evening", wall - 3600, wall - 1800).url))], "\(ended)")
        #expect(h.state.picture.pip?.playback.phase == .ended && h.state.picture.pip?.playback.paused == true)
        h.apply(.player(.paused(false), token: 2, at: h.clock.now))
        #expect(h.apply(.player(.position(1801), token: 2, at: h.clock.now)) == [.slot(.picture, .pause(true))])
        h.expectArmed(h.armedTimers)
    }
}
