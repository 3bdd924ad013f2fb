import Foundation
import ShellProbes

/// tvshell on a 160×48 pty with its automation socket, for measurements.
final class BenchShell {
    let pty: PtyProcess
    let ipc: IPCClient
    private let directory: URL

    init(_ tvshell: String, arguments: [String], environment: [String: String] = benchEnvironment()) throws {
        directory = TVShellBinary.scratchDirectory("bench")
        let socket = directory.appendingPathComponent("ipc.sock").path
        pty = try PtyProcess([tvshell, "--ipc-socket", socket, "--mpv-option", "ao=null"] + arguments,
                             columns: 160, rows: 48, environment: environment)
        ipc = try IPCClient(path: socket)
    }

    /// Plays `clip` until frames are drawn, then pauses over the picture.
    static func paused(_ tvshell: String, clip: String, config: String? = nil) throws -> BenchShell {
        let shell = try playing(tvshell, clip: clip, config: config)
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        return shell
    }

    /// Plays `clip` until frames are drawn; `remember` false turns the
    /// library off (`[library] remember = false`).
    /// `config`: the text of a config file to start with.
    static func playing(_ tvshell: String, clip: String, remember: Bool = true, config: String? = nil) throws -> BenchShell {
        var arguments = [clip]
        let text = (remember ? "" : "[library]\nremember = false\n") + (config ?? "")
        if !text.isEmpty {
            let file = TVShellBinary.scratchDirectory("bench-config").appendingPathComponent("config.toml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            arguments = ["--config", file.path] + arguments
        }
        let shell = try BenchShell(tvshell, arguments: arguments)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 3 }
        return shell
    }

    deinit {
        _ = pty.stop()
        try? FileManager.default.removeItem(at: directory)
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
