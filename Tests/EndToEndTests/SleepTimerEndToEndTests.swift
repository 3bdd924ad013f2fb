import Foundation
import ShellTesting
import Testing

@Suite("The sleep timer, end to end")
struct SleepTimerEndToEndTests {
    @Test("90 s on the demo film: the notice at 30 s, stopped with the screen dark at 90 s; a key wakes it")
    func ninetySeconds() throws {
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["title"] as? String)?.contains("demo film") == true }
        let set = Date()
        #expect(try shell.ipc.request(["sleep", 90])["error"] as? String == "success")
        let timer = try #require(try shell.ipc.state()["sleep"] as? [String: Any])
        #expect(timer["choice"] as? String == "after" && timer["seconds"] as? Double == 90 && (number(timer["ends_in"]) ?? 0) > 88)
        try shell.ipc.waitForState(timeout: 40) { ($0["sleep"] as? [String: Any])?["warning"] as? Bool == true }
        let warned = Date().timeIntervalSince(set)
        #expect(abs(warned - 30) <= 1, "the notice came at \(warned) s")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("Sleeping in 1:00 · any key to stay awake") }.ok)
        let asleep = try shell.ipc.waitForState(timeout: 70) { ($0["sleep"] as? [String: Any])?["asleep"] as? Bool == true }
        let slept = Date().timeIntervalSince(set)
        #expect(abs(slept - 90) <= 1, "asleep at \(slept) s")
        #expect(asleep["phase"] as? String == "idle" && asleep["screen"] as? String == "home")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.ok, "the screen is dark")
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["sleep"] is NSNull }
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("Test Card") }.ok, "awake on the home screen")
    }

    @Test("a key during the notice keeps it awake: the film plays on; a wrong value is refused with what it takes")
    func keyDuringNotice() throws {
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        _ = try shell.ipc.request(["sleep", 62])
        try shell.ipc.waitForState(timeout: 10) { ($0["sleep"] as? [String: Any])?["warning"] as? Bool == true }
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("any key to stay awake") }.ok)
        try shell.tmux.send("Right")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("Staying awake: sleep timer off") }.ok)
        let state = try shell.ipc.waitForState { $0["sleep"] is NSNull }
        #expect(state["phase"] as? String == "playing")
        #expect(try shell.ipc.request(["sleep", "never"])["error"] as? String == "invalid parameter: sleep takes seconds (1 to 86400), \"programme\", \"item\" or null")
    }
}
