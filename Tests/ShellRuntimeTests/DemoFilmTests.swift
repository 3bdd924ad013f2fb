import Foundation
import Logging
import MediaModel
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

@Suite("Demo guide")
struct DemoGuideTests {
    @Test("the demo's programmes do not depend on when it started: two starts 17 minutes apart, across a half hour, show the same programme at the same time on every channel")
    func sameScheduleWhenStartedAgain() {
        let items = ["demo.testcard", "demo.fractal", "demo.life", "demo.latenight", "demo.offair"].map {
            MediaItem(id: $0, title: $0, url: "av://lavfi:testsrc2", isLive: true, guideID: $0)
        }
        let first = 1_796_504_100.0, second = first + 17 * 60
        let before = DemoLineup.guide(for: items, around: first), after = DemoLineup.guide(for: items, around: second)
        for channel in before.channelIDs {
            for time in stride(from: second, through: first + 6 * 3600, by: 900) {
                let a = before.nowNext(channel: channel, at: time).now, b = after.nowNext(channel: channel, at: time).now
                #expect(a != nil && a?.title == b?.title, "\(channel) at \(time): \(a?.title ?? "-") then \(b?.title ?? "-")")
            }
        }
        #expect(before.channelIDs.count == 5)
    }
}
