import Foundation
import ShellTesting
import Testing

/// Under systemd, standard error is the journal's stream and JOURNAL_STREAM
/// names it: log lines carry their `<N>` priority (sd-daemon(3)) and no
/// time of their own; `--log-level` drops what is below it.
@Suite("Logs to the journal", .serialized)
struct JournalLoggingEndToEndTests {
    /// Runs the shell without a screen on the demo lineup, with standard
    /// error in a file that JOURNAL_STREAM names; quits over IPC; the file.
    func run(_ extra: [String]) throws -> String {
        let dir = TVShellBinary.scratchDirectory("journal")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("stderr").path
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        var info = stat()
        #expect(stat(output, &info) == 0)
        let socket = dir.appendingPathComponent("ipc.sock").path
        let environment = [
            "HOME": dir.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CACHE_HOME": DemoLineupEndToEndTests.cacheHome,
            "JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino)",
        ]
        let pid = try Spawn.start([TVShellBinary.path, "--mpv-option", "ao=null", "--ipc-socket", socket,
                                   "--lirc-socket", dir.appendingPathComponent("no-lircd").path] + extra,
                                  environment: environment, outputPath: output)
        let ipc = try IPCClient(path: socket, timeout: 60)
        try ipc.waitForState(timeout: 60) { $0["phase"] as? String == "playing" }
        _ = try ipc.request(["quit"])
        #expect(Spawn.wait(pid) == 0)
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test("each line has its priority: <6> for information, <4> for a warning; no timestamps")
    func priorities() throws {
        let lines = try run([]).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<6>tvshell: starting with") }, "\(lines.prefix(5))")
        #expect(lines.contains { $0.hasPrefix("<4>tvshell: lircd at ") }, "\(lines.prefix(10))")
        #expect(lines.allSatisfy { $0.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil }, "\(lines.prefix(10))")
    }

    @Test("--log-level warning keeps warnings and drops information")
    func level() throws {
        let lines = try run(["--log-level", "warning"]).split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("<6>") }, "\(lines.prefix(5))")
        #expect(lines.contains { $0.hasPrefix("<4>tvshell: lircd at ") }, "\(lines.prefix(5))")
    }
}
