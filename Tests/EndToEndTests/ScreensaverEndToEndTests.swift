import Foundation
import ShellTesting
import Testing

@Suite("The screen saver, end to end")
struct ScreensaverEndToEndTests {
    /// A config with the screen saver after 10 s (and `more`), in `dir`.
    static func config(in dir: URL, _ more: String = "") throws -> String {
        let path = dir.appendingPathComponent("config.toml").path
        try "[sleep]\nscreensaver = 10\n\(more)".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("in the terminal: a film paused, 10 s on, is covered but for the clock and \"Paused\"; a key takes it down and does nothing else (still paused, at the same place); the home screen the same (the film paused in its picture in picture), its selection left")
    func terminal() throws {
        let dir = TVShellBinary.scratchDirectory("screensaver")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try ShellUnderTest(["--config", try Self.config(in: dir), "av://lavfi:testsrc2=size=160x90:rate=25:duration=600"],
                                       width: 100, height: 30)
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && ($0["position"] as? Double ?? 0) > 0.5 }
        let title = try #require(playing["title"] as? String)
        try shell.tmux.send("Space")
        let paused = try shell.ipc.waitForState { $0["paused"] as? Bool == true && $0["transport_visible"] as? Bool == true }
        #expect(paused["screensaver"] as? Bool == false)
        try shell.ipc.waitForState(timeout: 25) { $0["screensaver"] as? Bool == true }
        let covered = shell.tmux.waitFor { $0.contains("Paused · ") && $0.range(of: #"\d\d:\d\d"#, options: .regularExpression) != nil }
        #expect(covered.ok, "\(shell.tmux.capture())")
        let lit = covered.screen.filter { !$0.isWhitespace }.count
        #expect(lit < title.count + 20, "only the clock and what is paused: \(lit) characters\n\(covered.screen)")
        let position = try #require(try shell.ipc.state()["position"] as? Double)
        try shell.tmux.send("Right")
        let woken = try shell.ipc.waitForState { $0["screensaver"] as? Bool == false }
        #expect(woken["paused"] as? Bool == true && abs((woken["position"] as? Double ?? -1) - position) < 0.5, "the key did nothing else: \(woken)")
        #expect(shell.tmux.waitFor { !$0.contains("Paused · ") && $0.contains(String(title.prefix(12))) }.ok, "\(shell.tmux.capture())")

        try shell.tmux.send("Escape")
        let home = try shell.ipc.waitForState { $0["screen"] as? String == "home" && $0["screensaver"] as? Bool == false }
        try shell.ipc.waitForState(timeout: 25) { $0["screensaver"] as? Bool == true }
        #expect(shell.tmux.waitFor { !$0.contains(String(title.prefix(12))) && $0.range(of: #"\d\d:\d\d"#, options: .regularExpression) != nil }.ok,
                "the home screen covered: \(shell.tmux.capture())")
        try shell.tmux.send("Down")
        let back = try shell.ipc.waitForState { $0["screensaver"] as? Bool == false }
        #expect(back["screen"] as? String == "home" && back["home_selection"] as? Int == home["home_selection"] as? Int)
    }

    @Test("started on its home screen and never touched: covered 10 s on")
    func startedOnHome() throws {
        let dir = TVShellBinary.scratchDirectory("screensaver-home")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try ShellUnderTest(["--home", "--config", try Self.config(in: dir), "av://lavfi:testsrc2=size=160x90:rate=25:duration=600"],
                                       width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" }
        let started = Stopwatch()
        try shell.ipc.waitForState(timeout: 25) { $0["screensaver"] as? Bool == true }
        #expect(started.elapsed < 12, "covered \(started.elapsed) s after the home screen showed")
    }

    @Test("[sleep] idle: a film paused and left 20 s (the screen saver up at 10 s) sleeps: playback stopped, the screen dark; a key wakes it on the home screen")
    func idleSleep() throws {
        let dir = TVShellBinary.scratchDirectory("idle-sleep")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try ShellUnderTest(["--config", try Self.config(in: dir, "idle = 20\n"), "av://lavfi:testsrc2=size=160x90:rate=25:duration=600"],
                                       width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && ($0["position"] as? Double ?? 0) > 0.5 }
        try shell.tmux.send("Space")
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let paused = Stopwatch()
        try shell.ipc.waitForState(timeout: 25) { $0["screensaver"] as? Bool == true }
        let asleep = try shell.ipc.waitForState(timeout: 25) { ($0["sleep"] as? [String: Any])?["asleep"] as? Bool == true }
        #expect(paused.elapsed > 18 && paused.elapsed < 23, "asleep \(paused.elapsed) s after the pause")
        #expect(asleep["phase"] as? String == "idle" && asleep["screensaver"] as? Bool == false, "\(asleep)")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.ok, "the screen is dark")
        try shell.tmux.send("Down")
        let awake = try shell.ipc.waitForState { $0["sleep"] is NSNull }
        #expect(awake["screen"] as? String == "home" && awake["phase"] as? String == "idle")
    }
}

