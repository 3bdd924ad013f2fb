import MediaModel
@testable import ShellCore
import Testing

@Suite("Finding the lineup's items by name")
struct ItemNameIndexTests {
    private let items = [
        "BBC One Ⓖ", "CBBC", "BBC Radio 5 Live", "Sky News", "The Newsroom", "Österreich 1", "News 24", "Al Jazeera",
    ].enumerated().map { MediaItem(id: "i\($0.offset)", title: $0.element, url: "http://x/\($0.offset)", isLive: true, number: $0.offset + 1) }

    private func names(_ query: String, order: [Int]? = nil, limit: Int = 50) -> [String] {
        ItemNameIndex(items: items).matches(query, order: order ?? Array(items.indices), limit: limit).map { items[$0].title }
    }

    @Test("every word, anywhere in the name, upper or lower case alike: names that begin with the query first, then a word that begins with its first word, then the rest")
    func ranking() {
        #expect(names("bbc") == ["BBC One Ⓖ", "BBC Radio 5 Live", "CBBC"])
        #expect(names("news") == ["News 24", "Sky News", "The Newsroom"])
        #expect(names("NEWS sky") == ["Sky News"])
        #expect(names("radio live") == ["BBC Radio 5 Live"])
        #expect(names("jaz") == ["Al Jazeera"])
        #expect(names("ⓖ") == ["BBC One Ⓖ"], "symbols fold like letters")
        #expect(names("österreich") == ["Österreich 1"])
        #expect(names("osterreich") == ["Österreich 1"], "a remote's keyboard types no accents")
        #expect(names("OSTERREICH") == ["Österreich 1"])
        #expect(names("oesterreich").isEmpty, "no other spelling of ö is guessed")
    }

    @Test("nothing for blank text; the list order breaks ties (favourites first); the limit holds")
    func orderAndLimit() {
        #expect(names("").isEmpty && names("   ").isEmpty)
        #expect(names("b", order: [2, 1, 0]) == ["BBC Radio 5 Live", "BBC One Ⓖ", "CBBC"])
        #expect(names("e", limit: 2).count == 2)
        #expect(names("x y z").isEmpty)
        #expect(names("bbc", order: [99, 0]) == ["BBC One Ⓖ"], "an index out of the lineup is passed over")
    }

    @Test("accents on Latin letters are folded away on both sides; ß is ss, æ is ae; other scripts are kept")
    func folding() {
        #expect(ItemNameIndex.fold("Télé Ÿ Straße Æble Şanlı Țara Čt1") == Array("tele y strasse aeble sanli tara ct1".utf8))
        #expect(ItemNameIndex.fold("Ⓖ ТВ 日本") == Array("ⓖ тв 日本".utf8))
        #expect(ItemNameIndex.fold("Te\u{301}le\u{301}") == Array("tele".utf8), "decomposed accents too")
    }

    @Test("the state keeps the names with its items: a detail filled in leaves them, a new name is found at once, an item added too")
    func keptWithTheItems() {
        var state = ShellState(items: items)
        let before = state.itemNames
        state.items[4].summary = "A plot"
        #expect(state.itemNames == before)
        state.items[4].title = "Renamed Room"
        #expect(state.itemNames.matches("renamed", order: Array(state.items.indices), limit: 5) == [4])
        #expect(state.itemNames.matches("newsroom", order: Array(state.items.indices), limit: 5).isEmpty)
        state.items.append(MediaItem(title: "Late Arrival", url: "http://x/late"))
        #expect(state.itemNames.matches("arrival", order: Array(state.items.indices), limit: 5) == [8])
    }

    @Test("digits alone find the channel with that number first, then names that begin with them, then numbers that do, then the rest")
    func numbers() {
        let lineup = [("BBC One", 1), ("5 USA", 30), ("Channel 5", 5), ("Film Five", 50), ("E4", 13), ("Radio 15", 150), ("Dave", 500)]
            .enumerated().map { MediaItem(id: "n\($0.offset)", title: $0.element.0, url: "http://x/\($0.offset)", isLive: true, number: $0.element.1) }
        let index = ItemNameIndex(items: lineup)
        func found(_ query: String) -> [String] { index.matches(query, order: Array(lineup.indices), limit: 50).map { lineup[$0].title } }
        #expect(found("5") == ["Channel 5", "5 USA", "Film Five", "Dave", "Radio 15"])
        #expect(found("50") == ["Film Five", "Dave"])
        #expect(found("05") == ["Channel 5"], "a leading zero is the number keys' way of typing 5, and begins no other")
        #expect(found("1") == ["BBC One", "E4", "Radio 15"])
        #expect(found("13") == ["E4"])
        #expect(found("4") == ["E4"], "a digit in a name still counts")
        #expect(found("5 usa") == ["5 USA"], "with words, names only")
        #expect(found("9999999999").isEmpty)
        var state = ShellState(items: lineup)
        state.items[4].number = 44
        #expect(state.itemNames.matches("44", order: Array(state.items.indices), limit: 5) == [4], "a renumbered channel is found by its new number")
    }

    @Test("a name longer than the query, and a query longer than a name")
    func lengths() {
        #expect(names("bbc one ⓖ and more").isEmpty)
        #expect(names("c").count == 4)
    }
}

@Suite("The search line's items when the lineup changes under it")
struct SearchItemsKeptTests {
    @Test("an item removed or added while the search line is up: its items are found again in the new lineup, never an index of the old one")
    func foundAgain() {
        let names = ["Alpha News", "Bravo Sport", "Charlie News"]
        var state = ShellState(items: names.enumerated().map { MediaItem(id: "c\($0.offset)", title: $0.element, url: "http://x/\($0.offset)", isLive: true, number: $0.offset + 1) })
        var search = GuideSearch(text: "news", focus: 1, onKeyboard: false)
        search.items = state.itemNames.matches("news", order: state.lineupIndex.listOrder, limit: 50)
        state.guide.search = search
        #expect(state.guide.search?.items == [0, 2])
        state.items.remove(at: 0)
        #expect(state.guide.search?.items == [1], "Charlie News, now at 1; Bravo Sport never shown for it")
        #expect(state.guide.search?.focus == 0, "the focus kept on a row there is")
        state.items.insert(MediaItem(id: "n", title: "Night News", url: "http://x/n", isLive: true, number: 9), at: 0)
        #expect(state.guide.search?.items.map { state.items[$0].title } == ["Night News", "Charlie News"])
    }
}
