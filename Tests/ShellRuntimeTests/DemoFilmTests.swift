import Foundation
import Logging
import Testing
@testable import ShellRuntime

@Suite("Demo film")
struct DemoFilmTests {
    @Test("two shells starting at once on an empty cache both get the film, made once; what a stopped one left is removed")
    func concurrentStarts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = dir.appendingPathComponent("demo-film.mkv")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for leftover in ["demo-film.partial-99999.mkv", "demo-film.99999.srt", "demo-film.99999.ffmeta"] {
            try Data("left by a shell stopped while making the film".utf8).write(to: dir.appendingPathComponent(leftover))
        }
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let made = Counter()
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let ok = DemoLineup.ensureFilm(at: film, logger: logger, progress: { _ in made.increment() })
            results.append(ok)
        }
        #expect(results.values == [true, true])
        #expect(made.value == 1, "one ffmpeg run; the other shell waited and found the film")
        #expect(FileManager.default.fileExists(atPath: film.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["demo-film.lock", "demo-film.mkv"], "no partial or side file left")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Bool] = []
    func append(_ ok: Bool) { lock.withLock { list.append(ok) } }
    var values: [Bool] { lock.withLock { list } }
}
