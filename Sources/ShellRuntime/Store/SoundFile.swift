import Foundation
import Logging

/// The viewer's volume and mute kept for the next start: `sound.json`
/// beside the library database (`$XDG_STATE_HOME/tvshell/sound.json`, or
/// beside `[library] path`). Read once as the shell starts, before anything
/// loads, so nothing plays at another volume first; written at most once a
/// second when the volume or mute changes (a key, the socket, MPRIS, Home
/// Assistant; at once at exit) on a queue of its own, off the run loop, the
/// newest value winning and the file replaced whole. A file that cannot be
/// read or written is told in the log (once for writes); the shell goes on
/// at its volume.
///
/// `keep` from the run-loop thread; `flush` at exit; `read` from any thread.
public final class SoundFile: @unchecked Sendable {
    /// libmpv's volume (0 … 1.3) and mute.
    public struct Sound: Codable, Equatable, Sendable {
        public var volume: Double
        public var muted: Bool

        public init(volume: Double, muted: Bool) {
            self.volume = volume
            self.muted = muted
        }
    }

    public var path: String { file.path }
    private let file: KeptFile<Sound>
    /// Files written (for tests).
    var writes: Int { file.writes }

    public init(path: String, logger: Logger, settle: Double = 1) {
        file = KeptFile(path: path, what: "the volume", logger: logger, settle: settle)
    }

    /// `sound.json` in the folder of the library at `libraryPath`.
    public static func path(library libraryPath: String) -> String {
        URL(fileURLWithPath: libraryPath).deletingLastPathComponent().appendingPathComponent("sound.json").path
    }

    /// The sound kept at `path`: nil when none is (no file yet), or with
    /// why the file was not taken (not JSON, a volume out of range).
    public static func read(_ path: String) -> (sound: Sound?, problem: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, FileManager.default.fileExists(atPath: path) ? "\(path) cannot be read" : nil)
        }
        guard let sound = try? JSONDecoder().decode(Sound.self, from: data) else { return (nil, "\(path) is not a kept volume ({\"volume\": 0.8, \"muted\": false})") }
        guard sound.volume.isFinite, (0...1.3).contains(sound.volume) else { return (nil, "\(path): volume \(sound.volume) is not between 0 and 1.3") }
        return (sound, nil)
    }

    /// Writes `sound` `settle` seconds after the first change not yet
    /// written; a newer one given before then replaces it.
    public func keep(_ sound: Sound) {
        file.keep(sound)
    }

    /// Writes what was kept and not written yet, now (at exit).
    public func flush() {
        file.flush()
    }
}
