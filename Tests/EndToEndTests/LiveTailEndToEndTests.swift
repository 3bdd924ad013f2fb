import Foundation
import ShellTesting
import Testing

/// A programme held back is held 30 s past its guide end on a live channel
/// (the stream's picture comes after its airing), through the real binary
/// and a live HLS stream.
@Suite("The end of a held programme at the live edge, end to end")
struct LiveTailEndToEndTests {
    @Test("a live channel opened just after a TV-MA film's guide end asks for the film, nothing of it decoded; 30 s after its end the prompt lifts by itself and the next programme plays")
    func openedInTheTail() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("live-tail")
        defer { try? FileManager.default.removeItem(at: dir) }
        let end = Date().timeIntervalSince1970.rounded(.down) - 1
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [
            ("Late Film", end - 3600, end, "TV-MA"), ("Cartoons", end, end + 7200, "TV-G"),
        ])
        let home = try ParentalHome.withPasscode()
        let shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: home)
        let asked = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "passcode" }
        try #require(Date().timeIntervalSince1970 < end + 30, "the shell took until \(Date().timeIntervalSince1970 - end) s after the film's end")
        #expect(asked["restricted"] as? Bool == true && asked["rating"] as? String == "TV-MA", "\(asked)")
        #expect(number(asked["frames_presented"]) ?? 0 == 0)

        // No key: the prompt lifts when the film's 30 s are over (timed,
        // or the shell's half-minute look at the clock, whichever comes
        // first); the picture then takes its load's time.
        _ = try shell.ipc.waitForState(timeout: 75) { $0["screen"] as? String == "player" }
        let at = Date().timeIntervalSince1970 - end
        #expect(at >= 30 && at < 61, "the prompt lifted \(at) s after the film's end")
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["screen"] as? String == "player" && playing["restricted"] as? Bool == false, "\(playing)")
    }

    @Test("a prompt up while the TV-MA film airs lifts when the film's 30 s after its end are over, timed to them, not at the shell's next half-minute look at the clock")
    func liftTimed() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("live-tail-timed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let end = Date().timeIntervalSince1970.rounded(.down) + 12
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [
            ("Late Film", end - 3600, end, "TV-MA"), ("Cartoons", end, end + 7200, "TV-G"),
        ])
        let home = try ParentalHome.withPasscode()
        // The shell looks at the clock when it starts and every 30 s after:
        // at `launched + 30` (the film's 30 s not over) and not again
        // before `launched + 60`.
        let launched = Date().timeIntervalSince1970
        let shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: home)
        let asked = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "TV-MA" && number(asked["frames_presented"]) ?? 0 == 0, "\(asked)")

        _ = try shell.ipc.waitForState(timeout: 60) { $0["screen"] as? String != "passcode" }
        let at = Date().timeIntervalSince1970
        #expect(at - end >= 30 && at < launched + 58, "the prompt lifted \(at - end) s after the film's end, \(at - launched) s after the launch")
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["screen"] as? String == "player" && playing["restricted"] as? Bool == false, "\(playing)")
    }
}
