import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real Mosquitto broker for tests, on 127.0.0.1 and a port of its own:
/// anonymous, or with a password file; plain, or TLS with a certificate
/// of `TestCertificates`. `stop` and `start` keep the port.
public final class MosquittoBroker {
    public private(set) var port: UInt16 = 0
    public let directory: URL
    private let settings: String
    private var pid: pid_t?

    /// `users`: user name → password (none: anonymous clients allowed).
    /// `tls`: the server's certificate and key files.
    public init(directory: URL, users: [String: String] = [:], tls: (certificate: String, key: String)? = nil) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // As root, mosquitto would switch to its own user, who cannot read
        // the test's files.
        var lines = geteuid() == 0 ? ["user root"] : []
        lines += ["per_listener_settings false", "persistence false", "set_tcp_nodelay true", "log_dest stdout", "log_type error", "log_type warning", "log_type notice"]
        if users.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            let file = directory.appendingPathComponent("passwords").path
            try Self.writePasswords(users, to: file)
            lines += ["allow_anonymous false", "password_file \(file)"]
        }
        if let tls { lines += ["certfile \(tls.certificate)", "keyfile \(tls.key)"] }
        settings = lines.joined(separator: "\n")
        var lastError: Error?
        for _ in 0..<5 {
            do {
                port = try Self.freePort()
                try start()
                return
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    deinit { stop() }

    private static func writePasswords(_ users: [String: String], to file: String) throws {
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        for (user, password) in users {
            let (status, output) = try Spawn.run([Spawn.which("mosquitto_passwd") ?? "/usr/bin/mosquitto_passwd", "-b", file, user, password])
            guard status == 0 else { throw SpawnError(message: "mosquitto_passwd: \(output)") }
        }
        chmod(file, 0o600)
    }

    /// From now on only `users` may log in (a broker made with users): the
    /// password file is written again and a running broker reloads it
    /// (SIGHUP); clients already in stay.
    public func allowUsers(_ users: [String: String]) throws {
        let file = directory.appendingPathComponent("passwords").path
        unlink(file)
        try Self.writePasswords(users, to: file)
        if let pid { kill(pid, SIGHUP) }
    }

    /// Starts the broker (again, on the same port) and waits until it takes connections.
    public func start() throws {
        let config = directory.appendingPathComponent("mosquitto.conf")
        try "listener \(port) 127.0.0.1\n\(settings)\n".write(to: config, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("mosquitto.log").path
        pid = try Spawn.start([Spawn.which("mosquitto") ?? "/usr/sbin/mosquitto", "-c", config.path], outputPath: log)
        let deadline = Deadline(in: 10)
        while !Self.accepts(port) {
            if let pid, kill(pid, 0) != 0 || Self.exited(pid) {
                self.pid = nil
                throw SpawnError(message: "mosquitto did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
            guard !deadline.hasPassed else { throw SpawnError(message: "mosquitto did not listen on \(port)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Stops the broker and waits for it to exit.
    public func stop() {
        guard let pid else { return }
        Spawn.terminate(pid)
        self.pid = nil
    }

    private static func exited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A port nothing listens on now.
    public static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw SpawnError(message: "no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// `mosquitto_pub`: one message, QoS 1 unless told.
    public func publish(_ topic: String, _ payload: String, qos: Int = 1, retain: Bool = false) throws {
        let (status, output) = try Spawn.run(
            ["mosquitto_pub", "-h", "127.0.0.1", "-p", String(port), "-q", String(qos), "-t", topic, "-m", payload] + (retain ? ["-r"] : [])
                + credentials)
        guard status == 0 else { throw SpawnError(message: "mosquitto_pub: \(output)") }
    }

    /// Credentials the test clients use (set with `useCredentials`).
    private(set) var credentials: [String] = []

    /// Test clients log in as `user`.
    public func useCredentials(_ user: String, _ password: String) { credentials = ["-u", user, "-P", password] }

    /// A subscriber on `topics` from now on (retained messages first).
    public func watch(_ topics: [String]) throws -> MQTTWatcher {
        try MQTTWatcher(broker: self, topics: topics, extra: credentials)
    }
}

/// `mosquitto_sub` in the background (`-F "%t %p"`: an empty payload is
/// empty, not "(null)" as `-v` prints it): every message it got, as
/// (topic, payload), with the time it was read. Ready (subscribed) when made.
public final class MQTTWatcher {
    public struct Message: Sendable {
        public let topic: String
        public let payload: String
        public let at: Date
        /// The payload as a JSON object, if it is one.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any]
        }
    }

    private let output: String
    private var pid: pid_t?
    private var read = 0
    private var buffer = ""
    public private(set) var messages: [Message] = []

    init(broker: MosquittoBroker, topics: [String], extra: [String]) throws {
        output = broker.directory.appendingPathComponent("sub-\(UUID().uuidString).log").path
        let ready = "tvshell-test/ready/\(UUID().uuidString)"
        var arguments = ["mosquitto_sub", "-h", "127.0.0.1", "-p", String(broker.port), "-F", "%t %p", "-q", "1", "-t", ready] + extra
        for topic in topics { arguments += ["-t", topic] }
        pid = try Spawn.start(arguments, outputPath: output)
        let deadline = Deadline(in: 10)
        while !messages.contains(where: { $0.topic == ready }) {
            guard !deadline.hasPassed else { throw SpawnError(message: "mosquitto_sub did not subscribe") }
            try broker.publish(ready, "ready")
            Thread.sleep(forTimeInterval: 0.05)
            poll()
        }
    }

    deinit { stop() }

    /// Kills the subscriber (SIGKILL: mosquitto_sub may wait on its broker
    /// after SIGTERM) and reaps it.
    public func stop() {
        guard let pid else { return }
        kill(pid, SIGKILL)
        _ = Spawn.wait(pid)
        self.pid = nil
    }

    /// Reads what arrived since the last call.
    @discardableResult
    public func poll() -> [Message] {
        guard let handle = FileHandle(forReadingAtPath: output) else { return [] }
        defer { try? handle.close() }
        try? handle.seek(toOffset: UInt64(read))
        let data = handle.readDataToEndOfFile()
        read += data.count
        buffer += String(decoding: data, as: UTF8.self)
        var fresh: [Message] = []
        while let newline = buffer.firstIndex(of: "\n") {
            let line = String(buffer[..<newline])
            buffer = String(buffer[buffer.index(after: newline)...])
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            fresh.append(Message(topic: String(parts[0]), payload: parts.count > 1 ? String(parts[1]) : "", at: Date()))
        }
        messages += fresh
        return fresh
    }

    /// Waits (reading as messages come) for the first message from now on
    /// that satisfies `match`; nil after `timeout` seconds.
    public func next(timeout: Double = 10, where match: (Message) -> Bool) -> Message? {
        let deadline = Deadline(in: timeout)
        var start = messages.count
        while true {
            poll()
            if let found = messages[start...].first(where: match) { return found }
            start = messages.count
            if deadline.hasPassed { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Like `next`, but messages already read count too.
    public func first(timeout: Double = 10, where match: (Message) -> Bool) -> Message? {
        poll()
        if let found = messages.first(where: match) { return found }
        return next(timeout: timeout, where: match)
    }
}

/// A test certificate authority and a server certificate for 127.0.0.1 it
/// signed, made with the openssl command.
public struct TestCertificates {
    public let ca: String
    public let certificate: String
    public let key: String

    public init(directory: URL, name: String = "ca") throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func path(_ file: String) -> String { directory.appendingPathComponent("\(name)-\(file)").path }
        ca = path("ca.crt")
        certificate = path("server.crt")
        key = path("server.key")
        let extensions = path("ext.cnf")
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: extensions, atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for step in [
            ["openssl", "req", "-x509"] + ec + ["-keyout", path("ca.key"), "-out", ca, "-days", "2", "-subj", "/CN=tvshell test CA \(name)"],
            ["openssl", "req"] + ec + ["-keyout", key, "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"],
            ["openssl", "x509", "-req", "-in", path("server.csr"), "-CA", ca, "-CAkey", path("ca.key"), "-CAcreateserial",
             "-out", certificate, "-days", "2", "-extfile", extensions],
        ] {
            let (status, output) = try Spawn.run(step)
            guard status == 0 else { throw SpawnError(message: "\(step.prefix(3).joined(separator: " ")): \(output)") }
        }
    }
}
