import Foundation
import Logging
import MediaModel
import ShellRuntime
import Testing

/// What a `MediaWait` told, from its thread.
private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var reasons: [String] = []
    private var arrivals: [[MediaItem]] = []

    func unread(_ reason: String) { lock.withLock { reasons.append(reason) } }
    func found(_ items: [MediaItem]) { lock.withLock { arrivals.append(items) } }
    var said: [String] { lock.withLock { reasons } }
    var found: [[MediaItem]] { lock.withLock { arrivals } }

    /// Waits until `condition` holds, at most 10 s; whether it did.
    func waitFor(_ condition: (Told) -> Bool) -> Bool { eventually { condition(self) } }
}

@Suite("A box's media paths that hold nothing yet")
struct MediaWaitTests {
    private func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("media-wait-\(UUID().uuidString)")
    }

    private func wait(_ locations: [String], _ told: Told) -> MediaWait {
        MediaWait(locations: locations, interval: 0.02, logger: Logger(label: "test"), unread: { told.unread($0) }) { told.found($0) }
    }

    @Test("a folder's media files, sorted as a person sorts them, hidden ones left out; why a path holds nothing")
    func folder() throws {
        let base = scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        let stick = base.appendingPathComponent("stick").path
        #expect(MediaFolder.files(in: stick) == .failure(.notThere(stick)))
        #expect(MediaFolder.items([stick]).map { $0.map(\.url) } == .success([stick]), "a path not there plays as it is, to show its error")
        #expect(MediaFolder.items([stick], missingAwaited: true).map { $0.map(\.url) } == .failure(.notThere(stick)))
        try FileManager.default.createDirectory(atPath: stick + "/.Trash", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: stick + "/.Trash/old.mkv", contents: Data()))
        #expect(FileManager.default.createFile(atPath: stick + "/notes.txt", contents: Data()))
        #expect(MediaFolder.files(in: stick) == .failure(.noMedia(stick)))
        #expect(MediaFolder.Problem.noMedia(stick).description.hasPrefix("\(stick): no media files in this directory (3gp, aac"))
        try FileManager.default.createDirectory(atPath: stick + "/Show", withIntermediateDirectories: true)
        for name in ["Show/Show.S01E10.mkv", "Show/Show.S01E02.mkv", "Film.2011.MP4"] {
            #expect(FileManager.default.createFile(atPath: stick + "/" + name, contents: Data()))
        }
        #expect(MediaFolder.files(in: stick) == .success([stick + "/Film.2011.MP4", stick + "/Show/Show.S01E02.mkv", stick + "/Show/Show.S01E10.mkv"]))
        let items = try MediaFolder.items([stick, "http://tv.example/live.m3u8"]).get()
        #expect(items.map(\.title) == ["Film 2011", "Show — S01E02", "Show — S01E10", "live"])
    }

    @Test("a folder too large to walk is said so, and looked at again now and then: once it holds few enough, its media is found")
    func tooLarge() throws {
        let base = scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        for n in 1...30 { #expect(FileManager.default.createFile(atPath: base.appendingPathComponent("Episode \(n).mkv").path, contents: Data())) }
        let told = Told()
        let keeper = MediaWait(locations: [base.path], interval: 0.02, mostEntries: 20, tooLargeLooks: 5, logger: Logger(label: "test"),
                               unread: { told.unread($0) }) { told.found($0) }
        defer { keeper.stop() }
        keeper.start(reason: "starting")
        #expect(told.waitFor { $0.said == [MediaFolder.Problem.tooLarge(base.path, 20).description] })
        for n in 6...30 { try FileManager.default.removeItem(at: base.appendingPathComponent("Episode \(n).mkv")) }
        #expect(told.waitFor { $0.found.count == 1 })
        #expect(told.found.first?.map(\.title) == (1...5).map { "Episode \($0)" })
    }

    @Test("each new reason is told once (not there, then empty); once media is there its items are found, once, and looked for no more")
    func foundOnceThere() throws {
        let base = scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        let stick = base.appendingPathComponent("stick").path
        let told = Told()
        let keeper = wait([stick], told)
        keeper.start(reason: MediaFolder.Problem.notThere(stick).description)
        Thread.sleep(forTimeInterval: 0.1)  // five looks' time: the same reason is not told again
        #expect(told.said.isEmpty && told.found.isEmpty, "\(told.said)")
        try FileManager.default.createDirectory(atPath: stick, withIntermediateDirectories: true)
        #expect(told.waitFor { $0.said.count >= 1 }, "the empty folder: \(told.said)")
        Thread.sleep(forTimeInterval: 0.1)  // five looks' time
        #expect(told.said == [MediaFolder.Problem.noMedia(stick).description], "\(told.said)")
        #expect(FileManager.default.createFile(atPath: stick + "/Night.Drive.2011.720p.mkv", contents: Data()))
        #expect(told.waitFor { !$0.found.isEmpty })
        #expect(FileManager.default.createFile(atPath: stick + "/Another.mkv", contents: Data()))
        Thread.sleep(forTimeInterval: 0.2)  // ten looks' time: found no more
        #expect(told.found.map { $0.map(\.title) } == [["Night Drive (2011)"]], "\(told.found)")
        keeper.stop()
    }

    @Test("stopped (another lineup switched to), it looks no more: media put there after is not found")
    func stopped() throws {
        let base = scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        let told = Told()
        let keeper = wait([base.path], told)
        keeper.start(reason: "not there")
        keeper.stop()
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: base.path + "/film.mkv", contents: Data()))
        Thread.sleep(forTimeInterval: 0.2)  // ten looks' time
        #expect(told.found.isEmpty && told.said.isEmpty, "\(told.found) \(told.said)")
    }
}
