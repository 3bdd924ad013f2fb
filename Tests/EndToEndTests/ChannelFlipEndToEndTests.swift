import Foundation
import ShellTesting
import Testing

private func channelNumber(_ state: [String: Any]) -> Int? { (state["channel"] as? [String: Any])?["number"] as? Int }
private func targetNumber(_ event: [String: Any]) -> Int? { (event["target"] as? [String: Any])?["number"] as? Int }

/// The demo lineup from its home screen, `channel` tuned by IPC and
/// playing (and whatever `also` asks of that state).
private func demoTuned(to channel: Int, width: Int = 100, height: Int = 30,
                       also: @escaping ([String: Any]) -> Bool = { _ in true }) throws -> ShellUnderTest {
    let shell = try ShellUnderTest(["--home"], width: width, height: height, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
    try shell.ipc.waitForState { $0["screen"] as? String == "home" }
    #expect(try shell.ipc.request(["channel", channel])["error"] as? String == "success")
    try shell.ipc.waitForState { channelNumber($0) == channel && $0["phase"] as? String == "playing" && also($0) }
    return shell
}

extension DemoLineupEndToEndTests {
    @Test("flip, into the dead channel and back, three quick flips load the first and the last, number entry, guide")
    func flipping() throws {
        let shell = try ShellUnderTest([], width: 100, height: 30, connectTimeout: 120, cacheHome: Self.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try shell.ipc.request(["channel", 3])["error"] as? String == "success")
        try shell.ipc.waitForState { channelNumber($0) == 3 && $0["phase"] as? String == "playing" }

        try shell.tmux.send("Right")
        let started = try shell.ipc.waitForEvent("channel-flip-started")
        #expect(targetNumber(started) == 4)
        let done = try shell.ipc.waitForEvent("channel-flip-completed")
        #expect(targetNumber(done) == 4 && done["success"] as? Bool == true)
        try shell.ipc.waitForState { channelNumber($0) == 4 && $0["screen"] as? String == "player" && $0["flip_pending"] as? Bool == false }

        try shell.tmux.send("Right")
        let failed = try shell.ipc.waitForEvent("channel-flip-completed") { targetNumber($0) == 5 }
        #expect(failed["success"] as? Bool == false && failed["superseded"] == nil)
        let shown = shell.tmux.waitFor { $0.contains("Off Air is not available right now") && $0.contains("Its server refused the connection.") }
        #expect(shown.ok, "the interstitial says so plainly, and why: \(shown.screen)")
        #expect(!shown.screen.contains("127.0.0.1") && !shown.screen.contains("loading failed"), "no URL, no mpv text: \(shown.screen)")
        let failing = try shell.ipc.state()
        #expect((failing["flip_failure_reason"] as? String)?.contains("127.0.0.1") == true, "the reason over IPC")
        let back = try shell.ipc.waitForState { channelNumber($0) == 4 && $0["screen"] as? String == "player" && $0["phase"] as? String == "playing" }
        #expect(back["flip_pending"] as? Bool == false)
        #expect(back["notice"] as? String == "Off Air is not available right now: back to 4 Late Night Bars")
        #expect(shell.tmux.waitFor { $0.contains("back to 4 Late Night Bars") }.ok, "the notice after the fallback")

        let logBefore = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        try shell.tmux.send("Right", "Right", "Right")
        let final = try shell.ipc.waitForEvent("channel-flip-completed") { $0["superseded"] == nil }
        #expect(targetNumber(final) == 2 && final["success"] as? Bool == true, "4 → 5 → 1 → 2")
        let superseded = shell.ipc.events.filter { $0["event"] as? String == "channel-flip-completed" && $0["superseded"] as? Bool == true }
        #expect(superseded.compactMap(targetNumber) == [5, 1])
        try shell.ipc.waitForState { channelNumber($0) == 2 && $0["screen"] as? String == "player" }
        let logAfter = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        let loads = logAfter.dropFirst(logBefore.count).components(separatedBy: "\n").filter { $0.contains(" load ") }
        #expect(loads.count == 2 && loads[1].contains("mandelbrot"),
                "the first press loads its target at once; the gathered presses load only the final one, which replaces it: \(loads)")

        try shell.tmux.send("3")
        // The key travels through tmux and the pty, the request through the socket: wait for the key.
        try shell.ipc.waitForState(timeout: 1.5) { $0["channel_entry"] as? String == "3" }
        #expect(shell.tmux.waitFor { $0.contains("3_") }.ok)
        let tuned = try shell.ipc.waitForState(timeout: 5) { channelNumber($0) == 3 }
        #expect(tuned["channel_entry"] is NSNull)

        try shell.tmux.send("9", "9", "Enter")
        try shell.ipc.waitForState { $0["notice"] as? String == "No channel 99" }
        #expect(shell.tmux.waitFor { $0.contains("No channel 99") }.ok)

        try shell.tmux.send("g")
        try shell.ipc.waitForState { $0["screen"] as? String == "guide" && ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        let grid = shell.tmux.waitFor { screen in ["Gliders at Dawn", "Oscillators", "The Garden of Eden"].contains { screen.contains($0) } && screen.contains("ENTER watch") }
        #expect(grid.ok, "g opens the grid: \(grid.screen)")
        try shell.tmux.send("g")
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "list" }
        let guide = shell.tmux.waitFor { screen in
            screen.contains("DEMO CHANNELS") && ["Gliders at Dawn", "Oscillators", "The Garden of Eden"].contains { screen.contains($0) }
        }
        #expect(guide.ok, "the guide lists channels with now / next: \(guide.screen)")
        try shell.tmux.send("Down", "Enter")
        try shell.ipc.waitForState { channelNumber($0) == 4 && $0["screen"] as? String == "player" }
    }

    @Test("[channels] instant_digits: a number no further digit can make another of the demo's is tuned at once; a leading zero waits and shows the digits")
    func instantDigits() throws {
        let dir = TVShellBinary.scratchDirectory("instant-digits")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[channels]\ninstant_digits = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--home", "--config", config], width: 100, height: 30, connectTimeout: 120, cacheHome: Self.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try shell.ipc.request(["channel", 1])["error"] as? String == "success")
        try shell.ipc.waitForState { channelNumber($0) == 1 && $0["phase"] as? String == "playing" }
        try shell.tmux.send("2")
        // Under the 2 s a number otherwise waits.
        let tuned = try shell.ipc.waitForState(timeout: 1.5) { channelNumber($0) == 2 }
        #expect(tuned["channel_entry"] is NSNull)
        try shell.tmux.send("0", "3")
        try shell.ipc.waitForState(timeout: 1.5) { $0["channel_entry"] as? String == "03" }
        #expect(shell.tmux.waitFor { $0.contains("03_") }.ok)
        try shell.ipc.waitForState(timeout: 5) { channelNumber($0) == 3 && $0["channel_entry"] is NSNull }
    }

    @Test("the numeric keypad in application mode (tmux, PuTTY send ESC O r for its 2): its digits type a number, its ENTER tunes it, its - goes back")
    func keypadInApplicationMode() throws {
        let shell = try ShellUnderTest(["--home"], width: 100, height: 30, connectTimeout: 120, cacheHome: Self.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try shell.ipc.request(["channel", 1])["error"] as? String == "success")
        try shell.ipc.waitForState { channelNumber($0) == 1 && $0["phase"] as? String == "playing" }
        try shell.tmux.send("KP0", "KP2")
        try shell.ipc.waitForState(timeout: 1.5) { $0["channel_entry"] as? String == "02" }
        try shell.tmux.send("KPEnter")
        try shell.ipc.waitForState(timeout: 1.5) { channelNumber($0) == 2 && $0["channel_entry"] is NSNull }
        try shell.tmux.send("KP-")
        try shell.ipc.waitForState(timeout: 5) { channelNumber($0) == 1 }
        #expect(try shell.ipc.state()["screen"] as? String != "home", "no key of the keypad's was taken for ESC")
    }

    @Test("LEFT on a paused channel with no timeshift says there is no rewind and stays, paused, on the channel")
    func pausedLiveLeft() throws {
        let shell = try demoTuned(to: 1)
        try shell.tmux.send("Space")
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        try shell.tmux.send("Left")
        let said = try shell.ipc.waitForState { $0["badge"] as? String == "No rewind on this channel" }
        #expect(channelNumber(said) == 1 && said["paused"] as? Bool == true && said["flip_pending"] as? Bool == false)
        #expect(shell.tmux.waitFor { $0.contains("No rewind on this channel") }.ok, "said on screen: \(shell.tmux.capture())")
        #expect(said["screen"] as? String == "player", "the key reduced at once: no flip began")
    }

    @Test("the live bar names the programme on now, its start and end, a line through it, and what is next")
    func liveBar() throws {
        let shell = try demoTuned(to: 1) { $0["transport_visible"] as? Bool == true }
        let shown = shell.tmux.waitFor { screen in
            screen.range(of: #"1  Test Card · \S"#, options: .regularExpression) != nil
                && screen.range(of: #"LIVE +\d\d:\d\d–\d\d:\d\d"#, options: .regularExpression) != nil
                && screen.range(of: #"Next \d\d:\d\d  \S"#, options: .regularExpression) != nil
        }
        #expect(shown.ok, "the programme on the bar: \(shown.screen)")
    }

    @Test("a channel that fails when tuned from home says so plainly; the player's text and the URL stay off the screen")
    func plainChannelError() throws {
        let shell = try ShellUnderTest(["--home"], width: 100, height: 30, connectTimeout: 120, cacheHome: Self.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try shell.ipc.request(["channel", 5])["error"] as? String == "success")
        let failed = try shell.ipc.waitForState { $0["screen"] as? String == "error" }
        #expect(((failed["error"] as? [String: Any])?["reason"] as? String)?.contains("loading failed") == true, "the reason over IPC")
        let shown = shell.tmux.waitFor { $0.contains("Off Air is not available right now") }
        #expect(shown.ok && !shown.screen.contains("127.0.0.1") && !shown.screen.contains("loading failed"), "plain words only: \(shown.screen)")
    }

    @Test("at 80×24 every channel row of the home list shows what is on now and next, whatever its rating's width, never a fragment")
    func homeRows() throws {
        let shell = try ShellUnderTest(["--home"], width: 80, height: 24, connectTimeout: 120, cacheHome: Self.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        let names = ["1  Test Card", "2  Fractal TV", "3  Life Channel", "4  Late Night Bars", "5  Off Air"]
        let seen = shell.tmux.waitFor { screen in
            let lines = screen.split(separator: "\n").map(String.init)
            return names.allSatisfy { name in
                lines.contains { $0.contains(name) && $0.range(of: #"\S  ▸ \S{4}"#, options: .regularExpression) != nil }
            } && screen.range(of: #"▸ \S{0,3}…"#, options: .regularExpression) == nil
        }
        #expect(seen.ok, "now ▸ next on every channel row: \(seen.screen)")
    }

    @Test("g on a playing channel keeps it playing in the picture, sound on, while the guide is up; ESC brings it back full screen, never loaded again")
    func guideKeepsChannel() throws {
        let shell = try demoTuned(to: 1, width: 120, height: 40) { (number($0["frames_presented"]) ?? 0) > 3 }
        try shell.tmux.send("g")
        let guide = try shell.ipc.waitForState { state in
            let pip = state["pip"] as? [String: Any]
            return state["screen"] as? String == "guide" && pip?["id"] as? String == "demo.testcard" && (number(pip?["frames_presented"]) ?? 0) > 10
        }
        #expect((guide["pip"] as? [String: Any])?["muted"] as? Bool == false, "its sound goes on")
        #expect(shell.tmux.waitFor { $0.contains("┌─ Test Card") }.ok, "the picture over the guide: \(shell.tmux.capture())")
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { channelNumber($0) == 1 && $0["screen"] as? String == "player" && $0["pip"] is NSNull && $0["phase"] as? String == "playing" }
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        let loads = log.split(separator: "\n").filter { $0.contains(" load ") && $0.contains("testsrc2") }
        #expect(loads.count == 1, "never loaded again: \(loads)")
    }
}
