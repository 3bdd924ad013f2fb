import Foundation
import ShellTesting
import Testing

@Suite("libmpv loaded at first use, not at process start")
struct LibmpvLoadEndToEndTests {
    @Test("with no loadable libmpv, play exits 1 saying why; lineup inspect and --version need none")
    func unloadable() throws {
        let dir = TVShellBinary.scratchDirectory("no-libmpv")
        defer { try? FileManager.default.removeItem(at: dir) }
        // An empty libmpv.so.2 found first on LD_LIBRARY_PATH: dlopen says "file too short".
        try Data().write(to: dir.appendingPathComponent("libmpv.so.2"))
        let lineup = dir.appendingPathComponent("l.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"a\",A\nhttp://example.invalid/a.m3u8\n".write(toFile: lineup, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = dir.path
        environment["XDG_STATE_HOME"] = dir.appendingPathComponent("state").path

        let play = try Spawn.run([TVShellBinary.path, "--video", "none", "--lineup", lineup], environment: environment)
        #expect(play.status == 1)
        #expect(play.output.contains("tvshell: libmpv cannot be loaded: \(dir.path)/libmpv.so.2: file too short (on Debian: apt install libmpv2)"), "\(play.output)")

        let inspect = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup], environment: environment)
        #expect(inspect.status == 0 && inspect.output.contains("1\tA"), "\(inspect.output)")
        let version = try Spawn.run([TVShellBinary.path, "--version"], environment: environment)
        #expect(version.status == 0)
    }
}
