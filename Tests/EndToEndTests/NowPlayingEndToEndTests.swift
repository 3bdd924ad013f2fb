import Foundation
import ShellTesting
import Testing

private func channelNumber(_ state: [String: Any]) -> Int? { (state["channel"] as? [String: Any])?["number"] as? Int }

/// Waits until `condition` holds for what `read` returns (playerctl answers
/// as the bus sees the state, a moment after IPC does).
private func eventually(timeout: Double = 10, _ read: () throws -> String, _ condition: (String) -> Bool) rethrows -> String {
    let deadline = Deadline(in: timeout)
    var value = try read()
    while !condition(value) && !deadline.hasPassed {
        Thread.sleep(forTimeInterval: 0.05)
        value = try read()
    }
    return value
}

@Suite("Now Playing on D-Bus (MPRIS), driven with playerctl", .serialized)
struct NowPlayingEndToEndTests {
    private static let cache = DemoLineupEndToEndTests.cacheHome

    @Test("the film's title and position; playerctl pauses, seeks and flips to the next channel, which cannot seek")
    func film() throws {
        let bus = try DBusSession()
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: Self.cache, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
        let title = try eventually({ try bus.playerctl("metadata", "title").output }) { !$0.isEmpty && !$0.contains("No player") }
        #expect(title == playing["title"] as? String)
        #expect(try bus.playerctl("status").output == "Playing")

        #expect(try bus.playerctl("pause").status == 0)
        let paused = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let position = try #require(number(paused["position"]))
        let reported = try #require(Double(try eventually({ try bus.playerctl("position").output }) { abs((Double($0) ?? -9) - position) <= 0.5 }))
        #expect(abs(reported - position) <= 0.5, "playerctl \(reported), IPC \(position)")
        #expect(try bus.playerctl("status").output == "Paused")

        #expect(try bus.playerctl("position", "30").status == 0)
        let sought = try shell.ipc.waitForState { abs((number($0["position"]) ?? 0) - 30) < 0.5 }
        #expect(sought["paused"] as? Bool == true)
        #expect(try eventually({ try bus.playerctl("position").output }) { abs((Double($0) ?? 0) - 30) < 0.5 }.hasPrefix("30"))

        try shell.ipc.discardEvents()
        #expect(try bus.playerctl("next").status == 0)
        let flip = try shell.ipc.waitForEvent("channel-flip-completed")
        #expect(flip["success"] as? Bool == true)
        try shell.ipc.waitForState { channelNumber($0) == 1 && $0["phase"] as? String == "playing" }
        #expect(try eventually({ try bus.playerctl("metadata", "title").output }) { $0 == "Test Card" } == "Test Card")
        #expect(try bus.playerctl("metadata", "album").output == "Test Card")
        let canSeek = try bus.busctl("get-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "CanSeek")
        #expect(canSeek.output == "b false")
        try shell.ipc.discardEvents()
        #expect(try bus.playerctl("next").status == 0)
        let next = try shell.ipc.waitForEvent("channel-flip-completed")
        #expect(((next["target"] as? [String: Any])?["number"] as? Int) == 2, "events as for the key")
    }

    @Test("playerctl volume and the Rate property set libmpv's volume and speed; the new values are published")
    func volumeAndRate() throws {
        let bus = try DBusSession()
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: Self.cache, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        _ = try eventually({ try bus.playerctl("status").output }) { $0 == "Playing" }
        let set = try bus.playerctl("volume", "0.5")
        #expect(set.status == 0, "\(set.output)")
        func mpv(_ name: String) throws -> Double? {
            let reply = try shell.ipc.request(["get_mpv_property", name])
            return (reply["data"] as? NSNumber)?.doubleValue ?? (reply["data"] as? String).flatMap { Double($0) }
        }
        let deadline = Deadline(in: 5)
        while try mpv("volume") != 50 && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try mpv("volume") == 50)
        #expect(try eventually({ try bus.playerctl("volume").output }) { $0.hasPrefix("0.5") }.hasPrefix("0.5"))

        let rate = try bus.busctl("set-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                  "Rate", "d", "1.5")
        #expect(rate.status == 0, "\(rate.output)")
        let speedDeadline = Deadline(in: 5)
        while try mpv("speed") != 1.5 && !speedDeadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try mpv("speed") == 1.5)
        let published = try bus.busctl("get-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Rate")
        #expect(published.output == "d 1.5", "\(published.output)")

        // Not a number is refused and changes nothing (it used to pause and
        // silence); infinity is the most there is.
        for property in ["Rate", "Volume"] {
            let refused = try bus.busctl("set-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                         property, "d", "nan")
            #expect(refused.status != 0, "\(property) nan: \(refused.output)")
        }
        let loudest = try bus.busctl("set-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                     "Volume", "d", "inf")
        #expect(loudest.status == 0, "\(loudest.output)")
        let loudDeadline = Deadline(in: 5)
        while try mpv("volume") == 50 && !loudDeadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try mpv("volume") == 130, "the most tvshell sets (130 %)")
        #expect(try mpv("speed") == 1.5)
        #expect(try shell.ipc.state()["paused"] as? Bool == false)
    }

    @Test("with the passcode prompt up the bus can do nothing and never names the restricted channel; playerctl sees a paused stand-in track")
    func prompt() throws {
        let bus = try DBusSession()
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: Self.cache, home: home,
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        let shown = try eventually({ try bus.playerctl("metadata", "title").output }) { $0 == "Restricted (TV-MA)" }
        #expect(shown == "Restricted (TV-MA)", "playerctl prints the stand-in")
        #expect(try bus.playerctl("status").output == "Paused")
        let track = try bus.playerctl("metadata", "mpris:trackid").output.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        #expect(track == "/org/mpris/MediaPlayer2/tvshell/restricted", "a valid trackid naming nothing: \(track)")
        for capability in ["CanPause", "CanSeek", "CanGoNext", "CanGoPrevious"] {
            let value = try bus.busctl("get-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", capability).output
            #expect(value == "b false", "\(capability): \(value)")
        }
        let metadata = try bus.busctl("get-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                      "Metadata").output
        #expect(!metadata.contains("Late Night") && !metadata.contains("Midnight") && !metadata.contains("After Dark"), "\(metadata)")
        #expect(metadata.contains("Restricted (TV-MA)"), "\(metadata)")
        let play = try bus.busctl("call", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", "Play")
        #expect(play.status != 0 && play.output.contains("refused"), "\(play.output)")
        #expect(try bus.playerctl("play").status != 0 || (try shell.ipc.state())["screen"] as? String == "passcode", "playerctl play opens nothing")
        #expect(try shell.ipc.state()["screen"] as? String == "passcode")
    }

    @Test("kiosk mode refuses Quit from the bus")
    func kiosk() throws {
        let bus = try DBusSession()
        let shell = try ShellUnderTest(["--kiosk"], connectTimeout: 120, cacheHome: Self.cache, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let canQuit = try eventually({
            try bus.busctl("get-property", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", "CanQuit").output
        }) { $0 == "b false" }
        #expect(canQuit == "b false")
        let quit = try bus.busctl("call", "org.mpris.MediaPlayer2.tvshell", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", "Quit")
        #expect(quit.status != 0 && quit.output.contains("refused"), "\(quit.output)")
        #expect(try shell.ipc.state()["kiosk"] as? Bool == true)
        #expect(shell.pid != nil, "still running")
    }

    @Test("a file whose timestamps jump 3.6·10¹⁴ s ahead mid-way (a fragment's start of 2⁶² ticks) plays on with no position; the bus gets none, and the shell is not ended")
    func timestampsJump() throws {
        let dir = TVShellBinary.scratchDirectory("mpris-jump")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("jump.mp4")
        let made = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                                  "-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
                                  "-movflags", "frag_keyframe+empty_moov+default_base_moof", "-video_track_timescale", "12800", clip.path])
        #expect(made.status == 0, "\(made.output)")
        // Each fragment's `tfdt` (version 1: a 64-bit start) from the third on moves 2^62 ticks ahead.
        var bytes = [UInt8](try Data(contentsOf: clip))
        var fragments = 0
        for at in 0..<(bytes.count - 16) where bytes[at] == 0x74 && bytes[at + 1] == 0x66 && bytes[at + 2] == 0x64 && bytes[at + 3] == 0x74 {
            fragments += 1
            guard fragments >= 3, bytes[at + 4] == 1 else { continue }
            bytes[at + 8] |= 0x40
        }
        #expect(fragments > 3)
        try Data(bytes).write(to: clip)

        let bus = try DBusSession()
        let shell = try ShellUnderTest([clip.path], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        // A position first (the first two seconds have sensible times), then none.
        _ = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && number($0["position"]) != nil }
        _ = try eventually({ try bus.playerctl("status").output }) { $0 == "Playing" }
        let jumped = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && $0["position"] is NSNull }
        #expect(jumped["duration"] is NSNull || (number(jumped["duration"]) ?? 0) < 60, "\(jumped)")
        let position = try bus.playerctl("position")
        #expect(position.status == 0 && (Double(position.output) ?? .infinity) < 60, "\(position.output)")
        #expect(try shell.ipc.state()["phase"] as? String == "playing", "the same process plays on")
        // Paused, the transport bar stays up to be read.
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true && $0["transport_visible"] as? Bool == true }
        let screen = shell.tmux.waitFor { $0.contains("0:00") && $0.contains("jump") }
        #expect(screen.ok && !screen.screen.contains("jump.mp4"), "the transport bar drawn, the file's name made readable: \(screen.screen)")
    }
}
