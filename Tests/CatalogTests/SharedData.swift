import Foundation

/// The real lineups and guides in `../shared/data` (beside the repository).
enum SharedData {
    static let directory: URL = {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir.deleteLastPathComponent() }
        return dir.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
