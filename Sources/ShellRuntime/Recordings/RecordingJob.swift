import Foundation
import MediaModel

/// What the recorder process is given on its standard input (never in its
/// arguments: the stream's URL may hold an account), and what it writes
/// back to its status file about once a second. Codable; any thread.
public struct RecordingJob: Codable, Equatable, Sendable {
    /// One of a channel's streams: its URL and the HTTP headers it needs.
    public struct Stream: Codable, Equatable, Sendable {
        public var url: String
        public var headers: [String: String]

        /// `alternates` as the library keeps them (JSON).
        static func encode(_ alternates: [StreamAlternate]) -> String {
            let streams = alternates.map { Stream(url: $0.url, headers: $0.headers) }
            return (try? String(data: JSONEncoder().encode(streams), encoding: .utf8)) ?? "[]"
        }

        /// What `encode` made (none when it cannot be read).
        static func decode(_ text: String) -> [Stream] {
            (try? JSONDecoder().decode([Stream].self, from: Data(text.utf8))) ?? []
        }
    }

    /// Bytes and seconds recorded.
    public struct Recorded: Codable, Equatable, Sendable {
        public var bytes: Int64
        public var seconds: Double
    }

    public var id: String
    public var url: String
    public var headers: [String: String]
    /// The channel's other streams, tried in turn when the one before
    /// cannot be opened or read, or stops (`RecordingAttempts`).
    public var alternates: [Stream]?
    public var path: String
    /// The recording's first file, which further parts are named after
    /// (`NAME.part2.mkv` …); nil: `path`.
    public var firstPath: String?
    /// What the parts before `path` hold, when a recorder is started again
    /// into a further part (its recorder was killed, the machine restarted):
    /// the status file counts from it, and the recording is not failed for
    /// a channel down for the rest of its time. Nil: nothing before.
    public var recordedBefore: Recorded?
    /// The file's global tags: its title, and the ratings the gate holds it
    /// to (`LAW_RATING`, then `CONTENT_RATING`, in `iTunEXTC` form), so the
    /// file is held to them wherever it is opened. Nil: none.
    public var tags: [String: String]?
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
