import CCurl
import Foundation
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP(S) GET through libcurl's easy interface, performed on the
/// calling thread: the body is handed on as it comes and nothing is kept
/// here. Redirects are followed (at most 10, http and https only); the
/// answer may be compressed (`Accept-Encoding`), the body given on is the
/// decoded one; nothing is cached, no cookie is kept, TLS certificates are
/// verified. A connection is kept for the next transfer to the same server
/// (`CurlHandles`).
///
/// Foundation's `URLSession` did this before, and on Linux it kept a core
/// busy in the kernel while an answer trickled in (a lineup of 159 kB at
/// 5 kB/s: 26.5 s of CPU in 32 s, where curl takes 0.03 s): on the box
/// under a TV, that core is the one playing the picture.
///
/// Blocking for as long as the transfer goes: any thread but the run loop.
/// The callbacks are called on that thread, during `run`.
struct HTTPTransfer {
    /// What the server answered, before the body.
    struct Answer: Equatable {
        var status: Int
        /// The length its body says it has, when it says: as sent, so
        /// compressed when it is `encoded`.
        var length: Int64?
        var etag: String?
        var lastModified: String?
        /// Its `Content-Encoding` (lowercase), when it has one.
        var encoding: String? = nil

        /// Whether the body was sent compressed (gzip, deflate …), so the
        /// body given on is longer than `length`.
        var encoded: Bool { encoding.map { $0 != "identity" } ?? false }
        /// The length of the body given on, when known: `length` unless
        /// it was `encoded`.
        var decodedLength: Int64? { encoded ? nil : length }
    }

    /// How a transfer ended.
    enum Ended: Equatable {
        /// The answer came whole.
        case completed(Answer)
        /// `answered` or `received` said to stop, or `cancelled` said so.
        case stopped
        /// No byte for `idleTimeout` seconds (`idle`), or not all of it in
        /// `wholeTimeout`; `bytes` of the body had come.
        case timedOut(idle: Bool, bytes: Int64)
        /// No answer, or not all of it: why, in the shell's words.
        case failed(String)
    }

    var url: String
    /// Request headers (a value with a line break in it is not sent).
    var headers: [String: String] = [:]
    /// Seconds without a byte (connecting included) before giving up.
    var idleTimeout: Double
    /// Seconds for the whole transfer, or nil: no bound while bytes come.
    var wholeTimeout: Double?

    /// Performs the transfer. `answered` sees the final answer's status and
    /// headers once, before its first byte (or at its end, when it has no
    /// body); `received` sees the body in pieces as they come; `cancelled`
    /// is asked at least once a second. Either of the first two returns
    /// false, or `cancelled` true, to stop the transfer (`.stopped`).
    func run(answered: (Answer) -> Bool, received: (UnsafeRawBufferPointer) -> Bool,
             cancelled: () -> Bool = { false }) -> Ended {
        guard let easy = CurlHandles.shared.take(for: url) else { return .failed("the network library could not start (out of memory?)") }
        defer { CurlHandles.shared.giveBack(easy, from: url) }
        return withoutActuallyEscaping(answered) { answered in
            withoutActuallyEscaping(received) { received in
                withoutActuallyEscaping(cancelled) { cancelled in
                    let progress = TransferProgress(easy: easy, idleTimeout: idleTimeout, wholeTimeout: wholeTimeout,
                                                    answered: answered, received: received, cancelled: cancelled)
                    return perform(easy, progress)
                }
            }
        }
    }

    private func perform(_ easy: UnsafeMutableRawPointer, _ progress: TransferProgress) -> Ended {
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        for (field, value) in headers where !(field + value).utf8.contains(where: { $0 == 13 || $0 == 10 }) {
            list = curl_slist_append(list, "\(field): \(value)")
        }
        var problem = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let context = Unmanaged.passUnretained(progress).toOpaque()
        let code: CURLcode = problem.withUnsafeMutableBufferPointer { buffer in
            tvs_curl_set_pointer(easy, CURLOPT_URL, url)
            tvs_curl_set_pointer(easy, CURLOPT_USERAGENT, "tvshell/\(ShellVersion.current)")
            tvs_curl_set_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https")
            tvs_curl_set_pointer(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            tvs_curl_set_pointer(easy, CURLOPT_ACCEPT_ENCODING, "")
            tvs_curl_set_pointer(easy, CURLOPT_HTTPHEADER, list)
            tvs_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            tvs_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
            tvs_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1)
            tvs_curl_set_long(easy, CURLOPT_MAXREDIRS, 10)
            tvs_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(idleTimeout))
            tvs_curl_set_long(easy, CURLOPT_NOPROGRESS, 0)
            tvs_curl_set_xferinfo(easy) { context, _, now, _, _ in
                guard let context else { return 1 }
                return Unmanaged<TransferProgress>.fromOpaque(context).takeUnretainedValue().tick(bytes: Int64(now)) ? 0 : 1
            }
            tvs_curl_set_pointer(easy, CURLOPT_XFERINFODATA, context)
            tvs_curl_set_write(easy) { data, size, count, context in
                guard let context else { return 0 }
                let piece = UnsafeRawBufferPointer(start: data, count: size * count)
                return Unmanaged<TransferProgress>.fromOpaque(context).takeUnretainedValue().take(piece) ? size * count : 0
            }
            tvs_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
            return curl_easy_perform(easy)
        }
        if let stop = progress.stop { return stop }
        if code == CURLE_OK {
            if let answer = progress.answer { return .completed(answer) }
            let answer = progress.answerNow()
            return progress.answered(answer) ? .completed(answer) : .stopped
        }
        if code == CURLE_OPERATION_TIMEDOUT { return .timedOut(idle: true, bytes: progress.bytes) }
        var osError = 0
        tvs_curl_get_long(easy, CURLINFO_OS_ERRNO, &osError)
        let said = String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .failed(Self.reason(code, osError: Int32(osError), said: said.isEmpty ? String(cString: curl_easy_strerror(code)) : said))
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        seconds.isFinite ? Int(max(1, min(seconds, 1e6)) * 1000) : 1_000_000_000
    }

    /// Why a transfer failed, in the shell's words (the URL never in them:
    /// it may carry an account).
    static func reason(_ code: CURLcode, osError: Int32, said: String) -> String {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return "no such host"
        case CURLE_COULDNT_RESOLVE_PROXY: return "no such proxy host"
        case CURLE_COULDNT_CONNECT:
            switch osError {
            case ECONNREFUSED: return "the connection was refused"
            case ENETUNREACH: return "no network"
            case EHOSTUNREACH: return "the host cannot be reached"
            case 0: return "could not connect"
            default: return "could not connect (\(String(cString: strerror(osError))))"
            }
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return "the secure connection failed (certificate?)"
        case CURLE_GOT_NOTHING: return "the server closed the connection without an answer"
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return "the connection was lost"
        case CURLE_TOO_MANY_REDIRECTS: return "too many redirects"
        case CURLE_UNSUPPORTED_PROTOCOL: return "not an http or https address (or redirected to one)"
        case CURLE_URL_MALFORMAT: return "not a valid URL"
        case CURLE_WEIRD_SERVER_REPLY: return "the server's answer is not HTTP"
        case CURLE_BAD_CONTENT_ENCODING: return "the server's compressed answer is broken"
        case CURLE_OUT_OF_MEMORY: return "out of memory"
        default: return URLRedaction.redactingURLs(in: said.prefix(1).lowercased() + said.dropFirst())
        }
    }
}

/// One transfer's callbacks and bookkeeping: libcurl calls it from inside
/// `curl_easy_perform`, on the transferring thread only.
private final class TransferProgress {
    let easy: UnsafeMutableRawPointer
    let idleTimeout: Double
    let wholeTimeout: Double?
    let answered: (HTTPTransfer.Answer) -> Bool
    let received: (UnsafeRawBufferPointer) -> Bool
    let cancelled: () -> Bool
    let began = MonotonicClock.now().seconds
    /// The answer, once given to `answered`.
    private(set) var answer: HTTPTransfer.Answer?
    /// How the transfer ends, once a callback or a bound decided it.
    private(set) var stop: HTTPTransfer.Ended?
    private(set) var bytes: Int64 = 0
    private var lastCount: Int64 = -1
    private var lastByte: Double

    init(easy: UnsafeMutableRawPointer, idleTimeout: Double, wholeTimeout: Double?,
         answered: @escaping (HTTPTransfer.Answer) -> Bool, received: @escaping (UnsafeRawBufferPointer) -> Bool,
         cancelled: @escaping () -> Bool) {
        self.easy = easy
        self.idleTimeout = idleTimeout
        self.wholeTimeout = wholeTimeout
        self.answered = answered
        self.received = received
        self.cancelled = cancelled
        lastByte = began
    }

    /// The answer as libcurl has it now: the last response's status and headers.
    func answerNow() -> HTTPTransfer.Answer {
        var status = 0
        var length: curl_off_t = -1
        tvs_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        tvs_curl_get_off(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        return .init(status: status, length: length >= 0 ? Int64(length) : nil,
                     etag: tvs_curl_header(easy, "ETag").map { String(cString: $0) },
                     lastModified: tvs_curl_header(easy, "Last-Modified").map { String(cString: $0) },
                     encoding: tvs_curl_header(easy, "Content-Encoding").map { String(cString: $0).trimmingCharacters(in: .whitespaces).lowercased() })
    }

    /// A piece of the body: false stops the transfer.
    func take(_ piece: UnsafeRawBufferPointer) -> Bool {
        if answer == nil {
            let given = answerNow()
            answer = given
            guard answered(given) else {
                stop = .stopped
                return false
            }
        }
        bytes += Int64(piece.count)
        guard received(piece) else {
            stop = .stopped
            return false
        }
        return true
    }

    /// libcurl's progress, at least once a second: false stops the transfer.
    func tick(bytes count: Int64) -> Bool {
        let now = MonotonicClock.now().seconds
        if count != lastCount {
            lastCount = count
            lastByte = now
        }
        if cancelled() {
            stop = .stopped
        } else if now - lastByte > idleTimeout {
            stop = .timedOut(idle: true, bytes: bytes)
        } else if let wholeTimeout, now - began > wholeTimeout {
            stop = .timedOut(idle: false, bytes: bytes)
        }
        return stop == nil
    }
}
