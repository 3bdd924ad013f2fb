import MediaModel
import ShellCore
import ShellTesting
import Testing

/// The lineup's orders and lookups (`LineupIndex`): made once, kept current
/// with the items, the favourites and the flip setting; the home screen's
/// UP/DOWN walk the same rows the view shows.
@Suite("lineup index")
struct LineupIndexTests {
    static let items = [
        MediaItem(id: "c", title: "Three", url: "u3", isLive: true, number: 3, group: "News", guideID: "three"),
        MediaItem(id: "a", title: "One", url: "u1", isLive: true, number: 1, group: "News", guideID: "one"),
        MediaItem(id: "f", title: "A film", url: "film", group: "Films"),
        MediaItem(id: "b", title: "Two", url: "u2", isLive: true, number: 2, group: "Sport", guideID: "two"),
    ]

    @Test("ring by number, list in lineup order with group headers, lookups by guide id and URL")
    func made() {
        let state = ShellState(items: Self.items)
        let index = state.lineupIndex
        #expect(index.ring == [1, 3, 0])
        #expect(index.ringPosition(of: 0) == 2 && index.ringPosition(of: 2) == nil && index.ringPosition(of: 99) == nil)
        #expect(index.listOrder == [0, 1, 2, 3])
        #expect(index.rows == [.header("News"), .item(0), .item(1), .header("Films"), .item(2), .header("Sport"), .item(3)])
        #expect(index.rowOfItem == [1, 2, 4, 6])
        #expect(index.liveOrder == [0, 1, 3])
        #expect(index.livePosition(of: 3) == 2 && index.livePosition(of: 2) == nil)
        #expect(state.itemIndex(guideChannel: "one") == 1)
        #expect(index.byURL["film"] == [2])
    }

    @Test("made again when what it is made of changes (a group, a kind, a guide id, a URL, a number, a title), kept when a film's details are filled in")
    func keptCurrent() {
        var state = ShellState(items: Self.items)
        state.items[3].group = "News"
        #expect(state.lineupIndex.rows == [.header("News"), .item(0), .item(1), .header("Films"), .item(2), .header("News"), .item(3)])
        state.items[2].url = "film2"
        #expect(state.lineupIndex.byURL["film2"] == [2] && state.lineupIndex.byURL["film"] == nil)
        state.items[1].guideID = "uno"
        #expect(state.itemIndex(guideChannel: "uno") == 1 && state.itemIndex(guideChannel: "one") == nil)
        state.items[2].isLive = true
        #expect(state.lineupIndex.liveOrder == [0, 1, 2, 3])
        state.items[0].number = 9
        #expect(state.lineupIndex.ring == [1, 3, 0])
        let before = state.lineupIndex
        _ = ShellReducer.reduce(&state, .itemDetails(id: "f", ItemDetails(summary: "A plot"), at: Instant(seconds: 0)))
        #expect(state.items[2].summary == "A plot" && state.lineupIndex == before)
    }

    @Test("favourites first under their own header, flips kept to them; redone when they or the setting change, and when items are added")
    func followsChanges() {
        var state = ShellState(items: Self.items)
        state.guide.favourites = ["two"]
        #expect(state.listOrder == [3, 0, 1, 2])
        #expect(state.lineupIndex.rows.prefix(3) == [.header("Favourites"), .item(3), .header("News")])
        #expect(state.channelRing == [1, 3, 0])
        state.settings.flipFavouritesOnly = true
        #expect(state.channelRing == [3])
        state.guide.favourites = []
        #expect(state.channelRing == [1, 3, 0])
        state.items.append(MediaItem(id: "z", title: "Zero", url: "u0", isLive: true, number: 0))
        #expect(state.channelRing == [4, 1, 3, 0])
        #expect(state.lineupIndex.rows.last == .item(4))
    }

    @Test("items of no group after a group's (an ungrouped lineup's favourites) are under \"Other\", not read as more favourites; a lineup of no groups below Continue Watching is under \"All\"")
    func ungrouped() {
        let plain = [
            MediaItem(id: "a", title: "One", url: "u1", isLive: true, number: 1, guideID: "one"),
            MediaItem(id: "b", title: "Two", url: "u2", isLive: true, number: 2, guideID: "two"),
            MediaItem(id: "f", title: "A film", url: "film"),
        ]
        var state = ShellState(items: plain)
        #expect(state.lineupIndex.rows == [.item(0), .item(1), .item(2)])
        state.guide.favourites = ["two"]
        #expect(state.lineupIndex.rows == [.header("Favourites"), .item(1), .header("Other"), .item(0), .item(2)])
        state.guide.favourites = []
        state.upNext.resumePoints["film"] = ResumePoint(position: 100, duration: 1000, updated: 5)
        state.navigation.destination = .home
        let lines = ShellView.render(state, theme: .dark, width: 60, height: 14, context: ViewContext(picture: .terminal)).text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let rows = Array(lines.drop { !$0.hasPrefix("CONTINUE WATCHING") }.prefix(6))
        #expect(rows.count == 6 && rows[0] == "CONTINUE WATCHING" && rows[1].hasPrefix("A film") && rows[2] == "ALL"
                && rows[3].hasPrefix("1") && rows[5].hasPrefix("A film"), "\(lines)")
    }

    @Test("UP/DOWN on the home screen step through Continue Watching, then the list (favourites first), and stop at either end")
    func homeSteps() {
        var state = ShellState(items: Self.items)
        state.guide.favourites = ["two"]
        state.upNext.resumePoints["film"] = ResumePoint(position: 100, duration: 1000, updated: 5)
        state.navigation.destination = .home
        // Rows: (film, in Continue Watching), Two, Three, One, the film.
        let h = ReducerHarness(state)
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.down) { $0.navigation.homeSelection = 2 }
        h.press(.down)
        h.press(.up) { $0.navigation.homeSelection = 1 }
        h.press(.up) { $0.navigation.homeSelection = 0 }
        h.press(.up) { $0.navigation.homeSelection = 3 }
        h.press(.up) {
            $0.navigation.homeSelection = 2
            $0.navigation.homeInContinue = true
        }
        h.press(.up)
        h.press(.down) {
            $0.navigation.homeSelection = 3
            $0.navigation.homeInContinue = false
        }
    }
}
