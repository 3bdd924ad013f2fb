import Dispatch
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

    public let path: String
    private let logger: Logger
    private let queue = DispatchQueue(label: "tvshell.sound")
    private let lock = NSLock()
    private var pending: Sound?
    private var reported = false
    /// Seconds a change waits, gathering those after it, before the newest
    /// is written: a held volume key (ten steps a second) writes once a
    /// second, not ten times, on a box's SD card.
    private let settle: Double
    /// Files written (for tests).
    private(set) var writes = 0

    public init(path: String, logger: Logger, settle: Double = 1) {
        self.path = path
        self.logger = logger
        self.settle = settle
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
        lock.lock()
        let scheduled = pending != nil
        pending = sound
        lock.unlock()
        if !scheduled { queue.asyncAfter(deadline: .now() + settle) { self.write() } }
    }

    /// Writes what was kept and not written yet, now (at exit).
    public func flush() {
        queue.sync { write() }
    }

    private func write() {
        lock.lock()
        let sound = pending
        pending = nil
        lock.unlock()
        guard let sound else { return }
        lock.lock()
        writes += 1
        lock.unlock()
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try JSONEncoder().encode(sound).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            lock.lock()
            let first = !reported
            reported = true
            lock.unlock()
            if first { logger.warning("the volume cannot be kept for the next start in \(path): \(error)") }
        }
    }
}
