import Catalog
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One blocking HTTP GET (URLSession, tvshell's User-Agent), for the
/// readers of lineups, guides and accounts: what came back, or why nothing
/// did. Nothing is cached or kept between requests (no URL cache, no
/// cookies): a refresh always asks the server, and an account's answers
/// (which carry its password) are never kept by Foundation, in memory or
/// on disk. Blocking; any thread but the run loop.
enum HTTPFetch {
    enum Outcome {
        /// The server answered: its status and body (empty when it sent none).
        case answered(status: Int, body: Data)
        /// No answer: the connection failed.
        case failed(URLError)
        /// No answer, for a reason that is not a URL error.
        case otherFailure(String)
        /// No answer within the time allowed (the request was cancelled).
        case timedOut
        /// The answer was not taken (cancelled): its first bytes were not
        /// what was asked for, or it went on past the bytes allowed.
        case refused(String)
    }

    /// The one session, its connections kept between requests (a thumbnail
    /// track's range requests, over TLS): no cache, no cookie store
    /// (Foundation's shared one writes a file under ~/.local/share), so an
    /// account's answers, which carry its password, are never kept.
    private static let router = FetchRouter()
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }()

    /// GET `url`. The answer comes whole within `timeout` seconds (or, given
    /// `whole`, within that many, as long as no `timeout` seconds pass
    /// without a byte). `check` sees the body's first
    /// `LineupContent.prefixLength` bytes (or all of a shorter one) as they
    /// come and may refuse it (its reason); a body beyond `limit` bytes is
    /// refused: so a video stream given for a playlist is never read whole
    /// into memory.
    static func get(_ url: URL, timeout: Double, whole: Double? = nil, headers: [String: String] = [:], limit: Int = .max,
                    check: (@Sendable (Data) -> String?)? = nil) -> Outcome {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("tvshell/\(ShellVersion.current)", forHTTPHeaderField: "User-Agent")
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        let watch = FetchWatch(limit: limit, check: check)
        let task = session.dataTask(with: request)
        router.follow(task, with: watch)
        defer { router.forget(task) }
        task.resume()
        let deadline = Date().addingTimeInterval((whole ?? timeout) + 1)
        while watch.done.wait(timeout: .now() + 0.25) == .timedOut {
            if let refusal = watch.refusal {
                task.cancel()
                return .refused(refusal)
            }
            if Date() >= deadline || watch.idle > timeout + 1 {
                task.cancel()
                return .timedOut
            }
        }
        return watch.outcome
    }
}

/// The session's delegate: hands each task's news to the watch of the
/// fetch that made it. URLSession's delegate queue.
private final class FetchRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var watches: [Int: FetchWatch] = [:]

    func follow(_ task: URLSessionTask, with watch: FetchWatch) { lock.withLock { watches[task.taskIdentifier] = watch } }
    func forget(_ task: URLSessionTask) { _ = lock.withLock { watches.removeValue(forKey: task.taskIdentifier) } }
    private func watch(_ task: URLSessionTask) -> FetchWatch? { lock.withLock { watches[task.taskIdentifier] } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let watch = watch(dataTask) else { return completionHandler(.cancel) }
        watch.answered((response as? HTTPURLResponse)?.statusCode ?? 200, length: response.expectedContentLength)
        completionHandler(watch.refusal == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let watch = watch(dataTask) else { return dataTask.cancel() }
        if !watch.received(data) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        watch(task)?.completed(error)
    }
}

/// Watches one fetch: keeps the body as it comes, checks its first bytes
/// and its size, and says how it ended. The session's delegate queue
/// writes; the fetching thread reads.
private final class FetchWatch: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let limit: Int
    private let check: (@Sendable (Data) -> String?)?
    private var checked = false
    private var body = Data()
    private var status = 200
    private var last = Date()
    private var refused: String?
    private var ended: HTTPFetch.Outcome = .timedOut

    init(limit: Int, check: (@Sendable (Data) -> String?)?) {
        self.limit = limit
        self.check = check
    }

    /// Seconds since the last byte (or the start).
    var idle: Double { lock.withLock { Date().timeIntervalSince(last) } }
    /// Why the body was refused as it came, or nil.
    var refusal: String? { lock.withLock { refused } }
    var outcome: HTTPFetch.Outcome { lock.withLock { refused.map { .refused($0) } ?? ended } }

    /// The answer's status, and the length it says its body has (-1: not
    /// said): a body of 2xx is given room for that much at once, up to the
    /// limit and 256 MiB (grown as it came, a lineup of 100 MB took 125 MB
    /// and a copy at each growth); one that claims more than the limit is
    /// refused before any of it is read.
    func answered(_ status: Int, length: Int64) {
        lock.withLock {
            self.status = status
            last = Date()
            if (200..<300).contains(status), length > Int64(limit) {
                refused = "larger than \(limit >> 20) MiB"
            } else if (200..<300).contains(status), length > 0 {
                body.reserveCapacity(Int(min(length, Int64(min(limit, 256 << 20)))))
            }
        }
    }

    /// Takes more of the body; false once it is refused (the task is to be
    /// cancelled).
    func received(_ data: Data) -> Bool {
        lock.withLock {
            last = Date()
            guard refused == nil else { return false }
            body.append(data)
            if body.count > limit {
                refused = "larger than \(limit >> 20) MiB"
            } else if let check, !checked, (200..<300).contains(status), body.count >= LineupContent.prefixLength {
                checked = true
                refused = check(body.prefix(LineupContent.prefixLength))
            }
            return refused == nil
        }
    }

    func completed(_ error: Error?) {
        lock.withLock {
            if let error = error as? URLError {
                ended = .failed(error)
            } else if let error {
                ended = .otherFailure((error as NSError).localizedDescription)
            } else {
                if let check, !checked, (200..<300).contains(status) {
                    checked = true
                    refused = check(body)
                }
                ended = .answered(status: status, body: body)
            }
        }
        done.signal()
    }
}
