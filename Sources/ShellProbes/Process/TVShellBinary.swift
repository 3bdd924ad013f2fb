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

    /// A fresh private directory for one test's sockets and logs.
    public static func scratchDirectory(_ name: String) -> URL {
        let dir = URL(fileURLWithPath: "/tmp/tvs-\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
