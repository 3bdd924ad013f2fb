import Foundation

/// What the recorder process is given on its standard input (never in its
/// arguments: the stream's URL may hold an account), and what it writes
/// back to its status file about once a second. Codable; any thread.
public struct RecordingJob: Codable, Equatable, Sendable {
    public var id: String
    public var url: String
    public var headers: [String: String]
    public var path: String
    /// Unix seconds it stops at.
    public var stopAt: Double
    public var statusPath: String
}

/// The recorder's progress, as its status file says.
public struct RecordingProgress: Codable, Equatable, Sendable {
    public enum State: String, Codable, Sendable {
        case recording, finished, failed
    }

    public var state: State
    public var bytes: Int64
    public var seconds: Double
    public var reason: String?
    public var pid: Int32

    /// The status file at `path`, if it can be read.
    static func read(_ path: String) -> RecordingProgress? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(RecordingProgress.self, from: data)
    }

    /// Replaces the status file at `path` whole (a temporary file renamed).
    func write(to path: String) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        rename(temporary, path)
    }
}
