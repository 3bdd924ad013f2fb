import Foundation

/// How live network streams are kept in a back buffer (`[live]` of the
/// config): libmpv's demuxer cache, seekable, sized `memoryBytes` in memory,
/// or — with `diskBytes` above 0 — in a file under `directory` (mpv keeps
/// packets either all in memory or all on disk). On disk mpv's size limits
/// count only the packets' index and the file keeps all the stream sent
/// while it plays: the player reports when it passes `diskBytes`
/// (`PlayerReport.bufferFull`) and the load starts again. Local files and
/// `av://` sources never get one.
public struct TimeshiftSettings: Equatable, Sendable {
    public var memoryBytes: Int
    public var diskBytes: Int
    /// Where the on-disk buffer lives (`$XDG_CACHE_HOME/tvshell/timeshift`).
    public var directory: String

    public init(memoryBytes: Int = 512 << 20, diskBytes: Int = 2 << 30, directory: String = TimeshiftSettings.defaultDirectory()) {
        self.memoryBytes = memoryBytes
        self.diskBytes = diskBytes
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/tvshell/timeshift` (else `~/.cache/…`).
    public static func defaultDirectory() -> String {
        XDGBase.cache() + "/tvshell/timeshift"
    }

    /// Whether `url` is a live network stream a buffer is kept for.
    public static func applies(to url: String) -> Bool {
        let lower = url.lowercased()
        return ["http://", "https://", "rtmp://", "rtsp://", "udp://", "rtp://", "srt://"].contains { lower.hasPrefix($0) }
    }

    /// The per-file mpv options of a live load. Its timestamps are made one
    /// timeline (`demuxer-lavf-linearize-timestamps`): a FAST channel's ad
    /// break (an HLS discontinuity) or an encoder's restart starts them
    /// again, and the buffer's seekable range, kept by timestamp, would
    /// start again with them — nothing to rewind into past the last break.
    func mpvOptions() -> [String: String] {
        let onDisk = diskBytes > 0
        let total = onDisk ? memoryBytes + diskBytes : memoryBytes
        var options = [
            "cache": "yes", "demuxer-seekable-cache": "yes",
            "demuxer-max-back-bytes": String(total), "demuxer-max-bytes": String(total),
            "cache-on-disk": onDisk ? "yes" : "no", "demuxer-lavf-linearize-timestamps": "yes",
        ]
        if onDisk { options["cache-dir"] = directory }
        return options
    }

    /// Parses "512MiB", "2GiB", "300MB", "1.5G" or a number of bytes; nil
    /// for anything else, and for more than a whole number holds (an exabyte).
    public static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits), value >= 0 else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let scale: Double
        switch unit {
        case "", "b": scale = 1
        case "k", "kb", "kib": scale = 1024
        case "m", "mb", "mib": scale = 1024 * 1024
        case "g", "gb", "gib": scale = 1024 * 1024 * 1024
        default: return nil
        }
        let bytes = value * scale
        return bytes < 0x1p62 ? Int(bytes) : nil
    }
}
