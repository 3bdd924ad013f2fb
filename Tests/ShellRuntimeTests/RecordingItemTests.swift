import Catalog
import Foundation
import Library
import MediaModel
@testable import ShellRuntime
import Testing

/// `RecordingItem`: what plays a recording made in parts.
@Suite("Recording items")
struct RecordingItemTests {
    @Test("one file plays as itself; parts play as one EDL timeline whose paths are prefixed with their length in bytes")
    func parts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-item-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Café, news; late - One - 2026-11-29 21.00.mkv").path
        _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
        let recording = SavedRecording(id: "r", channelNumber: 1, channelName: "One", channelKey: "one", url: "http://x/1.m3u8", headers: "{}",
                                       title: "Café", summary: nil, rating: nil, programmeStart: 0, start: 0, end: 60, series: false,
                                       status: "finished", created: 0)
        var saved = recording
        saved.path = path
        saved.bytes = 1
        #expect(RecordingItem.make(saved)?.url == path)
        let second = RecordingsSettings.partPath(path, part: 2), fourth = RecordingsSettings.partPath(path, part: 4)
        _ = FileManager.default.createFile(atPath: second, contents: Data([1]))
        _ = FileManager.default.createFile(atPath: fourth, contents: Data([1]))
        #expect(RecordingsSettings.parts(of: path) == [path, second], "parts stop at the first missing")
        #expect(RecordingItem.make(saved)?.url == "edl://%\(path.utf8.count)%\(path);%\(second.utf8.count)%\(second)")
        #expect(path.utf8.count > path.count, "the prefix counts bytes")
        saved.duration = 3_912
        #expect(RecordingItem.make(saved)?.summary?.hasPrefix("One · ") == true && RecordingItem.make(saved)?.summary?.hasSuffix(" · 1 h 05 min") == true,
                "the channel, the air time, the length: \(RecordingItem.make(saved)?.summary ?? "")")
        saved.reason = "the stream stopped once; recorded in 2 parts"
        #expect(RecordingItem.make(saved)?.summary?.hasSuffix(" · 1 h 05 min · the stream stopped once; recorded in 2 parts") == true, "its gap told")
        #expect([0, 0.5, 45.9, 59.5, 60, 719, 3_599, 3_600, 36_000, .nan, 1e300].map(RecordingItem.length)
                == [nil, nil, "45 s", "59 s", "1 min", "12 min", "1 h 00 min", "1 h 00 min", "10 h 00 min", nil, nil])
        saved.status = "failed"
        saved.reason = "disk full"
        #expect(RecordingItem.make(saved)?.summary?.hasSuffix(" · stopped early: disk full") == true)
        saved.bytes = 0
        #expect(RecordingItem.make(saved) == nil, "nothing recorded: nothing to play")
    }

    @Test("a recording plays held to the ratings kept with it, of each kind; one made before those were kept reads its published rating as TV's, a bare age included")
    func rating() {
        let fsk16 = RatingsTable.standard.rating(system: "de-movie", code: "Ab 16 Jahren")!, tvPG = RatingsTable.standard.rating(system: "us-tv", code: "TV-PG")!
        var recording = SavedRecording(id: "r", channelNumber: 2, channelName: "Two", channelKey: "two.tv", url: "http://x/2.m3u8", headers: "{}",
                                       title: "Krimi", summary: nil, rating: "16", ratings: RatingsTable.keep([tvPG, fsk16]),
                                       programmeStart: 0, start: 0, end: 60, series: false, status: "finished", created: 0)
        recording.path = "/tmp/krimi.mkv"
        recording.bytes = 1
        #expect(RecordingItem.make(recording)?.ratingsHeldTo == [tvPG, fsk16])
        #expect(RecordingService.info(recording).ratingsHeldTo == [tvPG, fsk16])
        recording.ratings = nil
        #expect(RecordingItem.make(recording)?.contentRating == ContentRating(system: "age-tv", code: "16+", rank: 600, media: .tv))
        recording.rating = "TV-MA"
        #expect(RecordingItem.make(recording)?.contentRating?.rank == 600)
    }
}
