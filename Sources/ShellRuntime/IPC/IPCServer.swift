import Foundation
import MediaModel
import CPosix
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// One automation client, as long as it is connected: its descriptor and a
/// serial number, so a late reply never reaches a newer client that was
/// given the same descriptor.
struct IPCClientID: Hashable {
    let fd: Int32
    let serial: UInt64
}

/// One request read from an automation client.
struct IPCRequest {
    let client: IPCClientID
    /// Echoed in the reply; any JSON value.
    let requestID: Any?
    let command: [Any]
}

/// The automation socket: a Unix stream socket speaking newline-delimited
/// JSON in the style of mpv's JSON IPC. Non-blocking; the run loop polls
/// `pollDescriptors()`, calls `service` for what poll reports, then takes
/// `takeRequests()`: at most one request per client each pass, so one
/// client's backlog delays another's reply by one request at most.
///
/// A door into a kiosk, so: the socket is 0600 from the moment it exists;
/// a peer of another user id is refused (`SO_PEERCRED`) whatever the mode;
/// at most `maxClients` at once; a line over `IPCLineReader.defaultLimit`
/// bytes is answered with an error and skipped; a client whose replies wait
/// unread has its requests held until it reads, and one whose unread
/// output passes `maxQueuedOutput` is dropped. Nothing here blocks.
/// Run-loop thread only.
final class IPCServer: AutomationPort {
    static let maxClients = 32
    /// Unread output past which a client is dropped.
    static let maxQueuedOutput = 1 << 20
    /// Unread replies past which a client's further requests wait.
    static let heldRequestsAbove = 256 * 1024

    let path: String
    private let listener: Int32
    private let logger: Logger?
    private var clients: [Int32: Client] = [:]
    private var serials: UInt64 = 0
    /// The socket file's inode once bound: `close` removes only that file.
    private var inode: ino_t?

    private final class Client {
        let id: IPCClientID
        var reader = IPCLineReader()
        var output: [UInt8] = []
        /// Where the unsent part of `output` starts.
        var sent = 0
        /// The client closed its end; it goes once its lines are answered.
        var ended = false
        init(id: IPCClientID) { self.id = id }
        var unsent: Int { output.count - sent }
    }

    /// Binds `path`, mode 0600. A stale socket there (nothing listening) is
    /// replaced; anything else — a live socket (another instance), a regular
    /// file, a directory — is refused, never removed.
    init(path: String, logger: Logger? = nil) throws {
        self.path = path
        self.logger = logger
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw RuntimeError.socket(path: path, reason: String(cString: strerror(errno))) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(fd)
            throw RuntimeError.socket(path: path, reason: "path longer than \(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        guard fchmod(fd, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw RuntimeError.socket(path: path, reason: reason)
        }
        if let refusal = Self.refusal(at: path, address: address) {
            Glibc.close(fd)
            throw RuntimeError.socket(path: path, reason: refusal)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw RuntimeError.socket(path: path, reason: reason)
        }
        listener = fd
        var info = stat()
        inode = lstat(path, &info) == 0 ? info.st_ino : nil
    }

    /// Why `path` cannot be taken, or nil (nothing there, or a stale socket,
    /// which is removed).
    private static func refusal(at path: String, address: sockaddr_un) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            return "something that is not a socket is there; refused (remove it, or give another path)"
        }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return "cannot check the socket there: \(String(cString: strerror(errno)))" }
        defer { Glibc.close(probe) }
        var address = address
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected == 0 { return "another program (a tvshell already running?) is listening there; refused" }
        guard errno == ECONNREFUSED else { return "the socket there cannot be checked (\(String(cString: strerror(errno)))); refused" }
        unlink(path)
        return nil
    }

    /// Descriptors to poll, with the events wanted: no more input from a
    /// client while a request of its waits.
    func pollDescriptors() -> [pollfd] {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for (fd, client) in clients {
            let input = client.ended || client.reader.hasLine ? 0 : Int16(POLLIN)
            fds.append(pollfd(fd: fd, events: input | (client.unsent == 0 ? 0 : Int16(POLLOUT)), revents: 0))
        }
        return fds
    }

    func owns(_ fd: Int32) -> Bool { fd == listener || clients[fd] != nil }

    /// Whether a request waits that `takeRequests` would hand out (the run
    /// loop then polls without sleeping).
    var hasRequests: Bool {
        clients.values.contains { $0.reader.hasLine && $0.unsent <= Self.heldRequestsAbove }
    }

    /// Accepts, reads, writes as `revents` says. Requests are taken with
    /// `takeRequests`.
    func service(fd: Int32, revents: Int16) {
        if fd == listener { return acceptAll() }
        guard let client = clients[fd] else { return }
        if revents & Int16(POLLOUT) != 0 { flush(client) }
        guard clients[fd] != nil, !client.ended, revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !client.reader.hasLine {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 {
                buffer.withUnsafeBytes { client.reader.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            client.ended = true
            break
        }
        if client.ended && !client.reader.hasLine && client.unsent == 0 { drop(client) }
    }

    /// At most one request from each client whose replies are being read,
    /// oldest client first. Lines that are not requests are answered here.
    /// Called every pass of the run loop: with nothing waiting it returns
    /// at once, without sorting or allocating.
    func takeRequests() -> [IPCRequest] {
        guard clients.values.contains(where: { $0.reader.hasLine || $0.ended }) else { return [] }
        var requests: [IPCRequest] = []
        for client in clients.values.sorted(by: { $0.id.serial < $1.id.serial }) where client.unsent <= Self.heldRequestsAbove {
            lines: while let line = client.reader.next() {
                switch line {
                case .tooLong(let count):
                    send(reply(requestID: nil, error: "invalid request: a line of \(count) bytes; at most \(client.reader.limit) (ignored)"), to: client)
                    break lines
                case .request(let bytes):
                    switch IPCRequestLine.decode(bytes) {
                    case .blank:
                        continue lines
                    case .invalid(let requestID, let message):
                        send(reply(requestID: requestID, error: message), to: client)
                    case .request(let requestID, let command):
                        requests.append(IPCRequest(client: client.id, requestID: requestID, command: command))
                    }
                    break lines
                }
            }
            if client.ended && !client.reader.hasLine && client.unsent == 0 { drop(client) }
        }
        return requests
    }

    /// Sends a reply: `{"request_id": …, "error": …, "data": …}`, if the
    /// client that asked is still connected.
    func reply(to id: IPCClientID, requestID: Any?, error: String = "success", data: Any? = nil) {
        guard let client = clients[id.fd], client.id == id else { return }
        var object = reply(requestID: requestID, error: error)
        if let data { object["data"] = data }
        send(object, to: client)
    }

    /// Whether `id` is still connected.
    func isConnected(_ id: IPCClientID) -> Bool {
        clients[id.fd]?.id == id
    }

    /// Pushes `{"event": name, …}` to one client, if it is still connected.
    func send(event name: String, fields: [String: Any], to id: IPCClientID) {
        guard let client = clients[id.fd], client.id == id else { return }
        var object = fields
        object["event"] = name
        enqueue(Self.encode(object), to: client)
    }

    /// Pushes `{"event": name, …}` to every client.
    func broadcast(event name: String, fields: [String: Any]) {
        guard !clients.isEmpty else { return }
        var object = fields
        object["event"] = name
        let line = Self.encode(object)
        for client in Array(clients.values) { enqueue(line, to: client) }
    }

    /// Closes every client and the listener and removes the socket file,
    /// if it is still the one bound here.
    func close() {
        for fd in clients.keys { Glibc.close(fd) }
        clients.removeAll()
        Glibc.close(listener)
        var info = stat()
        if let inode, lstat(path, &info) == 0, info.st_ino == inode { unlink(path) }
    }

    private func acceptAll() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno != EAGAIN { logger?.error("automation socket: accept: \(String(cString: strerror(errno)))") }
                return
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var uid: UInt32 = 0
            if tvs_peer_uid(fd, &uid) != 0 || uid != geteuid() {
                logger?.warning("automation socket: refused a client of user id \(uid) (this shell runs as \(geteuid()))")
                refuse(fd, "refused: this socket serves only user id \(geteuid())")
                continue
            }
            guard clients.count < Self.maxClients else {
                logger?.warning("automation socket: refused a client: \(Self.maxClients) are connected")
                refuse(fd, "refused: at most \(Self.maxClients) automation clients at once")
                continue
            }
            serials += 1
            clients[fd] = Client(id: IPCClientID(fd: fd, serial: serials))
        }
    }

    /// Tells a client that is not taken why, as far as its socket buffer
    /// takes it without waiting, and closes it. What it already sent is read
    /// and dropped first: closing over unread input would reset the
    /// connection, and the client might lose the reason.
    private func refuse(_ fd: Int32, _ message: String) {
        let line = Self.encode(["error": message])
        _ = line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        shutdown(fd, Int32(SHUT_WR))
        var sink = [UInt8](repeating: 0, count: 4096)
        var reads = 0
        while reads < 16, recv(fd, &sink, sink.count, Int32(MSG_DONTWAIT)) > 0 { reads += 1 }
        Glibc.close(fd)
    }

    private func reply(requestID: Any?, error: String) -> [String: Any] {
        var object: [String: Any] = ["error": error]
        if let requestID { object["request_id"] = requestID }
        return object
    }

    private func send(_ object: [String: Any], to client: Client) {
        enqueue(Self.encode(object), to: client)
    }

    /// One JSON line, newline included; every URL in it redacted
    /// (`URLRedaction`: no account or token leaves through the socket).
    private static func encode(_ object: [String: Any]) -> [UInt8] {
        var line: [UInt8]
        do {
            line = Array(try JSONSerialization.data(withJSONObject: redactingURLs(object), options: [.sortedKeys, .fragmentsAllowed]))
        } catch {
            line = Array(#"{"error":"internal error: the reply could not be encoded as JSON"}"#.utf8)
        }
        line.append(10)
        return line
    }

    /// `value` (a JSON object, array or scalar) with the URLs in its strings redacted.
    static func redactingURLs(_ value: Any) -> Any {
        mappingStrings(value) { URLRedaction.redactingURLs(in: $0) }
    }

    /// `value` (a JSON object, array or scalar) with `transform` applied to
    /// every string in it (not to keys). Any thread.
    static func mappingStrings(_ value: Any, _ transform: (String) -> String) -> Any {
        switch value {
        case let text as String: transform(text)
        case let object as [String: Any]: object.mapValues { mappingStrings($0, transform) }
        case let array as [Any]: array.map { mappingStrings($0, transform) }
        default: value
        }
    }

    private func enqueue(_ line: [UInt8], to client: Client) {
        client.output.append(contentsOf: line)
        flush(client)
        guard clients[client.id.fd] === client, client.unsent > Self.maxQueuedOutput else { return }
        logger?.warning("automation socket: dropped a client that left \(client.unsent) bytes unread")
        drop(client)
    }

    private func flush(_ client: Client) {
        while client.unsent > 0 {
            let n = client.output.withUnsafeBytes { raw in
                Glibc.send(client.id.fd, raw.baseAddress! + client.sent, client.unsent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n > 0 {
                client.sent += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            drop(client)
            return
        }
        if client.sent == client.output.count {
            client.output.removeAll(keepingCapacity: client.output.count <= 64 * 1024)
            client.sent = 0
        } else if client.sent > 64 * 1024 && client.sent * 2 > client.output.count {
            client.output.removeFirst(client.sent)
            client.sent = 0
        }
    }

    private func drop(_ client: Client) {
        guard clients[client.id.fd] === client else { return }
        clients.removeValue(forKey: client.id.fd)
        Glibc.close(client.id.fd)
    }
}
