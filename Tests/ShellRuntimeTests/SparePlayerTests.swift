import Foundation
import Logging
import MediaModel
import ShellCore
import ShellProbes
@testable import ShellRuntime
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `PlayerSlots`' spare against real libmpv and live HLS over HTTP: a live
/// channel opens in the spare while the old player ends its stream.
@Suite("The spare player", .serialized)
struct SparePlayerTests {
    private func channel(_ live: SlidingLiveHLS, _ n: Int) -> MediaItem {
        MediaItem(id: "c\(n)", title: "Channel \(n)", url: live.url(channel: n), isLive: true, number: n)
    }

    /// Serves every player (and the spare) until `player` reports playing
    /// `token`: held loads are let go, frames rendered so mpv goes on.
    private func playUntilPlaying(_ slots: PlayerSlots, _ player: MPVPlayer, token: Int) throws {
        let deadline = Deadline(in: 15)
        var fds = slots.spareDescriptors + [player.wakeupFD, player.renderFD]
        while !deadline.hasPassed {
            var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&entries, nfds_t(entries.count), 100)
            for entry in entries where entry.revents != 0 { slots.serviceSpare(entry.fd) }
            var sink = [UInt8](repeating: 0, count: 64)
            while read(player.renderFD, &sink, sink.count) > 0 {}
            if player.renderer?.update() == true { try player.renderer?.render(width: 64, height: 36) }
            for (report, reported) in player.drain() where reported == token {
                if case .preloaded = report { player.continueLoad(token: token) }
                if report == .playing { return }
                if case .failed(let why) = report { throw SpawnError(message: "token \(token) failed: \(why)") }
            }
            fds = slots.spareDescriptors + [player.wakeupFD, player.renderFD]
        }
        throw SpawnError(message: "token \(token) did not play")
    }

    @Test("a live channel opens in the spare while the old stream ends beside it; never past the stream cap, never for what is not live over the network")
    func handOver() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(size: "320x180"), count: 20)
        defer { live.stop() }
        let slots = PlayerSlots(configuration: ShellConfiguration(items: [], mpvOptions: [.init(key: "ao", value: "null")]),
                                logger: Logger(label: "test"))
        defer {
            slots.pool.removeAll { $0.shutdown() }
            slots.shutDownSpare()
        }
        #expect(slots.startPlayer(in: .main))
        let first = try #require(slots[.main])
        #expect(!slots.handOverMain(for: channel(live, 1), elsewhere: 0, cap: nil), "nothing streams yet: nothing to wait for")
        try first.load(channel(live, 1), token: 1)
        try playUntilPlaying(slots, first, token: 1)
        #expect(first.streamsFromNetwork)

        #expect(!slots.handOverMain(for: channel(live, 2), elsewhere: 0, cap: 1), "a second stream, even for a moment, is past a cap of 1")
        #expect(!slots.handOverMain(for: channel(live, 2), elsewhere: 1, cap: 2), "a recording holds the other stream")
        var film = channel(live, 2)
        film.isLive = false
        #expect(!slots.handOverMain(for: film, elsewhere: 0, cap: nil), "not live: no live reader to wait for")
        #expect(!slots.handOverMain(for: MediaItem(id: "l", title: "Local", url: "av://lavfi:testsrc2", isLive: true), elsewhere: 0, cap: nil))
        #expect(slots[.main] === first && slots.spare == nil)

        #expect(slots.handOverMain(for: channel(live, 2), elsewhere: 0, cap: 2, speed: 1.5))
        let second = try #require(slots[.main])
        #expect(second !== first && slots.spare === first, "the old player waits as the spare")
        #expect(!first.streamsFromNetwork, "its stream is stopped")
        try second.load(channel(live, 2), token: 2)
        try playUntilPlaying(slots, second, token: 2)
        #expect(try second.propertyString("speed") == "1.500000", "the spare plays at the speed the old player did")

        #expect(slots.handOverMain(for: channel(live, 3), elsewhere: 0, cap: 2))
        #expect(slots[.main] === first && slots.spare === second, "the two take turns: no third libmpv")
        try first.load(channel(live, 3), token: 3)
        try playUntilPlaying(slots, first, token: 3)
        let requests = live.server.requests
        #expect(requests.contains { $0.hasPrefix("/live3.m3u8") } && requests.contains { $0.hasPrefix("/live2.m3u8") })

        let missing = MediaItem(id: "m", title: "Missing", url: live.server.url("missing.m3u8"), isLive: true, number: 9)
        try first.load(missing, token: 4)
        #expect(first.streamsFromNetwork)
        #expect(failure(of: first, token: 4) != nil)
        #expect(!first.streamsFromNetwork, "a failed load holds no stream")
        #expect(!slots.handOverMain(for: channel(live, 4), elsewhere: 0, cap: 2), "nothing streams: nothing to wait for")
    }

    /// Waits until `player` reports the load `token` failed; its reason.
    private func failure(of player: MPVPlayer, token: Int) -> String? {
        let deadline = Deadline(in: 15)
        while !deadline.hasPassed {
            var entry = pollfd(fd: player.wakeupFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 100)
            for (report, reported) in player.drain() where reported == token {
                if case .failed(let why) = report { return why }
            }
        }
        return nil
    }
}
