import Catalog
import MediaModel
import Testing

@Suite("Segments: chapter titles, the sidecar file, trust")
struct SegmentTests {
    @Test("chapter titles name segments in English, German, French and Spanish, case and accents aside",
          arguments: [
              ("Intro", Segment.Kind.intro), ("OPENING", .intro), ("Vorspann", .intro), ("Générique", .intro), ("Introducción", .intro),
              ("Previously on", .recap), ("Was bisher geschah", .recap), ("Recap", .recap),
              ("End Credits", .credits), ("Abspann", .credits), ("Générique de fin", .credits), ("Créditos", .credits), ("Outro", .credits),
              ("Next time", .preview), ("Vorschau", .preview),
              ("Advertisement", .commercial), ("Ad Break", .commercial), ("Werbung", .commercial), ("Publicité", .commercial),
          ])
    func chapterNames(_ title: String, _ kind: Segment.Kind) {
        #expect(Segment.kind(ofChapter: title) == kind)
    }

    @Test("ordinary chapter titles name nothing")
    func ordinary() {
        for title in ["Episode", "Part 2", "Chapter 3", "The Introduction of Mr Smith to Paris", "Adverse Effects"] {
            #expect(Segment.kind(ofChapter: title) == nil, "\(title)")
        }
    }

    @Test("a chapter runs to the next one, the last to the end")
    func fromChapters() {
        let chapters = [Chapter(title: "Intro", start: 0), Chapter(title: "Episode", start: 20), Chapter(title: "Advertisement", start: 60),
                        Chapter(title: "Episode", start: 80), Chapter(title: "Credits", start: 160)]
        #expect(Segment.fromChapters(chapters, duration: 180) == [
            Segment(kind: .intro, start: 0, end: 20, source: .chapters), Segment(kind: .commercial, start: 60, end: 80, source: .chapters),
            Segment(kind: .credits, start: 160, end: 180, source: .chapters),
        ])
    }

    @Test("where sources overlap the most trusted stands: the program, then the sidecar, then chapters")
    func trust() {
        let merged = Segment.merged([
            Segment(kind: .intro, start: 0, end: 20, source: .chapters), Segment(kind: .intro, start: 2, end: 18, source: .sidecar),
            Segment(kind: .recap, start: 1, end: 5, source: .library), Segment(kind: .credits, start: 100, end: 90, source: .library),
            Segment(kind: .credits, start: 160, end: 180, source: .chapters),
        ])
        #expect(merged == [Segment(kind: .recap, start: 1, end: 5, source: .library), Segment(kind: .credits, start: 160, end: 180, source: .chapters)])
    }

    @Test("nonsense from a playlist or a file is dropped: an end past 1e9 s, a start before 0, not a number (1e300 ended the process on the transport bar)")
    func nonsense() {
        let merged = Segment.merged([
            Segment(kind: .intro, start: 0, end: 1e300, source: .hls), Segment(kind: .credits, start: 1e300, end: 1e301, source: .sidecar),
            Segment(kind: .recap, start: -5, end: 5, source: .library), Segment(kind: .commercial, start: .nan, end: 30, source: .hls),
            Segment(kind: .commercial, start: 20, end: .infinity, source: .hls), Segment(kind: .preview, start: 500, end: 520, source: .hls),
        ])
        #expect(merged == [Segment(kind: .preview, start: 500, end: 520, source: .hls)])
        #expect(Segment(kind: .intro, start: 0, end: 1e9).isSensible && !Segment(kind: .intro, start: 0, end: 1.0001e9).isSensible)
    }

    @Test("the sidecar: segments read, and a broken one named with its line and key")
    func sidecar() throws {
        let good = """
            [
              {"kind": "intro", "start": 12.0, "end": 71.5},
              {"kind": "commercial", "start": 600, "end": 630}
            ]
            """
        #expect(try SegmentsSidecar.parse(good, path: "a.segments.json") == [
            Segment(kind: .intro, start: 12, end: 71.5, source: .sidecar), Segment(kind: .commercial, start: 600, end: 630, source: .sidecar),
        ])
        let badKind = "[\n  {\"kind\": \"intro\", \"start\": 0, \"end\": 5},\n  {\"kind\": \"outro\", \"start\": 9, \"end\": 12}\n]"
        #expect(throws: SegmentsSidecar.Problem(path: "b.segments.json", line: 3, key: "kind", message: "expected one of intro, recap, credits, preview, commercial")) {
            try SegmentsSidecar.parse(badKind, path: "b.segments.json")
        }
        let reversed = "[{\"kind\": \"intro\", \"start\": 20, \"end\": 5}]"
        #expect(throws: SegmentsSidecar.Problem(path: "c.segments.json", line: 1, key: "end", message: "expected seconds after start")) {
            try SegmentsSidecar.parse(reversed, path: "c.segments.json")
        }
        #expect(throws: SegmentsSidecar.Problem(path: "e.segments.json", line: 1, key: "end", message: "expected seconds within the video (at most 1000000000)")) {
            try SegmentsSidecar.parse("[{\"kind\": \"intro\", \"start\": 0, \"end\": 1e300}]", path: "e.segments.json")
        }
        #expect(throws: SegmentsSidecar.Problem.self) { try SegmentsSidecar.parse("{\"kind\": ", path: "d.json") }
        #expect(SegmentsSidecar.path(for: "/media/Show S01E01.mkv") == "/media/Show S01E01.segments.json")
        #expect(SegmentsSidecar.path(for: "https://example.com/a.m3u8") == nil)
    }
}

@Suite("Ad breaks in HLS playlists")
struct HLSSegmentTests {
    @Test("EXT-X-CUE-OUT / CUE-IN placed by the segment durations before them")
    func cues() {
        let playlist = """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXTINF:2.0,
            a.ts
            #EXTINF:2.0,
            b.ts
            #EXT-X-CUE-OUT:DURATION=4
            #EXTINF:2.0,
            c.ts
            #EXTINF:2.0,
            d.ts
            #EXT-X-CUE-IN
            #EXTINF:2.0,
            e.ts
            #EXT-X-CUE-OUT:6
            #EXTINF:2.0,
            f.ts
            #EXT-X-ENDLIST
            """
        #expect(HLSSegments.breaks(in: playlist) == [
            Segment(kind: .commercial, start: 4, end: 8, source: .hls), Segment(kind: .commercial, start: 10, end: 16, source: .hls),
        ])
    }

    @Test("EXT-X-DATERANGE interstitials and SCTE-35 ranges placed by EXT-X-PROGRAM-DATE-TIME; other ranges ignored")
    func dateRanges() {
        let playlist = """
            #EXTM3U
            #EXT-X-PROGRAM-DATE-TIME:2026-11-23T10:00:00.000Z
            #EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-23T10:00:10.000Z",DURATION=6.0,X-ASSET-URI="http://x/ad.m3u8"
            #EXT-X-DATERANGE:ID="s1",START-DATE="2026-11-23T10:00:20Z",PLANNED-DURATION=4,SCTE35-OUT=0xFC30
            #EXT-X-DATERANGE:ID="chapter",CLASS="com.example.chapter",START-DATE="2026-11-23T10:00:02Z",DURATION=1
            #EXTINF:2.0,
            a.ts
            #EXT-X-ENDLIST
            """
        #expect(HLSSegments.breaks(in: playlist) == [
            Segment(kind: .commercial, start: 10, end: 16, source: .hls), Segment(kind: .commercial, start: 20, end: 24, source: .hls),
        ])
    }
}
