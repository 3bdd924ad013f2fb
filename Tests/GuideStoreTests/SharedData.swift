import Foundation

/// The real lineups and guides of the project's shared data, copied into
/// `Tests/Fixtures/data` (their provenance is in PROVENANCE.md there).
enum SharedData {
    static let directory: URL = {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("Fixtures/data")
    }()

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
