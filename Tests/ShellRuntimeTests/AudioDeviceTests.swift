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

/// `PlayerSlots` against real libmpv with a real audio output (mpv's `pcm`,
/// writing a file): one player at a time opens it, as a box's HDMI device
/// through ALSA allows, and it moves to the player to be heard only once
/// the one holding it has closed it.
@Suite("The audio device", .serialized)
struct AudioDeviceTests {
    private func slots(_ directory: String) -> PlayerSlots {
        PlayerSlots(configuration: ShellConfiguration(items: [], video: .none, mpvOptions: [
            .init(key: "ao", value: "pcm"), .init(key: "ao-pcm-file", value: directory + "/sound.wav"),
        ]), logger: Logger(label: "test"))
    }

    /// Serves every player (the spare too) until `done`: held loads are let
    /// go, events drained (the audio device's replies among them).
    private func serve(_ slots: PlayerSlots, _ what: String, until done: () throws -> Bool) throws {
        let deadline = Deadline(in: 15)
        while !deadline.hasPassed {
            if try done() { return }
            let players = slots.pool.all.map(\.player) + (slots.spare.map { [$0] } ?? [])
            var entries = players.map { pollfd(fd: $0.wakeupFD, events: Int16(POLLIN), revents: 0) }
            _ = poll(&entries, nfds_t(entries.count), 50)
            for player in players {
                for (report, token) in player.drain() {
                    if case .preloaded = report { player.continueLoad(token: token) }
                }
            }
        }
        throw SpawnError(message: "not within 15 s: \(what)")
    }

    /// The audio output `player` has open ("" when none).
    private func output(_ player: MPVPlayer) -> String { (try? player.propertyString("current-ao")) ?? "" }

    @Test("a warm neighbour renders its sound to nothing; the device moves to it when it is to be heard, after the old player has closed it")
    func warmNeighbour() throws {
        let directory = TVShellBinary.scratchDirectory("audio")
        let clip = MediaItem(title: "Clip", url: try TestMedia.clip(seconds: 60))
        let slots = slots(directory.path)
        defer { slots.pool.removeAll { $0.shutdown() } }
        #expect(slots.startPlayer(in: .main))
        let first = try #require(slots[.main])
        // Paused, as a player whose sound is rendered as fast as it is
        // decoded (mpv's pcm output) would otherwise be at the end at once:
        // a paused libmpv opens its output all the same.
        try first.loadPaused(clip, token: 1)
        try serve(slots, "the main player opens the output") { output(first) == "pcm" }
        #expect(first.holdsAudio)

        #expect(slots.startPlayer(in: .warmA))
        let warm = try #require(slots[.warmA])
        try warm.loadPaused(clip, token: 2)
        try serve(slots, "the warm player opens an output") { !output(warm).isEmpty }
        #expect(output(warm) == "null", "a warm neighbour leaves the device to the main player")
        #expect(output(first) == "pcm" && !warm.holdsAudio)

        // The zap to it: the players change places, and it is to be heard.
        slots.exchangePlayers(.main, .warmA)
        slots.giveAudio(to: .main)
        #expect(first.isReleasingAudio && !warm.holdsAudio, "the device is not taken before the old player has let it go")
        try serve(slots, "the warm player, now main, takes the output") { output(warm) == "pcm" }
        #expect(warm.holdsAudio && !first.holdsAudio && !first.isReleasingAudio)
        try serve(slots, "the old main player renders to nothing") { output(first) == "null" }

        slots.giveAudio(to: .main)
        #expect(warm.holdsAudio && !first.isReleasingAudio, "the player holding it already: nothing moves")
    }

    @Test("a live channel opening in the spare takes the device, let go before the old stream is stopped")
    func spare() throws {
        let directory = TVShellBinary.scratchDirectory("audio")
        let server = try LocalHTTPServer(directory: (try TestMedia.clip(seconds: 60) as NSString).deletingLastPathComponent)
        defer { server.stop() }
        let name = (try TestMedia.clip(seconds: 60) as NSString).lastPathComponent
        let channel = { (n: Int) in MediaItem(id: "c\(n)", title: "Channel \(n)", url: server.url(name), isLive: true, number: n) }
        let slots = slots(directory.path)
        defer {
            slots.pool.removeAll { $0.shutdown() }
            slots.shutDownSpare()
        }
        #expect(slots.startPlayer(in: .main))
        let first = try #require(slots[.main])
        try first.loadPaused(channel(1), token: 1)
        try serve(slots, "the main player opens the output") { output(first) == "pcm" }

        #expect(slots.handOverMain(for: channel(2), elsewhere: 0, cap: nil))
        let second = try #require(slots[.main])
        #expect(slots.spare === first && first.isReleasingAudio && !second.holdsAudio)
        try second.load(channel(2), token: 2, start: nil)
        slots.giveAudio(to: .main)
        try serve(slots, "the spare, now main, takes the output") { output(second) == "pcm" }
        #expect(second.holdsAudio && !first.holdsAudio)
    }

    @Test("the user's ao=null shares nothing: every player keeps it")
    func nullOutput() throws {
        let slots = PlayerSlots(configuration: ShellConfiguration(items: [], video: .none, mpvOptions: [.init(key: "ao", value: "null")]),
                                logger: Logger(label: "test"))
        defer { slots.pool.removeAll { $0.shutdown() } }
        #expect(slots.startPlayer(in: .main) && slots.startPlayer(in: .warmA))
        let main = try #require(slots[.main]), warm = try #require(slots[.warmA])
        #expect(!main.sharesAudio && !warm.sharesAudio && !main.holdsAudio)
        slots.giveAudio(to: .warmA)
        #expect(!main.isReleasingAudio && slots.audioDeviceFree)
    }
}
