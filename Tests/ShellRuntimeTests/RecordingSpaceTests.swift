import Foundation
import Library
@testable import ShellRuntime
import Testing

@Suite("Room for a recording")
struct RecordingSpaceTests {
    @Test("an hour needs about 3.6 GB at 8 Mbit/s: told when less is free, not when more is; the free space of a folder not made yet is its parent's")
    func warning() throws {
        let told = try #require(RecordingSpace.warning(title: "The News", seconds: 3600, free: 1_200_000_000, directory: "/srv/tv"))
        #expect(told == "The News may not fit: 1.2 GB free in /srv/tv, about 3.6 GB needed at 8 Mbit/s; it stops with \"disk full\" keeping what it has")
        #expect(RecordingSpace.warning(title: "The News", seconds: 3600, free: 4_000_000_000, directory: "/srv/tv") == nil)
        #expect(RecordingSpace.size(850_400_000) == "850 MB" && RecordingSpace.size(327_680) == "328 kB")
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("not-made-\(UUID().uuidString)/recordings").path
        #expect(RecordingSpace.freeBytes(at: missing) == RecordingSpace.freeBytes(at: FileManager.default.temporaryDirectory.path))
        #expect((RecordingSpace.freeBytes(at: missing) ?? 0) > 0)
    }

    @Test("reckoned at the channel's latest recording of 10 s or more, else 8 Mbit/s; under way, at its own rate beside the others' needs")
    func rates() throws {
        func recorded(_ id: String, channel: String, start: Double, bytes: Int64, seconds: Double) -> SavedRecording {
            var recording = SavedRecording(id: id, channelNumber: 1, channelName: "One", channelKey: channel, url: "http://x/1.m3u8", headers: "{}",
                                           title: "T", summary: nil, rating: nil, programmeStart: start, start: start, end: start + seconds,
                                           series: false, status: "finished", created: start)
            recording.bytes = bytes
            recording.duration = seconds
            return recording
        }
        let history = [recorded("a", channel: "one", start: 100, bytes: 3_000_000, seconds: 60),
                       recorded("b", channel: "one", start: 200, bytes: 1_200_000, seconds: 30),
                       recorded("c", channel: "one", start: 300, bytes: 9_000_000, seconds: 5),
                       recorded("d", channel: "two", start: 300, bytes: 9_000_000, seconds: 9)]
        #expect(RecordingSpace.rate(channelKey: "one", in: history) == .channel(40_000), "the latest with 10 s in it")
        #expect(RecordingSpace.rate(channelKey: "two", in: history) == .assumed, "too short to tell")
        #expect(RecordingSpace.mbits(40_000) == "0.3 Mbit/s" && RecordingSpace.mbits(1_875_000) == "15 Mbit/s")
        let hour = try #require(RecordingSpace.warning(title: "Film", seconds: 3600, rate: .channel(40_000), free: 100_000_000, directory: "/srv/tv"))
        #expect(hour.contains("about 144 MB needed at the 0.3 Mbit/s its last recording came to"), "\(hour)")
        #expect(RecordingSpace.warning(title: "Film", seconds: 3600, rate: .channel(40_000), free: 200_000_000, directory: "/srv/tv") == nil)
        let uhd = try #require(RecordingSpace.warning(title: "Match", seconds: 3600, rate: .measured(1_875_000), others: 1e9, free: 6_000_000_000, directory: "/srv/tv"))
        #expect(uhd.contains("about 6.8 GB needed at the 15 Mbit/s it is coming to (beside 1.0 GB for the recordings under way)"), "\(uhd)")
        #expect(RecordingSpace.warning(title: "Match", seconds: 3600, rate: .measured(1_875_000), free: 7_000_000_000, directory: "/srv/tv") == nil)
    }
}
