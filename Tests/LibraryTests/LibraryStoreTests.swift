import Foundation
import Library
import MediaModel
import Testing

private func scratch() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)/library.sqlite3").path
}

@Suite("The library database")
struct LibraryStoreTests {
    @Test("an account's answers are kept by request and replaced whole; the oldest fetch is when they were read; forgetting one leaves the others; its films' details go with it")
    func accountAnswers() throws {
        let store = try #require(LibraryStore.open(path: scratch()).store)
        #expect(try store.accountAnswers("tv").fetched == nil)
        try store.replaceAccountAnswers("tv", ["account": Data("{}".utf8), "get_live_streams": Data("[]".utf8)], fetched: 100)
        try store.replaceAccountAnswers("other", ["account": Data("{}".utf8)], fetched: 50)
        let stored = try store.accountAnswers("tv")
        #expect(stored.answers == ["account": Data("{}".utf8), "get_live_streams": Data("[]".utf8)] && stored.fetched == 100)
        try store.replaceAccountAnswers("tv", ["get_series": Data("[1]".utf8)], fetched: 200)
        #expect(try store.accountAnswers("tv").answers == ["get_series": Data("[1]".utf8)])
        try store.keepFilmDetails("tv", film: 201, ratings: "mpaa|R|400|", summary: "A film.", fetched: 300)
        try store.keepFilmDetails("other", film: 201, ratings: nil, summary: nil, fetched: 300)
        #expect(try store.filmDetails("tv", film: 201)?.ratings == "mpaa|R|400|" && store.filmDetails("tv", film: 202) == nil)
        #expect(try store.forgetAccount("tv") == 1)
        #expect(try store.accountAnswers("tv").answers.isEmpty && store.accountAnswers("other").answers.count == 1)
        #expect(try store.filmDetails("tv", film: 201) == nil && store.filmDetails("other", film: 201) != nil, "its films' details go with it")
    }

    @Test("a recording keeps the ratings it is held to, and a series rule its channel's")
    func recordingRatings() throws {
        let store = try #require(LibraryStore.open(path: scratch()).store)
        try store.save(SavedRecording(id: "r", channelNumber: 2, channelName: "Two", channelKey: "two.tv", url: "http://x/2.m3u8", headers: "{}",
                                      title: "Krimi", summary: nil, rating: "16", ratings: "de-movie|Ab 16 Jahren|375|\nus-tv|TV-PG|400|",
                                      programmeStart: 0, start: 0, end: 60, series: true, status: "scheduled", created: 0))
        try store.save(RecordingRule(id: "two.tv|Krimi", channelNumber: 2, channelName: "Two", channelKey: "two.tv", url: "http://x/2.m3u8",
                                     headers: "{}", title: "Krimi", channelRatings: "us-tv|TV-MA|600|", created: 0))
        #expect(try store.recording("r")?.ratings == "de-movie|Ab 16 Jahren|375|\nus-tv|TV-PG|400|")
        #expect(try store.recordingRules().map(\.channelRatings) == ["us-tv|TV-MA|600|"])
    }

    @Test("positions and plays are kept, newest first; forget takes one play, or everything")
    func roundTrip() throws {
        let path = scratch()
        let store = try #require(LibraryStore.open(path: path).store)
        try store.save(SavedPosition(key: "id:a", title: "A", url: "/a.mkv", position: 100, duration: 600, watched: false, updated: 1))
        try store.save(SavedPosition(key: "id:a", title: "A", url: "/a.mkv", position: 130, duration: 600, watched: false, updated: 2))
        try store.save(SavedPosition(key: "id:b", title: "B", url: "/b.mkv", position: 5, duration: 60, watched: false, updated: 3))
        #expect(try store.positions().map(\.key) == ["id:b", "id:a"] && store.positions().last?.position == 130)
        let first = try store.record(HistoryEntry(key: "id:a", title: "A", url: "/a.mkv", live: false, started: 10))
        try store.record(HistoryEntry(key: "id:n", title: "News", url: "av://lavfi:x", live: true, started: 20))
        try store.updateLatest(key: "id:a", position: 130, duration: 600, watched: false)
        #expect(try store.history().map(\.title) == ["News", "A"])
        #expect(try store.history().last?.position == 130)
        #expect(try store.forget(id: first) == 1 && store.history().count == 1)
        try store.forget(id: nil)
        #expect(try store.history().isEmpty && store.positions().isEmpty)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test("the history keeps the newest plays, never more than its limit and a twentieth: a box zapping all day wrote a row a zap for ever; saved positions stay")
    func historyBounded() throws {
        let store = try #require(LibraryStore.open(path: scratch(), historyLimit: 10).store)
        try store.save(SavedPosition(key: "id:film", title: "Film", url: "/f.mkv", position: 100, duration: 600, watched: false, updated: 1))
        for play in 1...25 { try store.record(HistoryEntry(key: "id:\(play)", title: "P\(play)", url: "av://lavfi:x", live: true, started: Double(play))) }
        #expect(try store.history().map(\.title) == (16...25).reversed().map { "P\($0)" })
        #expect(try store.livePlayCounts().count == 10 && store.positions().count == 1)
        let wider = try #require(LibraryStore.open(path: scratch(), historyLimit: 100).store)
        for play in 1...250 { try wider.record(HistoryEntry(key: "id:n", title: "News", url: "av://lavfi:x", live: true, started: Double(play))) }
        let kept = try wider.history()
        #expect(kept.count >= 100 && kept.count <= 105 && kept.first?.started == 250, "\(kept.count)")
    }

    @Test("favourites and reminders are kept, set again without doubles, and removed one by one")
    func favouritesAndReminders() throws {
        let store = try #require(LibraryStore.open(path: scratch()).store)
        try store.setFavourite(FavouriteChannel(key: "bbc1.uk", name: "BBC One", added: 2), on: true)
        try store.setFavourite(FavouriteChannel(key: "Local", name: "Local", added: 1), on: true)
        try store.setFavourite(FavouriteChannel(key: "bbc1.uk", name: "BBC One HD", added: 3), on: true)
        #expect(try store.favourites().map(\.key) == ["Local", "bbc1.uk"] && store.favourites().last?.name == "BBC One HD")
        try store.setFavourite(FavouriteChannel(key: "Local", name: "", added: 0), on: false)
        #expect(try store.favourites().map(\.key) == ["bbc1.uk"])
        let late = SavedReminder(channel: "bbc1.uk", start: 2000, title: "Late", channelName: "BBC One")
        let early = SavedReminder(channel: "itv.uk", start: 1000, title: "Early", channelName: "ITV")
        try store.setReminder(late, on: true)
        try store.setReminder(early, on: true)
        try store.setReminder(late, on: true)
        #expect(try store.reminders() == [early, late])
        try store.setReminder(early, on: false)
        #expect(try store.reminders() == [late])
    }

    @Test("a file of garbage is moved aside, said once, and a new library made")
    func corrupt() throws {
        let path = scratch()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let (store, problem) = LibraryStore.open(path: path, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(store != nil)
        #expect(problem?.contains("moved aside as \(path).broken-") == true, "\(problem ?? "")")
        #expect(FileManager.default.fileExists(atPath: path + ".broken-" + {
            let f = DateFormatter()
            f.dateFormat = "yyyyMMdd-HHmmss"
            return f.string(from: Date(timeIntervalSince1970: 1_800_000_000))
        }()))
        try store?.save(SavedPosition(key: "k", title: "t", url: "u", position: 1, duration: nil, watched: false, updated: 1))
    }

    @Test("a library that cannot be written leaves nothing kept, with the reason")
    func readOnly() throws {
        let path = scratch()
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            // root writes anywhere: a directory in the file's place cannot be opened either.
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } else {
            chmod(directory, 0o500)
        }
        defer { chmod(directory, 0o700) }
        let (store, problem) = LibraryStore.open(path: path)
        #expect(store == nil && problem?.contains("nothing is remembered") == true)
    }

    @Test("identity: the lineup's id; the URL without credentials or tokens; a local file by device, inode and size")
    func identity() throws {
        #expect(ItemIdentity.key(for: MediaItem(id: "bbc1", title: "BBC One", url: "http://x/1.m3u8?token=abc")) == "id:bbc1")
        #expect(ItemIdentity.key(forLocation: "https://user:pw@cdn.example.com/film.m3u8?token=abc&quality=hd&Signature=z")
                == "url:https://cdn.example.com/film.m3u8?quality=hd")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString).mkv").path
        try Data(count: 1234).write(to: URL(fileURLWithPath: path))
        let key = ItemIdentity.key(forLocation: path)
        #expect(key.hasPrefix("file:") && key.hasSuffix(":1234"))
        let moved = path + ".renamed"
        try FileManager.default.moveItem(atPath: path, toPath: moved)
        #expect(ItemIdentity.key(forLocation: moved) == key, "a renamed file keeps its place")
    }
}
