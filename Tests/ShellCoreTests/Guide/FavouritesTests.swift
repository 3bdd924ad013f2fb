import MediaModel
import ShellCore
import ShellTesting
import Testing

private func channel(_ number: Int, _ title: String, guide: String? = nil) -> MediaItem {
    MediaItem(id: "c\(number)", title: title, url: "http://live.test/\(number).m3u8", isLive: true, number: number, group: "All", guideID: guide)
}

private let lineup = [channel(1, "One", guide: "one.tv"), channel(2, "Two", guide: "two.tv"), channel(3, "Three"), channel(4, "Four", guide: "four.tv")]

@Suite("Favourites and the previous channel")
struct FavouritesTests {
    @Test("f marks the list's selection (kept by guide id, else name), f again unmarks; favourites lead the list and UP/DOWN follow that order")
    func markOnList() {
        var settings = ShellSettings()
        settings.previewDelay = nil
        let h = ReducerHarness(ShellState(items: lineup, settings: settings))
        h.apply(.command(.guide, at: h.clock.now))
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.down) { $0.navigation.homeSelection = 2 }
        h.press(.favourite, effects: [.saveFavourite(key: "Three", name: "Three", on: true), .startTimer(.noticeHide, after: 2.5)]) {
            $0.guide.favourites = ["Three"]
            $0.chrome.notice = "Three is a favourite"
        }
        #expect(h.state.listOrder == [2, 0, 1, 3])
        h.press(.down) { $0.navigation.homeSelection = 0 }
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.favourite, effects: [.saveFavourite(key: "two.tv", name: "Two", on: true), .startTimer(.noticeHide, after: 2.5)]) {
            $0.guide.favourites = ["Three", "two.tv"]
            $0.chrome.notice = "Two is a favourite"
        }
        #expect(h.state.listOrder == [1, 2, 0, 3], "favourites in lineup order, then the rest")
        h.press(.up) { _ in }
        h.press(.down) { $0.navigation.homeSelection = 2 }
        h.press(.down) { $0.navigation.homeSelection = 0 }
        h.press(.up) { $0.navigation.homeSelection = 2 }
        h.press(.favourite, effects: [.saveFavourite(key: "Three", name: "Three", on: false), .startTimer(.noticeHide, after: 2.5)]) {
            $0.guide.favourites = ["two.tv"]
            $0.chrome.notice = "Three is no longer a favourite"
        }
        #expect(h.state.listOrder == [1, 0, 2, 3])
        h.expectArmed([.noticeHide])
    }

    @Test("on the player f marks the channel playing; the grid puts favourites first and f there marks the focused row")
    func markOnPlayerAndGrid() {
        let guide = ProgrammeGuide(channels: [], programmes: [Programme(channel: "four.tv", start: 0, stop: 4_000_000_000, title: "All day")])
        let h = ReducerHarness(ShellState(items: lineup, guide: guide))
        h.apply(.wallClock(1_795_466_400, at: h.clock.now))
        h.apply(.playIndex(3, at: h.clock.now))
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.press(.favourite, effects: [.saveFavourite(key: "four.tv", name: "Four", on: true), .startTimer(.noticeHide, after: 2.5)]) {
            $0.guide.favourites = ["four.tv"]
            $0.chrome.notice = "Four is a favourite"
        }
        h.apply(.command(.guide, at: h.clock.now))
        #expect(h.state.guide.grid?.channel == 3)
        #expect(GuideGridReducer.rows(h.state) == [3, 0, 1, 2])
        h.press(.down, effects: [.cancelTimer(.previewDelay), .startTimer(.previewDelay, after: 0.6)]) { $0.guide.grid?.channel = 0 }
        h.press(.favourite, effects: [.saveFavourite(key: "one.tv", name: "One", on: true), .startTimer(.noticeHide, after: 2.5)]) {
            $0.guide.favourites = ["four.tv", "one.tv"]
            $0.chrome.notice = "One is a favourite"
        }
        #expect(GuideGridReducer.rows(h.state) == [0, 3, 1, 2])
        h.expectArmed([.noticeHide, .previewDelay])
    }

    @Test("with flip = favourites, channel up / down go round the favourites only; with none marked, round every channel")
    func flipFavourites() {
        var settings = ShellSettings()
        settings.flipFavouritesOnly = true
        var state = ShellState(items: lineup, settings: settings)
        #expect(state.channelRing == [0, 1, 2, 3])
        state.guide.favourites = ["one.tv", "Three", "gone.tv"]
        #expect(state.channelRing == [0, 2])
        state.settings.flipFavouritesOnly = false
        #expect(state.channelRing == [0, 1, 2, 3])
    }

    @Test("the library's favourites and reminders arrive at start, reminders soonest first")
    func fromLibrary() {
        let h = ReducerHarness(ShellState(items: lineup))
        let late = Reminder(channel: "two.tv", start: 2_000, title: "Late", channelName: "Two")
        let early = Reminder(channel: "one.tv", start: 1_000, title: "Early", channelName: "One")
        h.send(.libraryLists(favourites: ["four.tv"], reminders: [late, early])) {
            $0.guide.favourites = ["four.tv"]
            $0.guide.reminders = [early, late]
        }
    }

    @Test("- goes back to the channel watched before, and again forth; a channel that never played is not one; none yet says so")
    func previousChannel() {
        let h = ReducerHarness(ShellState(items: lineup))
        h.apply(.playIndex(0, at: h.clock.now))
        h.press(.previousChannel, effects: [.startTimer(.noticeHide, after: 2.5)]) { $0.chrome.notice = "No channel before this one" }
        h.apply(.player(.playing, token: 1, at: h.clock.now))
        h.apply(.playIndex(2, at: h.clock.now))
        #expect(h.state.live.previousChannel == 0)
        h.apply(.playIndex(3, at: h.clock.now))
        #expect(h.state.live.previousChannel == 0, "channel 3 never played")
        h.apply(.player(.playing, token: 3, at: h.clock.now))
        let back = h.apply(.command(.previousChannel, at: h.clock.now))
        #expect(back.contains(.load(lineup[0], token: 4)))
        #expect(h.state.current == 0 && h.state.live.previousChannel == 3)
        h.apply(.player(.playing, token: 4, at: h.clock.now))
        let forth = h.apply(.command(.previousChannel, at: h.clock.now))
        #expect(forth.contains(.load(lineup[3], token: 5)))
        #expect(h.state.current == 3 && h.state.live.previousChannel == 0)
        h.expectArmed([.stall, .hintHide, .noticeHide, .transportHide])
    }
}
