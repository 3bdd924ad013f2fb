import Catalog
import Testing

@Suite("Thumbnail tracks: WebVTT sprites, BIF, HLS I-frame playlists")
struct ThumbnailTrackTests {
    @Test("WebVTT cues with #xywh tiles, resolved against the track's URL; text cues and bad timings are skipped")
    func webVTT() {
        let text = """
        WEBVTT

        NOTE made by a test

        00:00.000 --> 00:10.000
        sprite-1.jpg#xywh=0,0,160,90

        00:00:10.000 --> 00:00:20.000 align:start
        https://cdn.example/other.jpg#xywh=160,0,160,90

        00:00:20.000 --> 00:00:30.000
        whole.jpg

        00:00:30.000 --> 00:00:20.000
        backwards.jpg

        00:00:40.000 --> 00:00:50.000
        bad.jpg#xywh=0,0,-1,90
        """
        let cues = WebVTTThumbnails.parse(text, base: "http://tv.example/films/a/thumbs.vtt?token=1")
        #expect(cues == [
            ThumbnailCue(start: 0, end: 10, image: "http://tv.example/films/a/sprite-1.jpg", tile: .init(x: 0, y: 0, width: 160, height: 90)),
            ThumbnailCue(start: 10, end: 20, image: "https://cdn.example/other.jpg", tile: .init(x: 160, y: 0, width: 160, height: 90)),
            ThumbnailCue(start: 20, end: 30, image: "http://tv.example/films/a/whole.jpg"),
        ])
        #expect(ThumbnailCue.index(at: 15, in: cues) == 1)
        #expect(ThumbnailCue.index(at: 99, in: cues) == 2)
        #expect(ThumbnailCue.index(at: -1, in: cues) == 0)
        #expect(WebVTTThumbnails.parse("WEBVTT\n\n00:01.000 --> 00:02.000\n", base: "/x/t.vtt").isEmpty)
        #expect(WebVTTThumbnails.parse("00:01.000 --> 00:02.000\nt.jpg", base: "/x/t.vtt").first?.image == "/x/t.jpg")
    }

    @Test("a BIF index: frames by time, the last entry closing the last frame; a wrong file says why")
    func bif() throws {
        var bytes: [UInt8] = [0x89, 0x42, 0x49, 0x46, 0x0D, 0x0A, 0x1A, 0x0A]
        func u32(_ value: Int) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        u32(0); u32(2); u32(1000)
        bytes += [UInt8](repeating: 0, count: 64 - bytes.count)
        let start = 64 + 8 * 3
        u32(0); u32(start); u32(10); u32(start + 100); u32(0xFFFF_FFFF); u32(start + 250)
        let index = try BIFIndex(header: bytes, size: start + 250)
        #expect(index.frames.map(\.time) == [0, 10] && index.frames.map(\.length) == [100, 150])
        #expect(index.index(at: 9.9) == 0 && index.index(at: 10) == 1 && index.index(at: 1e9) == 1)
        #expect(throws: BIFIndex.Problem.notBIF) { try BIFIndex(header: [UInt8](repeating: 1, count: 80), size: 80) }
        #expect(throws: BIFIndex.Problem.self) { try BIFIndex(header: bytes, size: start + 200) }
        #expect(throws: BIFIndex.Problem.truncated) { try BIFIndex(header: Array(bytes.prefix(70)), size: 1000) }
    }

    @Test("an HLS master's I-frame streams, smallest first; an I-frame playlist's byte ranges and maps, with times")
    func iframes() {
        let master = """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720
        hi/index.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a",URI="hi/iframe.m3u8"
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=40000,RESOLUTION=320x180,URI="lo/iframe.m3u8"
        """
        let streams = IFramePlaylist.streams(inMaster: master, base: "http://tv.example/film/master.m3u8")
        #expect(streams.map(\.uri) == ["http://tv.example/film/lo/iframe.m3u8", "http://tv.example/film/hi/iframe.m3u8"])
        let playlist = """
        #EXTM3U
        #EXT-X-I-FRAMES-ONLY
        #EXT-X-MAP:URI="seg0.ts",BYTERANGE="564@0"
        #EXTINF:4.0,
        #EXT-X-BYTERANGE:9000@564
        seg0.ts
        #EXTINF:6.0,
        #EXT-X-BYTERANGE:7000
        seg0.ts
        #EXTINF:10,
        #EXT-X-BYTERANGE:5000@376
        /abs/seg1.ts
        #EXT-X-ENDLIST
        """
        #expect(IFramePlaylist.isIFramesOnly(playlist))
        let frames = IFramePlaylist.frames(playlist, base: "http://tv.example/film/lo/iframe.m3u8")
        #expect(frames.map(\.time) == [0, 4, 10])
        #expect(frames.map(\.range) == [.init(offset: 564, length: 9000), .init(offset: 9564, length: 7000), .init(offset: 376, length: 5000)])
        #expect(frames[0].mapURI == "http://tv.example/film/lo/seg0.ts" && frames[0].mapRange == .init(offset: 0, length: 564))
        #expect(frames[2].uri == "/abs/seg1.ts")
        #expect(IFramePlaylist.index(at: 9.5, in: frames) == 1)
    }

    @Test("an HLS master's image streams, smallest first; an image playlist's tiles (row by row, each DURATION, the last image's cut at its EXTINF), and whole images without EXT-X-TILES")
    func imagePlaylists() {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
            video.m3u8
            #EXT-X-IMAGE-STREAM-INF:BANDWIDTH=20000,RESOLUTION=320x180,CODECS="jpeg",URI="images/320/index.m3u8"
            #EXT-X-IMAGE-STREAM-INF:BANDWIDTH=8000,RESOLUTION=160x90,CODECS="jpeg",URI="images/160/index.m3u8"
            #EXT-X-IMAGE-STREAM-INF:BANDWIDTH=1000,CODECS="jpeg"
            """
        let streams = ImagePlaylist.streams(inMaster: master, base: "http://tv.example/film/master.m3u8")
        #expect(streams.map(\.uri) == ["http://tv.example/film/images/160/index.m3u8", "http://tv.example/film/images/320/index.m3u8"])
        #expect(streams.first?.width == 160 && streams.first?.height == 90)
        #expect(ImagePlaylist.streams(inMaster: "#EXTM3U\nvideo.m3u8\n", base: "x").isEmpty)

        let playlist = """
            #EXTM3U
            #EXT-X-TARGETDURATION:40
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-IMAGES-ONLY
            #EXTINF:40.000,
            #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=2x2,DURATION=10.000
            tiles1.jpg
            #EXTINF:15.000,
            #EXT-X-TILES:RESOLUTION=160x90,LAYOUT=2x2,DURATION=10.000
            tiles2.jpg
            #EXTINF:5,
            whole.jpg
            #EXT-X-ENDLIST
            """
        let cues = ImagePlaylist.cues(playlist, base: "http://tv.example/film/images/160/index.m3u8")
        #expect(cues.map { "\($0.start)-\($0.end)" } == ["0.0-10.0", "10.0-20.0", "20.0-30.0", "30.0-40.0", "40.0-50.0", "50.0-55.0", "55.0-60.0"])
        #expect(cues.map(\.tile) == [
            ThumbnailCue.Tile(x: 0, y: 0, width: 160, height: 90), ThumbnailCue.Tile(x: 160, y: 0, width: 160, height: 90),
            ThumbnailCue.Tile(x: 0, y: 90, width: 160, height: 90), ThumbnailCue.Tile(x: 160, y: 90, width: 160, height: 90),
            ThumbnailCue.Tile(x: 0, y: 0, width: 160, height: 90), ThumbnailCue.Tile(x: 160, y: 0, width: 160, height: 90), nil,
        ])
        #expect(cues[0].image == "http://tv.example/film/images/160/tiles1.jpg" && cues[6].image == "http://tv.example/film/images/160/whole.jpg")
        let odd = ImagePlaylist.cues("#EXTINF:10,\n#EXT-X-TILES:RESOLUTION=0x90,LAYOUT=500x2,DURATION=-1\na.jpg\n", base: "x/i.m3u8")
        #expect(odd.count == 1 && odd[0].tile == nil, "a grid it cannot use: the image whole")
        let huge = String(repeating: "#EXTINF:1e6,\n#EXT-X-TILES:RESOLUTION=1x1,LAYOUT=100x100,DURATION=0.001\na.jpg\n", count: 50)
        #expect(ImagePlaylist.cues(huge, base: "x/i.m3u8", limit: 25_000).count == 25_000, "at most the limit")
    }

    @Test("references resolve against URLs and paths")
    func relative() {
        #expect(RelativeLocation.resolve("a.jpg", against: "http://h/x/y.vtt?q=1") == "http://h/x/a.jpg")
        #expect(RelativeLocation.resolve("a.jpg", against: "http://h") == "http://h/a.jpg")
        #expect(RelativeLocation.resolve("//cdn/a.jpg", against: "https://h/x") == "https://cdn/a.jpg")
        #expect(RelativeLocation.resolve("a.jpg", against: "/media/f.vtt") == "/media/a.jpg")
        #expect(RelativeLocation.resolve("a.jpg", against: "file:///media/f.vtt") == "/media/a.jpg")
    }
}
