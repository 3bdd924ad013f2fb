import Catalog
import Foundation

/// One blocking HTTP GET (`HTTPTransfer`, tvshell's User-Agent), for the
/// readers of lineups, guides and accounts: what came back, or why nothing
/// did. Nothing is cached or kept between requests but the connection (no
/// cache, no cookies): a refresh always asks the server, and an account's
/// answers (which carry its password) are never kept. Blocking; any thread
/// but the run loop.
enum HTTPFetch {
    enum Outcome: Equatable {
        /// The server answered: its status and body (empty when it sent
        /// none, and for a status other than 2xx: an error page is not read).
        case answered(status: Int, body: Data)
        /// No answer: why, in the shell's words (`HTTPTransfer.reason`).
        case failed(String)
        /// No answer within the time allowed.
        case timedOut
        /// The answer was not taken: its first bytes were not what was
        /// asked for, or it went on past the bytes allowed.
        case refused(String)
    }

    /// GET `url`. The answer comes whole within `timeout` seconds (or, given
    /// `whole`, within that many, as long as no `timeout` seconds pass
    /// without a byte). `check` sees the body's first
    /// `LineupContent.prefixLength` bytes (or all of a shorter one) as they
    /// come and may refuse it (its reason); a body beyond `limit` bytes is
    /// refused: so a video stream given for a playlist is never read whole
    /// into memory.
    static func get(_ url: URL, timeout: Double, whole: Double? = nil, headers: [String: String] = [:], limit: Int = .max,
                    check: (@Sendable (Data) -> String?)? = nil) -> Outcome {
        let body = FetchBody(limit: limit, check: check)
        let transfer = HTTPTransfer(url: url.absoluteString, headers: headers, idleTimeout: timeout, wholeTimeout: whole ?? timeout)
        switch transfer.run(answered: body.answered, received: body.received) {
        case .completed(let answer):
            return body.finished(answer.status)
        case .stopped:
            if let refusal = body.refusal { return .refused(refusal) }
            return .answered(status: body.status, body: Data())
        case .timedOut:
            return .timedOut
        case .failed(let reason):
            return .failed(reason)
        }
    }
}

/// One fetch's body as it comes: kept, its first bytes checked, its size
/// bounded. The fetching thread only.
private final class FetchBody {
    private let limit: Int
    private let check: (@Sendable (Data) -> String?)?
    private var checked = false
    private var data = Data()
    private(set) var status = 0
    private(set) var refusal: String?

    init(limit: Int, check: (@Sendable (Data) -> String?)?) {
        self.limit = limit
        self.check = check
    }

    /// The answer's status, and the length it says its body has: a body of
    /// 2xx is given room for that much at once, up to the limit and 256 MiB
    /// (grown as it came, a lineup of 100 MB took 125 MB and a copy at each
    /// growth); one that claims more than the limit is refused before any
    /// of it is read. Any other status: the body is not read.
    func answered(_ answer: HTTPTransfer.Answer) -> Bool {
        status = answer.status
        guard (200..<300).contains(status) else { return false }
        if let length = answer.length, length > Int64(limit) {
            refusal = "larger than \(limit >> 20) MiB"
            return false
        }
        if let length = answer.length, length > 0 { data.reserveCapacity(Int(min(length, Int64(min(limit, 256 << 20))))) }
        return true
    }

    /// Takes more of the body; false once it is refused.
    func received(_ piece: UnsafeRawBufferPointer) -> Bool {
        data.append(contentsOf: piece)
        if data.count > limit {
            refusal = "larger than \(limit >> 20) MiB"
        } else if let check, !checked, data.count >= LineupContent.prefixLength {
            checked = true
            refusal = check(data.prefix(LineupContent.prefixLength))
        }
        return refusal == nil
    }

    /// The outcome once the answer came whole (a body shorter than the
    /// prefix is checked now).
    func finished(_ status: Int) -> HTTPFetch.Outcome {
        if let check, !checked, (200..<300).contains(status), let refused = check(data) { return .refused(refused) }
        return .answered(status: status, body: data)
    }
}
