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
