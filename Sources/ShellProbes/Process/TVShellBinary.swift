import Foundation

/// Finds the built `tvshell` executable: `TVSHELL_BIN`, else the debug build
/// folder next to the package.
public enum TVShellBinary {
    public static var path: String {
        if let env = ProcessInfo.processInfo.environment["TVSHELL_BIN"], !env.isEmpty { return env }
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent(".build/debug/tvshell").path
    }

    /// A fresh private directory for one test's sockets and logs, inside
    /// this process's own folder, which goes when the process exits (a test
    /// that forgets its directory leaves nothing behind).
    public static func scratchDirectory(_ name: String) -> URL {
        let dir = runDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `/tmp/tvs-run-PID`, removed at exit.
    private static let runDirectory: URL = {
        let dir = URL(fileURLWithPath: "/tmp/tvs-run-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        atexit {
            try? FileManager.default.removeItem(atPath: "/tmp/tvs-run-\(getpid())")
        }
        return dir
    }()
}
