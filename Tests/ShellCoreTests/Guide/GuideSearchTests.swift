import MediaModel
import ShellCore
import ShellTesting
import Testing

/// 2026-11-23 20:40 UTC.
private let wall = 1_795_466_400.0
private let news = MediaItem(id: "news", title: "News", url: "http://live.test/news.m3u8", isLive: true, number: 1, guideID: "news.tv")
private let late = MediaItem(id: "late", title: "Owls", url: "http://live.test/late.m3u8", isLive: true, number: 2, rating: "TV-MA",
                             contentRating: ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv), guideID: "late.tv")
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
private let onNow = Programme(channel: "news.tv", start: wall - 600, stop: wall + 1200, title: "Tonight")
private let later = Programme(channel: "news.tv", start: wall + 3600, stop: wall + 5400, title: "Tonight Again")
private let hidden = Programme(channel: "late.tv", start: wall + 600, stop: wall + 1800, title: "Tonight Uncut")
private let elsewhere = Programme(channel: "other.tv", start: wall, stop: wall + 60, title: "Tonight Elsewhere")

/// The guide screen with a stored guide, restrictions at TV-14.
private func onGuide() -> ReducerHarness {
    let restrictions = RestrictionsState(policy: RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true))
    var settings = ShellSettings()
    settings.previewDelay = nil
    let h = ReducerHarness(ShellState(items: [news, late], settings: settings, restrictions: restrictions))
    h.apply(.wallClock(wall, at: h.clock.now))
    h.apply(.guideStatus(GuideStatus(refreshed: wall - 60)))
    h.apply(.command(.guide, at: h.clock.now))
    return h
}

private func type(_ h: ReducerHarness, _ key: String) {
    guard let action = KeyInput.action(forKey: key, state: h.state, keyMap: .standard, at: h.clock.now) else {
        Issue.record("no action for \(key)")
        return
    }
    h.apply(action)
}

@Suite("The guide's search line")
struct GuideSearchTests {
    @Test("/ opens the line; letters, digits and SPACE are typed (q and g too), BS deletes; each change asks the store")
    func typing() {
        let h = onGuide()
        h.press(.search) { $0.guide.search = GuideSearch() }
        #expect(KeyInput.action(forKey: "q", state: h.state, keyMap: .standard, at: h.clock.now) == .searchEdit(.insert("q")))
        #expect(KeyInput.action(forKey: "DOWN", state: h.state, keyMap: .standard, at: h.clock.now) == .command(.down, at: h.clock.now))
        h.send(.searchEdit(.insert("t")), effects: [.searchGuide("t", from: wall, limit: 50)]) {
            $0.guide.search?.text = "t"
            $0.guide.search?.onKeyboard = false
        }
        #expect(h.state.guide.search?.searching == true)
        type(h, "o")
        type(h, "g")
        #expect(h.state.guide.search?.text == "tog")
        h.send(.searchEdit(.deleteBackward), effects: [.searchGuide("to", from: wall, limit: 50)]) { $0.guide.search?.text = "to" }
        type(h, "SPACE")
        type(h, "BS")
        type(h, "BS")
        h.send(.searchEdit(.deleteBackward)) {
            $0.guide.search?.text = ""
            $0.guide.search?.resultsFor = ""
        }
        h.press(.menu) { $0.guide.search = nil }
        #expect(KeyInput.action(forKey: "q", state: h.state, keyMap: .standard, at: h.clock.now) == .command(.quit, at: h.clock.now))
    }

    @Test("a remote's number keys type digits into the line (a keyboard's already do), which find the channel with that number, and give the focus to the results; its guide key closes the line, back to the guide")
    func remoteKeys() {
        let h = onGuide()
        h.press(.search) { $0.guide.search = GuideSearch() }
        h.send(.command(.digit(2), at: h.clock.now), effects: [.searchGuide("2", from: wall, limit: 50)]) {
            $0.guide.search?.text = "2"
            $0.guide.search?.items = [1]
            $0.guide.search?.onKeyboard = false
        }
        h.send(.command(.digit(4), at: h.clock.now), effects: [.searchGuide("24", from: wall, limit: 50)]) {
            $0.guide.search?.text = "24"
            $0.guide.search?.items = []
        }
        h.press(.guide) { $0.guide.search = nil }
        #expect(h.state.screen == .guide)
        h.expectArmed([])
    }

    @Test("the on-screen keyboard types with a remote: it has the focus when the line opens; LEFT/RIGHT move along it (stopping at its ends), ENTER types the key (space, delete too); DOWN goes to the results, UP from the first back to the key left; a keyboard's typing gives the focus to the results, and ENTER then chooses the first")
    func onScreenKeyboard() {
        let h = onGuide()
        h.press(.search) { $0.guide.search = GuideSearch() }
        #expect(h.state.guide.search?.onKeyboard == true)
        h.press(.left) { _ in }
        for _ in 0..<19 { h.apply(.command(.right, at: h.clock.now)) }
        #expect(h.state.guide.search?.key == 19)
        h.send(.command(.select, at: h.clock.now), effects: [.searchGuide("t", from: wall, limit: 50)]) { $0.guide.search?.text = "t" }
        h.press(.down) { _ in }
        h.apply(.guideSearchResults(text: "t", [onNow, later]))
        h.press(.right) { $0.guide.search?.key = 20 }
        h.press(.select, effects: [.searchGuide("tu", from: wall, limit: 50)]) { $0.guide.search?.text = "tu" }
        h.apply(.guideSearchResults(text: "tu", [onNow, later]))
        for _ in 0..<20 { h.apply(.command(.right, at: h.clock.now)) }
        #expect(h.state.guide.search?.key == OnScreenKey.all.count - 1, "stops at delete")
        h.press(.select, effects: [.searchGuide("t", from: wall, limit: 50)]) {
            $0.guide.search?.text = "t"
            $0.guide.search?.results = [onNow, later]
            $0.guide.search?.resultsFor = "tu"
        }
        h.press(.left) { $0.guide.search?.key = OnScreenKey.all.count - 2 }
        h.press(.select, effects: [.searchGuide("t ", from: wall, limit: 50)]) { $0.guide.search?.text = "t " }
        h.apply(.guideSearchResults(text: "t ", [onNow, later]))

        h.press(.down) {
            $0.guide.search?.onKeyboard = false
            $0.guide.search?.focus = 0
        }
        h.press(.down) { $0.guide.search?.focus = 1 }
        h.press(.up) { $0.guide.search?.focus = 0 }
        h.press(.up) { $0.guide.search?.onKeyboard = true }
        h.press(.up) { _ in }
        h.press(.down) { $0.guide.search?.onKeyboard = false }
        h.press(.right) { $0.guide.search?.onKeyboard = true }

        type(h, "o")
        #expect(h.state.guide.search?.onKeyboard == false && h.state.guide.search?.text == "t o")
        h.apply(.guideSearchResults(text: "t o", [onNow]))
        let tuned = h.apply(.command(.select, at: h.clock.now))
        #expect(tuned.contains(.load(news, token: 1)), "ENTER after typing chooses the first result: \(tuned)")
        h.expectArmed([.stall, .transportHide])
    }

    @Test("only the answer to the text shown is kept; restricted programmes and channels not in the lineup are left out")
    func results() {
        let h = onGuide()
        h.apply(.command(.search, at: h.clock.now))
        type(h, "t")
        type(h, "o")
        h.send(.guideSearchResults(text: "t", [onNow]))
        h.send(.guideSearchResults(text: "to", [onNow, hidden, elsewhere, later])) {
            $0.guide.search?.results = [onNow, later]
            $0.guide.search?.resultsFor = "to"
        }
        #expect(h.state.guide.search?.searching == false)
    }

    @Test("ENTER on a programme on now tunes to it; on a future one offers its reminder (taken: set); DOWN moves between them")
    func choose() {
        let h = onGuide()
        h.apply(.command(.search, at: h.clock.now))
        type(h, "t")
        h.apply(.guideSearchResults(text: "t", [onNow, later]))
        h.press(.down) { $0.guide.search?.focus = 1 }
        h.press(.down) { _ in }
        let reminder = Reminder(channel: "news.tv", start: later.start, title: "Tonight Again", channelName: "News")
        #expect(h.apply(.command(.select, at: h.clock.now)).isEmpty)
        #expect(h.state.recordings.dialog?.choices == [.remind(set: false), .record, .recordSeries, .cancel])
        h.press(.select, effects: [.saveReminder(reminder, on: true), .startTimer(.noticeHide, after: 5)]) {
            $0.guide.reminders = [reminder]
            $0.chrome.notice = "Reminder set: Tonight Again on News"
            $0.recordings.dialog = nil
        }
        h.press(.up) { $0.guide.search?.focus = 0 }
        let tuned = h.apply(.command(.select, at: h.clock.now))
        #expect(tuned.contains(.load(news, token: 1)))
        #expect(h.state.screen == .player && h.state.guide.search == nil)
        h.expectArmed([.stall, .noticeHide, .transportHide])
    }

    @Test("results that end while the list is up go at the next clock move, but the focused one (a key pressed as it ends acts on what was chosen) and one on a channel with catch-up (now played from the archive); the focus stays on its programme")
    func endedResultsGo() {
        var archive = MediaItem(id: "arc", title: "Archive", url: "http://live.test/arc.m3u8", isLive: true, number: 3, guideID: "arc.tv")
        archive.catchup = Catchup(mode: .vod, source: "{catchup-id}", days: 1)
        let ending = Programme(channel: "news.tv", start: wall - 600, stop: wall + 60, title: "Tonight Short")
        let endingFocused = Programme(channel: "news.tv", start: wall - 300, stop: wall + 120, title: "Tonight Brief")
        let kept = Programme(channel: "arc.tv", start: wall - 900, stop: wall + 60, title: "Tonight Kept")
        var settings = ShellSettings()
        settings.previewDelay = nil
        let h = ReducerHarness(ShellState(items: [news, archive], settings: settings))
        h.apply(.wallClock(wall, at: h.clock.now))
        h.apply(.guideStatus(GuideStatus(refreshed: wall - 60)))
        h.apply(.command(.guide, at: h.clock.now))
        h.apply(.command(.search, at: h.clock.now))
        type(h, "t")
        h.apply(.guideSearchResults(text: "t", [kept, ending, onNow, endingFocused, later]))
        h.press(.down) { $0.guide.search?.focus = 1 }
        h.press(.down) { $0.guide.search?.focus = 2 }
        h.press(.down) { $0.guide.search?.focus = 3 }
        h.send(.wallClock(wall + 30, at: h.clock.now)) { $0.wallClock = wall + 30 }
        h.send(.wallClock(wall + 150, at: h.clock.now)) {
            $0.wallClock = wall + 150
            $0.guide.search?.results = [kept, onNow, endingFocused, later]
            $0.guide.search?.focus = 2
        }
        let screen = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(screen.contains("Tonight Brief  · ended") && !screen.contains("Tonight Short"), "\(screen)")
        #expect(screen.contains("Tonight Kept") && !screen.contains("Tonight Kept  · ended"), "\(screen)")
        #expect(!screen.contains("play from the archive") && screen.contains("↑↓ choose · BS delete · ESC close"), "ENTER can do nothing with it: \(screen)")
        h.press(.select, effects: [.startTimer(.noticeHide, after: 5)]) {
            $0.chrome.notice = "News has no catch-up: past programmes cannot be played"
        }
        h.press(.up) { $0.guide.search?.focus = 1 }
        h.send(.wallClock(wall + 180, at: h.clock.now)) {
            $0.wallClock = wall + 180
            $0.guide.search?.results = [kept, onNow, later]
        }
        h.press(.up) { $0.guide.search?.focus = 0 }
        let archived = ShellView.render(h.state, theme: .dark, width: 120, height: 40, context: ViewContext(picture: .terminal)).text()
        #expect(archived.contains("ENTER play from the archive"), "\(archived)")
        h.expectArmed([.noticeHide])
    }

    /// News with a guide held in memory only (no store: the demo's), the
    /// guide's list open on it.
    private func heldGuideOpen() -> ReducerHarness {
        var state = ShellState(items: [news])
        state.guide.programmes = ProgrammeGuide(channels: [], programmes: [Programme(channel: "news", start: 0, stop: 1800, title: "Cooking Duel")])
        let h = ReducerHarness(state)
        h.apply(.command(.guide, at: h.clock.now))
        return h
    }

    @Test("/ with a guide held in memory only (no store: the demo's) opens the search line and asks for the text")
    func heldGuide() {
        let h = heldGuideOpen()
        // The search shows no preview: the one waited for is not.
        h.press(.search, effects: [.cancelTimer(.previewDelay)]) { $0.guide.search = GuideSearch() }
        h.send(.searchEdit(.insert("duel")), effects: [.searchGuide("duel", from: 0, limit: 50)]) {
            $0.guide.search?.text = "duel"
            $0.guide.search?.onKeyboard = false
        }
        h.expectArmed([])
    }

    @Test("the search shows no preview: opening it over the guide's list stops the one playing; closing it waits for the next")
    func searchStopsThePreview() {
        let h = heldGuideOpen()
        #expect(h.advance(by: 0.6) == [.previewDelay])
        let started = h.apply(.timerFired(.previewDelay, at: h.clock.now))
        let token = h.state.picture.preview?.playback.token
        #expect(started.contains(.slot(.preview, .load(news, token: token ?? -1))), "\(started)")
        let opened = h.apply(.command(.search, at: h.clock.now))
        #expect(opened.contains(.slot(.preview, .stop)) && h.state.picture.preview == nil, "\(opened)")
        #expect(h.advance(by: 5).isEmpty, "no preview waited for while the search is open")
        let closed = h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.guide.search == nil && closed.contains(.startTimer(.previewDelay, after: 0.6)), "\(closed)")
        h.expectArmed([.previewDelay])
    }

    @Test("without a guide, / finds the lineup's channels and films by name, at once and with no search of a store; ENTER plays the one focused and selects it on the home list")
    func namesWithoutGuide() {
        let film = MediaItem(id: "film", title: "The Newsroom", url: "/media/newsroom.mkv")
        let sport = MediaItem(id: "sport", title: "Sport News HD", url: "http://live.test/sport.m3u8", isLive: true, number: 3)
        var settings = ShellSettings()
        settings.previewDelay = nil
        let h = ReducerHarness(ShellState(items: [news, late, film, sport], settings: settings))
        h.apply(.command(.guide, at: h.clock.now))
        h.press(.search) { $0.guide.search = GuideSearch() }
        h.send(.searchEdit(.insert("n"))) {
            $0.guide.search?.text = "n"
            $0.guide.search?.resultsFor = "n"
            $0.guide.search?.onKeyboard = false
            // Names that begin with it, then a word that does, then the rest.
            $0.guide.search?.items = [0, 2, 3]
        }
        type(h, "e")
        type(h, "w")
        type(h, "s")
        #expect(h.state.guide.search?.items == [0, 2, 3] && h.state.guide.search?.searching == false)
        h.send(.searchEdit(.insert(" "))) {
            $0.guide.search?.text = "news "
            $0.guide.search?.resultsFor = "news "
        }
        h.send(.searchEdit(.insert("h"))) {
            $0.guide.search?.text = "news h"
            $0.guide.search?.resultsFor = "news h"
            $0.guide.search?.items = [2, 3]
        }
        // Every word, anywhere in the name: "The Newsroom" has an h too.
        h.send(.searchEdit(.insert("d"))) {
            $0.guide.search?.text = "news hd"
            $0.guide.search?.resultsFor = "news hd"
            $0.guide.search?.items = [3]
        }
        h.press(.select, effects: [.cancelTimer(.errorAdvance), .load(sport, token: 1), .startTimer(.transportHide, after: 5), .startTimer(.stall, after: 15)]) {
            $0.guide.search = nil
            $0.navigation.homeSelection = 3
            $0.navigation.destination = .player
            $0.current = 3
            $0.playback.token = 1
            $0.playback.phase = .loading
            $0.chrome.transportVisible = true
        }
        h.expectArmed([.transportHide, .stall])
    }

    @Test("with a guide, the names found come first, then the programmes; the focus goes down through both, and ENTER on a programme does what it did")
    func namesThenProgrammes() {
        let h = onGuide()
        h.press(.search) { $0.guide.search = GuideSearch() }
        h.send(.searchEdit(.insert("n")), effects: [.searchGuide("n", from: wall, limit: 50)]) {
            $0.guide.search?.text = "n"
            $0.guide.search?.onKeyboard = false
            $0.guide.search?.items = [0]
        }
        h.send(.guideSearchResults(text: "n", [onNow, later])) {
            $0.guide.search?.results = [onNow, later]
            $0.guide.search?.resultsFor = "n"
        }
        #expect(h.state.guide.search?.entry(0) == .item(0) && h.state.guide.search?.entry(1) == .programme(onNow))
        h.press(.down) { $0.guide.search?.focus = 1 }
        h.press(.down) { $0.guide.search?.focus = 2 }
        h.press(.down)
        #expect(h.state.guide.search?.entry(2) == .programme(later) && h.state.guide.search?.entry(3) == nil)
        h.apply(.command(.select, at: h.clock.now))
        #expect(h.state.recordings.dialog?.choices == [.remind(set: false), .record, .recordSeries, .cancel], "a future programme's offer, as before")
        h.expectArmed(h.armedTimers)
    }
}
