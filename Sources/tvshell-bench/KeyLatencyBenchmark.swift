import Foundation
import ShellProbes

/// Key press → screen updated: tvshell on a pty at 160×48, paused over the
/// picture; each RIGHT / LEFT moves the scrub head; the time from writing the
/// key to the first byte of the redraw is one sample.
enum KeyLatencyBenchmark {
    static func run(tvshell: String, clip: String, presses: Int = 300) throws -> Statistics {
        let dir = TVShellBinary.scratchDirectory("bench-keys")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("ipc.sock").path
        let pty = try PtyProcess(
            [tvshell, "--ipc-socket", socket, "--mpv-option", "ao=null", clip],
            columns: 160, rows: 48, environment: benchEnvironment())
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 3 }
        try ipc.request(["keypress", "SPACE"])
        try ipc.waitForState { $0["paused"] as? Bool == true }
        pty.waitForQuiet(0.3)
        var samples: [Double] = []
        let right: [UInt8] = [0x1B, 0x4F, 0x43], left: [UInt8] = [0x1B, 0x4F, 0x44]
        for i in 0..<presses {
            _ = pty.mark()
            pty.type(i % 2 == 0 ? right : left)
            if let latency = pty.waitForOutputAfterMark(timeout: 1) { samples.append(latency * 1000) }
            pty.waitForQuiet(0.015)
        }
        return Statistics(samples)
    }
}

/// The environment of programs under measurement: a direct-colour terminal,
/// UTF-8, no interactive crash prompt.
func benchEnvironment() -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["TERM"] = "xterm-direct"
    env["LANG"] = "C.UTF-8"
    env["SWIFT_BACKTRACE"] = "interactive=no"
    env["COLORTERM"] = "truecolor"
    return env
}
