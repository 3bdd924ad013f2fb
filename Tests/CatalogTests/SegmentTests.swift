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
        #expect(throws: SegmentsSidecar.Problem.self) { try SegmentsSidecar.parse("{\"kind\": ", path: "d.json") }
        #expect(SegmentsSidecar.path(for: "/media/Show S01E01.mkv") == "/media/Show S01E01.segments.json")
        #expect(SegmentsSidecar.path(for: "https://example.com/a.m3u8") == nil)
    }
}
