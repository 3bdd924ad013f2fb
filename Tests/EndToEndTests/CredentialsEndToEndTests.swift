import Foundation
import ShellTesting
import Testing

/// Accounts in stream URLs (Xtream Codes paths, `user:pass@`, tokens) never
/// reach the log, the automation socket or Now Playing.
@Suite("Credentials in stream URLs stay out of logs, IPC and MPRIS, end to end", .serialized)
struct CredentialsEndToEndTests {
    @Test("an Xtream Codes channel plays; its account, a dead channel's user:pass@ and a logo's token are *** in the log, get_state, events and MPRIS")
    func redacted() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 30)))
        let server = try LocalHTTPServer(files: ["live/alice/s3cretpass/1477.mp4": clip, "logo.png": Data()])
        defer { server.stop() }
        let dir = TVShellBinary.scratchDirectory("credentials")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("account.m3u").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1" tvg-logo="\(server.url("logo.png?token=t0k3nvalue"))",Account One
            \(server.url("live/alice/s3cretpass/1477.mp4"))
            #EXTINF:-1 tvg-chno="2",Account Two
            http://bob:hunter2pw@127.0.0.1:9/stream.m3u8?token=t0k3nvalue
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        let bus = try DBusSession()
        let shell = try ShellUnderTest([lineup], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(server.requests.contains("/live/alice/s3cretpass/1477.mp4"), "the real URL is what is played")
        #expect(playing["url"] as? String == server.url("live/***/***/1477.mp4"))
        let started = try shell.ipc.waitForEvent("playback-started")
        #expect(started["url"] as? String == server.url("live/***/***/1477.mp4"))
        let path = try shell.ipc.request(["get_mpv_property", "path"])["data"] as? String
        #expect(path == server.url("live/***/***/1477.mp4"), "even mpv's own properties")
        let art = try bus.playerctl("metadata", "mpris:artUrl").output
        #expect(art.contains("token=***") && !art.contains("t0k3n"), "MPRIS art: \(art)")

        _ = try shell.ipc.request(["channel", 2])
        let failed = try shell.ipc.waitForEvent("error", timeout: 20)
        let seen = "\(failed)"
        #expect(seen.contains("127.0.0.1:9"), "the error names the server: \(seen)")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("live/***/***/1477.mp4"), "the load is logged, redacted")
        for secret in ["s3cretpass", "hunter2pw", "t0k3nvalue", "alice", "bob:"] {
            #expect(!log.contains(secret), "the log holds \(secret)")
            #expect(!seen.contains(secret), "the error event holds \(secret)")
            #expect(!"\(try shell.ipc.state())".contains(secret), "get_state holds \(secret)")
            #expect(!"\(shell.ipc.events)".contains(secret), "an event holds \(secret)")
        }
        // On screen: the error, then the home list's line about the channel's last failure.
        try shell.ipc.waitForState { $0["screen"] as? String == "error" }
        var screens = [shell.tmux.waitFor { $0.contains("Account Two") }.screen]
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" && $0["home_selection"] as? Int == 1 }
        screens.append(shell.tmux.waitFor { $0.contains("ailed at") }.screen)
        for screen in screens {
            for secret in ["s3cretpass", "hunter2pw", "t0k3nvalue", "alice", "bob:"] { #expect(!screen.contains(secret), "the screen holds \(secret): \(screen)") }
        }
    }

    @Test("a URL played with a token in its query (or an account and no path) is titled by its name alone, not by mpv's file name for it: the token is on no screen, in no state, log, MPRIS title, mpv property or history entry")
    func tokenNotInTitle() throws {
        // A clip with no title of its own, so the title is its name's.
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clipWithSidecar(name: "untitled")))
        let server = try LocalHTTPServer(files: ["films/Night.Drive.2011.720p.mp4": clip, "films/clip.mp4": clip])
        defer { server.stop() }
        let home = ParentalHome(TVShellBinary.scratchDirectory("credentials-title"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let bus = try DBusSession()
        let shell = try ShellUnderTest([server.url("films/Night.Drive.2011.720p.mp4?token=t0k3nvalue")], home: home,
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["title"] as? String == "Night Drive (2011)", "\(playing)")
        try shell.ipc.request(["keypress", "SPACE"])
        let screen = shell.tmux.waitFor { $0.contains("Night Drive (2011)") }
        #expect(screen.ok, "the transport bar shows the title: \(screen.screen)")
        let deadline = Deadline(in: 10)
        var title = try bus.playerctl("metadata", "xesam:title").output
        while title != "Night Drive (2011)" && !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.05)
            title = try bus.playerctl("metadata", "xesam:title").output
        }
        #expect(title == "Night Drive (2011)", "MPRIS: \(title)")
        let state = try shell.ipc.state()

        // A name with no year: mpv's media title for it is its file name
        // with the query ("clip.mp4?token=…"), not to be taken as a title.
        try shell.ipc.request(["play", server.url("films/clip.mp4?token=t0k3nvalue")])
        let clipState = try shell.ipc.waitForState(timeout: 20) {
            $0["phase"] as? String == "playing" && ($0["url"] as? String)?.contains("clip.mp4") == true && (number($0["frames_presented"]) ?? 0) > 0
        }
        #expect(clipState["title"] as? String == "clip", "\(clipState)")
        let clipScreen = shell.tmux.waitFor { $0.contains("clip") }.screen
        for property in ["media-title", "filename", "filename/no-ext"] {
            let value = try shell.ipc.request(["get_mpv_property", property])["data"] as? String
            #expect(value == "clip.mp4?token=***", "\(property): \(value ?? "nil")")
        }
        // A URL with no path: mpv's file name for it is its account and host.
        try shell.ipc.request(["play", "rtsp://alice:hunter2pw@127.0.0.1:9"])
        let failed = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "error" }
        let error = failed["error"] as? [String: Any]
        #expect(error?["title"] as? String == "Could not play “127.0.0.1:9”", "\(failed)")
        let errorScreen = shell.tmux.waitFor { $0.contains("127.0.0.1:9") }.screen
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("playback started: clip\n"), "the start is logged under its title")

        try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)
        let history = try Spawn.run([TVShellBinary.path, "history", "--json"], environment: home.environment)
        #expect(history.output.contains("Night Drive (2011)"), "\(history.output)")
        for seen in [screen.screen, title, "\(state)", "\(shell.ipc.events)", history.output, clipScreen, "\(failed)", errorScreen, log] {
            for secret in ["t0k3n", "hunter2pw", "alice"] { #expect(!seen.contains(secret), "\(secret) shown: \(seen)") }
        }
    }

    @Test("a lineup or guide URL with an account that cannot be read is named on stderr (the journal, under systemd) with the account as ***")
    func stderr() throws {
        let lineup = "http://alice:s3cretpass@127.0.0.1:9/get.php?username=alice&password=s3cretpass&type=m3u_plus"
        let inspect = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup])
        #expect(inspect.status == 66, "\(inspect.output)")
        #expect(inspect.output.contains("127.0.0.1:9/get.php?username=***&password=***"), "\(inspect.output)")
        #expect(!inspect.output.contains("s3cretpass") && !inspect.output.contains("alice"), "\(inspect.output)")
        let dir = TVShellBinary.scratchDirectory("credentials-stderr")
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state").path
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state
        let update = try Spawn.run([TVShellBinary.path, "guide", "update", "--lineup", lineup], environment: environment)
        #expect(update.status != 0)
        #expect(!update.output.contains("s3cretpass"), "\(update.output)")
    }
}
