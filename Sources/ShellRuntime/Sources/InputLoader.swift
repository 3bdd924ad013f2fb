import Catalog
import Foundation
import MediaModel

/// Reads a lineup or guide from a path or an http(s) URL. Blocking; call it
/// before the screen is up, or off the run loop.
public enum InputLoader {
    public struct Failure: Error, CustomStringConvertible {
        public let location: String
        public let reason: String
        public var description: String { "\(location): \(reason)" }

        public init(location: String, reason: String) {
            self.location = location
            self.reason = reason
        }
    }

    public static func load(_ location: String, timeout: Double = 20) throws -> Data {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else { throw Failure(location: location, reason: "not a valid URL") }
            return try fetch(url, timeout: timeout)
        }
        let path = try readablePath(location)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(location: location, reason: "cannot be read (permissions?)")
        }
        return data
    }

    /// The most anything read whole from a URL may hold: a lineup (the
    /// biggest providers' lists, films and series included, are some tens
    /// of MiB), a playlist, a thumbnail's image. More is refused as it
    /// comes (a video stream behind a playlist's URL).
    public static let largest = 256 << 20

    /// Reads a lineup from a path or an http(s) URL, refusing what plainly
    /// is not one at its first bytes (`LineupContent`: a web page such as a
    /// provider's "account expired" or a network's login page, a guide, a
    /// video stream) and anything beyond `largest`, before it is read
    /// whole. A server has `timeout` seconds for each byte, and `whole`
    /// for all of it (some minutes: a big list over a slow line). A gzip
    /// lineup (`.m3u.gz`, or a server's bytes that are gzip) is unpacked, up
    /// to `largest`, and its text checked as a plain one's.
    public static func lineup(_ location: String, timeout: Double = 20, whole: Double = 600) throws -> Data {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else { throw Failure(location: location, reason: "not a valid URL") }
            let data = try fetch(url, timeout: timeout, whole: whole) { Gzip.isGzip($0) ? nil : LineupContent.problem($0) }
            return try unpacked(data, location: location)
        }
        let path = try readablePath(location)
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(location: location, reason: "cannot be read (permissions?)") }
        defer { try? handle.close() }
        do {
            // A file's size is known: one buffer of it, filled a MiB at a
            // time (read whole and joined to its start, a lineup of 100 MB
            // took 225 MB), and one too big refused before it is read.
            var info = stat()
            let size = fstat(handle.fileDescriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
            let tooBig = Failure(location: location, reason: "larger than \(largest >> 20) MiB")
            let start = try handle.read(upToCount: LineupContent.prefixLength) ?? Data()
            if !Gzip.isGzip(start), let problem = LineupContent.problem(start) { throw Failure(location: location, reason: problem) }
            if let size, size > largest { throw tooBig }
            var data = Data(capacity: size ?? start.count)
            data.append(start)
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
                if data.count > largest { throw tooBig }
            }
            return try unpacked(data, location: location)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(location: location, reason: "cannot be read (\(error))")
        }
    }

    /// A lineup's bytes as read, unpacked when they are gzip: their first
    /// bytes checked as a plain lineup's are before the rest is unpacked
    /// (a small file of zeros that unpacks to gigabytes is refused there).
    private static func unpacked(_ data: Data, location: String) throws -> Data {
        guard Gzip.isGzip(data.prefix(3)) else { return data }
        do {
            let start = try Gzip.inflate(data, limit: LineupContent.prefixLength, cut: true)
            if let problem = LineupContent.problem(start) {
                throw Failure(location: location, reason: "is compressed (gzip) and " + problem)
            }
            return try Gzip.inflate(data, limit: largest)
        } catch let failure as Gzip.Failure {
            throw Failure(location: location, reason: failure.description)
        }
    }

    /// Reads an XMLTV guide (plain or gzip): a file streams through the
    /// reader as it is read; a URL is downloaded first as the shell's guide
    /// is (`GuideDownload`: refused at its first bytes when plainly none,
    /// bounded on disk), into a folder of this process's own under `base`
    /// (the cache's), read as a file and removed. It may take `whole`
    /// seconds, `timeout` of them without a byte.
    public static func guide(_ location: String, timeout: Double = 20, whole: Double = 600,
                             base: String = XDGBase.cache() + "/tvshell/inspect") throws -> GuideData {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard URL(string: location) != nil else { throw Failure(location: location, reason: "not a valid URL") }
            removeAbandonedFolders(in: base)
            let folder = base + "/" + ownFolderName()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let deadline = Date().addingTimeInterval(whole)
            let download = GuideDownload(sources: [location], cacheDirectory: folder, idleTimeout: timeout, cancelled: { Date() > deadline })
            switch download.inputs.first?.content {
            case .source(.path(let path)):
                return XMLTVParser.parse(path: path)
            case .source(.data(let data)):
                return XMLTVParser.parse(data)
            case .unavailable(let reason):
                throw Failure(location: location, reason: Date() > deadline ? "not all of it came in \(Int(whole)) s (\(reason))" : reason)
            case nil:
                throw Failure(location: location, reason: "nothing was downloaded")
            }
        }
        let path = try readablePath(location)
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw Failure(location: location, reason: "cannot be read (permissions?)")
        }
        return XMLTVParser.parse(path: path)
    }

    /// This process's folder for a `guide` download: its pid and its start
    /// (`processStart`), so a later process given the same pid does not
    /// take the folder for its own.
    static func ownFolderName() -> String {
        let pid = getpid()
        return processStart(pid).map { "\(pid)-\($0)" } ?? String(pid)
    }

    /// Removes the folders under `base` left by `guide` downloads whose
    /// process is gone (killed while it read): each may hold a whole guide.
    /// A folder named by a pid and a start is gone when no process of that
    /// pid started then (the pid given to another since); one named by a pid
    /// alone (an older tvshell's) when no process has that pid.
    static func removeAbandonedFolders(in base: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
            let parts = name.split(separator: "-", maxSplits: 1)
            guard let pid = Int32(parts[0]), pid > 0 else { continue }
            let gone: Bool
            if parts.count == 2 {
                guard let start = UInt64(parts[1]) else { continue }
                gone = processStart(pid) != start
            } else {
                gone = kill(pid, 0) != 0 && errno == ESRCH
            }
            if gone { try? FileManager.default.removeItem(atPath: base + "/" + name) }
        }
    }

    /// When process `pid` started (clock ticks after boot: the 22nd field
    /// of `/proc/PID/stat`), or nil when there is none.
    static func processStart(_ pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // The fields after the command's name (which may hold spaces and
        // parentheses): the state is the 3rd field, the start the 22nd.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// The path of a local `location` (a path or `file://`) that names a file.
    private static func readablePath(_ location: String) throws -> String {
        let path = location.hasPrefix("file://") ? String(location.dropFirst(7)) : location
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(location: location, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw Failure(location: location, reason: "is a directory, expected a file") }
        return path
    }

    /// Reads `length` bytes from `offset` of a path or http(s) URL (an HTTP
    /// `Range` request, sent with `headers`); all of it when `offset` is nil.
    /// Blocking; off the run loop.
    public static func load(_ location: String, offset: Int?, length: Int, headers: [String: String] = [:], timeout: Double = 10) throws -> Data {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else { throw Failure(location: location, reason: "not a valid URL") }
            var fields = headers
            if let offset { fields["Range"] = "bytes=\(offset)-\(offset + length - 1)" }
            return try fetch(url, timeout: timeout, headers: fields)
        }
        let path = try readablePath(location)
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(location: location, reason: "cannot be read (permissions?)") }
        defer { try? handle.close() }
        do {
            guard let offset else { return try handle.readToEnd() ?? Data() }
            try handle.seek(toOffset: UInt64(offset))
            return try handle.read(upToCount: length) ?? Data()
        } catch {
            throw Failure(location: location, reason: "\(error)")
        }
    }

    private static func fetch(_ url: URL, timeout: Double, whole: Double? = nil, headers: [String: String] = [:],
                              check: (@Sendable (Data) -> String?)? = nil) throws -> Data {
        switch HTTPFetch.get(url, timeout: timeout, whole: whole, headers: headers, limit: largest, check: check) {
        case .timedOut:
            throw Failure(location: url.absoluteString, reason: whole.map { "timed out (\(Int(timeout)) s without a byte, or \(Int($0)) s in all)" }
                ?? "timed out after \(Int(timeout)) s")
        case .failed(let reason):
            throw Failure(location: url.absoluteString, reason: reason)
        case .refused(let reason):
            throw Failure(location: url.absoluteString, reason: reason)
        case .answered(let status, let body):
            guard (200..<300).contains(status) else { throw Failure(location: url.absoluteString, reason: "HTTP \(status)") }
            return body
        }
    }

    /// A lineup's bytes parsed (`M3UParser`; a player's playlist in XSPF or
    /// PLS by `XSPFParser`, `PLSParser`): UTF-8 as they are, with no text
    /// of the whole made; else as Latin-1 `text`. Nil for an HLS
    /// playlist (played as media, not a lineup). Read `from` a path or URL,
    /// its entries' relative locations are made absolute against it
    /// (`Lineup.resolvingLocations(against:)`). Any thread.
    public static func parseLineup(_ data: Data, from location: String? = nil) -> Lineup? {
        if let playlist = playerPlaylist(data) { return location.map { playlist.resolvingLocations(against: $0) } ?? playlist }
        let utf8: Lineup?? = data.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            guard M3UParser.isUTF8(bytes) else { return nil }
            return M3UParser.isHLSPlaylist(bytes: bytes) ? .some(nil) : M3UParser.parse(utf8: bytes)
        }
        let parsed: Lineup?
        if let utf8 {
            parsed = utf8
        } else {
            let text = text(data)
            parsed = M3UParser.isHLSPlaylist(text) ? nil : M3UParser.parse(text)
        }
        guard let location, let parsed else { return parsed }
        return parsed.resolvingLocations(against: location)
    }

    /// A player's playlist in XSPF or PLS (by its first bytes), parsed;
    /// nil for anything else (an M3U).
    static func playerPlaylist(_ data: Data) -> Lineup? {
        let start = String(decoding: data.prefix(LineupContent.prefixLength), as: UTF8.self)
        if XSPFParser.isXSPF(start) { return XSPFParser.parse(data) }
        if PLSParser.isPLS(start) { return PLSParser.parse(text(data)) }
        return nil
    }

    /// Text of a lineup: UTF-8 (a BOM is kept for the parser to drop), else
    /// Windows-1252 (a playlist saved on Windows: Latin-1 with “Don’t”'s
    /// quotes, € and dashes at 0x80–0x9F, so it names the files it lists).
    /// Decoded by hand: Foundation's single-byte path went a code unit at a
    /// time through UTF-16, 40 % of the fuzzer's time on a 4 KiB playlist.
    public static func text(_ data: Data) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(data.count * 2)
        for byte in data {
            guard byte >= 0x80 else {
                utf8.append(byte)
                continue
            }
            let value = Windows1252.scalar(byte).value
            if value < 0x800 {
                utf8.append(UInt8(0xC0 | value >> 6))
                utf8.append(UInt8(0x80 | value & 0x3F))
            } else {
                utf8.append(UInt8(0xE0 | value >> 12))
                utf8.append(UInt8(0x80 | value >> 6 & 0x3F))
                utf8.append(UInt8(0x80 | value & 0x3F))
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
