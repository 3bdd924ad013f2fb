@testable import ShellRuntime
import ShellCore
import Testing

@Suite("The scrub thumbnails' cache")
struct ThumbnailCacheTests {
    private func image(_ bytes: Int, at time: Double) -> ThumbnailImage {
        ThumbnailImage(pixels: [UInt8](repeating: 7, count: bytes), width: 10, height: 10, stride: 40, frameTime: time, source: .player)
    }

    private func key(_ index: Int, url: String = "/a.mkv") -> ThumbnailCache.Key {
        ThumbnailCache.Key(url: url, source: .sidecar, index: index, width: 10, height: 10)
    }

    @Test("bounded in bytes: the least recently shown go first")
    func bounded() {
        var cache = ThumbnailCache(limit: 1000)
        cache.store(image(400, at: 0), for: key(0))
        cache.store(image(400, at: 10), for: key(1))
        _ = cache.image(key(0))
        cache.store(image(400, at: 20), for: key(2))
        #expect(cache.bytes <= 1000 && cache.count == 2)
        #expect(cache.image(key(1)) == nil, "the least recently used went")
        #expect(cache.image(key(0)) != nil && cache.image(key(2)) != nil)
        cache.store(image(2000, at: 30), for: key(3))
        #expect(cache.image(key(3)) == nil, "one bigger than the whole cache is not kept")
    }

    @Test("a player's keyframe serves every head time a seek is known to land on it, and no other")
    func landings() {
        var cache = ThumbnailCache()
        let landed = ThumbnailCache.Key(url: "/a.mkv", source: .player, index: 240_000, width: 10, height: 10)
        cache.store(image(400, at: 240), for: landed)
        cache.noteLanding(landed, keyframe: 240, time: 243)
        cache.noteLanding(landed, keyframe: 240, time: 246.5)
        #expect(cache.playerImage(url: "/a.mkv", time: 245, width: 10, height: 10)?.frameTime == 240)
        #expect(cache.playerImage(url: "/a.mkv", time: 240, width: 10, height: 10) != nil)
        #expect(cache.playerImage(url: "/a.mkv", time: 248, width: 10, height: 10) == nil, "past the last landing: not known")
        #expect(cache.playerImage(url: "/a.mkv", time: 239, width: 10, height: 10) == nil)
        #expect(cache.playerImage(url: "/a.mkv", time: 245, width: 20, height: 10) == nil, "another size")
        #expect(cache.playerImage(url: "/b.mkv", time: 245, width: 10, height: 10) == nil, "another item")
    }
}

@Suite("A live buffer's pictures")
struct BufferSnapshotTests {
    private func image(at position: Double, bytes: Int = 400) -> ThumbnailImage {
        ThumbnailImage(pixels: [UInt8](repeating: 1, count: bytes), width: 10, height: 10, stride: 40, frameTime: position, source: .buffer)
    }

    @Test("spaced by the buffer's length; the head shows the one kept nearest before it, not one far back")
    func nearestBefore() {
        var buffer = BufferSnapshots()
        #expect(BufferSnapshots.spacing(span: 60) == 2 && BufferSnapshots.spacing(span: 2400) == 10)
        #expect(buffer.due(url: "u", position: 0, span: 60))
        buffer.add(image(at: 10), url: "u", position: 10)
        #expect(!buffer.due(url: "u", position: 11, span: 60) && buffer.due(url: "u", position: 12, span: 60))
        buffer.add(image(at: 12), url: "u", position: 12)
        #expect(buffer.image(url: "u", at: 13.5, span: 60)?.position == 12)
        #expect(buffer.image(url: "u", at: 11, span: 60)?.position == 10)
        #expect(buffer.image(url: "u", at: 9, span: 60) == nil, "nothing kept before 10")
        #expect(buffer.image(url: "u", at: 30, span: 60) == nil, "too far past the last one")
        #expect(buffer.image(url: "other", at: 12, span: 60) == nil)
        #expect(buffer.image(url: "u", at: 13.5, span: 60, earliest: 12)?.position == 12)
        #expect(buffer.image(url: "u", at: 13.5, span: 60, earliest: 12.5) == nil, "none of before what may be sought (a programme held back)")
        buffer.add(image(at: 5), url: "other", position: 5)
        #expect(buffer.snapshots.count == 1, "another channel starts afresh")
    }

    @Test("bounded in bytes, the oldest going first")
    func bounded() {
        var buffer = BufferSnapshots(limit: 1000)
        for position in stride(from: 0.0, to: 10, by: 2) { buffer.add(image(at: position), url: "u", position: position) }
        #expect(buffer.bytes <= 1000 && buffer.snapshots.map(\.position) == [6, 8])
    }

    @Test("a frame scaled into a thumbnail keeps its aspect (black bars) and its colours, in either layout")
    func scaling() {
        // 16×9 of blue-green-red = (10, 20, 200) as bgr0.
        let source = [UInt8]((0..<(16 * 9)).flatMap { _ in [10, 20, 200, 0] as [UInt8] })
        let rgb = FrameScaler.scale(source, width: 16, height: 9, stride: 64, to: 8, 8, layout: "rgb0")
        let middle = (4 * 8 + 4) * 4
        #expect(Array(rgb[middle..<(middle + 3)]) == [200, 20, 10])
        #expect(Array(rgb[0..<3]) == [0, 0, 0], "a bar above the picture")
        let bgr = FrameScaler.scale(source, width: 16, height: 9, stride: 64, to: 8, 8, layout: "bgr0")
        #expect(Array(bgr[middle..<(middle + 4)]) == [10, 20, 200, 255])
    }
}
