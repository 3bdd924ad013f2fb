import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket on 127.0.0.1 for the tests' servers: once
/// started, accepts connections on a thread of its own and hands each to
/// its handler on a thread of its own, until `stop()`.
final class LoopbackListener: @unchecked Sendable {
    let port: UInt16
    private let socket: Int32
    private let lock = NSLock()
    private var running = true

    /// Listens on `port` (0: any free one).
    init(port requested: UInt16 = 0) throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
        socket = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Accepts connections from now on: `handle` gets each (and closes it).
    func start(_ handle: @escaping @Sendable (Int32) -> Void) {
        Thread.detachNewThread { [self] in
            while isRunning {
                let client = accept(socket, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                Thread.detachNewThread { handle(client) }
            }
        }
    }

    /// Until `stop()`.
    var isRunning: Bool { lock.withLock { running } }

    /// Stops listening; idempotent (a second close could hit a descriptor
    /// another test has opened since).
    func stop() {
        let wasRunning = lock.withLock {
            defer { running = false }
            return running
        }
        guard wasRunning else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
