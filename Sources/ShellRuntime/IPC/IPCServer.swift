import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One request read from an automation client.
struct IPCRequest {
    let client: Int32
    /// Echoed in the reply; any JSON value.
    let requestID: Any?
    let command: [Any]
}

/// The automation socket: a Unix stream socket speaking newline-delimited
/// JSON in the style of mpv's JSON IPC. Non-blocking; the run loop polls
/// `pollDescriptors()` and calls `service`. Run-loop thread only.
final class IPCServer: AutomationPort {
    let path: String
    private let listener: Int32
    private var clients: [Int32: Client] = [:]
    /// The socket file's inode once bound: `close` removes only that file.
    private var inode: ino_t?

    private final class Client {
        var input: [UInt8] = []
        var output: [UInt8] = []
    }

    /// Binds `path`, mode 0600. A stale socket there (nothing listening) is
    /// replaced; anything else — a live socket (another instance), a regular
    /// file, a directory — is refused, never removed.
    init(path: String) throws {
        self.path = path
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
        if let refusal = Self.refusal(at: path, address: address) {
            Glibc.close(fd)
            throw RuntimeError.socket(path: path, reason: refusal)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 16) == 0 else {
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

    /// Descriptors to poll, with the events wanted.
    func pollDescriptors() -> [pollfd] {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for (fd, client) in clients {
            fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
        }
        return fds
    }

    func owns(_ fd: Int32) -> Bool { fd == listener || clients[fd] != nil }

    /// Accepts, reads, writes as `revents` says; returns complete requests.
    func service(fd: Int32, revents: Int16) -> [IPCRequest] {
        if fd == listener {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { break }
                _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                clients[client] = Client()
            }
            return []
        }
        guard let client = clients[fd] else { return [] }
        if revents & Int16(POLLOUT) != 0 { flush(fd, client) }
        guard revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var requests: [IPCRequest] = []
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 {
                client.input.append(contentsOf: buffer[0..<n])
                continue
            }
            if n == 0 || (errno != EAGAIN && errno != EINTR) { drop(fd); break }
            if errno == EAGAIN { break }
        }
        while let newline = client.input.firstIndex(of: 10) {
            let line = Array(client.input[..<newline])
            client.input.removeSubrange(...newline)
            if let request = parse(line, client: fd) { requests.append(request) }
        }
        return requests
    }

    /// Sends a reply: `{"request_id": …, "error": …, "data": …}`.
    func reply(to client: Int32, requestID: Any?, error: String = "success", data: Any? = nil) {
        var object: [String: Any] = ["error": error]
        if let requestID { object["request_id"] = requestID }
        if let data { object["data"] = data }
        send(object, to: client)
    }

    /// Pushes `{"event": name, …}` to every client.
    func broadcast(event name: String, fields: [String: Any]) {
        var object = fields
        object["event"] = name
        for fd in clients.keys { send(object, to: fd) }
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

    private func parse(_ line: [UInt8], client: Int32) -> IPCRequest? {
        let trimmed = line.filter { $0 != 13 }
        guard !trimmed.allSatisfy({ $0 == 32 || $0 == 9 }) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed)) as? [String: Any] else {
            reply(to: client, requestID: nil, error: "invalid JSON: expected an object with a \"command\" array")
            return nil
        }
        guard let command = object["command"] as? [Any], !command.isEmpty else {
            reply(to: client, requestID: object["request_id"], error: "invalid parameter: \"command\" must be a non-empty array")
            return nil
        }
        return IPCRequest(client: client, requestID: object["request_id"], command: command)
    }

    private func send(_ object: [String: Any], to fd: Int32) {
        guard let client = clients[fd] else { return }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        } catch {
            data = Data(#"{"error":"internal error: the reply could not be encoded as JSON"}"#.utf8)
        }
        client.output.append(contentsOf: data)
        client.output.append(10)
        flush(fd, client)
    }

    private func flush(_ fd: Int32, _ client: Client) {
        while !client.output.isEmpty {
            let n = client.output.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { client.output.removeFirst(n); continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
            drop(fd)
            return
        }
    }

    private func drop(_ fd: Int32) {
        guard clients.removeValue(forKey: fd) != nil else { return }
        Glibc.close(fd)
    }
}
