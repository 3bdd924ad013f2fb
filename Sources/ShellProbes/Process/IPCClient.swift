import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client of tvshell's automation socket for tests: requests with ids,
/// replies matched by id, pushed events kept in order.
public final class IPCClient {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Replies that came while another was waited for, by request id.
    private var replies: [Int: [String: Any]] = [:]
    /// Events received so far, oldest first.
    public private(set) var events: [[String: Any]] = []

    /// Connects to `path`, retrying until `timeout` (the shell may be starting).
    public init(path: String, timeout: Double = 15) throws {
        let deadline = Deadline(in: timeout)
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = unixSocketAddress(path)
            let ok = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if ok == 0 { fd = s; break }
            close(s)
            if deadline.hasPassed { throw SpawnError(message: "cannot connect to \(path)") }
            usleep(50_000)
        }
    }

    deinit { close(fd) }

    /// Sends `command` and returns the reply object.
    @discardableResult
    public func request(_ command: [Any], timeout: Double = 10) throws -> [String: Any] {
        let id = try send(command)
        do { return try reply(to: id, timeout: timeout) } catch let error as SpawnError where error.message.hasPrefix("no reply") {
            throw SpawnError(message: "no reply to \(command)")
        }
    }

    /// Sends `command` without waiting: its reply is had with `reply(to:)`
    /// (replies to other requests meanwhile are kept for it).
    public func send(_ command: [Any]) throws -> Int {
        let id = nextID
        nextID += 1
        let data = try JSONSerialization.data(withJSONObject: ["command": command, "request_id": id])
        var line = [UInt8](data)
        line.append(10)
        _ = line.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return id
    }

    /// The reply to the request `send` numbered `id`, waiting for it.
    public func reply(to id: Int, timeout: Double = 10) throws -> [String: Any] {
        if let kept = replies.removeValue(forKey: id) { return kept }
        let deadline = Deadline(in: timeout)
        while true {
            while let message = try nextMessage(deadline: deadline) {
                if message["event"] != nil { events.append(message); continue }
                guard let other = message["request_id"] as? Int else { continue }
                if other == id { return message }
                replies[other] = message
            }
            if deadline.hasPassed { throw SpawnError(message: "no reply to request \(id)") }
        }
    }

    /// The events received so far, taken out of `events`.
    public func takeEvents() -> [[String: Any]] {
        defer { events.removeAll() }
        return events
    }

    /// Forgets the events received so far (read what is pending first).
    public func discardEvents() throws {
        _ = try request(["get_state"])
        events.removeAll()
    }

    /// `get_state`'s data.
    public func state() throws -> [String: Any] {
        let reply = try request(["get_state"])
        guard let data = reply["data"] as? [String: Any] else { throw SpawnError(message: "get_state: \(reply)") }
        return data
    }

    /// Polls `get_state` until `condition` holds; returns the last state.
    @discardableResult
    public func waitForState(timeout: Double = 15, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Deadline(in: timeout)
        var last = try state()
        while !condition(last) {
            if deadline.hasPassed { throw SpawnError(message: "state never matched; last: \(last)") }
            usleep(30_000)
            last = try state()
        }
        return last
    }

    /// libmpv's `name` on the player in `player` (`main`, `picture`, …) as
    /// a string, read until `condition` holds or `timeout` passes: the last.
    public func mpvProperty(_ name: String, player: String = "main", timeout: Double = 5, until condition: (String?) -> Bool) throws -> String? {
        let deadline = Deadline(in: timeout)
        func read() throws -> String? {
            let data = try request(["get_mpv_property", name, player])["data"]
            return data as? String ?? (data as? NSNumber)?.stringValue
        }
        var value = try read()
        while !condition(value), !deadline.hasPassed {
            Thread.sleep(forTimeInterval: 0.03)
            value = try read()
        }
        return value
    }

    /// Waits for a pushed event named `name` that `matching` accepts (also
    /// among those already seen) and takes it out of `events`.
    public func waitForEvent(
        _ name: String, timeout: Double = 15, matching: ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        let deadline = Deadline(in: timeout)
        while true {
            if let index = events.firstIndex(where: { $0["event"] as? String == name && matching($0) }) {
                return events.remove(at: index)
            }
            if let message = try nextMessage(deadline: deadline) {
                if message["event"] != nil { events.append(message) }
            } else if deadline.hasPassed {
                throw SpawnError(message: "no \(name) event; saw \(events)")
            }
        }
    }

    /// Watches the pushed events for `seconds` and returns those named in
    /// `names` that arrived (taking them out of `events`): for checks that
    /// something must not happen within a time, such as a prompt vanishing.
    public func watchEvents(_ names: Set<String>, for seconds: Double) throws -> [[String: Any]] {
        let deadline = Deadline(in: seconds)
        while let message = try nextMessage(deadline: deadline) {
            if message["event"] != nil { events.append(message) }
        }
        let seen = events.filter { names.contains($0["event"] as? String ?? "") }
        events.removeAll { names.contains($0["event"] as? String ?? "") }
        return seen
    }

    private func nextMessage(deadline: Deadline) throws -> [String: Any]? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(min(remaining, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { throw SpawnError(message: "socket closed") }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }
}
