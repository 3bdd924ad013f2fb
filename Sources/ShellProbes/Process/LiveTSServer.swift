import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A live MPEG-TS stream over HTTP on 127.0.0.1, as many IPTV and radio
/// servers send one, for tests: one endless answer per connection, read
/// from `body` where the wall clock has reached since the server began (in
/// whole 188-byte packets, with a second's lead) and sent at its pace
/// (`body` lasting `seconds`). Such servers often claim a length
/// (`claimedLength`: a `Content-Length` the stream never reaches) and close
/// a connection after a while (`closeAfter` seconds). Serves each
/// connection on its own thread until `stop()`; `connections` counts them.
public final class LiveTSServer: @unchecked Sendable {
    public let port: UInt16
    private let lock = NSLock()
    private var count = 0
    private let listener: LoopbackListener
    private let body: Data
    private let bytesPerSecond: Double
    private let claimedLength: Int?
    private let closeAfter: Double
    private let began = Date()

    /// `body`: whole TS packets lasting `seconds` (the stream loops it).
    public init(body: Data, seconds: Double, claimedLength: Int? = nil, closeAfter: Double = .infinity) throws {
        self.body = body
        bytesPerSecond = Double(body.count) / seconds
        self.claimedLength = claimedLength
        self.closeAfter = closeAfter
        listener = try LoopbackListener()
        port = listener.port
        listener.start { [self] client in
            lock.withLock { count += 1 }
            answer(client)
        }
    }

    /// `http://127.0.0.1:PORT/PATH` (any path is the stream).
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Connections accepted so far.
    public var connections: Int { lock.withLock { count } }

    /// Stops listening and ends every answer; idempotent.
    public func stop() { listener.stop() }

    /// Reads the request, then sends the stream from where the clock is
    /// until `closeAfter`, the server's stop or the client's leaving.
    private func answer(_ client: Int32) {
        defer { close(client) }
        var request = [UInt8](repeating: 0, count: 4096)
        _ = read(client, &request, request.count)
        let length = claimedLength.map { "Content-Length: \($0)\r\n" } ?? ""
        guard write(client, Data("HTTP/1.0 200 OK\r\nContent-Type: video/mp2t\r\n\(length)Connection: close\r\n\r\n".utf8)) else { return }
        let connected = Date()
        var sent = position(Date().timeIntervalSince(began))
        while listener.isRunning && Date().timeIntervalSince(connected) < closeAfter {
            let due = position(Date().timeIntervalSince(began) + 1)
            while sent < due {
                let offset = sent % body.count
                let end = min(body.count, offset + (due - sent))
                guard write(client, body.subdata(in: offset..<end)) else { return }
                sent += end - offset
            }
            usleep(50_000)
        }
    }

    /// The byte of the endless stream at `seconds`, at a packet's start.
    private func position(_ seconds: Double) -> Int {
        Int(seconds * bytesPerSecond) / 188 * 188
    }

    private func write(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == data.count
    }

    deinit { stop() }
}
