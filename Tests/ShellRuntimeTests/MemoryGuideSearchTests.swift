import MediaModel
@testable import ShellRuntime
import Testing

@Suite("Searching a guide held in memory")
struct MemoryGuideSearchTests {
    private let programmes = [
        Programme(channel: "b", start: 200, stop: 300, title: "Café Society", summary: "A night at the café"),
        Programme(channel: "a", start: 200, stop: 300, title: "Cafeteria"),
        Programme(channel: "a", start: 0, stop: 100, title: "Café Society"),
        Programme(channel: "a", start: 400, stop: nil, title: "The Night Garden"),
        Programme(channel: "c", start: 500, stop: 600, title: "Gardeners' World", summary: "Society of roses"),
    ]

    @Test("every word in the title or description, the last as a word's start, case and accents aside; not over by `from`; by start, then channel; at most `limit`")
    func search() {
        func titles(_ text: String, from: Double = 150, limit: Int = 50) -> [String] {
            MemoryGuideQueries.search(programmes, text, from: from, limit: limit).map { "\($0.channel):\($0.title)" }
        }
        #expect(titles("CAFE") == ["a:Cafeteria", "b:Café Society"], "a prefix, accents aside; the one over by 150 left out")
        #expect(titles("cafe") == titles("café"))
        #expect(titles("cafe soc") == ["b:Café Society"])
        #expect(titles("society cafe") == ["b:Café Society"], "the words in any order")
        #expect(titles("night") == ["b:Café Society", "a:The Night Garden"], "the description counts; no stop: not over")
        #expect(titles("gard") == ["a:The Night Garden", "c:Gardeners' World"])
        #expect(titles("garden night") == ["a:The Night Garden"])
        #expect(titles("gard night") == [], "a word before the last must be whole")
        #expect(titles("caf", limit: 1) == ["a:Cafeteria"])
        #expect(titles("  ,, ").isEmpty)
    }
}
