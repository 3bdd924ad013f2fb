import Foundation
import ShellTesting
import Testing

private func action(_ state: [String: Any]) -> [String: Any]? { state["contextual_action"] as? [String: Any] }

@Suite("Segments and Skip Intro, end to end", .serialized)
struct SegmentsEndToEndTests {
    @Test("an episode whose chapters are Intro … Advertisement … Credits: Skip Intro at 2 s, ENTER lands past the intro")
    func skipIntro() throws {
        let shell = try ShellUnderTest([try TestMedia.episode()])
        let offered = try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 1 && action($0) != nil }
        #expect(action(offered)?["title"] as? String == "Skip Intro" && number(action(offered)?["target"]) == 20)
        let kinds = (offered["segments"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")@\(number($0["start"]) ?? -1)" }
        #expect(kinds == ["intro@0.0", "commercial@60.0", "credits@160.0"])
        #expect(shell.tmux.waitFor { $0.contains("Skip Intro") }.ok)
        try shell.ipc.discardEvents()
        try shell.ipc.request(["keypress", "ENTER"])
        let taken = try shell.ipc.waitForEvent("contextual-action")
        #expect(taken["id"] as? String == "skip-intro" && taken["automatic"] as? Bool == false)
        let after = try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 20 }
        #expect(action(after) == nil)
    }

    @Test("intro = \"auto\": skipped by itself on a fresh start; LEFT within 5 s goes back into it, and then it only asks")
    func automaticIntro() throws {
        let dir = TVShellBinary.scratchDirectory("segments-config")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[segments]\nintro = \"auto\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config, try TestMedia.episode()])
        let skipped = try shell.ipc.waitForEvent("contextual-action")
        #expect(skipped["automatic"] as? Bool == true)
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 20 && ($0["notice"] as? String ?? "").hasPrefix("Skipped intro") }
        try shell.ipc.request(["keypress", "LEFT"])
        let back = try shell.ipc.waitForState { (number($0["position"]) ?? 99) < 5 && action($0) != nil }
        #expect(action(back)?["title"] as? String == "Skip Intro", "back in the intro it asks instead")
        #expect(try shell.ipc.watchEvents(["contextual-action"], for: 1).isEmpty, "no second skip by itself")
    }

    @Test("segments from NAME.segments.json beside a file; a broken one is named with its line and key")
    func sidecar() throws {
        let shell = try ShellUnderTest([try TestMedia.clipWithSidecar()])
        let offered = try shell.ipc.waitForState { action($0) != nil }
        #expect(number(action(offered)?["target"]) == 15)
        let broken = try TestMedia.clipWithSidecar("[\n  {\"kind\": \"outro\", \"start\": 0, \"end\": 15}\n]", name: "broken-sidecar")
        let second = try ShellUnderTest([broken])
        let told = try second.ipc.waitForState { ($0["notice"] as? String)?.contains("segments.json:2: kind") == true }
        #expect((told["notice"] as? String ?? "").contains("expected one of intro"))
        #expect(told["screen"] as? String == "player", "it plays on")
    }
}
