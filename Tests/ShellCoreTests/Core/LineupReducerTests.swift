import MediaModel
import ShellCore
import ShellTesting
import Testing

private let old = (1...4).map { (n: Int) -> MediaItem in
    MediaItem(id: "ch\(n)", title: "Channel \(n)", url: "http://old.example/\(n).m3u8", isLive: true, number: n)
}
private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)
/// Two channels, the first of them the old lineup's channel 4 under another number.
private let new = [
    MediaItem(id: "news", title: "News", url: "http://new.example/news.m3u8", isLive: true, number: 11),
    MediaItem(id: "ch4", title: "Channel 4", url: "http://new.example/4.m3u8", isLive: true, number: 12),
]

/// Channel 2 (index 1) plays; its next and previous channels are warm and playing (tokens 2, 3).
private func warmChannel2() -> ReducerHarness {
    var settings = ShellSettings()
    settings.warmNeighbours = 2
    let h = ReducerHarness(ShellState(items: old, settings: settings))
    h.apply(.playIndex(1, at: h.clock.now))
    h.apply(.player(.playing, token: 1, at: h.clock.now))
    h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
    _ = h.advance(by: 3)
    h.apply(.timerFired(.warmNeighbours, at: h.clock.now))
    for token in [2, 3] {
        h.apply(.player(.preloaded(ratings: []), token: token, at: h.clock.now))
        h.apply(.player(.playing, token: token, at: h.clock.now))
    }
    #expect(h.state.warm.players[.warmA]?.index == 2 && h.state.warm.players[.warmB]?.index == 0)
    return h
}

@Suite("Another lineup")
struct LineupReducerTests {
    @Test("switching lineups stops every warm player (kept by index, it would show the old channel under the new one's name) and loads the new first channel; a zap after it loads, never swaps")
    func warmPlayersStop() {
        let h = warmChannel2()
        let switched = h.apply(.open(new, at: h.clock.now))
        #expect(Array(switched.prefix(2)) == [.slot(.warmA, .stop), .slot(.warmB, .stop)], "\(switched)")
        #expect(switched.contains(.load(new[0], token: 4)), "\(switched)")
        #expect(!switched.contains { if case .exchangePlayers = $0 { true } else { false } })
        #expect(h.state.warm == WarmState() && h.state.items == new && h.state.current == 0 && h.state.playback.token == 4)
        #expect(h.state.live.previousChannel == nil && h.state.navigation.homeSelection == 0)

        h.apply(.player(.playing, token: 4, at: h.clock.now))
        let zap = h.apply(.replaceContent(new[1], request: 1, at: h.clock.now))
        #expect(zap.contains(.load(new[1], token: 5)), "a cold load of the new lineup's channel: \(zap)")
        #expect(!zap.contains { if case .exchangePlayers = $0 { true } else { false } })
        h.expectArmed([.stall, .transportHide, .warmNeighbours, .hintHide, .posterDelay])
    }

    @Test("the picture in picture closes and the grid goes while the old indices still name its channel; the kiosk's start and fallback are found again by channel, else the first")
    func pictureAndKiosk() {
        var state = ShellState(items: old, kiosk: true)
        state.live.startIndex = 3
        state.live.fallbackIndex = 2
        let h = ReducerHarness(state)
        h.apply(.playIndex(3, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.command(.pictureInPicture, at: h.clock.now))
        #expect(h.state.picture.pip?.index == 3)
        let switched = h.apply(.open(new, at: h.clock.now))
        #expect(switched.starts(with: [.notifyPicture(.willStop), .slot(.picture, .stop), .notifyPicture(.didStop),
                                       .emit(.pipStopped(item: old[3], reason: "lineup"))]), "\(switched)")
        #expect(h.state.picture.pip == nil)
        #expect(h.state.live.startIndex == 1 && h.state.live.fallbackIndex == 1, "channel 4 is the new lineup's second; channel 3 is not in it")
        #expect(h.state.current == 1 && switched.contains(.load(new[1], token: 3)), "the start channel plays: \(switched)")

        var gone = ShellState(items: old, kiosk: true)
        gone.live.startIndex = 2
        let g = ReducerHarness(gone)
        g.apply(.open(new, at: g.clock.now))
        #expect(g.state.live.startIndex == nil && g.state.live.fallbackIndex == nil && g.state.current == 0)
        h.expectArmed([.stall, .transportHide])
        g.expectArmed([.stall, .transportHide])
    }

    @Test("the box's recordings stay listed after the switch; nothing changes while the passcode prompt is up; a passcode given before covers nothing after")
    func recordingsAndPrompt() {
        let recording = MediaItem(id: "recording:7", title: "Match", url: "/rec/7.ts")
        var state = ShellState(items: old + [recording])
        state.recordings.listed = ["7"]
        let h = ReducerHarness(state)
        h.apply(.open(new, at: h.clock.now))
        #expect(h.state.items == new + [recording])

        var restricted = old
        restricted[0].contentRating = tvMA
        let p = ReducerHarness(ShellState(items: restricted, restrictions: RestrictionsState(policy: RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true))))
        p.apply(.playIndex(0, at: p.clock.now))
        #expect(p.state.prompt != nil)
        let before = p.state
        #expect(p.apply(.open(new, at: p.clock.now)).isEmpty && p.state == before)

        var granted = ShellState(items: old, restrictions: RestrictionsState(policy: RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true)))
        granted.restrictions.grant = RestrictionsState.Grant(itemID: "news", token: nil, programmeStart: nil)
        let g = ReducerHarness(granted)
        var rated = new
        rated[0].contentRating = tvMA
        g.apply(.open(rated, at: g.clock.now))
        #expect(g.state.prompt != nil && g.state.restrictions.grant == nil, "a passcode given before the switch covers nothing of the new lineup")
        h.expectArmed([.stall, .transportHide])
        p.expectArmed([])
        g.expectArmed([])
    }
}

@Suite("Another lineup, the channel watched in it")
struct LineupKeepsChannelTests {
    @Test("the channel watched goes on without a reload when the new lineup has it on the same stream (under another number and position); a warm channel found on its stream stays warm at its new index, one on another stream stops")
    func goesOn() {
        let h = warmChannel2()
        let moved = [
            MediaItem(id: "c3", title: "Channel 3", url: "http://old.example/3.m3u8", isLive: true, number: 30),
            MediaItem(id: "c2", title: "Channel 2", url: "http://old.example/2.m3u8", isLive: true, number: 31),
            MediaItem(id: "news", title: "News", url: "http://new.example/news.m3u8", isLive: true, number: 32),
            MediaItem(id: "c1", title: "Channel 1", url: "http://new.example/1.m3u8", isLive: true, number: 33),
        ]
        let playback = h.state.playback
        let switched = h.apply(.open(moved, at: h.clock.now))
        #expect(switched == [.slot(.warmB, .stop), .slot(.warmB, .mute(true)), .slot(.warmB, .loadPaused(moved[2], token: 4))],
                "channel 1 moved to another stream: only its warm player stops, nothing loads full screen; the new next channel warms at once: \(switched)")
        #expect(h.state.items == moved && h.state.current == 1 && h.state.playback == playback, "the same load goes on")
        #expect(h.state.warm.players[.warmA]?.index == 0 && h.state.warm.players[.warmB]?.index == 2)
        #expect(h.state.warm.allowed == playback.token)
        #expect(h.state.navigation.homeSelection == 1 && h.state.screen == .player)

        let zap = h.apply(.replaceContent(moved[0], request: 1, at: h.clock.now))
        #expect(zap.contains(.exchangePlayers(.main, .warmA)), "channel 3, still warm, swaps in: \(zap)")
        #expect(h.state.current == 0 && h.state.live.previousChannel == 1)
        h.expectArmed([.transportHide, .stall, .hintHide])
    }

    @Test("the channel watched, on another stream in the new lineup, is loaded again from it (not the new lineup's first channel)")
    func anotherStream() {
        let h = warmChannel2()
        let moved = [
            MediaItem(id: "news", title: "News", url: "http://new.example/news.m3u8", isLive: true, number: 11),
            MediaItem(id: "c2", title: "Channel 2", url: "http://new.example/2.m3u8", isLive: true, number: 12),
        ]
        let switched = h.apply(.open(moved, at: h.clock.now))
        #expect(switched.contains(.load(moved[1], token: 4)) && h.state.current == 1, "\(switched)")
        #expect(h.state.warm.players.isEmpty)
        h.expectArmed([.transportHide, .posterDelay, .stall, .hintHide])
    }

    @Test("the channel watched, rated over the limits by the new lineup, stops behind the prompt (the passcode given before covers nothing new); a warm channel it rates so stops")
    func restrictedNow() {
        let h = warmChannel2()
        h.apply(.restrictionsChanged(RestrictionsChange(policy: RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true), passcodeChanged: false), wallClock: 0, at: h.clock.now))
        var rated = old
        rated[1].contentRating = tvMA
        rated[2].contentRating = tvMA
        let switched = h.apply(.open(rated, at: h.clock.now))
        #expect(switched.contains(.slot(.warmA, .stop)) && !switched.contains(.slot(.warmB, .stop)), "channel 3 is restricted now, channel 1 is not: \(switched)")
        #expect(switched.contains(.stop) && !switched.contains { if case .load = $0 { true } else { false } }, "nothing of channel 2 is opened again: \(switched)")
        #expect(h.state.prompt?.item == rated[1] && h.state.current == 1)
        #expect(h.state.warm.players[.warmB]?.index == 0)
        h.expectArmed([.hintHide, .stall])
    }
}

@Suite("Items refreshed while the shell runs")
struct ItemsRefreshTests {
    /// The old lineup's channels 1 to 4 again, channel 1 on another
    /// stream, channel 3 gone, a new channel 5.
    private let refreshed = [
        MediaItem(id: "ch1", title: "Channel 1", url: "http://old.example/1b.m3u8", isLive: true, number: 1),
        old[1],
        old[3],
        MediaItem(id: "ch5", title: "Channel 5", url: "http://old.example/5.m3u8", isLive: true, number: 5),
    ]

    @Test("applied in place of the items it replaces, the others and the box's recordings kept around it; dropped when what it replaces is gone")
    func applied() {
        let film = MediaItem(id: "film", title: "Film", url: "/f.mkv")
        let recording = MediaItem(id: "recording:1", title: "Match", url: "/r.ts")
        let refresh = ItemsRefresh(removing: Set(old.map(\.id)), adding: refreshed)
        #expect(refresh.applied(to: [film] + old + [recording]) == [film] + refreshed)
        #expect(ItemsRefresh(removing: [], adding: [film]).applied(to: old) == old + [film], "nothing to replace: added last")
        #expect(ItemsRefresh(removing: ["x"], adding: [film]).applied(to: old) == nil, "what it replaces is gone (another lineup): dropped")
    }

    /// The address of an array's elements: the same for two arrays sharing
    /// one buffer.
    private func storage(_ items: [MediaItem]) -> UnsafeRawPointer? {
        items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("a lineup read again that replaces every item becomes the items as it came, not a copy (70 MB for a provider's list): applied, and in the state")
    func allReplacedNotCopied() {
        let refresh = ItemsRefresh(removing: Set(old.map(\.id)), adding: refreshed)
        #expect(storage(refresh.applied(to: old) ?? []) == storage(refresh.adding), "applied: the same storage")
        let h = ReducerHarness(ShellState(items: old))
        h.apply(.refreshItems(removing: Set(old.map(\.id)), adding: refreshed, at: h.clock.now))
        let adding = h.state.pendingRefresh?.adding ?? []
        h.clock.advance(by: 2)
        h.apply(.timerFired(.refreshSettle, at: h.clock.now))
        #expect(h.state.items == refreshed && h.state.pendingRefresh == nil)
        #expect(storage(h.state.items) == storage(adding), "the state's items: the same storage")
        h.expectArmed([])
    }

    @Test("waits while a number is typed; applied at the next moment the viewer only watches: the channel goes on, channel 3's warm player stops, channel 1 (on another stream) warms again")
    func waitsForQuiet() {
        let h = warmChannel2()
        h.apply(.command(.digit(0), at: h.clock.now))
        let queued = h.apply(.refreshItems(removing: Set(old.map(\.id)), adding: refreshed, at: h.clock.now))
        #expect(queued.isEmpty && h.state.items == old, "nothing while a number is typed: \(queued)")
        #expect(h.state.pendingRefresh == ItemsRefresh(removing: Set(old.map(\.id)), adding: refreshed))
        let playback = h.state.playback
        let applied = h.apply(.command(.menu, at: h.clock.now))
        #expect(h.state.pendingRefresh == nil && h.state.items == refreshed && h.state.current == 1 && h.state.playback == playback, "\(applied)")
        #expect(!applied.contains { if case .load = $0 { true } else { false } }, "channel 2 goes on: \(applied)")
        #expect(applied.contains(.slot(.warmB, .stop)) && applied.contains(.slot(.warmA, .stop)), "channel 1 on another stream, channel 3 gone: \(applied)")
        #expect(h.state.warm.players.values.map(\.index).sorted() == [0, 2], "channel 1 and channel 4 (next now) warm: \(h.state.warm.players)")
        h.expectArmed([.stall, .hintHide, .transportHide])
    }

    @Test("another lineup switched to drops a refresh of the old one still waiting: the next quiet moment keeps the new lineup, whose channels share the old one's ids")
    func switchDropsWaitingRefresh() {
        let h = ReducerHarness(ShellState(items: old))
        for _ in 0..<3 { h.apply(.command(.down, at: h.clock.now)) }
        let queued = h.apply(.refreshItems(removing: Set(old.map(\.id)), adding: refreshed, at: h.clock.now))
        #expect(queued == [.startTimer(.refreshSettle, after: 2)] && h.state.pendingRefresh != nil)
        let switched = h.apply(.open(new, at: h.clock.now))
        #expect(switched.first == .cancelTimer(.refreshSettle), "\(switched)")
        #expect(h.state.pendingRefresh == nil && h.state.items == new && h.state.current == 0)
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        #expect(h.state.items == new && h.state.current == 1, "watching quietly the new lineup's channel 4 (the old one's id): \(h.state.items.map(\.id))")
        h.expectArmed([.stall, .hintHide, .transportHide])

        let empty = ReducerHarness(ShellState(items: old))
        empty.apply(.refreshItems(removing: Set(old.map(\.id)), adding: refreshed, at: empty.clock.now))
        #expect(empty.apply(.open([], at: empty.clock.now)).isEmpty && empty.state.pendingRefresh != nil, "an empty lineup changes nothing")
        empty.expectArmed([.refreshSettle])
    }

    @Test("a lineup pushed to a sleeping box is taken and the box sleeps on: nothing loads, the screen stays dark")
    func asleepTakesLineup() {
        var settings = ShellSettings()
        settings.warmNeighbours = 0
        let h = ReducerHarness(ShellState(items: old, settings: settings))
        h.apply(.playIndex(1, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        sleepNow(h)
        let switched = h.apply(.open(new, at: h.clock.now))
        #expect(!switched.contains { if case .load = $0 { true } else { false } }, "\(switched)")
        #expect(h.state.items == new && h.state.sleep.asleep && h.state.current == nil && h.state.screen == .home)
        h.expectArmed([.stall, .badgeHide, .hintHide])
    }

    @Test("the channel watched gone from the refresh: it waits (the viewer's channel never changes by itself) until another one is watched; two refreshes become one")
    func watchedGone() {
        let h = warmChannel2()
        h.apply(.refreshItems(removing: Set(old.map(\.id)), adding: [old[0], old[2]], at: h.clock.now))
        h.apply(.refreshItems(removing: ["ch1", "ch3"], adding: [old[0], old[2], old[3]], at: h.clock.now))
        #expect(h.state.items == old && h.state.current == 1, "channel 2 is not in it")
        #expect(h.state.pendingRefresh == ItemsRefresh(removing: Set(old.map(\.id)), adding: [old[0], old[2], old[3]]))
        h.apply(.replaceContent(old[2], request: nil, at: h.clock.now))
        h.apply(.player(.playing, token: h.state.playback.token, at: h.clock.now))
        #expect(h.state.items == [old[0], old[2], old[3]] && h.state.current == 1 && h.state.pendingRefresh == nil)
        h.expectArmed([.stall, .transportHide, .hintHide])
    }

    @Test("on the home screen with nothing playing: applied once the rows have rested 2 s (each key waits again), nothing starts, the selection stays on its item (else near where it was); with the grid or a prompt open it waits")
    func whileBrowsing() {
        let h = ReducerHarness(ShellState(items: old))
        for _ in 0..<3 { h.apply(.command(.down, at: h.clock.now)) }
        #expect(h.state.screen == .home && h.state.navigation.homeSelection == 3 && h.state.playback.phase == .idle)
        let queued = h.apply(.refreshItems(removing: Set(old.map(\.id)), adding: refreshed, at: h.clock.now))
        #expect(queued == [.startTimer(.refreshSettle, after: 2)], "the rows wait to rest: \(queued)")
        #expect(h.state.items == old && h.state.pendingRefresh != nil)
        #expect(h.advance(by: 1.5).isEmpty)
        h.apply(.command(.up, at: h.clock.now))
        let key = h.apply(.command(.down, at: h.clock.now))
        #expect(key.contains(.startTimer(.refreshSettle, after: 2)) && h.state.items == old, "a key: the rows wait again")
        #expect(h.state.navigation.homeSelection == 3)
        #expect(h.advance(by: 1.5).isEmpty, "2 s from the key, not from the refresh")
        #expect(h.advance(by: 0.5) == [.refreshSettle])
        let applied = h.apply(.timerFired(.refreshSettle, at: h.clock.now))
        #expect(applied == [.cancelTimer(.refreshSettle)], "nothing starts: \(applied)")
        #expect(h.state.items == refreshed && h.state.pendingRefresh == nil && h.state.current == nil)
        #expect(h.state.screen == .home && h.state.navigation.homeSelection == 2, "still on channel 4, now the third row")
        h.apply(.refreshItems(removing: Set(refreshed.map(\.id)), adding: [old[0], old[1]], at: h.clock.now))
        _ = h.advance(by: 2)
        h.apply(.timerFired(.refreshSettle, at: h.clock.now))
        #expect(h.state.items == [old[0], old[1]] && h.state.navigation.homeSelection == 1, "channel 4 gone: the last row")

        var grid = ShellState(items: old)
        grid.navigation.destination = .guide
        grid.guide.search = GuideSearch()
        let g = ReducerHarness(grid)
        g.apply(.refreshItems(removing: Set(old.map(\.id)), adding: refreshed, at: g.clock.now))
        #expect(g.state.items == old && g.state.pendingRefresh != nil, "waits while the search is up")
    }
}
