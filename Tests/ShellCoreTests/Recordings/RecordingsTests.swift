import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 21:00 UTC.
private let nine = 1_795_467_600.0
private let news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
private let aFilm = MediaItem(id: "film", title: "A Film", url: "/media/film.mkv")
private let bulletin = Programme(channel: "news.tv", start: nine - 1800, stop: nine + 1800, title: "Bulletin",
                                 ratings: [GuideRating(system: "VCHIP", value: "TV-14")])
private let late = Programme(channel: "news.tv", start: nine + 1800, stop: nine + 3600, title: "Late News")

/// News playing at 21:00 (Bulletin on until 21:30, Late News next).
private func watchingNews() -> ReducerHarness {
    let h = ReducerHarness(ShellState(items: [news, aFilm]))
    h.apply(.guideLoaded(ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [bulletin, late])))
    h.apply(.wallClock(nine, at: h.clock.now))
    h.apply(.playIndex(0, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    return h
}

@Suite("Recordings: r on the home screen and in the guide")
struct RecordKeyOffPlayerTests {
    @Test("r on the home screen's live channel (not playing) opens its dialog; on a film it says why not")
    func home() {
        let h = ReducerHarness(ShellState(items: [news, aFilm]))
        h.apply(.guideLoaded(ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [bulletin, late])))
        h.apply(.wallClock(nine, at: h.clock.now))
        #expect(h.state.screen == .home && h.state.current == nil)
        h.press(.record) { $0.recordings.dialog = RecordDialog(channel: 0, programme: bulletin, choices: [.untilEnd(nine + 1800), .forDuration, .cancel]) }
        h.press(.menu) { $0.recordings.dialog = nil }
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.record, effects: [.startTimer(.noticeHide, after: 5)]) { $0.chrome.notice = "Only a live channel can be recorded" }
        h.expectArmed([.noticeHide])
    }

    @Test("a channel whose picture the player makes (mpv's av://lavfi:, the demo's) cannot be recorded: r and IPC record say why at once; its programmes to come offer the reminder only")
    func madeByThePlayer() {
        let card = MediaItem(id: "card", title: "Test Card", url: "av://lavfi:testsrc2=size=320x180:rate=25", isLive: true, number: 1, guideID: "news.tv")
        let h = ReducerHarness(ShellState(items: [card]))
        h.apply(.guideLoaded(ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [bulletin, late])))
        h.apply(.wallClock(nine, at: h.clock.now))
        let why = "Test Card cannot be recorded: its picture is made by the player, not a stream that can be copied"
        h.press(.record, effects: [.startTimer(.noticeHide, after: 5)]) { $0.chrome.notice = why }
        h.apply(.command(.menu, at: h.clock.now))
        #expect(h.apply(.recordRequested(index: 0, start: nil, seconds: 60)) == [.startTimer(.noticeHide, after: 5)], "no recording asked for")
        #expect(h.state.chrome.notice == why)
        h.apply(.command(.guide, at: h.clock.now))
        h.apply(.command(.right, at: h.clock.now))
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.recordings.dialog?.choices == [.remind(set: false), .cancel])
        h.expectArmed([.noticeHide, .previewDelay])
    }

    @Test("r in the guide's grid: on the programme airing now, the channel's dialog; on one to come, its offer with Record focused; on one over, why not")
    func grid() {
        let early = Programme(channel: "news.tv", start: nine - 5400, stop: nine - 1800, title: "Early News")
        let h = ReducerHarness(ShellState(items: [news, aFilm]))
        h.apply(.guideLoaded(ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [early, bulletin, late])))
        h.apply(.wallClock(nine, at: h.clock.now))
        h.apply(.command(.guide, at: h.clock.now))
        #expect(h.state.guide.grid != nil)
        h.press(.record) { $0.recordings.dialog = RecordDialog(channel: 0, programme: bulletin, choices: [.untilEnd(nine + 1800), .forDuration, .cancel]) }
        h.press(.menu) { $0.recordings.dialog = nil }
        h.apply(.command(.right, at: h.clock.now))
        h.press(.record) {
            $0.recordings.dialog = RecordDialog(channel: 0, programme: late, choices: [.remind(set: false), .record, .recordSeries, .cancel])
            $0.recordings.dialog?.focus = 1
        }
        let once = RecordRequest(channel: news, title: "Late News", start: nine + 1800, end: nine + 3600)
        #expect(h.apply(.command(.select, at: h.clock.now)).first == .record(once))
        h.apply(.command(.left, at: h.clock.now))
        h.apply(.command(.left, at: h.clock.now))
        h.press(.record, effects: [.startTimer(.noticeHide, after: 5)]) { $0.chrome.notice = "Early News has ended: it can no longer be recorded" }
        #expect(h.state.guide.grid != nil && h.state.screen == .guide, "the grid stays")
        h.expectArmed([.noticeHide, .previewDelay])
    }
}

@Suite("Recordings: the dialog, the requests, the scheduler's reports")
struct RecordingsTests {
    @Test("r on a live channel: Record until the programme's end (padded after), for a while (LEFT/RIGHT change it, no padding), or Cancel")
    func dialog() {
        let h = watchingNews()
        h.press(.record) { $0.recordings.dialog = RecordDialog(channel: 0, programme: bulletin, choices: [.untilEnd(nine + 1800), .forDuration, .cancel]) }
        #expect(h.state.recordings.dialog?.label(.untilEnd(nine + 1800), utcOffset: 0) == "Record until 21:30")
        #expect(KeyOverlay.of(h.state) == .recordDialog)
        let until = RecordRequest(channel: news, title: "Bulletin", start: nine, end: nine + 1800, rating: "TV-14")
        h.press(.select, effects: [.record(until), .startTimer(.noticeHide, after: 5)]) {
            $0.recordings.dialog = nil
            $0.chrome.notice = "Recording Bulletin until 21:30"
        }
        h.apply(.command(.record, at: h.clock.now))
        h.press(.down) { $0.recordings.dialog?.focus = 1 }
        h.press(.right) { $0.recordings.dialog?.minutes = 90 }
        h.press(.left) { $0.recordings.dialog?.minutes = 60 }
        h.press(.left) { $0.recordings.dialog?.minutes = 30 }
        #expect(h.state.recordings.dialog?.label(.forDuration, utcOffset: 0) == "Record for ‹ 30 min ›")
        let forHalf = RecordRequest(channel: news, title: "Bulletin", start: nine, end: nine + 1800, rating: "TV-14", padded: false)
        h.press(.select, effects: [.record(forHalf), .startTimer(.noticeHide, after: 5)]) {
            $0.recordings.dialog = nil
            $0.chrome.notice = "Recording News until 21:30"
        }
        h.apply(.command(.record, at: h.clock.now))
        h.press(.down) { $0.recordings.dialog?.focus = 1 }
        h.press(.down) { $0.recordings.dialog?.focus = 2 }
        h.press(.down) { _ in }
        h.press(.select) { $0.recordings.dialog = nil }
        h.apply(.command(.record, at: h.clock.now))
        h.press(.menu) { $0.recordings.dialog = nil }
        #expect(h.state.current == 0 && h.state.playback.phase == .playing, "the channel plays on under it")
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("r on a film is refused with the reason")
    func filmRefused() {
        let h = ReducerHarness(ShellState(items: [aFilm]))
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.press(.record, effects: [.startTimer(.noticeHide, after: 5)]) { $0.chrome.notice = "Only a live channel can be recorded" }
        h.expectArmed([.hintHide, .noticeHide, .transportHide, .stall])
    }

    @Test("IPC record: the programme airing then (padded), or a length from now (not padded); once one is scheduled, r offers to cancel it")
    func future() {
        let h = watchingNews()
        let effects = h.apply(.recordRequested(index: 0, start: nine + 1800, seconds: nil))
        #expect(effects == [.record(RecordRequest(channel: news, title: "Late News", start: nine + 1800, end: nine + 3600))])
        #expect(h.apply(.recordRequested(index: 0, start: nil, seconds: 60))
            == [.record(RecordRequest(channel: news, title: "Bulletin", start: nine, end: nine + 60, rating: "TV-14", padded: false))])
        #expect(h.apply(.recordRequested(index: 1, start: nil, seconds: nil)).isEmpty, "a aFilm is no channel")
        #expect(h.apply(.recordRequested(index: 0, start: nine + 367 * 86_400, seconds: 60)) == [.startTimer(.noticeHide, after: 5)])
        #expect(h.state.chrome.notice == "A recording starts within a year and lasts a week at most")
        #expect(h.apply(.recordRequested(index: 0, start: nil, seconds: 8 * 86_400)) == [.startTimer(.noticeHide, after: 5)], "longer than a week")
        #expect(h.apply(.recordRequested(index: 0, start: nine + 365 * 86_400, seconds: 7 * 86_400)).count == 1, "a year ahead, a week long")
        let scheduled = RecordingInfo(id: "r1", channel: 1, channelName: "News", title: "Late News", start: nine + 1740, end: nine + 3720,
                                      programmeStart: nine + 1800, status: .scheduled)
        h.apply(.recordings([scheduled], items: []))
        let g = watchingNews()
        g.apply(.recordings([scheduled], items: []))
        _ = g.apply(.command(.record, at: g.clock.now))
        #expect(g.state.recordings.dialog?.choices == [.untilEnd(nine + 1800), .forDuration, .cancel], "Bulletin itself is not scheduled")
        var now = scheduled
        now.programmeStart = nine - 1800
        g.apply(.recordings([now], items: []))
        g.apply(.command(.menu, at: g.clock.now))
        g.apply(.command(.record, at: g.clock.now))
        #expect(g.state.recordings.dialog?.choices == [.cancelRecording(id: "r1"), .forDuration, .cancel], "what is recorded now can be cancelled")
        let cancelled = g.apply(.command(.select, at: g.clock.now))
        #expect(cancelled.first == .cancelRecording(id: "r1"))
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
        g.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("a recording is held to the strictest of the channel's rating and the programme's understood (as the channel is live); its published rating stays the programme's words")
    func heldToTheStrictest() {
        let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
        let age16 = ContentRating(system: "age-tv", code: "16+", rank: 600, media: .tv)
        var rated = news
        rated.rating = "TV-PG"
        rated.contentRating = tvPG
        let crime = Programme(channel: "news.tv", start: nine - 1800, stop: nine + 1800, title: "Krimi",
                              ratings: [GuideRating(system: "CSA", value: "-16", resolved: age16)])
        let h = ReducerHarness(ShellState(items: [rated]))
        h.apply(.guideLoaded(ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [crime, late])))
        h.apply(.wallClock(nine, at: h.clock.now))
        #expect(h.apply(.recordRequested(index: 0, start: nil, seconds: 60))
            == [.record(RecordRequest(channel: rated, title: "Krimi", start: nine, end: nine + 60, rating: "-16", heldTo: [age16], padded: false))])
        #expect(h.apply(.recordRequested(index: 0, start: nine + 1800, seconds: nil))
            == [.record(RecordRequest(channel: rated, title: "Late News", start: nine + 1800, end: nine + 3600, rating: "TV-PG", heldTo: [tvPG]))],
                "an unrated programme: the channel's")
        #expect(RecordRequest.ratings(news, late) == (nil, []) as (String?, [ContentRating]))
        let r = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
        let film = Programme(channel: "news.tv", start: nine, stop: nine + 7200, title: "Heat", ratings: [GuideRating(system: "MPAA", value: "R", resolved: r)])
        #expect(RecordRequest.ratings(rated, film) == ("R", [r, tvPG]) as (String?, [ContentRating]),
                "a film rated R on a channel rated TV-PG: both kept (a PG-13 limit stops R; TV-PG's rank is the same)")
        h.expectArmed([])
    }

    @Test("a recording for a length that runs on into another programme is held to that one's rating too (a cartoon into a TV-MA film), by r's Record for and by IPC; its published rating stays the first programme's")
    func spanHeldToEveryProgramme() {
        let tvG = ContentRating(system: "us-tv", code: "TV-G", rank: 300, media: .tv)
        let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
        let cartoons = Programme(channel: "news.tv", start: nine - 1800, stop: nine + 600, title: "Cartoons",
                                 ratings: [GuideRating(system: "VCHIP", value: "TV-G", resolved: tvG)])
        let horror = Programme(channel: "news.tv", start: nine + 600, stop: nine + 7200, title: "Horror",
                               ratings: [GuideRating(system: "VCHIP", value: "TV-MA", resolved: tvMA)])
        let h = ReducerHarness(ShellState(items: [news]))
        h.apply(.guideLoaded(ProgrammeGuide(channels: [GuideChannel(id: "news.tv", names: ["News"])], programmes: [cartoons, horror])))
        h.apply(.wallClock(nine, at: h.clock.now))
        #expect(h.apply(.recordRequested(index: 0, start: nil, seconds: 1200))
            == [.record(RecordRequest(channel: news, title: "Cartoons", start: nine, end: nine + 1200, rating: "TV-G", heldTo: [tvMA], padded: false))])
        #expect(h.apply(.recordRequested(index: 0, start: nil, seconds: 300))
            == [.record(RecordRequest(channel: news, title: "Cartoons", start: nine, end: nine + 300, rating: "TV-G", heldTo: [tvG], padded: false))],
                "a length within Cartoons: Cartoons' rating")
        h.apply(.playIndex(0, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.record, at: h.clock.now))
        h.apply(.command(.down, at: h.clock.now))
        let chosen = h.apply(.command(.select, at: h.clock.now))
        #expect(chosen.first == .record(RecordRequest(channel: news, title: "Cartoons", start: nine, end: nine + 3600, rating: "TV-G", heldTo: [tvMA], padded: false)),
                "Record for 1 h from 21:00 runs into Horror at 21:10: \(chosen)")
        h.expectArmed(h.armedTimers)
    }

    @Test("reports: started, finished and failed become events once (the last two told on screen); a recording with a file joins the items under Recordings once; active ones hold connections")
    func reports() {
        let h = watchingNews()
        var info = RecordingInfo(id: "r1", channel: 1, channelName: "News", title: "Bulletin", start: nine, end: nine + 60, status: .scheduled)
        h.send(.recordings([info], items: [])) { $0.recordings.list = [info] }
        #expect(h.state.openStreams == 1)
        info.status = .active
        info.path = "/rec/Bulletin.mkv"
        h.send(.recordings([info], items: []), effects: [.emit(.recordingStarted(info))]) { $0.recordings.list = [info] }
        #expect(h.state.openStreams == 2, "a recording being made holds a connection")
        info.bytes = 1000
        h.send(.recordings([info], items: [])) { $0.recordings.list = [info] }
        info.status = .finished
        var item = MediaItem(id: "recording:r1", title: "Bulletin", url: "/rec/Bulletin.mkv", rating: "TV-14", group: "Recordings")
        item.summary = "News"
        h.send(.recordings([info], items: [item]), effects: [.emit(.recordingFinished(info)), .startTimer(.noticeHide, after: 5)]) {
            $0.recordings.list = [info]
            $0.recordings.listed = ["r1"]
            $0.items.append(item)
            $0.chrome.notice = "Bulletin is recorded: it is under Recordings"
        }
        h.send(.recordings([info], items: [item])) { _ in }
        var failed = RecordingInfo(id: "r2", channel: 1, channelName: "News", title: "Late News", start: nine, end: nine + 60, status: .active)
        h.apply(.recordings([info, failed], items: []))
        failed.status = .failed
        failed.reason = "disk full"
        h.send(.recordings([info, failed], items: []), effects: [.emit(.recordingFailed(failed)), .startTimer(.noticeHide, after: 5)]) {
            $0.recordings.list = [info, failed]
            $0.chrome.notice = "The recording of Late News stopped: disk full"
        }
        #expect(ShellEvent.recordingFailed(failed).name == "recording-failed")
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("a recording whose channel is down as it begins is told once, with until when it is tried; told again when it records; not for a stream that stops later")
    func channelDown() {
        let h = watchingNews()
        var info = RecordingInfo(id: "r1", channel: 1, channelName: "News", title: "Bulletin", start: nine, end: nine + 1800, status: .active)
        h.apply(.recordings([info], items: []))
        info.reason = "the channel cannot be opened: Server returned 5XX Server Error reply; trying again"
        h.send(.recordings([info], items: []), effects: [.startTimer(.noticeHide, after: 5)]) {
            $0.recordings.list = [info]
            $0.chrome.notice = "Bulletin is not recorded yet: the channel cannot be opened: Server returned 5XX Server Error reply; trying again until 21:30"
        }
        info.reason = "the channel cannot be opened: Connection refused; trying again"
        h.send(.recordings([info], items: [])) { $0.recordings.list = [info] }
        info.reason = nil
        info.bytes = 1000
        h.send(.recordings([info], items: []), effects: [.startTimer(.noticeHide, after: 5)]) {
            $0.recordings.list = [info]
            $0.chrome.notice = "Bulletin is being recorded now"
        }
        info.reason = "the stream stopped (End of file); trying again"
        h.send(.recordings([info], items: [])) { $0.recordings.list = [info] }
        #expect(!info.waitsForItsChannel)
        h.expectArmed([.hintHide, .noticeHide, .stall, .transportHide])
    }

    @Test("a recording deleted while the shell runs (tvshell recordings delete) leaves the home screen at the next report, the row kept on its item; not while an item after it plays")
    func deletedLeaves() {
        let first = RecordingInfo(id: "r1", channel: 1, channelName: "News", title: "Bulletin", start: nine, end: nine + 60, status: .finished)
        let second = RecordingInfo(id: "r2", channel: 1, channelName: "News", title: "Late News", start: nine + 1800, end: nine + 1860, status: .finished)
        let items = [first, second].map { MediaItem(id: "recording:\($0.id)", title: $0.title, url: "/rec/\($0.id).ts") }
        var listed = ShellState(items: [news, aFilm] + items)
        listed.recordings.list = [first, second]
        listed.recordings.listed = ["r1", "r2"]
        listed.navigation.homeSelection = 3
        let h = ReducerHarness(listed)
        h.send(.recordings([second], items: [])) {
            $0.recordings.list = [second]
            $0.recordings.listed = ["r2"]
            $0.items = [news, aFilm, items[1]]
            $0.navigation.homeSelection = 2
        }

        let p = ReducerHarness(ShellState(items: [news, aFilm]))
        p.apply(.recordings([first, second], items: items))
        p.apply(.playIndex(3, at: p.clock.now))
        p.send(.recordings([second], items: [])) { $0.recordings.list = [second] }
        #expect(p.state.items.count == 4 && p.state.currentItem == items[1], "Late News plays on at its index")
        p.expectArmed([.transportHide, .stall])
    }
}
