import MediaModel
import Testing

@Suite("A media item's value")
struct MediaItemTests {
    @Test("the fields kept out of line read and write as stored ones; an item with one set and unset again equals the one never set, and hashes the same")
    func extras() {
        let plain = MediaItem(title: "News", url: "http://s/1", isLive: true, number: 1)
        var item = plain
        #expect(item.summary == nil && item.segments.isEmpty && item.alternates.isEmpty && !item.titleFromLocation && item.catchup == nil)
        item.summary = "The news"
        item.segments = [Segment(kind: .intro, start: 0, end: 30)]
        item.alternates = [StreamAlternate(url: "http://s/1b", headers: [:], line: 3)]
        item.titleFromLocation = true
        item.artwork = "a.jpg"
        item.thumbnails = "t.vtt"
        #expect(item.summary == "The news" && item.segments.count == 1 && item.alternates.map(\.url) == ["http://s/1b"])
        #expect(item.titleFromLocation && item.artwork == "a.jpg" && item.thumbnails == "t.vtt")
        #expect(item != plain)
        var copy = item
        copy.summary = "Changed"
        #expect(item.summary == "The news", "a copy's change is its own")
        #expect(copy != item)
        let again = MediaItem(title: "News", url: "http://s/1", isLive: true, number: 1, summary: "The news")
        var same = again
        same.segments = item.segments
        same.alternates = item.alternates
        same.titleFromLocation = true
        same.artwork = "a.jpg"
        same.thumbnails = "t.vtt"
        #expect(same == item && same.hashValue == item.hashValue, "made apart, equal and hashed alike")
        item.summary = nil
        item.segments = []
        item.alternates = []
        item.titleFromLocation = false
        item.artwork = nil
        item.thumbnails = nil
        #expect(item == plain && item.hashValue == plain.hashValue)
        #expect(Set([item, plain, copy]).count == 2)
        #expect(MemoryLayout<MediaItem>.stride <= 200, "\(MemoryLayout<MediaItem>.stride) bytes an item")
    }
}
