import MediaModel
import ShellCore
import ShellTesting
import Testing

@Suite("The selected item's card on the home screen")
struct HomeInfoTests {
    @Test("i shows it and puts it away; it follows the selection; ESC puts it away; ENTER plays and takes it down")
    func card() {
        let h = ReducerHarness(ShellState(items: [film, second, channel]))
        h.press(.info) { $0.navigation.homeInfo = true }
        h.press(.down) { $0.navigation.homeSelection = 1 }
        h.press(.info) { $0.navigation.homeInfo = false }
        h.press(.info) { $0.navigation.homeInfo = true }
        h.press(.menu) { $0.navigation.homeInfo = false }
        h.press(.menu)
        h.press(.info) { $0.navigation.homeInfo = true }
        let played = h.apply(.command(.select, at: h.clock.now))
        #expect(played.contains(.load(second, token: 1)) && !h.state.navigation.homeInfo && h.state.screen == .player)
        h.expectArmed(Set(h.armedTimers))
    }

    @Test("drawn over the bottom of the list with the item's rating, group and description; the selected row stays in view")
    func drawn() {
        var state = ShellState(items: (1...40).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://x/\(n)", isLive: true, number: n) }
                               + [MediaItem(id: "f", title: "The Film", url: "/f.mkv", rating: "R", summary: "A heist goes wrong.", group: "Films")])
        state.navigation.homeSelection = 40
        state.navigation.homeInfo = true
        let text = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let titleRows = lines.indices.filter { lines[$0].contains("The Film") }
        #expect(titleRows.count == 2, "the row and the card: \(text)")
        #expect(text.contains("R · Films") && text.contains("A heist goes wrong.") && text.contains("i / ESC close"), "\(text)")
        #expect((titleRows.first ?? 99) < (lines.firstIndex { $0.contains("R · Films") } ?? 0), "the row above the card")

        // Left part way: what is left of it among its facts.
        state.upNext.resumePoints["/f.mkv"] = ResumePoint(position: 1500, duration: 6000)
        let left = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(left.contains("R · Films · 1 h 15 min left"), "\(left)")
    }

    @Test("a ripped disc's card says which disc it is")
    func disc() {
        var film = MediaItem(title: "Heat (1995)", url: "/films/Heat.1995.BD50.iso", rating: "R")
        film.disc = .bluray
        var state = ShellState(items: [film])
        state.navigation.homeInfo = true
        let text = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(text.contains("R · Blu-ray"), "\(text)")
    }

    @Test("an item over the limits keeps its description to itself on the card")
    func restricted() {
        let r = ContentRating(system: "mpaa", code: "R", rank: 400, media: .movie)
        let pg13 = ContentRating(system: "mpaa", code: "PG-13", rank: 300, media: .movie)
        let heist = MediaItem(id: "f", title: "The Film", url: "/f.mkv", rating: "R", contentRating: r, summary: "A heist goes wrong.", group: "Films")
        var state = ShellState(items: [heist], restrictions: RestrictionsState(policy: RestrictionPolicy(mode: .passcode, movies: .upTo(pg13), hasPasscode: true)))
        state.navigation.homeInfo = true
        let text = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(!text.contains("A heist goes wrong.") && text.contains("Restricted (R): its description is not shown"), "\(text)")
        state.restrictions.policy.mode = .off
        let open = ShellView.render(state, theme: .dark, width: 80, height: 24, context: ViewContext(picture: .terminal)).text()
        #expect(open.contains("A heist goes wrong."))
    }
}
