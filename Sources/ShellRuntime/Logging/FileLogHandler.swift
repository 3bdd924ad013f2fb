import Foundation
import Logging
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler writing lines to a file (`--log-file`, opened again
/// when logrotate moves it away), to the journal through standard error
/// (each line with its `<N>` priority, as sd-daemon(3) reads them, when
/// `JOURNAL_STREAM` names standard error), or to standard error when the
/// shell has no screen. Never to the TUI's screen. Every line has accounts
/// in URLs replaced by `***`. Thread-safe: writes are serialized by a lock.
public struct FileLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let sink: Sink

    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var fd: Int32
        /// The file written, to open again once it is moved away.
        private let path: String?
        /// Lines carry `<N>` priorities and no time (the journal keeps it).
        let journal: Bool
        private var lastCheck = 0.0

        init(fd: Int32, path: String?, journal: Bool) {
            self.fd = fd
            self.path = path
            self.journal = journal
        }

        func write(_ line: String) {
            lock.lock()
            defer { lock.unlock() }
            reopenIfMoved()
            var bytes = Array(line.utf8)
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                written += n
            }
            bytes.removeAll()
        }

        /// The file at `path` is no longer the one open (logrotate moved or
        /// removed it): open the new one. Looked at once a second at most.
        private func reopenIfMoved() {
            guard let path else { return }
            let now = Date().timeIntervalSince1970
            guard now - lastCheck >= 1 else { return }
            lastCheck = now
            var open = stat()
            var named = stat()
            guard fstat(fd, &open) == 0 else { return }
            if stat(path, &named) == 0, named.st_ino == open.st_ino, named.st_dev == open.st_dev { return }
            let fresh = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard fresh >= 0 else { return }
            close(fd)
            fd = fresh
        }
    }

    /// Opens (creating, mode 0600) `path` for appending.
    public static func file(path: String, level: Logger.Level) throws -> @Sendable (String) -> any LogHandler {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        let sink = Sink(fd: fd, path: path, journal: false)
        return { label in FileLogHandler(label: label, level: level, sink: sink) }
    }

    /// Writes to standard error as it is now (a copy of the descriptor, so
    /// the terminal's set-up may send stray output elsewhere later); with
    /// `journal`, as the journal reads it.
    public static func standardError(level: Logger.Level, journal: Bool = false) -> @Sendable (String) -> any LogHandler {
        let sink = Sink(fd: fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3), path: nil, journal: journal)
        return { label in FileLogHandler(label: label, level: level, sink: sink) }
    }

    /// Whether `JOURNAL_STREAM` names standard error (`DEVICE:INODE`): the
    /// service manager connected it to the journal.
    public static func standardErrorIsJournal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        var info = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(STDERR_FILENO, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// The syslog priority of `level` (sd-daemon's `<N>`).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    init(label: String, level: Logger.Level, sink: Sink) {
        self.label = label
        self.logLevel = level
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line: String
        if sink.journal {
            line = "<\(Self.priority(event.level))>\(label): \(event.message)"
        } else {
            let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
            line = "\(stamp) \(event.level) \(label): \(event.message)"
        }
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty { line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
        // Control characters from outside (a channel's name) shown, not
        // obeyed by the terminal the log is read on.
        let redacted = TerminalText.safe(URLRedaction.redactingURLs(in: line))
        sink.write((sink.journal ? redacted.replacingOccurrences(of: "\n", with: " ") : redacted) + "\n")
    }
}
