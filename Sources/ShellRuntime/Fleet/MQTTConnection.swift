import CMosquitto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connection to the broker through libmosquitto, driven by the run
/// loop: its socket is one more descriptor the loop polls (`pollDescriptor`,
/// `service`), `tick` keeps it alive and reconnects with back-off. Only the
/// connect itself (a name lookup, a TCP connect) runs on a worker, while
/// the loop leaves the connection alone; nothing here blocks the loop.
/// What happened comes out of `takeEvents()`, in order.
///
/// Run-loop thread only (the worker touches the handle only between
/// `connectIfDue` and the work it posts back).
final class MQTTConnection: @unchecked Sendable {
    enum Event: Equatable {
        case connected
        /// The broker could not be reached, refused the box, or dropped it.
        case lost(String)
        /// `retained`: the broker kept it and sends it to every new
        /// subscriber, not a message sent now.
        case message(topic: String, payload: [UInt8], retained: Bool)
    }

    enum Phase: Equatable {
        /// Idle until the time (monotonic seconds) to try again.
        case waiting(until: Double)
        /// The worker is connecting.
        case connecting
        /// Connected, waiting for the broker's CONNACK (since this time).
        case handshake(since: Double)
        case online
        case closed
    }

    /// Seconds between attempts, then the last again; ±20 % each, so a
    /// fleet that lost its broker does not come back all at once.
    static let backoff: [Double] = [0.5, 1, 2, 4, 5]
    /// The CONNACK must come within this many seconds.
    static let handshakeLimit = 10.0

    private let handle: OpaquePointer
    private let settings: MQTTSettings
    private let inbox: ActionInbox
    private let worker = DispatchQueue(label: "tvshell-mqtt-connect")
    private(set) var phase: Phase = .waiting(until: 0)
    private var events: [Event] = []
    private var attempt = 0
    /// The broker's answer to CONNECT when it refused.
    private var refusal: String?
    /// libmosquitto's last error line (OpenSSL's reason for a TLS failure).
    private var lastError: String?

    /// Everything libmosquitto needs before the first connect. Throws with
    /// a specific reason (an unreadable CA file, a key without its certificate).
    init(settings: MQTTSettings, clientID: String, password: String?, will: (topic: String, payload: String), inbox: ActionInbox) throws(MQTTSettingsError) {
        self.settings = settings
        self.inbox = inbox
        let handle = try Self.makeHandle(settings, clientID: clientID, password: password)
        self.handle = handle
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        let payload = Array(will.payload.utf8)
        _ = payload.withUnsafeBytes { mosquitto_will_set(handle, will.topic, Int32($0.count), $0.baseAddress, 1, true) }
        mosquitto_connect_callback_set(handle) { _, context, rc in
            MQTTConnection.of(context)?.connectAnswered(rc)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, rc in
            guard rc != 0, let connection = MQTTConnection.of(context) else { return }
            connection.dropped(rc, errno: 0)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let connection = MQTTConnection.of(context), let message = message?.pointee, let topic = message.topic else { return }
            let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen))) } ?? []
            connection.events.append(.message(topic: String(cString: topic), payload: payload, retained: message.retain))
        }
        mosquitto_log_callback_set(handle) { _, context, level, line in
            guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let line, let connection = MQTTConnection.of(context) else { return }
            connection.lastError = String(cString: line)
        }
    }

    deinit {
        worker.sync {}
        mosquitto_destroy(handle)
    }

    static let initialiseLibrary: Void = { mosquitto_lib_init() }()

    /// A libmosquitto client for `settings`: the protocol, no Nagle delay,
    /// the account and TLS. Throws with a specific reason (an unreadable CA
    /// file, a key without its certificate). Any thread.
    static func makeHandle(_ settings: MQTTSettings, clientID: String, password: String?) throws(MQTTSettingsError) -> OpaquePointer {
        initialiseLibrary
        guard let handle = mosquitto_new(clientID, true, nil) else { throw MQTTSettingsError("libmosquitto: \(String(cString: strerror(errno)))") }
        mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, Int32(settings.protocolVersion))
        // A command's PUBACK and its reply are small writes one after the
        // other: with Nagle's algorithm the reply would wait for an ACK.
        mosquitto_int_option(handle, MOSQ_OPT_TCP_NODELAY, 1)
        if let user = settings.username {
            mosquitto_username_pw_set(handle, user, password)
        }
        guard settings.tls else { return handle }
        for path in [settings.caFile, settings.certFile, settings.keyFile].compactMap({ $0 }) where access(path, R_OK) != 0 {
            let reason = String(cString: strerror(errno))
            mosquitto_destroy(handle)
            throw MQTTSettingsError("TLS: \(path) cannot be read (\(reason))")
        }
        guard (settings.certFile == nil) == (settings.keyFile == nil) else {
            mosquitto_destroy(handle)
            throw MQTTSettingsError("TLS: cert_file and key_file go together")
        }
        let rc = mosquitto_tls_set(handle, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, settings.certFile, settings.keyFile, nil)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            mosquitto_destroy(handle)
            throw MQTTSettingsError("TLS: \(Self.text(rc))")
        }
        return handle
    }

    private static func of(_ context: UnsafeMutableRawPointer?) -> MQTTConnection? {
        context.map { Unmanaged<MQTTConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    /// "mqtts://broker:8883", for messages.
    var brokerName: String { "\(settings.tls ? "mqtts" : "mqtt")://\(settings.host):\(settings.port)" }

    /// What happened since the last call, oldest first.
    func takeEvents() -> [Event] {
        defer { events.removeAll() }
        return events
    }

    // MARK: - The run loop's side

    /// The socket and what to wait for, while there is one to poll.
    var pollDescriptor: pollfd? {
        switch phase {
        case .handshake, .online:
            let fd = mosquitto_socket(handle)
            guard fd >= 0 else { return nil }
            return pollfd(fd: fd, events: Int16(POLLIN) | (mosquitto_want_write(handle) ? Int16(POLLOUT) : 0), revents: 0)
        default:
            return nil
        }
    }

    /// Milliseconds until `tick` has something to do.
    func pollTimeout(now: Double) -> Int32? {
        switch phase {
        case .waiting(let until): Int32(max(0, (until - now) * 1000).rounded(.up))
        case .handshake, .online: 1000
        case .connecting, .closed: nil
        }
    }

    /// Reads and writes as `revents` says.
    func service(revents: Int16) {
        var rc = MOSQ_ERR_SUCCESS.rawValue
        if revents & Int16(POLLOUT) != 0 { rc = mosquitto_loop_write(handle, 100) }
        if rc == MOSQ_ERR_SUCCESS.rawValue, revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
            rc = mosquitto_loop_read(handle, 100)
        }
        if rc != MOSQ_ERR_SUCCESS.rawValue { dropped(rc, errno: errno) }
    }

    /// Pings and retries: called every pass of the loop (`now`: monotonic seconds).
    func tick(now: Double) {
        switch phase {
        case .waiting(let until) where now >= until:
            connect(now: now)
        case .handshake(let since) where now - since > Self.handshakeLimit:
            refusal = "the broker did not answer within \(Int(Self.handshakeLimit)) s (is it an MQTT broker?\(settings.tls ? "" : " does it want TLS?"))"
            dropped(MOSQ_ERR_CONN_REFUSED.rawValue, errno: 0)
        case .handshake, .online:
            let rc = mosquitto_loop_misc(handle)
            if rc != MOSQ_ERR_SUCCESS.rawValue && rc != MOSQ_ERR_NO_CONN.rawValue { dropped(rc, errno: errno) }
        default:
            break
        }
    }

    @discardableResult
    func publish(_ topic: String, _ payload: [UInt8], retain: Bool, qos: Int32 = 1) -> Bool {
        guard phase == .online else { return false }
        let rc = payload.withUnsafeBytes { mosquitto_publish(handle, nil, topic, Int32($0.count), $0.baseAddress, qos, retain) }
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            if rc == MOSQ_ERR_NO_CONN.rawValue || rc == MOSQ_ERR_ERRNO.rawValue || rc == MOSQ_ERR_CONN_LOST.rawValue { dropped(rc, errno: errno) }
            return false
        }
        return true
    }

    func subscribe(_ pattern: String) {
        guard phase == .online else { return }
        let rc = mosquitto_subscribe(handle, nil, pattern, 1)
        if rc != MOSQ_ERR_SUCCESS.rawValue { dropped(rc, errno: errno) }
    }

    /// Says `lastWords` (availability "offline"), disconnects cleanly and
    /// writes what is queued, for at most `limit` seconds. Run loop, at quit.
    func close(lastWords: (topic: String, payload: String)?, limit: Double = 1) {
        if phase == .online {
            if let lastWords { publish(lastWords.topic, Array(lastWords.payload.utf8), retain: true) }
            mosquitto_disconnect(handle)
            let deadline = MonotonicClock.now().seconds + limit
            while mosquitto_want_write(handle), MonotonicClock.now().seconds < deadline {
                var fd = pollfd(fd: mosquitto_socket(handle), events: Int16(POLLOUT), revents: 0)
                guard fd.fd >= 0, poll(&fd, 1, 100) >= 0 else { break }
                if fd.revents != 0, mosquitto_loop_write(handle, 100) != MOSQ_ERR_SUCCESS.rawValue { break }
            }
        }
        phase = .closed
    }

    // MARK: - Connecting

    private func connect(now: Double) {
        phase = .connecting
        refusal = nil
        lastError = nil
        let host = settings.host, port = Int32(settings.port), keepAlive = Int32(settings.keepAlive)
        worker.async { [self] in
            errno = 0
            let rc = mosquitto_connect_async(handle, host, port, keepAlive)
            let error = errno
            inbox.post(work: { [self] _ in self.connectReturned(rc, errno: error) })
        }
    }

    private func connectReturned(_ rc: Int32, errno error: Int32) {
        guard phase == .connecting else { return }
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            phase = .handshake(since: 0)
            return dropped(rc, errno: error)
        }
        phase = .handshake(since: MonotonicClock.now().seconds)
    }

    private func connectAnswered(_ rc: Int32) {
        guard rc == 0 else {
            refusal = Self.refusal(rc, hasUser: settings.username != nil)
            return
        }
        guard case .handshake = phase else { return }
        phase = .online
        attempt = 0
        events.append(.connected)
    }

    /// The connection is gone (or never came): says why, and waits to try again.
    private func dropped(_ rc: Int32, errno error: Int32) {
        switch phase {
        case .handshake, .online: break
        default: return
        }
        let reason = refusal ?? describe(rc, errno: error)
        let delay = Self.backoff[min(attempt, Self.backoff.count - 1)] * Double.random(in: 0.8...1.2)
        attempt += 1
        phase = .waiting(until: MonotonicClock.now().seconds + delay)
        events.append(.lost(reason))
    }

    private func describe(_ rc: Int32, errno error: Int32) -> String {
        switch rc {
        case MOSQ_ERR_ERRNO.rawValue:
            return error == 0 ? "the connection failed" : String(cString: strerror(error))
        case MOSQ_ERR_TLS.rawValue, MOSQ_ERR_TLS_HANDSHAKE.rawValue:
            let reason = lastError.map(Self.openSSLReason)
            let plain = reason.map { $0.contains("unexpected eof") || $0.contains("wrong version number") } ?? false
            return "the TLS handshake failed" + (reason.map { ": \($0)" } ?? "")
                + (plain ? " (does the broker speak TLS on this port?)" : settings.caFile.map { " (CA file \($0))" } ?? "")
        case MOSQ_ERR_CONN_LOST.rawValue:
            return "the connection was lost" + (lastError.map { " (\(Self.openSSLReason($0)))" } ?? "")
        case MOSQ_ERR_KEEPALIVE.rawValue:
            return "the broker stopped answering (no reply within the keep-alive)"
        case MOSQ_ERR_PROTOCOL.rawValue, MOSQ_ERR_MALFORMED_PACKET.rawValue:
            return "the broker broke the MQTT protocol (is it an MQTT broker\(settings.tls ? " speaking TLS" : "")?)"
        case MOSQ_ERR_EAI.rawValue:
            return "the broker's name \(settings.host) cannot be resolved"
        default:
            return Self.text(rc)
        }
    }

    /// The reason part of an OpenSSL error line ("…:SSL routines::certificate verify failed").
    private static func openSSLReason(_ line: String) -> String {
        guard line.contains("OpenSSL Error"), let last = line.split(separator: ":").last else { return line }
        return last.trimmingCharacters(in: .whitespaces)
    }

    static func refusal(_ rc: Int32, hasUser: Bool) -> String {
        switch rc {
        case 4, 134: "the broker refused the user name or password"
        // Mosquitto answers a wrong password so too.
        case 5, 135: hasUser ? "the broker refused the user name or password (not authorised)"
            : "the broker refused this box (not authorised: does it want a user name and password?)"
        case 2, 133: "the broker refused the client id"
        case 1, 132: "the broker does not speak this MQTT version (set [mqtt] protocol)"
        case 3, 136: "the broker is unavailable"
        default: "the broker refused the connection: " + String(cString: rc >= 128 ? mosquitto_reason_string(rc) : mosquitto_connack_string(rc))
        }
    }

    static func text(_ rc: Int32) -> String { String(cString: mosquitto_strerror(rc)) }
}
