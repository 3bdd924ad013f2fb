import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.0 file server on 127.0.0.1 for tests: fixed paths to fixed
/// bodies (a path with a query also matches its file without the query),
/// then the files of `directory` as they are at the request (a live HLS
/// stream's folder), `fallback` or 404 otherwise. Serves on a background
/// thread until `stop()`, and keeps every request's target (`requests`).
public final class LocalHTTPServer: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let files: [String: Data]
    private let fallback: Data?
    private let directory: String?
    private let lock = NSLock()
    private var running = true
    private var log: [String] = []

    /// Listens on `port` (0: any free one), so a test can stop a server and
    /// start another where the first was.
    public init(files: [String: Data] = [:], directory: String? = nil, fallback: Data? = nil, port requested: UInt16 = 0) throws {
        self.files = files
        self.fallback = fallback
        self.directory = directory
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = requested.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else { close(fd); throw SpawnError(message: "cannot listen on 127.0.0.1") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in serve() }
    }

    /// The targets asked for so far, oldest first, as sent: `/PATH?QUERY`.
    public var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    /// `http://127.0.0.1:PORT/PATH`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Stops listening; idempotent (a second close could hit a descriptor
    /// another test has opened since).
    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            lock.lock()
            let live = running
            lock.unlock()
            guard live else { return }
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            var request = [UInt8](repeating: 0, count: 4096)
            let n = read(client, &request, request.count)
            let line = n > 0 ? String(decoding: request[0..<n], as: UTF8.self).split(separator: "\r\n").first ?? "" : ""
            let parts = line.split(separator: " ")
            let path = parts.count > 1 ? String(parts[1].dropFirst()) : ""
            lock.lock()
            log.append("/" + path)
            lock.unlock()
            var response: Data
            if let body = files[path] ?? files[String(path.prefix { $0 != "?" })] ?? fromDirectory(String(path.prefix { $0 != "?" })) ?? fallback {
                response = Data("HTTP/1.0 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
                response.append(body)
            } else {
                response = Data("HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            }
            _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            close(client)
        }
    }

    /// The file `path` of `directory` as it is now; nil outside it or when absent.
    private func fromDirectory(_ path: String) -> Data? {
        guard let directory, !path.isEmpty, !path.split(separator: "/").contains("..") else { return nil }
        return FileManager.default.contents(atPath: directory + "/" + path)
    }

    deinit { stop() }
}
