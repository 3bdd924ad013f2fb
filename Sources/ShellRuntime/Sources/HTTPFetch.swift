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
    /// The one session: no cache, no cookie store.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    enum Outcome {
        /// The server answered: its status and body (empty when it sent none).
        case answered(status: Int, body: Data)
        /// No answer: the connection failed.
        case failed(URLError)
        /// No answer, for a reason that is not a URL error.
        case otherFailure(String)
        /// No answer within the time allowed (the request was cancelled).
        case timedOut
    }

    static func get(_ url: URL, timeout: Double, headers: [String: String] = [:]) -> Outcome {
        final class Box: @unchecked Sendable {
            var outcome: Outcome = .timedOut
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("tvshell/\(ShellVersion.current)", forHTTPHeaderField: "User-Agent")
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        let task = session.dataTask(with: request) { data, response, error in
            if let error = error as? URLError {
                box.outcome = .failed(error)
            } else if let error {
                box.outcome = .otherFailure((error as NSError).localizedDescription)
            } else {
                box.outcome = .answered(status: (response as? HTTPURLResponse)?.statusCode ?? 200, body: data ?? Data())
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .timedOut
        }
        return box.outcome
    }
}
