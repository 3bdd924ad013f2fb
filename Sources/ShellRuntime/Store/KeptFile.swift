import Dispatch
import Foundation
import Logging

/// One small JSON value kept for the next start (the volume, the tracks
/// chosen), written at most once per `settle` seconds on a queue of its own,
/// off the run loop: the newest value given wins, the file is replaced
/// whole, in a folder made for it (0700). A file that cannot be written is
/// told in the log once.
///
/// `keep` from the run-loop thread; `flush` at exit.
final class KeptFile<Value: Encodable & Sendable>: @unchecked Sendable {
    let path: String
    private let logger: Logger
    /// What the value is, for the log: "the volume".
    private let what: String
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var pending: Value?
    private var reported = false
    /// Seconds a change waits, gathering those after it, before the newest
    /// is written: a held volume key (ten steps a second) writes once a
    /// second, not ten times, on a box's SD card.
    private let settle: Double
    /// Files written (for tests).
    private(set) var writes = 0

    init(path: String, what: String, logger: Logger, settle: Double) {
        self.path = path
        self.what = what
        self.logger = logger
        self.settle = settle
        queue = DispatchQueue(label: "tvshell.kept.\(URL(fileURLWithPath: path).lastPathComponent)")
    }

    /// Writes `value` `settle` seconds after the first change not yet
    /// written; a newer one given before then replaces it.
    func keep(_ value: Value) {
        lock.lock()
        let scheduled = pending != nil
        pending = value
        lock.unlock()
        if !scheduled { queue.asyncAfter(deadline: .now() + settle) { self.write() } }
    }

    /// Writes what was kept and not written yet, now (at exit).
    func flush() {
        queue.sync { write() }
    }

    private func write() {
        lock.lock()
        let value = pending
        pending = nil
        if value != nil { writes += 1 }
        lock.unlock()
        guard let value else { return }
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try JSONEncoder().encode(value).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            lock.lock()
            let first = !reported
            reported = true
            lock.unlock()
            if first { logger.warning("\(what) cannot be kept for the next start in \(path): \(error)") }
        }
    }
}
