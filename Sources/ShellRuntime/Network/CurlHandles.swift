import CCurl
import Foundation

/// libcurl's easy handles, kept between transfers: a handle keeps its
/// connections (and their TLS sessions) and its DNS answers, so the next
/// request to the same server — a thumbnail track's range requests, an
/// account's lists one after another — need not connect again. A transfer
/// gets the idle handle that last talked to its server, else the one idle
/// longest, else a new one; at most `kept` idle handles are kept (the one
/// idle longest goes first). Handles do not share connections with each
/// other (libcurl does not support that between threads). Any thread: the
/// handles are behind a lock, and a handle is used by one transfer at a time.
final class CurlHandles: @unchecked Sendable {
    static let shared = CurlHandles()

    private let lock = NSLock()
    /// Idle handles, the one idle longest first, each with the server
    /// (`scheme://host:port`) it last talked to.
    private var idle: [(easy: UnsafeMutableRawPointer, server: String)] = []
    private let kept = 4
    private let started: Bool

    private init() {
        started = tvs_curl_global_init() == CURLE_OK
    }

    /// A handle with no options set, for a transfer to `url`, or nil when
    /// libcurl could not start.
    func take(for url: String) -> UnsafeMutableRawPointer? {
        guard started else { return nil }
        let server = Self.server(url)
        let found: UnsafeMutableRawPointer? = lock.withLock {
            guard let index = idle.lastIndex(where: { $0.server == server }) ?? (idle.isEmpty ? nil : 0) else { return nil }
            return idle.remove(at: index).easy
        }
        return found ?? curl_easy_init()
    }

    /// Gives a handle back once its transfer to `url` is over: its options
    /// are cleared (they point into the transfer's memory), its connections kept.
    func giveBack(_ easy: UnsafeMutableRawPointer, from url: String) {
        curl_easy_reset(easy)
        let server = Self.server(url)
        let spare: UnsafeMutableRawPointer? = lock.withLock {
            idle.append((easy, server))
            return idle.count > kept ? idle.removeFirst().easy : nil
        }
        if let spare { curl_easy_cleanup(spare) }
    }

    /// `scheme://host:port` of `url` (the URL itself when it has none).
    static func server(_ url: String) -> String {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), let host = parts.host?.lowercased() else { return url }
        return "\(scheme)://\(host):\(parts.port ?? (scheme == "https" ? 443 : 80))"
    }
}
