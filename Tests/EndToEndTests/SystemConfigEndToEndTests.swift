import Foundation
import ShellTesting
import Testing

/// /etc/tvshell/config.toml (here TVSHELL_SYSTEM_CONFIG) is read before the
/// user's: its [play] lineup plays when the command line names nothing, its
/// [mpv] options reach libmpv, and the user's file wins setting by setting.
@Suite("The system's config file, end to end")
struct SystemConfigEndToEndTests {
    @Test("[play] lineup from the system file; [mpv] options of both, the user's winning")
    func layers() throws {
        let dir = TVShellBinary.scratchDirectory("system-config")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("l.m3u").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1",Alpha
            av://lavfi:testsrc2=size=160x90:rate=25
            #EXTINF:-1 tvg-chno="2",Beta
            av://lavfi:smptebars=size=160x90:rate=25
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        let system = dir.appendingPathComponent("system.toml").path
        try "[play]\nlineup = \"\(lineup)\"\ntheme = \"light\"\n\n[mpv]\nvolume = 37\n".write(toFile: system, atomically: true, encoding: .utf8)
        let user = dir.appendingPathComponent("user.toml").path
        try "[mpv]\nvolume = 55\n".write(toFile: user, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", user], environment: ["TVSHELL_SYSTEM_CONFIG": system])
        let state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(state["items"] as? Int == 2)
        #expect((state["channel"] as? [String: Any])?["name"] as? String == "Alpha")
        let volume = try shell.ipc.request(["get_mpv_property", "volume"])
        let level = (volume["data"] as? NSNumber)?.doubleValue ?? (volume["data"] as? String).flatMap { Double($0) }
        #expect(level == 55, "the user's file wins over the system's: \(volume)")
    }

    @Test("a config line the scanner cannot read quotes its text in the reason: a URL with an account in it (written without its quotes) is said with the account as ***, on the screen and in the log")
    func brokenLineRedacted() throws {
        let dir = TVShellBinary.scratchDirectory("config-redacted")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TestMedia.clip(seconds: 60)
        let user = dir.appendingPathComponent("user.toml").path
        try "[play]\nlineup = http://viewer:s3cret@127.0.0.1:9/get.php?password=s3cret\n".write(toFile: user, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--video", "none", "--config", user, clip])
        let state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let notice = state["notice"] as? String ?? ""
        #expect(notice.contains("play.lineup") && notice.contains("127.0.0.1"), "\(notice)")
        #expect(shell.tmux.waitFor { $0.contains("play.lineup") }.ok, "\(shell.tmux.capture())")
        for text in [notice, shell.tmux.capture(), shell.log] { #expect(!text.contains("s3cret"), "\(text)") }
    }

    @Test("an [mpv] option mpv refuses (a typo) is left out, said with its file and line on the screen and in the log, and the shell plays with the others; a refused --mpv-option still ends the start, naming it")
    func refusedOption() throws {
        let dir = TVShellBinary.scratchDirectory("mpv-typo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TestMedia.clip(seconds: 60)
        let user = dir.appendingPathComponent("user.toml").path
        try "[mpv]\nhwdecc = \"auto\"\nvolume = 44\n".write(toFile: user, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--video", "none", "--config", user, clip])
        let state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let said = "\(user):2: mpv.hwdecc: mpv refuses hwdecc=auto (option not found)"
        #expect(state["notice"] as? String == said, "\(state["notice"] ?? "")")
        #expect(shell.log.contains(said + "; using the default"))
        let volume = try shell.ipc.request(["get_mpv_property", "volume"])
        #expect((volume["data"] as? NSNumber)?.doubleValue ?? (volume["data"] as? String).flatMap { Double($0) } == 44, "the other option taken: \(volume)")

        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = dir.path
        let refused = try Spawn.run([TVShellBinary.path, "--video", "none", "--mpv-option", "ao=null", "--mpv-option", "hwdecc=auto", clip], environment: environment)
        #expect(refused.status != 0 && refused.output.contains("the mpv option hwdecc=auto: option not found"), "\(refused.status) \(refused.output)")
    }

    @Test("tvshell config check: the system's file and the user's read in turn, each problem at its file and line, exit 78 (EX_CONFIG) and JSON; a right config exits 0")
    func check() throws {
        let dir = TVShellBinary.scratchDirectory("config-check")
        defer { try? FileManager.default.removeItem(at: dir) }
        let system = dir.appendingPathComponent("system.toml").path
        try "[play]\ntheme = \"no-such-theme\"\n".write(toFile: system, atomically: true, encoding: .utf8)
        let user = dir.appendingPathComponent("user.toml").path
        try "[live]\nwarm_delay = 3\nmax_connections = 0\n[cec]\ndevice = \"/dev/cec-none\"\n".write(toFile: user, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["TVSHELL_SYSTEM_CONFIG"] = system
        let text = try Spawn.run([TVShellBinary.path, "config", "check", "--config", user], environment: environment)
        #expect(text.status == 78, "\(text.output)")
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Read \(system), then \(user)", "\(text.output)")
        #expect(lines.dropFirst().first?.hasPrefix("\(system):2: play.theme: theme no-such-theme: not found") == true, "\(text.output)")
        #expect(lines.contains { $0.hasPrefix("\(user):3: live.max_connections:") } && lines.contains("\(user):5: cec.device: /dev/cec-none does not exist (is the adapter's driver loaded?)"), "\(text.output)")
        #expect(lines.last == "3 problems: the shell starts all the same, without those settings (or what they name).")

        let json = try Spawn.run([TVShellBinary.path, "config", "check", "--config", user, "--json"], environment: environment)
        #expect(json.status == 78)
        let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let problems = document?["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { $0["key"] as? String } == ["play.theme", "live.max_connections", "cec.device"], "\(json.output)")
        #expect(problems.map { $0["line"] as? Int } == [2, 3, 5])
        #expect((document?["files"] as? [[String: Any]])?.map { $0["found"] as? Bool } == [true, true])

        try "[play]\ntheme = \"light\"\n".write(toFile: system, atomically: true, encoding: .utf8)
        try "[live]\nmax_connections = 4\n".write(toFile: user, atomically: true, encoding: .utf8)
        let clean = try Spawn.run([TVShellBinary.path, "config", "check", "--config", user], environment: environment)
        #expect(clean.status == 0 && clean.output.hasSuffix("No problems.\n"), "\(clean.output)")
    }
}
