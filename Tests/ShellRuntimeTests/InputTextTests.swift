import Catalog
import Foundation
import MediaModel
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

    @Test("not UTF-8: Windows-1252 (a playlist saved on Windows), Latin-1 with its quotes, € and dashes at 0x80–0x9F")
    func windows1252() {
        #expect(InputLoader.text(Data([0x63, 0x61, 0x66, 0xE9, 0x0A])) == "café\n")
        #expect(InputLoader.text(Data("Don".utf8) + Data([0x92]) + Data("t Stop ".utf8) + Data([0x96, 0x20, 0x80, 0x35, 0xE9])) == "Don’t Stop – €5é")
        let every = Data((0...255).map { UInt8($0) })
        let decoded = InputLoader.text(every)
        #expect(decoded.unicodeScalars.map(\.value) == (0...255).map { Windows1252.scalar(UInt8($0)).value })
        #expect(decoded == Windows1252.decode(every))
        #expect(decoded.unicodeScalars.map(\.value)[0xA0...] == (0xA0...0xFF).map { UInt32($0) }[...], "Latin-1 above 0x9F")
        #expect(Windows1252.scalar(0x81) == "\u{81}" && Windows1252.scalar(0x9F) == "Ÿ")
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
        let winamp = Data("#EXTM3U\n#EXTINF:215,Band - Don".utf8) + Data([0x92]) + Data("t Stop\nBand\\Don".utf8) + Data([0x92]) + Data("t Stop.mp3\n".utf8)
        let song = try #require(InputLoader.parseLineup(winamp, from: "/music/Favourites.m3u")?.channels.first)
        #expect(song.name == "Band - Don’t Stop" && song.url == "/music/Band/Don’t Stop.mp3", "Winamp's playlist names the file as the disk does: \(song.url)")
        #expect(InputLoader.parseLineup(Data("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nseg1.ts\n".utf8)) == nil)
    }

    /// `text` through the system's gzip, as a provider's `.m3u.gz` is made.
    static func gzipped(_ text: Data) throws -> Data { try gzip(text) }

    private static func gzip(_ text: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread { input.fileHandleForWriting.write(text); try? input.fileHandleForWriting.close() }
        writer.start()
        let packed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return packed
    }

    @Test("a gzip lineup (.m3u.gz, from a file or a URL) is unpacked and read as the plain one, members joined too; one that is a guide, binary, cut short or unpacks past the limit is refused with the reason")
    func gzipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-gzip-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "#EXTM3U\n"
        for index in 0..<20_000 { text += "#EXTINF:-1 tvg-id=\"c\(index)\" group-title=\"Télé\",Chaîne \(index)\nhttp://s.example/\(index).ts\n" }
        let plain = Data(text.utf8)
        let packed = try Self.gzip(plain)
        #expect(packed.count < plain.count / 4 && Gzip.isGzip(packed))
        let path = folder.appendingPathComponent("lineup.m3u.gz").path
        try packed.write(to: URL(fileURLWithPath: path))
        #expect(try InputLoader.lineup(path) == plain, "a file: unpacked byte for byte")
        #expect(InputLoader.parseLineup(try InputLoader.lineup(path))?.channels == M3UParser.parse(text).channels)

        let half = plain.count / 2
        let joined = try Self.gzip(plain.prefix(half)) + Self.gzip(plain.dropFirst(half))
        try joined.write(to: URL(fileURLWithPath: path))
        #expect(try InputLoader.lineup(path) == plain, "two members, as cat a.gz b.gz makes")

        let server = try LocalHTTPServer(files: ["list.m3u.gz": packed, "guide.gz": try Self.gzip(Data("<?xml version=\"1.0\"?>\n<tv></tv>\n".utf8))])
        defer { server.stop() }
        #expect(try InputLoader.lineup(server.url("list.m3u.gz")) == plain, "a URL: unpacked")

        func reason(_ location: String) -> String? {
            do {
                _ = try InputLoader.lineup(location)
                return nil
            } catch let failure as InputLoader.Failure {
                return failure.reason
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(server.url("guide.gz")) == "is compressed (gzip) and is an XMLTV guide, not a lineup: give it as the guide (--guide)")
        try packed.prefix(packed.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(reason(path) == "is compressed (gzip) but cannot be unpacked (it ends before its end)")
        try Self.gzip(Data(count: 8 << 20)).write(to: URL(fileURLWithPath: path))
        #expect(reason(path) == "is compressed (gzip) and is binary data, not a lineup", "zeros: refused at their first bytes")
        let line = Data("#EXTINF:-1,Channel\nhttp://s.example/1.ts\n".utf8)
        var bomb = Data("#EXTM3U\n".utf8)
        while bomb.count < 1 << 20 { bomb += line }
        let member = try Self.gzip(bomb)
        let many = Data((0..<3).flatMap { _ in member })
        #expect(throws: Gzip.Failure.tooLarge(limit: 2 << 20), "text past the limit: refused there") { try Gzip.inflate(many, limit: 2 << 20) }
        #expect(Gzip.Failure.tooLarge(limit: InputLoader.largest).description == "unpacks to more than 256 MiB")
        #expect(try Gzip.inflate(many, limit: 4 << 20).count == bomb.count * 3)
        #expect(try Gzip.inflate(many, limit: 100, cut: true) == bomb.prefix(100), "cut: how it starts")
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
