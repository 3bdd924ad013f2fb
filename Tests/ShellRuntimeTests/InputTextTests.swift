import Catalog
import Foundation
import ShellProbes
import Testing
@testable import ShellRuntime

@Suite("A lineup's bytes as text")
struct InputTextTests {
    @Test("UTF-8 as it is, a BOM kept for the parser")
    func utf8() {
        #expect(InputLoader.text(Data("#EXTM3U\nÉcran ✓\n".utf8)) == "#EXTM3U\nÉcran ✓\n")
        #expect(InputLoader.text(Data([0xEF, 0xBB, 0xBF] + Array("#EXTM3U".utf8))) == "\u{FEFF}#EXTM3U")
        #expect(InputLoader.text(Data()) == "")
    }

    @Test("not UTF-8: Latin-1, every byte the character of its code point, as Foundation decodes it")
    func latin1() {
        #expect(InputLoader.text(Data([0x63, 0x61, 0x66, 0xE9, 0x0A])) == "café\n")
        let every = Data((0...255).map { UInt8($0) })
        let decoded = InputLoader.text(every)
        #expect(decoded.unicodeScalars.map(\.value) == (0...255).map { UInt32($0) })
        #expect(decoded == String(data: every, encoding: .isoLatin1))
    }
}

@Suite("A lineup's file read")
struct LineupFileTests {
    @Test("read whole into one buffer of its size, a MiB at a time, byte for byte; parsed from its bytes as from its text, Latin-1 too; an HLS playlist is no lineup")
    func readWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-file-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "#EXTM3U\n"
        for index in 0..<70_000 { text += "#EXTINF:-1 group-title=\"Télé\",Chaîne \(index)\nhttp://s.example/\(index).ts\n" }
        let path = folder.appendingPathComponent("big.m3u").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let data = try InputLoader.lineup(path)
        #expect(data.count > 3 << 20 && data == Data(text.utf8))
        let parsed = try #require(InputLoader.parseLineup(data))
        #expect(parsed.channels.count == 70_000 && parsed.channels.last?.name == "Chaîne 69999" && parsed.channels == M3UParser.parse(text).channels)
        let latin = Data("#EXTM3U\n#EXTINF:-1,Caf".utf8) + Data([0xE9]) + Data("\nhttp://s/1\n".utf8)
        #expect(InputLoader.parseLineup(latin)?.channels.map(\.name) == ["Café"])
        #expect(InputLoader.parseLineup(Data("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nseg1.ts\n".utf8)) == nil)
    }

    @Test("a file over the limit is refused with the reason once its first bytes are seen, not read")
    func tooBig() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-too-big-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.m3u").path
        let entries = (0..<2_000).map { "#EXTINF:-1,Channel \($0)\nhttp://s/\($0)\n" }.joined()
        try Data(("#EXTM3U\n" + entries).utf8).write(to: URL(fileURLWithPath: path))
        // Sparse: its size is over the limit, its blocks are not written.
        #expect(truncate(path, off_t(InputLoader.largest + 1)) == 0)
        func peak() throws -> Int { try #require(ProcessSample.read(getpid())?.peakKiB) }
        let before = try peak()
        #expect(throws: InputLoader.Failure.self) { try InputLoader.lineup(path) }
        #expect(try peak() - before < 128 << 10, "not read: 256 MiB would have been held")
        do {
            _ = try InputLoader.lineup(path)
        } catch let failure as InputLoader.Failure {
            #expect(failure.reason == "larger than 256 MiB")
        }
    }
}
