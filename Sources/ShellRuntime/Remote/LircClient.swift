import Foundation
import Logging
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// The connection to lircd's client socket. It connects when it can; when
/// lircd is not there, or goes away, the shell goes on from the keyboard and
/// this tries again with back-off (0.5 s doubling to 30 s), saying so in the
/// log once per outage. The socket's directory is watched meanwhile: when
/// lircd makes its socket again it connects at once (quick tries while lircd
/// starts listening), whatever the back-off had reached.
///
/// Run-loop thread only: the loop polls `fd` and `watchFD` and calls `read`,
/// `socketEvents` and `tick`.
final class LircClient {
    let path: String
    /// The socket, or -1 while not connected.
    private(set) var fd: Int32 = -1
    private var buffer: [UInt8] = []
    /// lircd lines are a few dozen bytes; an unfinished line longer than
    /// this is garbage and is dropped, not kept growing.
    private static let longestLine = 4096
    private var delay = 0.5
    private var nextAttempt: Instant?
    private var announcedOutage = false
    private let logger: Logger
    /// Watches for the socket being made again (without inotify, by looking
    /// every second).
    private let watcher: FileWatcher
    /// The first delay after the socket appeared: lircd binds, then listens.
    private static let appearedDelay = 0.05

    init(path: String, logger: Logger, now: Instant) {
        self.path = path
        self.logger = logger
        watcher = FileWatcher(path: path, label: "lircd", logger: logger, now: now, reportsCreation: true)
        connect(now: now)
    }

    /// The socket watcher's descriptor, for the poll set (nil without inotify).
    var watchFD: Int32? { watcher.fd >= 0 ? watcher.fd : nil }

    /// The watcher's descriptor is readable.
    func socketEvents(now: Instant) {
        if watcher.readEvents() { socketMayHaveAppeared(now: now) }
    }

    /// While not connected, a socket made again is tried at once, and again
    /// after 50 ms doubling (lircd may not listen yet) until the back-off's
    /// usual steps take over.
    private func socketMayHaveAppeared(now: Instant) {
        guard fd < 0, FileManager.default.fileExists(atPath: path) else { return }
        delay = Self.appearedDelay
        connect(now: now)
    }

    deinit { disconnect() }

    /// Milliseconds until the next connection attempt (or the watcher's
    /// next look without inotify), for `poll`.
    func pollTimeout(now: Instant) -> Int32? {
        guard fd < 0 else { return nil }
        let attempt = nextAttempt.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) }
        guard let look = watcher.pollTimeout(now: now) else { return attempt }
        return min(attempt ?? look, look)
    }

    /// Tries to connect again when it is time.
    func tick(now: Instant) {
        guard fd < 0 else { return }
        if watcher.tick(now: now) { return socketMayHaveAppeared(now: now) }
        guard let next = nextAttempt, next <= now else { return }
        connect(now: now)
    }

    /// The events that arrived; notices lircd going away.
    func read(now: Instant) -> [LircEvent] {
        guard fd >= 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n > 0 {
                buffer += chunk[0..<n]
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { break }
            let why = n == 0 ? "closed the connection" : String(cString: strerror(errno))
            logger.warning("lircd at \(path) \(why): the remote is off until it is back (keyboard still works)")
            announcedOutage = true
            disconnect()
            delay = 0.5
            nextAttempt = now + delay
            break
        }
        var events: [LircEvent] = []
        while let newline = buffer.firstIndex(of: 10) {
            let line = String(decoding: buffer[..<newline], as: UTF8.self)
            buffer.removeSubrange(...newline)
            if let event = LircEvent(line: line) { events.append(event) }
        }
        if buffer.count > Self.longestLine {
            logger.warning("lircd at \(path) sent \(buffer.count) bytes without a line end: dropped")
            buffer.removeAll()
        }
        return events
    }

    private func connect(now: Instant) {
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { return scheduleRetry(now: now, why: String(cString: strerror(errno))) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(s)
            return scheduleRetry(now: now, why: "the socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let why = String(cString: strerror(errno))
            close(s)
            return scheduleRetry(now: now, why: why)
        }
        _ = fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK)
        fd = s
        buffer.removeAll()
        delay = 0.5
        nextAttempt = nil
        announcedOutage = false
        logger.info("connected to lircd at \(path)")
    }

    private func scheduleRetry(now: Instant, why: String) {
        if !announcedOutage {
            logger.warning("lircd at \(path): \(why); the remote is off, the keyboard works; trying again by itself")
            announcedOutage = true
        }
        nextAttempt = now + delay
        delay = min(delay * 2, 30)
    }

    private func disconnect() {
        if fd >= 0 { close(fd) }
        fd = -1
        buffer.removeAll()
    }
}
