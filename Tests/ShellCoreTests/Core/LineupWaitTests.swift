import MediaModel
@testable import ShellCore
import ShellTesting
import Testing

private let channels = (1...3).map { (n: Int) -> MediaItem in
    MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).m3u8", isLive: true, number: n)
}
private let tvMA = ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)
private let tvPG = ContentRating(system: "us-tv", code: "TV-PG", rank: 400, media: .tv)

@Suite("A box started without its lineup")
struct LineupWaitTests {
    @Test("awaited: the reason is kept, nothing else changes; each failure's reason replaces the last")
    func awaited() {
        let h = ReducerHarness(ShellState(items: [], kiosk: true))
        var expected = h.state
        #expect(h.apply(.lineupAwaited(reason: "the connection was refused")).isEmpty)
        expected.lineupWait = "the connection was refused"
        #expect(h.state == expected)
        h.apply(.lineupAwaited(reason: "the server answered 503"))
        #expect(h.state.lineupWait == "the server answered 503")
        h.expectArmed([])
    }

    @Test("media paths awaited: the reason kept and said to be the media's; a lineup's wait after it, or the items' arrival, ends that")
    func mediaAwaited() {
        let h = ReducerHarness(ShellState(items: [], kiosk: true))
        var expected = h.state
        #expect(h.apply(.mediaAwaited(reason: "/media/usb: not there")).isEmpty)
        expected.lineupWait = "/media/usb: not there"
        expected.lineupWaitIsMedia = true
        #expect(h.state == expected)
        h.apply(.lineupAwaited(reason: "the connection was refused"))
        #expect(h.state.lineupWait == "the connection was refused" && !h.state.lineupWaitIsMedia)
        h.apply(.mediaAwaited(reason: "/media/usb: no media files in this directory"))
        let film = MediaItem.fromLocation("/media/usb/Night.Drive.2011.mkv")
        let effects = h.apply(.lineupArrived([film], start: nil, fallback: nil, play: true, at: h.clock.now))
        #expect(effects.contains(.load(film, token: 1)), "\(effects)")
        #expect(h.state.lineupWait == nil && !h.state.lineupWaitIsMedia && h.state.items == [film])
        h.expectArmed(h.armedTimers)
    }

    @Test("it came to a kiosk: the channel its start names plays, start and fallback set, the reason gone")
    func arrivedPlays() {
        let h = ReducerHarness(ShellState(items: [], kiosk: true))
        h.apply(.lineupAwaited(reason: "the connection was refused"))
        let effects = h.apply(.lineupArrived(channels, start: 1, fallback: 2, play: true, at: h.clock.now))
        #expect(effects.contains(.load(channels[1], token: 1)), "\(effects)")
        #expect(h.state.items == channels && h.state.current == 1 && h.state.lineupWait == nil)
        #expect(h.state.live.startIndex == 1 && h.state.live.fallbackIndex == 2 && h.state.navigation.homeSelection == 1)

        let first = ReducerHarness(ShellState(items: [], kiosk: true))
        let started = first.apply(.lineupArrived(channels, start: nil, fallback: 7, play: true, at: first.clock.now))
        #expect(started.contains(.load(channels[0], token: 1)), "no start named: the first: \(started)")
        #expect(first.state.live.startIndex == nil && first.state.live.fallbackIndex == nil, "an index beyond the lineup is none")
        h.expectArmed(h.armedTimers)
        first.expectArmed(first.armedTimers)
    }

    @Test("a start on the home screen stays there, the list on its first channel; an empty answer changes nothing")
    func arrivedHome() {
        let h = ReducerHarness(ShellState(items: []))
        h.apply(.lineupAwaited(reason: "the connection was refused"))
        let waiting = h.state
        #expect(h.apply(.lineupArrived([], start: nil, fallback: nil, play: false, at: h.clock.now)).isEmpty && h.state == waiting)
        let effects = h.apply(.lineupArrived(channels, start: nil, fallback: nil, play: false, at: h.clock.now))
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        #expect(h.state.items == channels && h.state.current == nil && h.state.screen == .home && h.state.navigation.homeSelection == 0)
        #expect(h.state.lineupWait == nil)
        h.expectArmed(h.armedTimers)
    }

    @Test("beside films given with it, it is added as a refresh adds channels, once the rows rest; a lineup switched to meanwhile ends the wait")
    func besideOthers() {
        let film = MediaItem(id: "film", title: "A Film", url: "/films/a.mkv")
        let h = ReducerHarness(ShellState(items: [film]))
        h.apply(.lineupAwaited(reason: "the connection was refused"))
        h.apply(.lineupArrived(channels, start: nil, fallback: nil, play: true, at: h.clock.now))
        #expect(h.state.lineupWait == nil && h.state.pendingRefresh != nil && h.state.items == [film], "waits as a refresh does")
        #expect(h.advance(by: 10).contains(.refreshSettle))
        h.apply(.timerFired(.refreshSettle, at: h.clock.now))
        #expect(h.state.pendingRefresh == nil && h.state.items.map(\.id) == ["film", "c1", "c2", "c3"] && h.state.current == nil)

        let s = ReducerHarness(ShellState(items: []))
        s.apply(.lineupAwaited(reason: "the connection was refused"))
        s.apply(.open(channels, at: s.clock.now))
        #expect(s.state.lineupWait == nil && s.state.items == channels)
        h.expectArmed(h.armedTimers)
        s.expectArmed(s.armedTimers)
    }

    @Test("the connections its account allows cap the shell's, as at a start: the next channel is not warmed beside a one-connection account's")
    func connections() {
        var settings = ShellSettings()
        settings.warmNeighbours = 2
        let h = ReducerHarness(ShellState(items: [], kiosk: true, settings: settings))
        h.apply(.lineupArrived(channels, start: 0, fallback: nil, play: true, connections: 1, at: h.clock.now))
        #expect(h.state.settings.maxConnections == 1)
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.player(.firstFrame, token: 1, at: h.clock.now))
        let fell = h.advance(by: 5)
        if fell.contains(.warmNeighbours) { h.apply(.timerFired(.warmNeighbours, at: h.clock.now)) }
        #expect(h.state.warm.players.isEmpty, "\(h.state.warm.players)")

        var capped = ShellSettings()
        capped.maxConnections = 3
        let c = ReducerHarness(ShellState(items: [], settings: capped))
        c.apply(.lineupArrived(channels, start: nil, fallback: nil, play: false, connections: 2, at: c.clock.now))
        #expect(c.state.settings.maxConnections == 2, "the lower of the two")
        let d = ReducerHarness(ShellState(items: [], settings: capped))
        d.apply(.lineupArrived(channels, start: nil, fallback: nil, play: false, connections: 0, at: d.clock.now))
        #expect(d.state.settings.maxConnections == 3, "0: the account says nothing")
        h.expectArmed(h.armedTimers)
        c.expectArmed(c.armedTimers)
        d.expectArmed(d.armedTimers)
    }

    @Test("a start channel rated over the restrictions comes up behind the passcode: nothing of it loads")
    func restrictedStart() {
        var rated = channels
        rated[1].contentRating = tvMA
        let h = ReducerHarness(ShellState(items: [], kiosk: true,
                                          restrictions: RestrictionsState(policy: RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true))))
        let effects = h.apply(.lineupArrived(rated, start: 1, fallback: nil, play: true, at: h.clock.now))
        #expect(h.state.prompt != nil && h.state.screen == .passcode, "\(h.state.screen)")
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        h.expectArmed(h.armedTimers)
    }
}
