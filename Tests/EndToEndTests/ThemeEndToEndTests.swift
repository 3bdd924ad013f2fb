import Foundation
import ShellTesting
import Testing

@Suite("Themes end to end", .serialized)
struct ThemeEndToEndTests {
    @Test("--theme light draws in its colours; a broken theme is refused with file, line and key, and the default is used")
    func themes() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let light = try ShellUnderTest(["--video", "none", "--theme", "light", clip])
        try light.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(light.tmux.waitFor(escapes: true) { $0.contains("48;2;242;242;247") }.ok, "the light background")

        let dir = TVShellBinary.scratchDirectory("theme")
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("broken.toml").path
        try "name = \"broken\"\n[colors]\naccent = \"#12\"\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--video", "none", "--theme", broken, clip])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("theme \(broken): line 3, key colors.accent: expected a colour"), "\(log.suffix(400))")
        #expect(log.contains("using the default theme"))
        #expect(shell.tmux.waitFor { $0.contains("using the default theme") }.ok, "the problem is on screen too: \(shell.tmux.capture())")
        #expect(shell.tmux.waitFor(escapes: true) { $0.contains("48;2;16;16;20") }.ok, "the default background")
    }

    @Test("problems found at the start take turns on screen: the broken theme's, then the config's, each for its own time")
    func startupNoticesTakeTurns() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let dir = TVShellBinary.scratchDirectory("theme-notices")
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("broken.toml").path
        try "name = \"broken\"\n[colors]\naccent = \"#12\"\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml").path
        try "[live]\nwarm_neighbours = \"many\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--video", "none", "--config", config, "--theme", broken, clip])
        let first = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect((first["notice"] as? String)?.contains("using the default theme") == true, "\(first["notice"] ?? "")")
        #expect(first["notices_waiting"] as? Int == 1)
        #expect(shell.tmux.waitFor { $0.contains("using the default theme") }.ok, "\(shell.tmux.capture())")
        let next = try shell.ipc.waitForState(timeout: 20) { ($0["notice"] as? String)?.contains("warm_neighbours") == true }
        #expect(next["notices_waiting"] as? Int == 0)
        #expect(shell.tmux.waitFor { $0.contains("warm_neighbours") && !$0.contains("using the default theme") }.ok, "\(shell.tmux.capture())")
    }

    @Test("console16 prints only what a Linux console font has: ASCII, Latin-1 letters, line drawing and blocks")
    func console16() throws {
        let shell = try ShellUnderTest(["--home", "--theme", "console16"], width: 100, height: 30, connectTimeout: 120,
                                       cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        func foreign(_ screen: String) -> Set<Character> {
            Set(screen.filter { character in
                guard !character.isASCII, let scalar = character.unicodeScalars.first else { return false }
                return !(0x2500...0x259F).contains(scalar.value) && !((0xA0...0xFF).contains(scalar.value) && character.isLetter)
            })
        }
        let home = shell.tmux.waitFor { $0.contains("Test Card") && $0.contains("Calibration") }
        #expect(home.ok, "\(home.screen)")
        #expect(foreign(home.screen).isEmpty, "home: \(foreign(home.screen)) in \(home.screen)")
        try shell.tmux.send("g")
        let info = shell.tmux.waitFor { $0.contains("Guide") && $0.contains("Test Card") }
        #expect(info.ok && foreign(info.screen).isEmpty, "guide: \(foreign(info.screen)) in \(info.screen)")
    }
}
