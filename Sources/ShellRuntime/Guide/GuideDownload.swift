import Catalog
import Foundation
import GuideStore
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
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
/// never fills a box's card. Blocking; call off the run loop.
public struct GuideDownload {
    /// How a download goes: bytes so far, the whole when the server said,
    /// seconds since it began.
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
        for label in sources {
            if cancelled?() == true { break }
            if label.hasPrefix("http://") || label.hasPrefix("https://") {
                switch Self.download(label, cache: cacheDirectory, idleTimeout: idleTimeout, limit: limit, spare: spare, progress: progress,
                                     cancelled: cancelled) {
                case .success(let (path, fresh)):
                    if !fresh { unchanged.append(label) }
                    inputs.append(GuideInput(label: label, content: .source(.path(path))))
                case .failure(let failure):
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
        guard let url = URL(string: location) else { return .failure(.init(location: location, reason: "not a valid URL")) }
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        removeAbandonedParts(in: cache)
        let key = String(location.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16)
        let file = cache + "/" + key + ".guide"
        let meta = cache + "/" + key + ".json"
        let known = FileManager.default.fileExists(atPath: file)
            ? (try? JSONDecoder().decode(Validators.self, from: Data(contentsOf: URL(fileURLWithPath: meta)))) : nil

        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 24 * 3600)
        request.setValue("tvshell/\(ShellVersion.current)", forHTTPHeaderField: "User-Agent")
        if let etag = known?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let modified = known?.lastModified { request.setValue(modified, forHTTPHeaderField: "If-Modified-Since") }
        // A part file of its own: another download of the same guide (`guide
        // update` beside a running shell) never takes or replaces this one.
        let part = file + ".part-\(getpid())-\(UUID().uuidString.prefix(8))"
        let watch = DownloadWatch(location: location, keepAt: part, limit: limit, spare: spare, progress: progress)
        // As `HTTPFetch`'s: no cache, no cookies (Foundation's shared
        // cookie store writes a file under ~/.local/share).
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 24 * 3600
        configuration.timeoutIntervalForResource = 24 * 3600
        let session = URLSession(configuration: configuration, delegate: watch, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        // A data task written straight into the part file, beside the
        // cache: a download task would keep the whole guide in the
        // temporary folder first (a tmpfs in memory on many boxes) and copy
        // it across at the end.
        let task = session.dataTask(with: request)
        task.resume()
        while watch.done.wait(timeout: .now() + 1) == .timedOut {
            let given = cancelled?() == true
            if given || watch.idle > idleTimeout {
                task.cancel()
                _ = watch.done.wait(timeout: .now() + 5)
                try? FileManager.default.removeItem(atPath: part)
                return .failure(.init(location: location, reason: given ? "given up after \(watch.bytes) bytes"
                                          : "no data for \(Int(idleTimeout)) s after \(watch.bytes) bytes"))
            }
        }
        let outcome = watch.outcome
        switch outcome {
        case .failed(let reason):
            try? FileManager.default.removeItem(atPath: part)
            return .failure(.init(location: location, reason: reason))
        case .notModified:
            guard known != nil else { return .failure(.init(location: location, reason: "HTTP 304 for a guide not kept here")) }
            return .success((file, false))
        case .downloaded(let etag, let lastModified):
            guard rename(part, file) == 0 else {
                try? FileManager.default.removeItem(atPath: part)
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
/// bytes and the time since the last one, and says how it ended.
/// URLSession's delegate queue writes; the refreshing thread reads.
private final class DownloadWatch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome {
        case downloaded(etag: String?, lastModified: String?)
        case notModified
        case failed(String)
    }

    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let location: String
    private let keepAt: String
    private let progress: (@Sendable (String, GuideDownload.Progress) -> Void)?
    private let began = Date()
    private var last = Date()
    private var received: Int64 = 0
    private var expected: Int64?
    /// The part file while the body comes (nil before, and once closed).
    private var file: FileHandle?
    /// Set once the response is answered: the outcome decided by then
    /// (not modified, an HTTP error, the part file refused) stands.
    private var decided: Outcome?
    private var validators: (etag: String?, lastModified: String?) = (nil, nil)
    private var result: Outcome = .failed("nothing was downloaded")
    private let limit: Int64
    private let spare: Int64
    /// The body's first bytes, until they are checked (`GuideContent`).
    private var head = Data()
    private var checked = false
    /// `received` when the disk's free space was last looked at.
    private var spaceSeenAt: Int64 = 0

    init(location: String, keepAt: String, limit: Int64, spare: Int64, progress: (@Sendable (String, GuideDownload.Progress) -> Void)?) {
        self.location = location
        self.keepAt = keepAt
        self.limit = limit
        self.spare = spare
        self.progress = progress
    }

    /// Why the download stops before `data` is written, or nil: its first
    /// bytes are no guide, it would go past the limit, or its disk is
    /// nearly full (looked at every 16 MiB). Under the lock.
    private func refusal(before data: Data, into file: FileHandle) -> String? {
        if !checked {
            head.append(data.prefix(LineupContent.prefixLength - head.count))
            if head.count >= LineupContent.prefixLength {
                checked = true
                if let problem = GuideContent.problem(head) { return problem }
            }
        }
        if received + Int64(data.count) > limit { return "larger than \(limit >> 20) MiB, the most the shell downloads" }
        if received + Int64(data.count) - spaceSeenAt >= 16 << 20 || spaceSeenAt == 0 {
            spaceSeenAt = max(1, received)
            var disk = statvfs()
            if fstatvfs(file.fileDescriptor, &disk) == 0, Int64(disk.f_bavail) * Int64(disk.f_frsize) - Int64(data.count) < spare {
                return "its disk has less than \(spare >> 20) MiB left: stopped after \(received) bytes"
            }
        }
        return nil
    }

    /// Seconds since the last byte (or the start).
    var idle: Double { lock.withLock { Date().timeIntervalSince(last) } }
    var bytes: Int64 { lock.withLock { received } }
    var outcome: Outcome { lock.withLock { result } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 200
        let allowed: Bool = lock.withLock {
            last = Date()
            if status == 304 {
                decided = .notModified
            } else if !(200..<300).contains(status) {
                decided = .failed("HTTP \(status)")
            } else if FileManager.default.createFile(atPath: keepAt, contents: nil, attributes: [.posixPermissions: 0o600]),
                      let handle = FileHandle(forWritingAtPath: keepAt) {
                file = handle
                expected = response.expectedContentLength > 0 ? response.expectedContentLength : nil
                validators = (http?.value(forHTTPHeaderField: "ETag"), http?.value(forHTTPHeaderField: "Last-Modified"))
                return true
            } else {
                decided = .failed("the download could not be kept in \((keepAt as NSString).deletingLastPathComponent)")
            }
            return false
        }
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let written: (bytes: Int64, total: Int64?)? = lock.withLock {
            guard let file, decided == nil else { return nil }
            if let refusal = refusal(before: data, into: file) {
                decided = .failed(refusal)
                return nil
            }
            do {
                try file.write(contentsOf: data)
            } catch {
                decided = .failed("the download could not be written (\(error.localizedDescription))")
                return nil
            }
            received += Int64(data.count)
            last = Date()
            return (received, expected)
        }
        guard let written else {
            dataTask.cancel()
            return
        }
        progress?(location, .init(bytes: written.bytes, total: written.total, seconds: Date().timeIntervalSince(began)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock {
            let opened = file != nil
            try? file?.close()
            file = nil
            if decided == nil, opened, error == nil, !checked, let problem = GuideContent.problem(head) {
                decided = .failed(problem)
            }
            if let decided {
                result = decided
            } else if let error {
                result = .failed(error.localizedDescription)
            } else if opened {
                result = .downloaded(etag: validators.etag, lastModified: validators.lastModified)
            }
        }
        done.signal()
    }
}
