import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 for tests of an HTTP client: each
/// request is answered as the test's script says (redirects, compressed
/// bodies, kept connections, bodies that stall or trickle). It counts the
/// connections it accepted and keeps every request's target and header
/// fields. Each connection is served on a thread of its own until
/// `stop()`.
public final class ScriptedHTTPServer: @unchecked Sendable {
    /// An answer: its status line and header fields (without
    /// `Content-Length` and `Connection`, which the server adds), its body
    /// in pieces sent `pause` seconds apart, and whether the connection is
    /// kept for the next request.
    public struct Reply: Sendable {
        /// No answer: the connection is closed once the request is read.
        public static let hangUp = Reply(status: "")

        public var status: String
        public var fields: [String]
        public var pieces: [Data]
        public var pause: Double
        public var keepAlive: Bool

        public init(status: String = "200 OK", fields: [String] = [], body: Data = Data(), pieces: [Data]? = nil, pause: Double = 0,
                    keepAlive: Bool = true) {
            self.status = status
            self.fields = fields
            self.pieces = pieces ?? [body]
            self.pause = pause
            self.keepAlive = keepAlive
        }
    }

    /// A request as it came: its target (`/PATH?QUERY`) and header fields
    /// (names in lower case).
    public struct Request: Sendable {
        public var target: String
        public var fields: [String: String]
    }

    public let port: UInt16
    private let listener: LoopbackListener
    private let script: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var accepted = 0
    private var log: [Request] = []

    public init(_ script: @escaping @Sendable (Request) -> Reply) throws {
        self.script = script
        listener = try LoopbackListener()
        port = listener.port
        listener.start { [self] in self.serve($0) }
    }

    /// `http://127.0.0.1:PORT/PATH`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
    /// The connections accepted so far.
    public var connections: Int { lock.withLock { accepted } }
    /// The requests so far, oldest first.
    public var requests: [Request] { lock.withLock { log } }

    /// Stops listening; idempotent. Connections being served go on.
    public func stop() { listener.stop() }

    private func serve(_ client: Int32) {
        lock.withLock { accepted += 1 }
        defer { close(client) }
        var pending = Data()
        while listener.isRunning {
            guard let request = Self.readRequest(client, &pending) else { return }
            lock.withLock { log.append(request) }
            let reply = script(request)
            if reply.status.isEmpty { return }
            let length = reply.pieces.reduce(0) { $0 + $1.count }
            let head = (["HTTP/1.1 \(reply.status)"] + reply.fields + ["Content-Length: \(length)", "Connection: \(reply.keepAlive ? "keep-alive" : "close")"])
                .joined(separator: "\r\n") + "\r\n\r\n"
            guard Self.send(client, Data(head.utf8)) else { return }
            for (index, piece) in reply.pieces.enumerated() {
                if index > 0 && reply.pause > 0 { usleep(useconds_t(reply.pause * 1_000_000)) }
                guard Self.send(client, piece) else { return }
            }
            if !reply.keepAlive { return }
        }
    }

    /// The next request's head from `client` (bytes after it stay in `pending`), or nil when it closed.
    private static func readRequest(_ client: Int32, _ pending: inout Data) -> Request? {
        let end = Data("\r\n\r\n".utf8)
        while pending.range(of: end) == nil {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[0..<count])
        }
        let cut = pending.range(of: end)!
        let lines = String(decoding: pending[..<cut.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        pending = Data(pending[cut.upperBound...])
        let parts = (lines.first ?? "").split(separator: " ")
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(target: parts.count > 1 ? String(parts[1]) : "", fields: fields)
    }

    private static func send(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = Glibc.send(client, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }
}
