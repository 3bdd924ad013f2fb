import Catalog
import Foundation
import MediaModel
import Testing

/// Gzips `data` with the system's gzip.
private func gzipped(_ data: Data) throws -> Data {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xmltv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("guide.xml")
    try data.write(to: file)
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
    gzip.arguments = ["-9", file.path]
    try gzip.run()
    gzip.waitUntilExit()
    return try Data(contentsOf: dir.appendingPathComponent("guide.xml.gz"))
}

private let tiny = """
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv>
  <channel id="a"><display-name>A &amp; B</display-name><icon src="http://x/a.png"/></channel>
  <programme start="20240101120000 +0000" stop="20240101130000 +0000" channel="a"><title>Noon &lt;live&gt;</title><desc><![CDATA[Bread & butter]]></desc></programme>
</tv>
"""

@Suite("XMLTV read by libxml2's streaming reader")
struct XMLTVReaderTests {
    @Test("every shared guide reads the same from memory, from a file, and gzipped (in memory and as a .gz file)")
    func sources() throws {
        for name in ["xmltv_project_t_data_test.xml", "xmltv_wiki_schedulesdirect_2008_sample.xml"] {
            let data = try SharedData.data(name)
            let plain = XMLTVParser.parse(data)
            #expect(plain.problems.isEmpty && !plain.programmes.isEmpty, "\(name): \(plain.problems)")
            let zipped = try gzipped(data)
            #expect(zipped.starts(with: [0x1F, 0x8B]))
            #expect(XMLTVParser.parse(zipped) == plain, "\(name) gzipped in memory")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xmltv-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            try data.write(to: dir.appendingPathComponent("guide.xml"))
            try zipped.write(to: dir.appendingPathComponent("guide.xml.gz"))
            #expect(XMLTVParser.parse(path: dir.appendingPathComponent("guide.xml").path) == plain, "\(name) from a file")
            #expect(XMLTVParser.parse(path: dir.appendingPathComponent("guide.xml.gz").path) == plain, "\(name) from a .gz file")
        }
    }

    @Test("the predefined entities, CDATA and self-closing elements read; the DOCTYPE naming xmltv.dtd is accepted and not fetched")
    func textForms() throws {
        let guide = XMLTVParser.parse(Data(tiny.utf8))
        #expect(guide.problems.isEmpty, "\(guide.problems)")
        #expect(guide.channels == [GuideChannel(id: "a", names: ["A & B"], icon: "http://x/a.png")])
        #expect(guide.programmes.map(\.title) == ["Noon <live>"])
        #expect(guide.programmes.first?.summary == "Bread & butter")
    }

    @Test("a billion-laughs guide and an external-entity guide are refused with a message, nothing of them used")
    func hostile() throws {
        let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE tv [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <tv><programme start="20240101120000 +0000" channel="a"><title>&lol9;</title></programme></tv>
        """
        let external = """
        <?xml version="1.0"?>
        <!DOCTYPE tv [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
        <tv><programme start="20240101120000 +0000" channel="a"><title>&secret;</title></programme></tv>
        """
        for (name, xml) in [("billion laughs", laughs), ("external entity", external)] {
            let guide = XMLTVParser.parse(Data(xml.utf8))
            #expect(guide.programmes.isEmpty && guide.channels.isEmpty, "\(name): nothing used")
            #expect(guide.problems.count == 1 && guide.problems[0].message.contains("declares its own entities"), "\(name): \(guide.problems)")
            #expect(!guide.problems[0].message.contains("root:"), "the file is never read")
        }
    }

    @Test("an element of 1 001 attributes is refused (libxml2 would take quadratic time), from memory, a file and gzip; 1 000, quoted > and = and comments pass")
    func manyAttributes() throws {
        func guide(attributes: Int) -> String {
            "<tv><!-- a = b = c --><channel id=\"a\" note='x > y = z'><display-name>A</display-name></channel>"
                + "<programme start=\"20240101120000 +0000\" channel=\"a\" "
                + (0..<(attributes - 2)).map { "x\($0)=\"1\"" }.joined(separator: " ") + "><title>T</title></programme></tv>"
        }
        let fine = XMLTVParser.parse(Data(guide(attributes: 1000).utf8))
        #expect(fine.programmes.map(\.title) == ["T"] && fine.problems.isEmpty, "\(fine.problems)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("attrs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("g.xml").path
        try guide(attributes: 1001).write(toFile: path, atomically: true, encoding: .utf8)
        let gzip = try Process.run(URL(fileURLWithPath: "/bin/gzip"), arguments: ["-k", path])
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
        for tooMany in [XMLTVParser.parse(Data(guide(attributes: 1001).utf8)), XMLTVParser.parse(path: path), XMLTVParser.parse(path: path + ".gz")] {
            #expect(tooMany.programmes.isEmpty && tooMany.channels.isEmpty)
            #expect(tooMany.problems.map(\.message) == ["an element has more than 1000 attributes; refused; nothing of it is used"])
        }
    }

    @Test("an invalid byte in an element name is an error: the programmes read before it are kept, nothing crashes")
    func invalidByte() throws {
        var bytes = Array("<tv>\n".utf8)
        for n in 0..<400 {
            bytes += Array("<programme start=\"20240101120000 +0000\" channel=\"a\"><title>Kept \(n)</title></programme>\n".utf8)
        }
        bytes += Array("<progr".utf8) + [0xFF, 0xFE] + Array("amme start=\"20240101130000 +0000\" channel=\"a\"><title>Lost</title></programme>\n</tv>\n".utf8)
        let guide = XMLTVParser.parse(Data(bytes))
        #expect(guide.programmes.count > 300 && guide.programmes.allSatisfy { $0.title.hasPrefix("Kept") }, "\(guide.programmes.count) kept")
        #expect(guide.problems.count == 1 && guide.problems[0].message.hasPrefix("XML error:") && guide.problems[0].line > 300, "\(guide.problems)")
        let corrupt = XMLTVParser.parse(Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01, 0x02]))
        #expect(corrupt.programmes.isEmpty && !corrupt.problems.isEmpty, "a corrupt gzip is a problem, not a crash: \(corrupt.problems)")
    }
}

@Suite("Telling an HLS playlist from a lineup")
struct HLSPlaylistTests {
    @Test("a media or master playlist is HLS; a lineup, even naming .m3u8 streams, is not")
    func detects() {
        #expect(M3UParser.isHLSPlaylist("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg0.ts\n"))
        #expect(M3UParser.isHLSPlaylist("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow.m3u8\n"))
        #expect(!M3UParser.isHLSPlaylist("#EXTM3U\n#EXTINF:-1 tvg-id=\"a\",A\nhttp://x/a.m3u8\n#EXT-X-TARGET\n"))
        #expect(!M3UParser.isHLSPlaylist(""))
    }
}
