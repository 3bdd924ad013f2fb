import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 20:40 UTC (20:30 is the half hour).
private let wall = 1_795_466_400.0
private let half = 1_795_465_800.0
private let archive = Catchup(mode: .default, source: "http://archive.test/news?start={utc}&end={utcend}", days: 1)

private func programme(_ channel: String, _ title: String, _ start: Double, _ stop: Double) -> Programme {
    Programme(channel: channel, start: start, stop: stop, title: title)
}

/// News (catch-up): Evening, Tonight (on now), Later, then a day later
/// Tomorrow; Sport: Warmup, Match (on now, long), Highlights; Quiet has no guide.
private let guide = ProgrammeGuide(channels: [], programmes: [
    programme("news.tv", "Evening", half - 3600, half - 1800),
    programme("news.tv", "Tonight", half - 1800, half + 1800),
    programme("news.tv", "Later", half + 1800, half + 3600),
    programme("news.tv", "Tomorrow", half + 86400 - 1800, half + 86400 + 1800),
    programme("sport.tv", "Warmup", half - 5400, half - 3600),
    programme("sport.tv", "Match", half - 3600, half + 3600),
    programme("sport.tv", "Highlights", half + 3600, half + 5400),
])

private func lineup(extra: Int = 0) -> [MediaItem] {
    var news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
    news.catchup = archive
    let sport = MediaItem(id: "sport", title: "Sport", url: "http://live.test/sport.m3u8", isLive: true, number: 2, guideID: "sport.tv")
    let quiet = MediaItem(id: "quiet", title: "Quiet", url: "http://live.test/quiet.m3u8", isLive: true, number: 3)
    let more = (0..<extra).map { MediaItem(id: "x\($0)", title: "Extra \($0)", url: "http://live.test/x\($0).m3u8", isLive: true, number: 4 + $0) }
    return [news, sport, quiet] + more
}

/// The player on News, then `g` (with `[pip] automatic = false`: what
/// played stops; see `guideOverPicture` for the picture).
private func gridOnNews(extra: Int = 0, picture: Bool = false) -> ReducerHarness {
    var state = ShellState(items: lineup(extra: extra), guide: guide)
    state.settings.pictureAutomatic = picture
    let h = ReducerHarness(state)
    h.apply(.wallClock(wall, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.command(.guide, at: h.clock.now))
    return h
}

@Suite("The guide grid: channels down, half hours across, moved by channel, programme, page and day")
struct GuideGridTests {
    @Test("g from the player opens the grid on the channel playing at now (its preview waited for); g shows the list, g the grid again, the same channel previewed; ESC plays that channel again, from the grid or the list")
    func openAndToggle() {
        let h = gridOnNews()
        #expect(h.state.screen == .guide)
        #expect(h.state.guide.grid == GuideGrid(channel: 0, time: wall, start: half - 1800, top: 0))
        #expect(h.state.guide.backToChannel == 0 && h.state.playback.phase == .idle, "without the picture, what played stopped")
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Tonight")
        h.expectArmed([.stall, .hintHide, .previewDelay])
        h.press(.guide) { $0.guide.grid = nil }
        h.press(.guide) { $0.guide.grid = GuideGrid(channel: 0, time: wall, start: half - 1800, top: 0) }
        h.expectArmed([.stall, .hintHide, .previewDelay])
        let back = h.apply(.command(.menu, at: h.clock.now))
        #expect(back.contains(.load(lineup()[0], token: h.state.playback.token)), "\(back)")
        #expect(h.state.screen == .player && h.state.current == 0 && h.state.guide.grid == nil && h.state.guide.backToChannel == nil)
        h.expectArmed([.stall, .hintHide, .transportHide])

        let list = gridOnNews()
        list.apply(.command(.guide, at: list.clock.now))
        #expect(list.state.screen == .guide && list.state.guide.grid == nil)
        let fromList = list.apply(.command(.menu, at: list.clock.now))
        #expect(fromList.contains(.load(lineup()[0], token: list.state.playback.token)) && list.state.screen == .player, "\(fromList)")
        list.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("summer time beginning at 21:00 UTC: the grid's half hours and the focused programme after it read in summer time, those before in the time before")
    func acrossSummerTime() {
        let h = gridOnNews()
        h.apply(.utcOffset(0, change: UTCOffsetChange(at: half + 1800, before: 0, after: 3600)))
        #expect(h.state.settings.utcOffsetChange == UTCOffsetChange(at: half + 1800, before: 0, after: 3600))
        let context = ViewContext(picture: .terminal, utcOffset: 0, utcOffsetChange: h.state.settings.utcOffsetChange)
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: context).text()
        #expect(screen.contains("20:00") && screen.contains("20:30") && screen.contains("22:00") && screen.contains("22:30"), "\(screen)")
        #expect(!screen.contains("21:00") && !screen.contains("21:30"), "no clock reads 21:00 that day: \(screen)")
        #expect(screen.contains("20:00–22:00"), "Tonight, 20:00 to 21:00 UTC, ends in summer time: \(screen)")
        #expect(context.clock(half + 1799) == "20:59" && context.dayAndClock(half + 1800) == "Mon 22:00")
        h.expectArmed([.stall, .hintHide, .previewDelay])
    }

    @Test("g on the guide's list when the grid has nothing to show says why (the guide still being read, or nothing listed), and the list stays")
    func gridWithNothingListed() {
        let h = ReducerHarness(ShellState(items: lineup(), guide: ProgrammeGuide(channels: [], programmes: [])))
        h.send(.wallClock(wall, at: h.clock.now)) { $0.wallClock = wall }
        h.apply(.command(.guide, at: h.clock.now))
        #expect(h.state.screen == .guide && h.state.guide.grid == nil)
        h.send(.guideStatus(GuideStatus(refreshing: true))) { $0.guide.status = GuideStatus(refreshing: true) }
        h.press(.guide, effects: [.startTimer(.noticeHide, after: h.state.settings.noticeDelay * 2)]) {
            $0.chrome.notice = "The guide's grid: the guide is still being read"
        }
        h.send(.guideStatus(GuideStatus(refreshed: wall))) { $0.guide.status = GuideStatus(refreshed: wall) }
        h.press(.guide, effects: [.startTimer(.noticeHide, after: h.state.settings.noticeDelay * 2)]) {
            $0.chrome.notice = "The guide's grid: no programmes are listed for these channels"
        }
        #expect(h.state.screen == .guide && h.state.guide.grid == nil)
        h.expectArmed([.previewDelay, .noticeHide])
    }

    @Test("g from the home screen: ESC goes home, nothing plays")
    func fromHome() {
        let h = ReducerHarness(ShellState(items: lineup(), guide: guide))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.command(.guide, at: h.clock.now))
        #expect(h.state.screen == .guide && h.state.guide.backToChannel == nil)
        let effects = h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.screen == .home && !effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        h.expectArmed(Set(h.armedTimers))
    }

    @Test("g from the player: the channel goes on in the picture (no second load, no preview of it); ESC brings it back full screen, not reloaded")
    func guideOverPicture() {
        let h = gridOnNews(picture: true)
        #expect(h.state.screen == .guide && h.state.guide.backToPicture)
        #expect(h.state.picture.pip?.index == 0 && h.state.current == nil)
        #expect(h.state.guide.grid?.channel == 0, "the grid on the channel in the picture")
        #expect(h.state.picture.preview == nil)
        let token = h.state.picture.pip!.playback.token
        let back = h.apply(.command(.menu, at: h.clock.now))
        #expect(back.contains(.restorePictureInterface(token: token)))
        let restored = h.apply(.pictureRestoreAnswered(token: token, restored: true, at: h.clock.now))
        #expect(restored.contains(.exchangePlayers(.main, .picture)))
        #expect(!restored.contains { if case .load = $0 { true } else { false } }, "not loaded again")
        #expect(h.state.screen == .player && h.state.current == 0 && h.state.picture.pip == nil && !h.state.guide.backToPicture)
        h.expectArmed([.transportHide])
    }

    @Test("RIGHT and LEFT go programme by programme; UP/DOWN keep the time; an unlisted channel has empty half hours")
    func moves() {
        let h = gridOnNews()
        h.press(.right) { $0.guide.grid?.time = half + 1800 }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Later")
        h.press(.down, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.guide.grid?.channel = 1 }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Match")
        h.press(.left) {
            $0.guide.grid?.time = half - 5400
            $0.guide.grid?.start = half - 7200
        }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Warmup")
        h.press(.left) { $0.guide.grid?.time = half - 7200 }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!) == GuideGridReducer.Cell(start: half - 7200, stop: half - 5400, programme: nil))
        h.press(.right) { $0.guide.grid?.time = half - 5400 }
        h.press(.right) { $0.guide.grid?.time = half - 3600 }
        h.press(.down, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.guide.grid?.channel = 2 }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!) == GuideGridReducer.Cell(start: half - 3600, stop: half - 1800, programme: nil))
        h.press(.down)
        h.press(.up, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.guide.grid?.channel = 1 }
        h.expectArmed([.stall, .hintHide, .previewDelay])
    }

    @Test("browsed past the stored guide's window, the grid asks once for the window around its focus; the window that comes replaces the guide")
    func browsesBeyondTheWindow() {
        let h = gridOnNews()
        h.send(.guideWindowLoaded(guide, GuideWindow.around(wall))) { $0.guide.window = GuideWindow.around(wall) }
        h.press(.dayForward, effects: [.loadGuideWindow(around: wall + 86400)]) {
            $0.guide.grid?.time = wall + 86400
            $0.guide.grid?.start = half - 1800 + 86400
            $0.guide.windowWanted = wall + 86400
        }
        h.press(.right) { $0.guide.grid?.time = half + 86400 + 1800 }
        h.press(.dayForward, effects: [.loadGuideWindow(around: half + 2 * 86400 + 1800)]) {
            $0.guide.grid?.time = half + 2 * 86400 + 1800
            $0.guide.grid?.start = half - 1800 + 2 * 86400
            $0.guide.windowWanted = half + 2 * 86400 + 1800
        }
        h.press(.left) { $0.guide.grid?.time = half + 2 * 86400 }
        let later = ProgrammeGuide(channels: [], programmes: [programme("news.tv", "Day After", half + 2 * 86400 - 600, half + 2 * 86400 + 3000)])
        h.send(.guideWindowLoaded(later, GuideWindow.around(half + 2 * 86400 + 1800))) {
            $0.guide.programmes = later
            $0.guide.window = GuideWindow.around(half + 2 * 86400 + 1800)
            $0.guide.windowWanted = nil
        }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Day After")
        h.send(.guideWindowLoaded(guide, GuideWindow.around(wall)), effects: [.loadGuideWindow(around: half + 2 * 86400)]) {
            $0.guide.programmes = guide
            $0.guide.window = GuideWindow.around(wall)
            $0.guide.windowWanted = half + 2 * 86400
        }
        h.expectArmed([.stall, .hintHide, .previewDelay])
    }

    @Test("> and < (a remote's ⏭ and ⏮) move a day, the columns with them; PGDN pages by the rows shown (14 at 80×24), PGUP back")
    func daysAndPages() {
        let h = gridOnNews(extra: 30)
        h.press(.dayForward) {
            $0.guide.grid?.time = wall + 86400
            $0.guide.grid?.start = half - 1800 + 86400
        }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Tomorrow")
        h.press(.dayBack) {
            $0.guide.grid?.time = wall
            $0.guide.grid?.start = half - 1800
        }
        // A remote's ⏭ / ⏮ (frame steps in the player): the same days.
        h.press(.frameForward) {
            $0.guide.grid?.time = wall + 86400
            $0.guide.grid?.start = half - 1800 + 86400
        }
        h.press(.frameBack) {
            $0.guide.grid?.time = wall
            $0.guide.grid?.start = half - 1800
        }
        #expect(GuideGridLayout(columns: 80, rows: 24).channelRows == 14 && GuideGridLayout(columns: 80, rows: 24).slots == 5)
        #expect(GuideGridLayout(columns: 80, rows: 24, channels: 5).channelRows == 5 && GuideGridLayout(columns: 80, rows: 24, channels: 5).detailsTop == 8,
                "five channels: the details right under them")
        #expect(GuideGridLayout(columns: 200, rows: 60).slots == 6 && GuideGridLayout(columns: 200, rows: 60).slotWidth == 29, "three hours, wider half hours")
        #expect(GuideGridLayout(columns: 80, rows: 24).detailHeight == 6, "channels fill the screen: the details' least")
        #expect(GuideGridLayout(columns: 60, rows: 18, channels: 5).detailHeight == 6, "the TV's grid of five channels: as before")
        #expect(GuideGridLayout(columns: 80, rows: 24, channels: 5).detailHeight == 8, "a third of 24 rows")
        #expect(GuideGridLayout(columns: 250, rows: 70, channels: 5).detailHeight == 23, "a tall screen, five channels")
        #expect(GuideGridLayout(columns: 250, rows: 70, channels: 60).detailHeight == 6)
        h.press(.channelDown, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.guide.grid?.channel = 14
            $0.guide.grid?.top = 14
        }
        h.press(.channelDown, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.guide.grid?.channel = 28
            $0.guide.grid?.top = 19
        }
        h.press(.channelUp, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.guide.grid?.channel = 14
            $0.guide.grid?.top = 5
        }
        h.expectArmed([.stall, .hintHide, .previewDelay])
    }

    @Test("ENTER: on now tunes; a past programme plays from the archive, or is refused without catch-up; a future one offers Remind me, Record, Record series: its reminder is set, again removed")
    func select() {
        let h = gridOnNews()
        h.apply(.command(.left, at: h.clock.now))
        let effects = h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.guide.grid == nil)
        #expect(h.state.currentItem?.archive == ArchiveOrigin(channelID: "news", start: half - 3600, stop: half - 1800))
        #expect(effects.contains { if case .load = $0 { true } else { false } })
        h.expectArmed([.stall, .hintHide, .transportHide])

        let g = gridOnNews()
        g.apply(.command(.down, at: g.clock.now))
        g.apply(.command(.left, at: g.clock.now))
        g.press(.select, effects: [.startTimer(.noticeHide, after: 5)]) { $0.chrome.notice = "Sport has no catch-up: past programmes cannot be played" }
        g.apply(.command(.right, at: g.clock.now))
        g.apply(.command(.right, at: g.clock.now))
        let highlights = Reminder(channel: "sport.tv", start: half + 3600, title: "Highlights", channelName: "Sport")
        #expect(g.apply(.command(.select, at: g.clock.now)).isEmpty)
        #expect(g.state.recordings.dialog?.choices == [.remind(set: false), .record, .recordSeries, .cancel])
        #expect(g.state.recordings.dialog?.programme?.title == "Highlights" && g.state.recordings.dialog?.channel == 1)
        g.press(.select, effects: [.saveReminder(highlights, on: true), .startTimer(.noticeHide, after: 5)]) {
            $0.chrome.notice = "Reminder set: Highlights on Sport"
            $0.guide.reminders = [highlights]
            $0.recordings.dialog = nil
        }
        g.apply(.command(.select, at: g.clock.now))
        #expect(g.state.recordings.dialog?.choices.first == .remind(set: true))
        g.press(.select, effects: [.saveReminder(highlights, on: false), .startTimer(.noticeHide, after: 2.5)]) {
            $0.chrome.notice = "Reminder removed: Highlights"
            $0.guide.reminders = []
            $0.recordings.dialog = nil
        }
        for (downs, series) in [(1, false), (2, true)] {
            g.apply(.command(.select, at: g.clock.now))
            for _ in 0..<downs { g.apply(.command(.down, at: g.clock.now)) }
            let recorded = g.apply(.command(.select, at: g.clock.now))
            guard case .record(let request)? = recorded.first else { Issue.record("no recording asked: \(recorded)"); continue }
            #expect(request.title == "Highlights" && request.start == half + 3600 && request.channel.title == "Sport" && request.padded && request.series == series)
        }
        g.apply(.command(.left, at: g.clock.now))
        let tuned = g.apply(.command(.select, at: g.clock.now))
        #expect(g.state.screen == .player && g.state.current == 1 && g.state.guide.grid == nil)
        #expect(tuned.contains { if case .load = $0 { true } else { false } })
        g.expectArmed([.stall, .hintHide, .noticeHide, .transportHide])
    }

    @Test("a focus on what is on moves with the clock: opened at 20:40, at 21:01 it is on what is on now and ENTER tunes; a focus moved to the past stays; one moved to the future follows once its programme begins")
    func focusFollowsTheClock() {
        let h = gridOnNews()
        let nine = half + 1800
        h.send(.wallClock(nine - 5, at: h.clock.now)) {
            $0.wallClock = nine - 5
            $0.guide.grid?.time = nine - 5
        }
        h.send(.wallClock(nine + 60, at: h.clock.now)) {
            $0.wallClock = nine + 60
            $0.guide.grid?.time = nine + 60
        }
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Later")
        h.apply(.command(.down, at: h.clock.now))
        #expect(GuideGridReducer.focused(h.state, h.state.guide.grid!).programme?.title == "Match")
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.screen == .player && h.state.current == 1 && h.state.chrome.notice == nil, "tuned, not refused as past")
        h.expectArmed([.stall, .hintHide, .transportHide])

        let past = gridOnNews()
        past.apply(.command(.left, at: past.clock.now))
        past.send(.wallClock(nine + 60, at: past.clock.now)) { $0.wallClock = nine + 60 }
        #expect(GuideGridReducer.focused(past.state, past.state.guide.grid!).programme?.title == "Evening")
        past.expectArmed([.stall, .hintHide, .previewDelay])

        let future = gridOnNews()
        future.apply(.command(.right, at: future.clock.now))
        #expect(future.state.guide.grid?.time == nine)
        future.send(.wallClock(nine - 60, at: future.clock.now)) { $0.wallClock = nine - 60 }
        future.send(.wallClock(nine + 30, at: future.clock.now)) { $0.wallClock = nine + 30 }
        future.send(.wallClock(nine + 60, at: future.clock.now)) {
            $0.wallClock = nine + 60
            $0.guide.grid?.time = nine + 60
        }
        #expect(GuideGridReducer.focused(future.state, future.state.guide.grid!).programme?.title == "Later")
        future.expectArmed([.stall, .hintHide, .previewDelay])
    }

    @Test("without a guide, g shows the list as before")
    func noGuide() {
        let h = ReducerHarness(ShellState(items: lineup()))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.command(.guide, at: h.clock.now))
        #expect(h.state.screen == .guide && h.state.guide.grid == nil)
        h.expectArmed([.previewDelay])
    }
}

@Suite("The guide grid's preview")
struct GuideGridPreviewTests {
    /// The grid opened from the home screen on a 120×40 terminal, on News.
    /// The delay on News passes: its preview loads muted, is let past its
    /// hold and plays (every effect and change stated).
    private func previewPlays(_ h: ReducerHarness, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(h.advance(by: 0.6) == [.previewDelay], sourceLocation: sourceLocation)
        var playback = PlaybackState()
        playback.token = 1
        playback.phase = .loading
        playback.programmeStart = half - 1800
        h.send(.timerFired(.previewDelay, at: h.clock.now), effects: [.slot(.preview, .mute(true)), .slot(.preview, .load(lineup()[0], token: 1))]) {
            $0.picture.preview = PreviewState(index: 0, playback: playback)
        }
        h.send(.player(.preloaded(ratings: []), token: 1, at: h.clock.now), effects: [.slot(.preview, .continueLoad(token: 1))])
        h.send(.player(.playing, token: 1, at: h.clock.now)) { $0.picture.preview?.playback.phase = .playing }
    }

    private func grid(policy: RestrictionPolicy = RestrictionPolicy(), items: [MediaItem] = lineup()) -> ReducerHarness {
        let h = ReducerHarness(ShellState(items: items, guide: guide, restrictions: RestrictionsState(policy: policy)))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.display(DisplaySize(columns: 120, rows: 40)))
        h.send(.command(.guide, at: h.clock.now), effects: [.startTimer(.previewDelay, after: 0.6)]) {
            $0.navigation.destination = .guide
            $0.guide.grid = GuideGrid(channel: 0, time: wall, start: half - 1800, top: 0)
        }
        return h
    }

    @Test("the focused channel plays muted after the delay; DOWN stops it and waits on the next; ENTER on now promotes it without a second load")
    func previewAndPromote() {
        let h = grid()
        previewPlays(h)
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(!screen.contains("Tuning"), "playing: the pane is video")
        h.press(.down, effects: [.slot(.preview, .stop), .cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.guide.grid?.channel = 1
            $0.picture.preview = nil
            $0.retiredToken = 1
        }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.apply(.timerFired(.previewDelay, at: h.clock.now))
        h.apply(.player(.preloaded(ratings: []), token: 2, at: h.clock.now))
        h.apply(.player(.playing, token: 2, at: h.clock.now))
        let previewed = h.state.picture.preview!.playback
        h.press(.select, effects: [
            .cancelTimer(.errorAdvance), .exchangePlayers(.main, .preview), .slot(.main, .mute(false)),
            .startTimer(.transportHide, after: 5), .emit(.playbackStarted(title: "Sport", url: lineup()[1].url)), .startTimer(.hintHide, after: 4),
            .cancelTimer(.previewDelay),
        ]) {
            $0.playback = previewed
            $0.warm.allowed = previewed.token
            $0.picture.preview = nil
            $0.guide.grid = nil
            $0.current = 1
            $0.navigation.destination = .player
            $0.chrome.transportVisible = true
            $0.chrome.hintVisible = true
        }
        h.expectArmed([.transportHide, .hintHide])
    }

    @Test("a restricted channel is never opened: the pane says why; a screen under 60 columns opens no preview in the grid, the TV's 60 do")
    func restrictedAndNarrow() {
        let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
        var items = lineup()
        items[1].contentRating = tvMA
        let h = grid(policy: RestrictionPolicy(mode: .passcode, tv: .upTo(ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)), hasPasscode: true),
                     items: items)
        h.press(.down, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.guide.grid?.channel = 1 }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now)) { $0.picture.preview = PreviewState(index: 1, restricted: "TV-MA") }
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("Restricted (TV-MA)"))
        h.send(.display(DisplaySize(columns: 59, rows: 30))) { $0.display = DisplaySize(columns: 59, rows: 30) }
        h.press(.up, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) {
            $0.guide.grid?.channel = 0
            $0.picture.preview = nil
        }
        #expect(h.advance(by: 0.6) == [.previewDelay])
        h.send(.timerFired(.previewDelay, at: h.clock.now))
        #expect(h.state.picture.preview == nil, "no room in the grid's details: nothing opened")
        h.expectArmed([])
    }

    @Test("on the TV's 60 × 18 the focused channel previews in the grid's details, its video beside their text")
    func previewOnTheTV() {
        let h = grid()
        h.send(.display(DisplaySize(columns: 60, rows: 18))) { $0.display = DisplaySize(columns: 60, rows: 18) }
        previewPlays(h)
        let screen = ShellView.render(h.state, theme: .dark, width: 60, height: 18, context: ViewContext(picture: .terminal))
        let video = screen.windows.first { $0.inset == .preview }
        #expect(video.map { $0.x >= 38 && $0.x + $0.width <= 59 && $0.height >= 4 } == true, "\(String(describing: video))\n\(screen.text())")
        let details = GuideGridLayout(columns: 60, rows: 18, channels: lineup().count).detailsTop
        let lines = screen.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[details + 2].contains("Tonight"), "News's programme on now beside the video:\n\(screen.text())")
    }
}
