import Foundation
import ShellTesting
import Testing

@Suite("An embedding program's delegate", .serialized)
struct DelegateExampleEndToEndTests {
    @Test("its interstitial shows; doubled completions from another thread count once; silence times out and returns")
    func customDelegate() throws {
        let binary = URL(fileURLWithPath: TVShellBinary.path).deletingLastPathComponent().appendingPathComponent("tvshell-delegate-example").path
        let dir = TVShellBinary.scratchDirectory("delegate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("ipc.sock").path
        let home = ParentalHome(dir.appendingPathComponent("home"))
        let tmux = try TmuxSession(command: "\(home.variables) '\(binary)' --ipc-socket '\(socket)'", width: 100, height: 30)
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState { $0["phase"] as? String == "playing" }

        try ipc.request(["keypress", "RIGHT"])
        let done = try ipc.waitForEvent("channel-flip-completed")
        #expect(done["success"] as? Bool == true && ((done["target"] as? [String: Any])?["number"] as? Int) == 2)
        try ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["screen"] as? String == "player" }
        #expect(try ipc.watchEvents(["channel-flip-completed"], for: 0.3).isEmpty, "the second completion had no effect")

        try ipc.request(["keypress", "RIGHT"])
        let shown = tmux.waitFor { $0.contains("Example: Channel C") && $0.contains("provided by the delegate") }
        #expect(shown.ok, "the delegate's interstitial: \(shown.screen)")
        let timedOut = try ipc.waitForEvent("channel-flip-completed", timeout: 6)
        #expect(timedOut["success"] as? Bool == false)
        #expect(tmux.waitFor { $0.contains("is not available right now") }.ok, "the timed-out flip said plainly")
        try ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["screen"] as? String == "player" }

        try ipc.request(["keypress", "UP"])
        #expect(tmux.waitFor { $0.contains("Back to Channel A") && $0.contains("from the example") }.ok, "the program's own overlay")
        try ipc.request(["keypress", "ENTER"])
        try ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["overlay"] as? String == "none" }
        tmux.kill()
    }

    @Test("early authorization through the library API: the program asks before presenting; granted plays with no second prompt")
    func earlyAuthorization() throws {
        let binary = URL(fileURLWithPath: TVShellBinary.path).deletingLastPathComponent().appendingPathComponent("tvshell-delegate-example").path
        let home = try ParentalHome.withPasscode("2468")
        let dir = TVShellBinary.scratchDirectory("delegate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("ipc.sock").path
        let tmux = try TmuxSession(command: "\(home.variables) '\(binary)' --ipc-socket '\(socket)'", width: 100, height: 30)
        defer { tmux.kill() }
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState { $0["phase"] as? String == "playing" }

        try ipc.request(["keypress", "UP"])
        #expect(tmux.waitFor { $0.contains("Late Film") && $0.contains("rated R") }.ok)
        try ipc.request(["keypress", "RIGHT"])
        try ipc.request(["keypress", "ENTER"])
        try ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(tmux.waitFor { $0.contains("“Late Film” is rated R.") && $0.contains("to allow it") }.ok)
        try ipc.request(["keypress", "ESC"])
        let cancelled = try ipc.waitForEvent("restrictions-authorization")
        #expect(cancelled["granted"] as? Bool == false)
        try ipc.waitForState { $0["screen"] as? String == "player" }
        #expect((try ipc.state()["title"] as? String) == "Channel A", "cancelled: nothing else plays")
        try ipc.discardEvents()

        try ipc.request(["keypress", "UP"])
        try ipc.request(["keypress", "RIGHT"])
        try ipc.request(["keypress", "ENTER"])
        try ipc.waitForState { $0["screen"] as? String == "passcode" }
        for digit in "2468" { try ipc.request(["keypress", String(digit)]) }
        let granted = try ipc.waitForEvent("restrictions-authorization")
        #expect(granted["granted"] as? Bool == true)
        let playing = try ipc.waitForState { $0["title"] as? String == "Late Film" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(playing["authorized"] as? Bool == true)
        #expect(ipc.events.filter { $0["event"] as? String == "restrictions-authorization-requested" }.count == 1, "asked once, before presenting; not again when it plays")
    }
}
