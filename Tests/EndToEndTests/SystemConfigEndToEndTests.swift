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
}
