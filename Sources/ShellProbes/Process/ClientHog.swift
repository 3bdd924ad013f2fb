import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Takes every connection an X server will give (its client limit, see
/// `VirtualDisplay(maxClients:)`) and, until released, any that another
/// client gives up: while it holds them, opening the display fails
/// (XOpenDisplay returns NULL), as on a server at its limit or too busy to
/// answer. A thread of its own grabs freed slots every 2 ms.
public final class ClientHog: @unchecked Sendable {
    private let path: String
    private var held: [Int32] = []
    private let lock = NSLock()
    private var running = true
    private var thread: Thread?

    /// Fills display `display` (":N") at once, then keeps it full.
    public init(display: String) {
        path = "/tmp/.X11-unix/X" + display.dropFirst()
        while let fd = connect() { held.append(fd) }
        let thread = Thread { [weak self] in
            while let self, self.isRunning {
                if let fd = self.connect() {
                    self.lock.lock()
                    self.held.append(fd)
                    self.lock.unlock()
                }
                usleep(2000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Connections held.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return held.count
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// Gives every connection back.
    public func release() {
        lock.lock()
        running = false
        let fds = held
        held = []
        lock.unlock()
        for fd in fds { close(fd) }
    }

    deinit { release() }

    /// One connection through the X protocol's set-up (little-endian,
    /// version 11.0, no authorization); nil when the server refuses it.
    private func connect() -> Int32? {
        // Close-on-exec: a process the test starts later must not inherit
        // (and so keep holding) the connections `release` gives back.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        let setup: [UInt8] = [0x6C, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        var answer: UInt8 = 0
        guard connected == 0, write(fd, setup, setup.count) == setup.count, read(fd, &answer, 1) == 1, answer == 1 else {
            close(fd)
            return nil
        }
        return fd
    }
}
