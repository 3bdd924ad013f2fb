import Catalog
import Foundation
import GuideStore
#if canImport(Glibc)
import Glibc
#endif

/// Turns the guide sources as named (paths, `file://`, http(s) URLs) into
/// inputs for a refresh: a local file streams as it is; a URL is downloaded
/// to a file first (so a big guide never sits in memory). Downloads are kept
/// in the cache with the server's `ETag` and `Last-Modified`, and asked for
/// again with `If-None-Match` / `If-Modified-Since`: an unchanged guide is
/// not downloaded twice. A download gives up when no byte came for
/// `idleTimeout` seconds, however long it takes as a whole, or as soon as
/// `cancelled` says so (looked at every second; the sources after it are
/// not asked for). One whose first bytes are plainly no guide
/// (`GuideContent`: a channel's video stream, an archive, text) is refused
/// there, and none is written past `limit` bytes or past the point where
/// its disk would keep less than `spare` bytes free: a URL that never ends
/// never fills a box's card. A server that could not be reached at all (no
/// such host, no network, the connection refused) is not asked again in
/// the same run: a lineup naming a hundred guides on one server, on a box
/// with no network, says so in the time of one. Blocking; call off the run
/// loop.
public struct GuideDownload {
    /// How a download goes: bytes so far, the whole when the server said
    /// (not for a body it sent compressed: the bytes kept are those
    /// unpacked), seconds since it began.
    public struct Progress: Sendable {
        public var bytes: Int64
        public var total: Int64?
        public var seconds: Double
    }

    public private(set) var inputs: [GuideInput] = []
    /// The URL sources the server said had not changed (the cached copy is used).
    public private(set) var unchanged: [String] = []

    /// The most one download may write (the biggest guides are some
    /// hundreds of MB, a fraction of that gzip).
    public static let largest: Int64 = 4 << 30
    /// The bytes a download leaves free on its disk.
    public static let spareDefault: Int64 = 128 << 20

    public init(sources: [String], cacheDirectory: String = GuideDownload.defaultCacheDirectory(), idleTimeout: Double = 30,
                limit: Int64 = GuideDownload.largest, spare: Int64 = GuideDownload.spareDefault,
                progress: (@Sendable (String, Progress) -> Void)? = nil, cancelled: (@Sendable () -> Bool)? = nil) {
        var unreachable: [String: String] = [:]
        for label in sources {
            if cancelled?() == true { break }
            if label.hasPrefix("http://") || label.hasPrefix("https://") {
                let server = Self.server(of: label)
                if let server, let reason = unreachable[server] {
                    inputs.append(GuideInput(label: label, content: .unavailable(reason + " (not asked: its server could not be reached a moment before)")))
                    continue
                }
                switch Self.download(label, cache: cacheDirectory, idleTimeout: idleTimeout, limit: limit, spare: spare, progress: progress,
                                     cancelled: cancelled) {
                case .success(let (path, fresh)):
                    if !fresh { unchanged.append(label) }
                    inputs.append(GuideInput(label: label, content: .source(.path(path))))
                case .failure(let failure):
                    if let server, Self.serverUnreachable(failure.reason) { unreachable[server] = failure.reason }
                    inputs.append(GuideInput(label: label, content: .unavailable(failure.reason)))
                }
                continue
            }
            let path = label.hasPrefix("file://") ? String(label.dropFirst(7)) : label
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                inputs.append(GuideInput(label: label, content: .unavailable("no such file")))
            } else if isDirectory.boolValue {
                inputs.append(GuideInput(label: label, content: .unavailable("is a directory, expected a file")))
            } else if !FileManager.default.isReadableFile(atPath: path) {
                inputs.append(GuideInput(label: label, content: .unavailable("cannot be read (permissions?)")))
            } else {
                inputs.append(GuideInput(label: label, content: .source(.path(path))))
            }
        }
    }

    /// The server a URL names: its scheme, host and port (not its account).
    static func server(of location: String) -> String? {
        guard let url = URLComponents(string: location), let host = url.host, !host.isEmpty else { return nil }
        return "\(url.scheme ?? "")://\(host.lowercased()):\(url.port.map(String.init) ?? "")"
    }

    /// Whether `reason` (`HTTPTransfer.reason`'s words) says the server
    /// could not be reached at all, so its other URLs cannot be either.
    static func serverUnreachable(_ reason: String) -> Bool {
        ["no such host", "no such proxy host", "the connection was refused", "no network", "the host cannot be reached", "could not connect"]
            .contains { reason.hasPrefix($0) }
    }

    /// `$XDG_CACHE_HOME/tvshell/guides`, else `~/.cache/tvshell/guides`.
    public static func defaultCacheDirectory() -> String {
        XDGBase.cache() + "/tvshell/guides"
    }

    /// What the cache keeps beside a download: the server's validators
    /// (not the URL, which may carry an account; the file is named by a
    /// hash of it).
    struct Validators: Codable {
        var etag: String?
        var lastModified: String?
    }

    /// The cached file for `location` (fresh: downloaded now; else the
    /// server said it had not changed), or why there is none.
    private static func download(_ location: String, cache: String, idleTimeout: Double, limit: Int64, spare: Int64,
                                 progress: (@Sendable (String, Progress) -> Void)?,
                                 cancelled: (@Sendable () -> Bool)?) -> Result<(String, Bool), InputLoader.Failure> {
        guard URL(string: location) != nil else { return .failure(.init(location: location, reason: "not a valid URL")) }
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        removeAbandonedParts(in: cache)
        let key = String(location.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16)
        let file = cache + "/" + key + ".guide"
        let meta = cache + "/" + key + ".json"
        let known = FileManager.default.fileExists(atPath: file)
            ? (try? JSONDecoder().decode(Validators.self, from: Data(contentsOf: URL(fileURLWithPath: meta)))) : nil

        var headers: [String: String] = [:]
        if let etag = known?.etag { headers["If-None-Match"] = etag }
        if let modified = known?.lastModified { headers["If-Modified-Since"] = modified }
        // A part file of its own: another download of the same guide (`guide
        // update` beside a running shell) never takes or replaces this one.
        // Written as the body comes, beside the cache: the whole guide is
        // never in memory or in the temporary folder (a tmpfs on many boxes).
        let part = file + ".part-\(getpid())-\(UUID().uuidString.prefix(8))"
        let watch = DownloadWatch(location: location, keepAt: part, limit: limit, spare: spare, progress: progress)
        let transfer = HTTPTransfer(url: location, headers: headers, idleTimeout: idleTimeout, wholeTimeout: nil)
        let ended = transfer.run(answered: watch.answered, received: watch.received, cancelled: { cancelled?() == true })
        let outcome = watch.outcome(of: ended, idleTimeout: idleTimeout)
        switch outcome {
        case .failed(let reason):
            unlink(part)
            return .failure(.init(location: location, reason: reason))
        case .notModified:
            guard known != nil else { return .failure(.init(location: location, reason: "HTTP 304 for a guide not kept here")) }
            return .success((file, false))
        case .downloaded(let etag, let lastModified):
            guard rename(part, file) == 0 else {
                unlink(part)
                return .failure(.init(location: location, reason: "the download could not be kept in \(cache)"))
            }
            let validators = Validators(etag: etag, lastModified: lastModified)
            if let data = try? JSONEncoder().encode(validators) { try? data.write(to: URL(fileURLWithPath: meta), options: .atomic) }
            return .success((file, true))
        }
    }
}

extension GuideDownload {
    /// Removes the part files in `cache` left by downloads whose process is
    /// gone (killed, or the power cut between the download and its rename):
    /// each a whole guide, some hundreds of MB, that nothing would remove.
    /// Those of a running process (a shell beside a `guide update`) stay.
    static func removeAbandonedParts(in cache: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cache) else { return }
        for name in names {
            guard let marker = name.range(of: ".guide.part-"),
                  let pid = Int32(name[marker.upperBound...].prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(cache + "/" + name)
        }
    }
}

/// Watches one download: writes what comes into the part file, counts
/// bytes, and says how it ended. The downloading thread only (the
/// transfer's callbacks).
private final class DownloadWatch {
    enum Outcome {
        case downloaded(etag: String?, lastModified: String?)
        case notModified
        case failed(String)
    }

    private let location: String
    private let keepAt: String
    private let progress: (@Sendable (String, GuideDownload.Progress) -> Void)?
    private let began = MonotonicClock.now().seconds
    /// When `progress` was last told (it is told at most ten times a second).
    private var told = -Double.infinity
    private(set) var bytes: Int64 = 0
    private var expected: Int64?
    /// The part file while the body comes (-1 before, and once closed).
    private var file: Int32 = -1
    /// Set when the answer or the body decided the outcome (not modified,
    /// an HTTP error, the part file refused, the body refused).
    private var decided: Outcome?
    private var validators: (etag: String?, lastModified: String?) = (nil, nil)
    private let limit: Int64
    private let spare: Int64
    /// The body's first bytes, until they are checked (`GuideContent`).
    private var head = Data()
    private var checked = false
    /// `bytes` when the disk's free space was last looked at.
    private var spaceSeenAt: Int64 = 0

    init(location: String, keepAt: String, limit: Int64, spare: Int64, progress: (@Sendable (String, GuideDownload.Progress) -> Void)?) {
        self.location = location
        self.keepAt = keepAt
        self.limit = limit
        self.spare = spare
        self.progress = progress
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// The answer: 304 is the cached copy, 2xx opens the part file (0600),
    /// anything else ends the download.
    func answered(_ answer: HTTPTransfer.Answer) -> Bool {
        if answer.status == 304 {
            decided = .notModified
        } else if !(200..<300).contains(answer.status) {
            decided = .failed("HTTP \(answer.status)")
        } else if case let handle = open(keepAt, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600), handle >= 0 {
            file = handle
            expected = answer.decodedLength.flatMap { $0 > 0 ? $0 : nil }
            validators = (answer.etag, answer.lastModified)
            return true
        } else {
            decided = .failed("the download could not be kept in \((keepAt as NSString).deletingLastPathComponent)")
        }
        return false
    }

    /// Writes a piece of the body; false once the download is refused or
    /// cannot be written.
    func received(_ piece: UnsafeRawBufferPointer) -> Bool {
        if let refusal = refusal(before: piece) {
            decided = .failed(refusal)
            return false
        }
        var written = 0
        while written < piece.count {
            let count = write(file, piece.baseAddress! + written, piece.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                decided = .failed("the download could not be written (\(String(cString: strerror(errno))))")
                return false
            }
            written += count
        }
        bytes += Int64(piece.count)
        let now = MonotonicClock.now().seconds
        if let progress, now - told >= 0.1 || bytes == expected {
            told = now
            progress(location, .init(bytes: bytes, total: expected, seconds: now - began))
        }
        return true
    }

    /// Why the download stops before `piece` is written, or nil: its
    /// first bytes are no guide, it would go past the limit, or its disk is
    /// nearly full (looked at every 16 MiB).
    private func refusal(before piece: UnsafeRawBufferPointer) -> String? {
        let count = piece.count
        if !checked {
            head.append(contentsOf: piece.prefix(LineupContent.prefixLength - head.count))
            if head.count >= LineupContent.prefixLength {
                checked = true
                if let problem = GuideContent.problem(head) { return problem }
            }
        }
        if bytes + Int64(count) > limit { return "larger than \(limit >> 20) MiB, the most the shell downloads" }
        if bytes + Int64(count) - spaceSeenAt >= 16 << 20 || spaceSeenAt == 0 {
            spaceSeenAt = max(1, bytes)
            var disk = statvfs()
            if fstatvfs(file, &disk) == 0, Int64(disk.f_bavail) * Int64(disk.f_frsize) - Int64(count) < spare {
                return "its disk has less than \(spare >> 20) MiB left: stopped after \(bytes) bytes"
            }
        }
        return nil
    }

    /// How the download ended, the part file closed.
    func outcome(of ended: HTTPTransfer.Ended, idleTimeout: Double) -> Outcome {
        let opened = file >= 0
        if opened { close(file) }
        file = -1
        if let decided { return decided }
        switch ended {
        case .completed:
            guard opened else { return .failed("nothing was downloaded") }
            if !checked, let problem = GuideContent.problem(head) { return .failed(problem) }
            return .downloaded(etag: validators.etag, lastModified: validators.lastModified)
        case .stopped: return .failed("given up after \(bytes) bytes")
        case .timedOut: return .failed("no data for \(Int(idleTimeout)) s after \(bytes) bytes")
        case .failed(let reason): return .failed(reason)
        }
    }
}
