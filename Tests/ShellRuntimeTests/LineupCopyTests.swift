import Foundation
@testable import ShellRuntime
import ShellTesting
import Testing

@Suite("The kept copies of lineups read from URLs")
struct LineupCopyTests {
    @Test("kept and read back whole, one file per URL named by its hash, 0600; a local path is not kept")
    func keptAndRead() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-copies")
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = LineupCopy(directory: dir.appendingPathComponent("lineups").path)
        let first = "http://tv.example/get.php?username=a&password=b", second = "http://tv.example/get.php?username=a&password=c"
        #expect(copy.read(first) == nil)
        try copy.keep(Data("#EXTM3U\none\n".utf8), for: first)
        try copy.keep(Data("#EXTM3U\ntwo\n".utf8), for: second)
        try copy.keep(Data("#EXTM3U\nthree\n".utf8), for: second)
        #expect(copy.read(first).map { String(decoding: $0.data, as: UTF8.self) } == "#EXTM3U\none\n")
        #expect(copy.read(second).map { String(decoding: $0.data, as: UTF8.self) } == "#EXTM3U\nthree\n", "replaced")
        #expect(copy.path(for: first) != copy.path(for: second) && copy.path(for: first) == LineupCopy(directory: copy.directory).path(for: first))
        let files = try FileManager.default.contentsOfDirectory(atPath: copy.directory).sorted()
        #expect(files.count == 2 && !files.contains { $0.hasSuffix(".part") }, "\(files)")
        #expect((try FileManager.default.attributesOfItem(atPath: copy.path(for: first)))[.posixPermissions] as? Int == 0o600)
        #expect(abs((copy.read(first)?.kept.timeIntervalSinceNow ?? 99)) < 5)
        #expect(LineupCopy.keeps(first) && LineupCopy.keeps("https://tv.example/a.m3u") && !LineupCopy.keeps("/srv/tv.m3u") && !LineupCopy.keeps("file:///srv/tv.m3u"))
    }

    @Test("a cache that cannot be written: the reason, nothing half written")
    func unwritable() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-copies-blocked")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: dir.appendingPathComponent("cache"))
        let copy = LineupCopy(directory: dir.appendingPathComponent("cache/tvshell/lineups").path)
        #expect(throws: LineupCopy.Failure.self) { try copy.keep(Data("#EXTM3U\n".utf8), for: "http://tv.example/a.m3u") }
        #expect(copy.read("http://tv.example/a.m3u") == nil)
    }

    @Test("tried again 15 s after the start, then twice as long each time, at most 10 minutes apart")
    func retryDelays() {
        #expect((1...8).map { LineupRetry.delay(attempt: $0, first: 15) } == [15, 30, 60, 120, 240, 480, 600, 600])
    }
}
