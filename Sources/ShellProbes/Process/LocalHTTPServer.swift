import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.0 file server on 127.0.0.1 for tests: fixed paths to fixed
/// bodies (a path with a query also matches its file without the query),
/// then the files of `directory` as they are at the request (a live HLS
/// stream's folder), `fallback` or 404 otherwise. Serves each connection on
/// its own thread until `stop()`, and keeps every request's target
/// (`requests`). `inject` makes it misbehave, for fault tests.
public final class LocalHTTPServer: @unchecked Sendable {
    /// How the server fails the requests a fault applies to.
    public enum Fault: Sendable, Equatable {
        /// Accepts, reads the request, and answers nothing until the fault
        /// is taken away (then answers).
        case stall
        /// Sends the header and one byte a second until the fault is taken
        /// away (then the rest at once).
        case trickle
        /// Sends the header, then the body at this many bytes a second.
        case rate(Int)
        /// Answers 500 Internal Server Error.
        case serverError
        /// Sends the file up to its middle byte, then closes the connection
        /// and stops listening: the server died mid-transfer. A range that
        /// starts past the middle (a player reading an index at a file's
        /// end) is sent whole, as is a request its client left before the
        /// middle was sent.
        case dieMidBody
        /// Sends ranges that start before the file's middle at this many
        /// bytes a second; the first request for a range past it (a player
        /// reading the index at a film's end to seek far ahead) gets half
        /// its bytes, and the server dies.
        case dieReadingIndex(bytesPerSecond: Int)
    }

    public let port: UInt16
    private let listener: LoopbackListener
    private let files: [String: Data]
    private let fallback: Data?
    private let directory: String?
    /// Answers a path (without its query) before the fixed files: a body
    /// made at the request (a live playlist's window), or nil.
    private let responder: (@Sendable (String) -> Data?)?
    /// Answers a whole target (`PATH?QUERY`, no leading slash) before anything else: an API's
    /// answer made from its query, or nil.
    private let targetAnswer: (@Sendable (String) -> Data?)?
    private let lock = NSLock()
    private var log: [String] = []
    private var headerLog: [[String: String]] = []
    private var fault: (kind: Fault, pathSuffix: String)?
    private var fields: [String] = []

    /// Answers byte ranges (false: every body whole, as a server that
    /// cannot seek, so a client cannot tell a file's length from its end).
    private let ranges: Bool

    /// Listens on `port` (0: any free one), so a test can stop a server and
    /// start another where the first was.
    public init(files: [String: Data] = [:], directory: String? = nil, fallback: Data? = nil, port requested: UInt16 = 0,
                ranges: Bool = true, responder: (@Sendable (String) -> Data?)? = nil, answer: (@Sendable (String) -> Data?)? = nil) throws {
        self.ranges = ranges
        self.responder = responder
        targetAnswer = answer
        self.files = files
        self.fallback = fallback
        self.directory = directory
        listener = try LoopbackListener(port: requested)
        port = listener.port
        listener.start { [self] in self.answer($0) }
    }

    /// The header fields of each request so far, oldest first (names in
    /// lower case).
    public var requestHeaders: [[String: String]] {
        lock.lock()
        defer { lock.unlock() }
        return headerLog
    }

    /// The targets asked for so far, oldest first, as sent: `/PATH?QUERY`.
    public var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    /// Header lines (`Name: value`) every 200 answer carries from now on,
    /// as a server's cookies and cache lifetimes.
    public func answerWith(fields: [String]) {
        lock.lock()
        self.fields = fields
        lock.unlock()
    }

    /// From now on, requests whose path (without its query) ends with
    /// `pathSuffix` fail as `fault` says; nil serves normally again (a
    /// stalled or trickling answer then completes).
    public func inject(_ fault: Fault?, pathSuffix: String = "") {
        lock.lock()
        self.fault = fault.map { ($0, pathSuffix) }
        lock.unlock()
    }

    private func currentFault(for path: String) -> Fault? {
        lock.lock()
        defer { lock.unlock() }
        guard listener.isRunning, let fault, path.prefix(while: { $0 != "?" }).hasSuffix(fault.pathSuffix) else { return nil }
        return fault.kind
    }

    /// `http://127.0.0.1:PORT/PATH`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Stops listening; idempotent.
    public func stop() { listener.stop() }

    /// Reads one request from `client`, answers it (or fails it as the
    /// injected fault says) and closes the connection.
    private func answer(_ client: Int32) {
        var request = [UInt8](repeating: 0, count: 4096)
        let n = read(client, &request, request.count)
        let lines = n > 0 ? String(decoding: request[0..<n], as: UTF8.self).split(separator: "\r\n") : []
        let line = lines.first ?? ""
        let parts = line.split(separator: " ")
        let path = parts.count > 1 ? String(parts[1].dropFirst()) : ""
        var headers: [String: String] = [:]
        for field in lines.dropFirst() {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        lock.lock()
        log.append("/" + path)
        headerLog.append(headers)
        let extra = fields.map { $0 + "\r\n" }.joined()
        lock.unlock()
        var response: Data
        var bodyStart = 0
        // Where the body sent lies in the file, for the faults that die at its middle.
        var fileOffset = 0
        var fileSize = 0
        if let body = targetAnswer?(path) ?? responder?(String(path.prefix { $0 != "?" })) ?? files[path] ?? files[String(path.prefix { $0 != "?" })] ?? fromDirectory(String(path.prefix { $0 != "?" })) ?? fallback {
            let tag = "\"\(body.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })\""
            if headers["if-none-match"] == tag {
                response = Data("HTTP/1.0 304 Not Modified\r\nETag: \(tag)\r\nConnection: close\r\n\r\n".utf8)
                deliver(client, response, 0..<response.count)
                close(client)
                return
            }
            if ranges, let range = headers["range"].flatMap({ Self.byteRange($0, size: body.count) }) {
                // A byte range, as an HLS I-frame playlist's fetches ask.
                response = Data(("HTTP/1.0 206 Partial Content\r\nContent-Length: \(range.count)\r\n"
                    + "Content-Range: bytes \(range.lowerBound)-\(range.upperBound - 1)/\(body.count)\r\nConnection: close\r\n\r\n").utf8)
                bodyStart = response.count
                response.append(body.subdata(in: range))
                fileOffset = range.lowerBound
                fileSize = body.count
            } else {
                response = Data("HTTP/1.0 200 OK\r\nContent-Length: \(body.count)\r\nETag: \(tag)\r\n\(extra)Connection: close\r\n\r\n".utf8)
                bodyStart = response.count
                response.append(body)
                fileSize = body.count
            }
        } else {
            response = Data("HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            bodyStart = response.count
        }
        var sent = 0
        switch currentFault(for: path) {
        case .stall:
            while currentFault(for: path) == .stall { usleep(100_000) }
        case .trickle:
            sent = bodyStart
            deliver(client, response, 0..<sent)
            while currentFault(for: path) == .trickle && sent < response.count {
                deliver(client, response, sent..<(sent + 1))
                sent += 1
                sleep(1)
            }
        case .rate(let bytesPerSecond):
            sent = bodyStart
            deliver(client, response, 0..<sent)
            sent = trickle(client, response, from: sent, to: response.count, bytesPerSecond: bytesPerSecond) ?? response.count
        case .serverError:
            response = Data("HTTP/1.0 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        case .dieMidBody:
            let middle = bodyStart + fileSize / 2 - fileOffset
            guard middle > bodyStart, middle < response.count else { break }
            // Dead before the client sees the end: its reconnection is refused.
            if deliver(client, response, 0..<middle) { stop() }
            close(client)
            return
        case .dieReadingIndex(let bytesPerSecond):
            guard fileOffset >= fileSize / 2, fileSize > 0 else {
                sent = bodyStart
                deliver(client, response, 0..<sent)
                sent = trickle(client, response, from: sent, to: response.count, bytesPerSecond: bytesPerSecond) ?? response.count
                break
            }
            deliver(client, response, 0..<(bodyStart + (response.count - bodyStart) / 2))
            stop()
            close(client)
            return
        case nil:
            break
        }
        deliver(client, response, sent..<response.count)
        close(client)
    }

    /// `bytes=FIRST-LAST` (or `bytes=FIRST-`) within a body of `size` bytes.
    static func byteRange(_ field: String, size: Int) -> Range<Int>? {
        guard field.hasPrefix("bytes="), !field.contains(",") else { return nil }
        let parts = field.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first < size else { return nil }
        let last = parts[1].isEmpty ? size - 1 : min(size - 1, Int(parts[1]) ?? -1)
        return last >= first ? first..<(last + 1) : nil
    }

    /// Writes `range` of `data`, whatever the client took (it may be gone):
    /// whether all of it was taken.
    @discardableResult
    private func deliver(_ client: Int32, _ data: Data, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return true }
        return data[range].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == range.count
    }

    /// Writes `start..<end` of `data` at `bytesPerSecond`, a tenth of a
    /// second's worth at a time: where it got to, or nil when the client
    /// left.
    private func trickle(_ client: Int32, _ data: Data, from start: Int, to end: Int, bytesPerSecond: Int) -> Int? {
        let chunk = max(1, bytesPerSecond / 10)
        var sent = start
        while sent < end {
            let next = min(end, sent + chunk)
            guard deliver(client, data, sent..<next) else { return nil }
            sent = next
            usleep(100_000)
        }
        return sent
    }

    /// The file `path` of `directory` as it is now (percent-decoded, as a
    /// web server reads it: "Season%201/…" is "Season 1/…"); nil outside it
    /// or when absent.
    private func fromDirectory(_ encoded: String) -> Data? {
        guard let directory, let path = encoded.removingPercentEncoding, !path.isEmpty, !path.split(separator: "/").contains("..") else { return nil }
        return FileManager.default.contents(atPath: directory + "/" + path)
    }

    deinit { stop() }
}
