import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real tvshell binary running in a private tmux server, with its
/// automation socket connected.
final class ShellUnderTest {
    let tmux: TmuxSession
    let ipc: IPCClient
    let directory: URL
    var logPath: String { directory.appendingPathComponent("tvshell.log").path }

    init(_ arguments: [String], width: Int = 100, height: Int = 30, term: String = "tmux-direct", connectTimeout: Double = 15, cacheHome: String? = nil) throws {
        directory = TVShellBinary.scratchDirectory("e2e")
        let socket = directory.appendingPathComponent("ipc.sock").path
        let log = directory.appendingPathComponent("tvshell.log").path
        let quoted = ([TVShellBinary.path, "--ipc-socket", socket, "--log-file", log, "--mpv-option", "ao=null"] + arguments)
            .map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
            .joined(separator: " ")
        tmux = try TmuxSession(command: "XDG_CACHE_HOME=\(cacheHome ?? directory.path + "/cache") \(quoted)", width: width, height: height, term: term)
        ipc = try IPCClient(path: socket, timeout: connectTimeout)
    }

    deinit {
        tmux.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    var pid: pid_t? { tmux.programPID(named: "tvshell") }

    /// Waits for the pane to show the wrapper's "[exited N]" line; returns N.
    func waitForExit(timeout: Double = 10) -> Int? {
        let (screen, ok) = tmux.waitFor(timeout: timeout) { $0.contains("[exited ") }
        guard ok, let range = screen.range(of: #"\[exited (\d+)\]"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst(8).dropLast())
    }
}

func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
