import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A lineup and config for a kiosk: channel 1 (lavfi) is the start and the
/// fallback, channel 2 comes from `streamURL`, channel 3 is dead.
private func kioskSetup(streamURL: String, retries: Int, backoff: String) throws -> (lineup: String, config: String, directory: URL) {
    let dir = TVShellBinary.scratchDirectory("kiosk")
    let lineup = dir.appendingPathComponent("kiosk.m3u").path
    try """
        #EXTM3U
        #EXTINF:-1 tvg-id="bars" tvg-chno="1",Bars
        av://lavfi:smptebars=size=320x180:rate=25
        #EXTINF:-1 tvg-id="flaky" tvg-chno="2",Flaky
        \(streamURL)
        #EXTINF:-1 tvg-id="dead" tvg-chno="3",Dead
        http://127.0.0.1:9/dead/live.m3u8
        """.write(toFile: lineup, atomically: true, encoding: .utf8)
    let config = dir.appendingPathComponent("config.toml").path
    try """
        [kiosk]
        enabled = true
        start = 1
        fallback = 1
        [recovery]
        retries = \(retries)
        backoff = \(backoff)
        """.write(toFile: config, atomically: true, encoding: .utf8)
    return (lineup, config, dir)
}

/// Whether `pid` runs (a zombie waiting for its parent does not).
private func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    return !stat.contains(") Z ")
}

@Suite("Kiosk mode, end to end", .serialized)
struct KioskEndToEndTests {
    @Test("a kiosk given one short film plays it again and again (signage): at its end it starts over, never resting on its last frame")
    func filmLoops() throws {
        let film = try TestMedia.clip(seconds: 5)
        let shell = try ShellUnderTest(["--kiosk", film])
        let first = try shell.ipc.waitForEvent("playback-started", timeout: 20)
        let ended = try shell.ipc.waitForEvent("end-file", timeout: 20)
        let again = try shell.ipc.waitForEvent("playback-started", timeout: 20)
        #expect(first["url"] as? String == film && ended["url"] as? String == film && again["url"] as? String == film, "\(first) \(ended) \(again)")
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 9) < 4 }
        #expect(playing["screen"] as? String == "player" && playing["paused"] as? Bool == false && playing["resume_offer"] is NSNull, "\(playing)")
        _ = try shell.ipc.waitForEvent("end-file", timeout: 20)
        _ = try shell.ipc.waitForEvent("playback-started", timeout: 20)
        kill(try #require(shell.pid), SIGTERM)
        #expect(shell.waitForExit() == 0)
    }

    @Test("a kiosk's film left paused with the info panel up plays on by itself after [kiosk] idle_return, the same film from where it was")
    func idlePlayerPlaysOn() throws {
        let dir = TVShellBinary.scratchDirectory("kiosk-idle")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[kiosk]\nidle_return = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let film = try TestMedia.clip(seconds: 120)
        let shell = try ShellUnderTest(["--kiosk", "--config", config, film])
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        // Started before the keys: idle_return's 3 s run from the last of them.
        let clock = Stopwatch()
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.request(["keypress", "DOWN"])
        let left = try shell.ipc.waitForState { $0["paused"] as? Bool == true && $0["overlay"] as? String == "info" }
        let position = number(left["position"]) ?? 0
        let settled = try shell.ipc.waitForState(timeout: 10) { $0["paused"] as? Bool == false && $0["overlay"] as? String == "none" }
        #expect(clock.elapsed > 2.9, "not before idle_return: \(clock.elapsed) s")
        #expect(settled["screen"] as? String == "player" && settled["url"] as? String == film && (number(settled["position"]) ?? 0) >= position - 0.5, "\(settled)")
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) > position + 0.5 }
    }

    @Test("a kiosk started again with its film part way (a power cut, a restart by systemd) plays on from there by itself: no resume offer waits for a key")
    func resumesByItself() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("kiosk-resume"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let film = try TestMedia.clip(seconds: 120)
        do {
            let shell = try ShellUnderTest(["--kiosk", film], home: home)
            try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
            try shell.ipc.request(["seek", 60, "absolute"])
            try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 61 }
            kill(try #require(shell.pid), SIGTERM)
            #expect(shell.waitForExit() == 0)
        }
        let shell = try ShellUnderTest(["--kiosk", film], home: home)
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect((number(playing["position"]) ?? 0) > 59, "on from where it was: \(playing)")
        #expect(playing["resume_offer"] is NSNull)
        #expect(!shell.tmux.capture().contains("Resume from"))
        kill(try #require(shell.pid), SIGTERM)
        #expect(shell.waitForExit() == 0)
    }

    @Test("q, the IPC quit, SIGINT, SIGQUIT and SIGTSTP are refused; SIGTERM exits cleanly with the terminal restored")
    func cannotEscape() throws {
        let setup = try kioskSetup(streamURL: "http://127.0.0.1:9/x.mkv", retries: 1, backoff: "[1]")
        let shell = try ShellUnderTest(["--lineup", setup.lineup, "--config", setup.config])
        let state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(state["kiosk"] as? Bool == true)
        #expect((state["channel"] as? [String: Any])?["number"] as? Int == 1, "starts on the configured channel")
        try shell.tmux.send("q")
        #expect(shell.tmux.waitFor { $0.contains("quitting needs the admin passcode") }.ok)
        #expect(try shell.ipc.request(["quit"])["error"] as? String == "refused: kiosk mode")
        let pid = try #require(shell.pid)
        let log = { (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "" }
        for (signal, line) in [(SIGINT, "SIGINT/SIGQUIT"), (SIGQUIT, "SIGINT/SIGQUIT"), (SIGTSTP, "SIGTSTP: ignored in kiosk mode")] {
            let seen = log().components(separatedBy: line).count
            kill(pid, signal)
            let deadline = Deadline(in: 5)
            while log().components(separatedBy: line).count == seen && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
            #expect(log().components(separatedBy: line).count > seen, "signal \(signal) was handled")
            #expect(try shell.ipc.state()["phase"] as? String == "playing", "still running after signal \(signal)")
        }
        #expect(shell.tmux.display("#{alternate_on}") == "1")
        kill(pid, SIGTERM)
        #expect(shell.waitForExit() == 0)
        #expect(shell.tmux.display("#{alternate_on}") == "0")
        #expect(shell.tmux.display("#{cursor_flag}") == "1")
        #expect(shell.terminalModesKept(), "stty modes as before: \(shell.tmux.capture())")
    }

    @Test("^S on the keyboard does not freeze the kiosk's picture (a key, not the terminal's flow control); the terminal's modes are as before after it exits")
    func controlSDoesNotFreeze() throws {
        let setup = try kioskSetup(streamURL: "http://127.0.0.1:9/x.mkv", retries: 1, backoff: "[1]")
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        // A moving picture: each frame writes to the terminal (a still one
        // writes nothing once drawn, and never meets the stopped output).
        let moving = setup.directory.appendingPathComponent("moving.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Pattern\nav://lavfi:testsrc2=size=320x180:rate=25\n".write(toFile: moving, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--lineup", moving, "--config", setup.config])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 5 }
        try shell.tmux.send("C-s")
        // The key is read (a later IPC request is answered after it), then
        // the picture must go on: a second of frames at 25 a second.
        let after = number(try shell.ipc.state()["frames_presented"]) ?? 0
        let drawing = try? shell.ipc.waitForState(timeout: 10) { (number($0["frames_presented"]) ?? 0) > after + 25 }
        #expect(drawing != nil, "the picture stopped at \(after) frames after ^S")
        try shell.tmux.send("C-q")
        let pid = try #require(shell.pid)
        kill(pid, SIGTERM)
        #expect(shell.waitForExit() == 0)
        #expect(shell.terminalModesKept(), "stty modes as before (flow control back on): \(shell.tmux.capture())")
    }

    @Test("with the admin passcode set, q asks for it and the right one quits")
    func quitWithPasscode() throws {
        let setup = try kioskSetup(streamURL: "http://127.0.0.1:9/x.mkv", retries: 1, backoff: "[1]")
        let home = try ParentalHome.withPasscode("2468", mode: "off")
        let shell = try ShellUnderTest(["--lineup", setup.lineup, "--config", setup.config], home: home)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.tmux.send("q")
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(shell.tmux.waitFor { $0.contains("admin passcode") }.ok)
        try shell.tmux.send("1", "1", "1", "1")
        try shell.ipc.waitForState { ($0["passcode"] as? [String: Any])?["failures"] as? Int == 1 }
        try shell.tmux.send("2", "4", "6", "8")
        #expect(shell.waitForExit() == 0)
    }

    @Test("a dead channel is retried with “Reconnecting…”, then the fallback plays")
    func retryThenFallback() throws {
        let setup = try kioskSetup(streamURL: "http://127.0.0.1:9/x.mkv", retries: 2, backoff: "[0.5]")
        let shell = try ShellUnderTest(["--lineup", setup.lineup, "--config", setup.config])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        _ = try shell.ipc.request(["channel", 3])
        let retrying = try shell.ipc.waitForState { $0["reconnecting"] is [String: Any] }
        #expect(retrying["screen"] as? String == "interstitial")
        #expect(shell.tmux.waitFor { $0.contains("Reconnecting") && $0.contains("Dead") }.ok)
        let back = try shell.ipc.waitForState(timeout: 20) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" && $0["reconnecting"] is NSNull
        }
        #expect(back["notice"] as? String == "“Dead” is not available: Bars instead")
        let pid = try #require(shell.pid)
        shell.tmux.kill()
        let deadline = Deadline(in: 5)
        while isRunning(pid) && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!isRunning(pid), "a kiosk whose terminal hangs up exits (the service manager starts it again)")
    }

    @Test("a stream whose HTTP server goes away and comes back recovers by itself")
    func httpComesBack() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 4)))
        var server: LocalHTTPServer? = try LocalHTTPServer(files: ["live.mkv": clip])
        let port = server!.port
        let setup = try kioskSetup(streamURL: server!.url("live.mkv"), retries: 50, backoff: "[0.5]")
        let shell = try ShellUnderTest(["--lineup", setup.lineup, "--config", setup.config])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        _ = try shell.ipc.request(["channel", 2])
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && (number($0["frames_presented"]) ?? 0) > 0 }
        server?.stop()
        server = nil
        let down = try shell.ipc.waitForState(timeout: 20) { ($0["reconnecting"] as? [String: Any])?["reason"] as? String != nil && ($0["reconnecting"] as? [String: Any])?["attempt"] as? Int ?? 0 >= 2 }
        #expect(down["screen"] as? String == "interstitial")
        server = try LocalHTTPServer(files: ["live.mkv": clip], port: port)
        let recovered = try shell.ipc.waitForState(timeout: 20) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["reconnecting"] is NSNull && (number($0["frames_presented"]) ?? 0) > 0
        }
        #expect(recovered["screen"] as? String == "player")
        server?.stop()
    }
}

@Suite("libmpv dying", .serialized)
struct PlayerRestartEndToEndTests {
    @Test("when libmpv shuts down by itself, a new one is started and what played plays again")
    func restart() throws {
        let dir = TVShellBinary.scratchDirectory("die")
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = dir.appendingPathComponent("died-once").path
        let script = dir.appendingPathComponent("die-once.lua").path
        try """
            local marker = "\(marker)"
            local f = io.open(marker, "r")
            if f then f:close() else
                io.open(marker, "w"):close()
                mp.add_timeout(1.5, function() mp.command("quit") end)
            end
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--mpv-option", "scripts=\(script)", "av://lavfi:testsrc2=size=320x180:rate=25"])
        let before = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let token = number(before["index"])
        let log = { (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "" }
        let deadline = Deadline(in: 10)
        while !log().contains("libmpv stopped by itself") && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(log().contains("libmpv stopped by itself"))
        #expect(FileManager.default.fileExists(atPath: marker), "the script ran and quit libmpv")
        let after = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(number(after["index"]) == token)
        #expect(try shell.ipc.request(["get_mpv_property", "path"])["data"] as? String == "av://lavfi:testsrc2=size=320x180:rate=25")
    }
}
