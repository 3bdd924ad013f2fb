import Foundation
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
}
