import Foundation
import ShellTesting
import Testing

@Suite("HDMI-CEC, end to end, as far as this machine goes")
struct CECEndToEndTests {
    @Test("`tvshell cec status` names each adapter, or says why there is none (exit 69); a shell with [cec] and no adapter plays on")
    func status() throws {
        let adapters = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).filter { $0.hasPrefix("cec") }
        let (status, output) = try Spawn.run([TVShellBinary.path, "cec", "status"])
        if adapters.isEmpty {
            #expect(status == 69 && output.hasPrefix("no HDMI-CEC adapter: /dev/cec* does not exist."), "\(output)")
        } else {
            #expect(status == 0 && output.contains("physical address"), "\(output)")
        }
        guard adapters.isEmpty else { return }
        let dir = TVShellBinary.scratchDirectory("cec")
        let config = dir.appendingPathComponent("config.toml").path
        try "[cec]\nwake_tv = true\nstandby_on_quit = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(shell.log.contains("HDMI-CEC: no adapter (/dev/cec*); the TV's remote is not read"))
    }
}
