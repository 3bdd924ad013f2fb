import Foundation
import Logging
import MediaModel

/// A swift-log handler appending lines to a file (`--log-file`), or to
/// standard error when the shell has no screen. Never to the TUI's screen.
/// Thread-safe: writes are serialized by a lock.
public struct FileLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let sink: Sink

    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private let handle: FileHandle
        init(handle: FileHandle) { self.handle = handle }
        func write(_ line: String) {
            lock.lock()
            defer { lock.unlock() }
            handle.write(Data(line.utf8))
        }
    }

    /// Opens (creating, mode 0600) `path` for appending.
    public static func file(path: String, level: Logger.Level) throws -> @Sendable (String) -> any LogHandler {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        let sink = Sink(handle: handle)
        return { label in FileLogHandler(label: label, level: level, sink: sink) }
    }

    /// Writes to standard error.
    public static func standardError(level: Logger.Level) -> @Sendable (String) -> any LogHandler {
        let sink = Sink(handle: FileHandle.standardError)
        return { label in FileLogHandler(label: label, level: level, sink: sink) }
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
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        var line = "\(stamp) \(event.level) \(label): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty { line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
        sink.write(URLRedaction.redactingURLs(in: line) + "\n")
    }
}
