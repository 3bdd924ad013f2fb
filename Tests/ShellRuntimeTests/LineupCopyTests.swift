import Foundation
import Catalog
import Logging
import MediaModel
import ShellCore
import ShellProbes
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

    @Test("a copy not kept again for 90 days (a lineup switched away from) and a .part a day old go when another is kept; newer ones, and one stamped in the future, stay")
    func pruned() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-copies-pruned")
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = LineupCopy(directory: dir.appendingPathComponent("lineups").path)
        let now = Date()
        try copy.keep(Data("#EXTM3U\nold\n".utf8), for: "http://old.example/tv.m3u")
        try copy.keep(Data("#EXTM3U\nrecent\n".utf8), for: "http://recent.example/tv.m3u")
        try copy.keep(Data("#EXTM3U\nahead\n".utf8), for: "http://ahead.example/tv.m3u")
        let part = copy.directory + "/0123.m3u.part", freshPart = copy.directory + "/4567.m3u.part"
        for path in [part, freshPart] { _ = FileManager.default.createFile(atPath: path, contents: Data("#EXT".utf8)) }
        func stamp(_ path: String, _ date: Date) throws { try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path) }
        try stamp(copy.path(for: "http://old.example/tv.m3u"), now.addingTimeInterval(-91 * 86_400))
        try stamp(copy.path(for: "http://recent.example/tv.m3u"), now.addingTimeInterval(-89 * 86_400))
        try stamp(copy.path(for: "http://ahead.example/tv.m3u"), now.addingTimeInterval(400 * 86_400))
        try stamp(part, now.addingTimeInterval(-2 * 86_400))
        try stamp(freshPart, now.addingTimeInterval(-3600))
        try copy.keep(Data("#EXTM3U\nnew\n".utf8), for: "http://new.example/tv.m3u")
        #expect(copy.read("http://old.example/tv.m3u") == nil && !FileManager.default.fileExists(atPath: part))
        #expect(copy.read("http://recent.example/tv.m3u") != nil && copy.read("http://ahead.example/tv.m3u") != nil && copy.read("http://new.example/tv.m3u") != nil)
        #expect(FileManager.default.fileExists(atPath: freshPart), "a write that may still be under way")
        #expect(copy.prune(now: now).isEmpty, "nothing more to remove")
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

    @Test("read again every 12 h; after a failure 15 s later, then twice as long each time, at most 10 minutes apart (never beyond the age)")
    func refreshDelays() {
        #expect(LineupRefresher.delay(failures: 0, first: 15, maximumAge: 43200) == 43200)
        #expect((1...8).map { LineupRefresher.delay(failures: $0, first: 15, maximumAge: 43200) } == [15, 30, 60, 120, 240, 480, 600, 600])
        #expect(LineupRefresher.delay(failures: 5, first: 15, maximumAge: 120) == 120)
    }

    @Test("an answer kept as the copy while a refresh waits holds a channel in its first 256 KiB: a long lineup cut there mid-line still does, an error page or junk before any channel does not")
    func beginsWithChannel() {
        let entry = "#EXTINF:-1 tvg-id=\"c\",A channel with a long name\nhttp://tv.example/stream/with/a/long/path.ts\n"
        let long = "#EXTM3U\n" + String(repeating: entry, count: LineupRefresher.headBytes / entry.utf8.count * 3)
        #expect(LineupRefresher.beginsWithChannel(Data(long.utf8)))
        #expect(LineupRefresher.beginsWithChannel(Data(("#EXTM3U\n" + entry).utf8)))
        #expect(!LineupRefresher.beginsWithChannel(Data("<html><body>Service unavailable</body></html>".utf8)))
        #expect(!LineupRefresher.beginsWithChannel(Data("#EXTM3U\n".utf8)))
        #expect(!LineupRefresher.beginsWithChannel(Data()))
        let late = "#EXTM3U\n" + String(repeating: "# a comment line\n", count: LineupRefresher.headBytes / 17 + 1) + entry
        #expect(!LineupRefresher.beginsWithChannel(Data(late.utf8)))
    }
}

/// What a lineup server answers, changed by the test.
private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var channels = 2
    private var seen: [(Set<String>, [MediaItem])] = []
    private var told: [String] = []

    private var page: Data?

    func serve(_ count: Int) { lock.withLock { (channels, page) = (count, nil) } }
    /// Answers `body` instead of a lineup until `serve(_:)`.
    func serve(body: String) { lock.withLock { page = Data(body.utf8) } }
    var data: Data {
        lock.withLock {
            page ?? Data(("#EXTM3U\n" + (1...channels).map { "#EXTINF:-1 tvg-id=\"c\($0)\",Channel \($0)\nhttp://tv.example/\($0).ts" }.joined(separator: "\n")).utf8)
        }
    }
    /// The items of the lineup served now, as the shell shows them.
    var items: [MediaItem] { M3UParser.parse(String(decoding: data, as: UTF8.self)).playableChannels().items }
    func applied(_ ids: Set<String>, _ items: [MediaItem]) { lock.withLock { seen.append((ids, items)) } }
    func tell(_ text: String) { lock.withLock { told.append(text) } }
    var applies: [(Set<String>, [MediaItem])] { lock.withLock { seen } }
    var messages: [String] { lock.withLock { told } }
}

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("A lineup read again while the shell runs, against a real HTTP server")
struct LineupRefresherTests {
    /// Waits up to `timeout` seconds for `done`.
    static func wait(_ timeout: Double, until done: () -> Bool) -> Bool {
        let deadline = Deadline(in: timeout)
        while !done() {
            if deadline.hasPassed { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// A scratch directory and a real HTTP server answering every request
    /// with `Answer.data` (two channels until told otherwise).
    private static func serve(_ name: String) throws -> (URL, Answer, LocalHTTPServer) {
        let answer = Answer()
        return (TVShellBinary.scratchDirectory(name), answer, try LocalHTTPServer(responder: { _ in answer.data }))
    }

    @Test("read again each maximum age: a changed answer replaces the items shown and is kept; a failure keeps them and is tried again soon; the same answer changes nothing")
    func readAgain() throws {
        let (dir, answer, server) = try Self.serve("lineup-refresher")
        defer { try? FileManager.default.removeItem(at: dir) }
        defer { server.stop() }
        let location = server.url("tv.m3u")
        let copy = LineupCopy(directory: dir.path)
        let shown = answer.items
        answer.serve(3)
        let refresher = LineupRefresher(location: location, copy: copy, maximumAge: 0.3, logger: Logger(label: "test"), firstRetry: 0.2,
                                        tell: { answer.tell($0) }, apply: { ids, items, _ in answer.applied(ids, items) })
        defer { refresher.stop() }
        refresher.start(shown: shown, fromCopy: false)
        #expect(Self.wait(5) { answer.applies.count == 1 })
        let first = try #require(answer.applies.first)
        #expect(first.0 == Set(shown.map(\.id)) && first.1.map(\.title) == ["Channel 1", "Channel 2", "Channel 3"])
        #expect(answer.messages == ["The lineup was read again: 3 channels"])
        #expect(copy.read(location).map { String(decoding: $0.data, as: UTF8.self).contains("Channel 3") } == true)

        server.inject(.serverError)
        let failed = server.requests.count
        #expect(Self.wait(5) { server.requests.count >= failed + 2 }, "tried again after a failure")
        answer.serve(1)
        #expect(copy.read(location).map { String(decoding: $0.data, as: UTF8.self).contains("Channel 3") } == true, "a failure keeps the copy")
        server.inject(nil)
        #expect(Self.wait(5) { answer.applies.count == 2 })
        #expect(answer.applies.last?.0 == Set(first.1.map(\.id)) && answer.applies.last?.1.map(\.title) == ["Channel 1"], "replacing what the last answer showed")
        let asked = server.requests.count
        #expect(Self.wait(5) { server.requests.count >= asked + 2 })
        #expect(answer.applies.count == 2, "the same answer again changes nothing")
    }

    @Test("no reading is parsed while the last one applied waits to be shown (a big lineup is never held shown, waiting and parsed at once), but the lineup is still read each maximum age and kept as the copy (not an answer with no channels); the next is applied once it is shown")
    func waitsForTheLastShown() throws {
        let (dir, answer, server) = try Self.serve("lineup-refresher-waiting")
        defer { try? FileManager.default.removeItem(at: dir) }
        defer { server.stop() }
        let shown = answer.items
        answer.serve(3)
        let looks = CallCounter(), released = CallCounter()
        let location = server.url("tv.m3u"), copy = LineupCopy(directory: dir.path)
        func kept() -> String? { copy.read(location).map { String(decoding: $0.data, as: UTF8.self) } }
        let refresher = LineupRefresher(location: location, copy: copy, maximumAge: 0.2, logger: Logger(label: "test"), firstRetry: 0.2,
                                        tell: { answer.tell($0) }, apply: { ids, items, _ in answer.applied(ids, items) },
                                        waiting: {
                                            guard answer.applies.count == 1, released.value == 0 else { return false }
                                            looks.add()
                                            return true
                                        })
        defer { refresher.stop() }
        refresher.start(shown: shown, fromCopy: false)
        #expect(Self.wait(5) { answer.applies.count == 1 })
        #expect(kept()?.contains("Channel 3") == true)
        answer.serve(1)
        #expect(Self.wait(5) { looks.value >= 5 }, "looked again and again while the refresh waited")
        #expect(Self.wait(5) { kept()?.contains("Channel 3") == false }, "read again and kept as the copy while the refresh waits")
        answer.serve(body: "<html>Service unavailable</html>")
        let asked = server.requests.count
        #expect(Self.wait(5) { server.requests.count >= asked + 2 })
        #expect(kept()?.contains("Channel 1") == true, "an answer with no channels does not replace the copy")
        #expect(answer.applies.count == 1 && answer.messages.count == 1, "nothing applied or told while the last reading is not shown")
        answer.serve(1)
        released.add()
        #expect(Self.wait(5) { answer.applies.count == 2 }, "read once it is shown")
        #expect(answer.applies.last?.1.map(\.title) == ["Channel 1"])
    }

    @Test("the shell tells its keepers a refresh waits from the moment it is handed over until it is shown, as the store reduces them")
    func shellSaysWaiting() {
        let items = (1...3).map { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: "http://tv.example/\(n).ts", isLive: true, number: n) }
        let shell = Shell(configuration: ShellConfiguration(items: items, video: .none), logger: Logger(label: "test"))
        let waiting = shell.isRefreshWaiting()
        #expect(!waiting())
        shell.control.refreshItems(replacing: Set(items.map(\.id)), with: Array(items.prefix(2)))
        #expect(waiting(), "handed over while the viewer browses: it waits for the rows to rest")
        #expect(shell.store.state.pendingRefresh != nil)
        shell.store.send(.timerFired(.refreshSettle, at: Instant(seconds: 10)))
        #expect(shell.store.state.pendingRefresh == nil && shell.store.state.items.count == 2)
        #expect(!waiting(), "shown")
    }

    @Test("once a refresh is shown, nothing holds the items the shell started with (a big lineup's were held beside the new ones for the whole run)")
    func startItemsLetGo() {
        var started = (1...3).map { (number: Int) in
            MediaItem(id: "c\(number)", title: "Channel \(number)", url: "http://tv.example/\(number).ts", isLive: true, number: number)
        }
        let storage = started.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let shell = Shell(configuration: ShellConfiguration(items: started, video: .none), logger: Logger(label: "test"))
        let refreshed = started.map { item in
            var item = item
            item.title += " HD"
            return item
        }
        shell.control.refreshItems(replacing: Set(started.map(\.id)), with: refreshed)
        shell.store.send(.timerFired(.refreshSettle, at: Instant(seconds: 10)))
        #expect(shell.store.state.items.map(\.title) == ["Channel 1 HD", "Channel 2 HD", "Channel 3 HD"])
        // Written to, the array is copied unless this is its only holder.
        let written = started.withUnsafeMutableBufferPointer { UnsafeRawPointer($0.baseAddress) }
        #expect(written == storage, "the start's items are held by the shell still")
    }

    @Test("a lineup URL that lists films on this machine: read again, its films have their .nfo's rating and plot and their artwork, as at the start; the lineup's names stay")
    func sidecarsReadAgain() throws {
        let (dir, answer, server) = try Self.serve("lineup-refresher-sidecars")
        defer { try? FileManager.default.removeItem(at: dir) }
        defer { server.stop() }
        let films = dir.appendingPathComponent("films")
        try FileManager.default.createDirectory(at: films, withIntermediateDirectories: true)
        for name in ["Night.Drive.2011.mkv", "Night.Drive.2011.jpg"] { try Data([0]).write(to: films.appendingPathComponent(name)) }
        try "<movie><title>Night Drive</title><plot>A plot.</plot><mpaa>US:Rated R</mpaa></movie>"
            .write(to: films.appendingPathComponent("Night.Drive.2011.nfo"), atomically: true, encoding: .utf8)
        let film = films.appendingPathComponent("Night.Drive.2011.mkv").path
        answer.serve(body: "#EXTM3U\n#EXTINF:-1 tvg-id=\"n\",Films: Night Drive\n\(film)\n#EXTINF:-1 tvg-id=\"c1\",Channel 1\nhttp://tv.example/1.ts\n")
        let refresher = LineupRefresher(location: server.url("tv.m3u"), copy: LineupCopy(directory: dir.path), maximumAge: 0.2, logger: Logger(label: "test"),
                                        firstRetry: 0.2, tell: { answer.tell($0) }, apply: { ids, items, _ in answer.applied(ids, items) })
        defer { refresher.stop() }
        refresher.start(shown: [], fromCopy: false)
        #expect(Self.wait(5) { answer.applies.count == 1 })
        let items = try #require(answer.applies.first?.1)
        #expect(items.map(\.title) == ["Films: Night Drive", "Channel 1"], "the lineup's names")
        #expect(items.first?.contentRating?.code == "R" && items.first?.summary == "A plot.", "the .nfo beside the film: \(items)")
        #expect(items.first?.artwork == films.appendingPathComponent("Night.Drive.2011.jpg").path)
        #expect(items.last?.contentRating == nil && items.last?.artwork == nil)
    }

    @Test("an answer of the same bytes as those the items shown came from is not parsed again (nothing applied, however the items shown differ); a changed answer is, and then its same bytes are not")
    func sameBytes() throws {
        let (dir, answer, server) = try Self.serve("lineup-refresher-bytes")
        defer { try? FileManager.default.removeItem(at: dir) }
        defer { server.stop() }
        let location = server.url("tv.m3u")
        let refresher = LineupRefresher(location: location, copy: LineupCopy(directory: dir.path), maximumAge: 0.2, logger: Logger(label: "test"),
                                        firstRetry: 0.2, tell: { answer.tell($0) }, apply: { ids, items, _ in answer.applied(ids, items) })
        defer { refresher.stop() }
        refresher.start(shown: [], fromCopy: false, bytes: LineupRefresher.digest(answer.data))
        #expect(Self.wait(5) { server.requests.count >= 3 })
        #expect(answer.applies.isEmpty, "the same bytes: not parsed, so not told from the (empty) items shown")
        answer.serve(3)
        #expect(Self.wait(5) { answer.applies.count == 1 })
        #expect(answer.applies.first?.1.map(\.title) == ["Channel 1", "Channel 2", "Channel 3"] && answer.applies.first?.0 == [])
        let asked = server.requests.count
        #expect(Self.wait(5) { server.requests.count >= asked + 2 })
        #expect(answer.applies.count == 1 && answer.messages == ["The lineup was read again: 3 channels"])
        #expect(LineupRefresher.digest(Data("a".utf8)) != LineupRefresher.digest(Data("b".utf8)))
    }

    @Test("a set of the system clock has a read that failed tried again at once, not after its wait; a lineup read fine keeps its wait")
    func clockSet() throws {
        let (dir, answer, server) = try Self.serve("lineup-refresher-clock")
        defer { try? FileManager.default.removeItem(at: dir) }
        defer { server.stop() }
        let shown = answer.items
        answer.serve(3)
        let healthy = LineupRefresher(location: server.url("fine.m3u"), copy: LineupCopy(directory: dir.path), maximumAge: 3600, logger: Logger(label: "test"),
                                      firstRetry: 600, tell: { _ in }, apply: { _, _, _ in })
        defer { healthy.stop() }
        healthy.start(shown: shown, fromCopy: false)
        server.inject(.serverError)
        let refresher = LineupRefresher(location: server.url("tv.m3u"), copy: LineupCopy(directory: dir.path), maximumAge: 3600, logger: Logger(label: "test"),
                                        firstRetry: 600, tell: { answer.tell($0) }, apply: { ids, items, _ in answer.applied(ids, items) })
        defer { refresher.stop() }
        refresher.start(shown: shown, fromCopy: true)
        server.inject(nil)
        refresher.clockWasSet()
        healthy.clockWasSet()
        #expect(Self.wait(5) { answer.applies.count == 1 }, "read again at once")
        #expect(answer.applies.first?.1.map(\.title) == ["Channel 1", "Channel 2", "Channel 3"])
        #expect(server.requests.allSatisfy { !$0.contains("fine.m3u") }, "the lineup read fine waits its 12 h: \(server.requests)")
    }
}

@Suite("An account's lists read again")
struct AccountRefresherWaitTests {
    @Test("the wait until the lists are old is at least a minute and never more than their maximum age, a fetch time in the future (the clock set back, a box in 1970) included")
    func waits() {
        #expect(AccountRefresher.wait(fetched: 1000, maximumAge: 3600, now: 1600) == 3000)
        #expect(AccountRefresher.wait(fetched: 1000, maximumAge: 3600, now: 4590) == 60)
        #expect(AccountRefresher.wait(fetched: 1_800_000_000, maximumAge: 3600, now: 0) == 3600)
    }
}
