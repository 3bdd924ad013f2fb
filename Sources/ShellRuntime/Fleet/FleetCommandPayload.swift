import Foundation

/// A command as it arrives on a command topic, decoded: a request object
/// as the automation socket takes it (`{"command": [...], "request_id": …}`),
/// or the bare command array (`["channel", 3]`). Pure; any thread (the fuzz
/// target calls it).
public enum FleetCommandPayload {
    /// Payloads over this many bytes are refused unread.
    public static let limit = 64 * 1024

    public static func decode(_ payload: [UInt8]) -> IPCRequestLine.Decoded {
        guard payload.count <= limit else {
            return .invalid(requestID: nil, message: "invalid request: a payload of \(payload.count) bytes; at most \(limit)")
        }
        let first = payload.first { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }
        guard first == UInt8(ascii: "[") else { return IPCRequestLine.decode(payload.filter { $0 != 10 }) }
        guard String(validating: payload, as: UTF8.self) != nil else { return .invalid(requestID: nil, message: "invalid request: not UTF-8 text") }
        guard let command = try? JSONSerialization.jsonObject(with: Data(payload)) as? [Any], !command.isEmpty else {
            return .invalid(requestID: nil, message: "invalid JSON: expected a command array or an object with a \"command\" array")
        }
        return .request(requestID: nil, command: command)
    }

    /// What the box would answer `payload` with before doing anything: nil
    /// when it is a command it would act on, else the error.
    public static func check(_ payload: [UInt8]) -> String? {
        switch decode(payload) {
        case .blank: return nil
        case .invalid(_, let message): return message
        case .request(_, let command):
            if case .failure(let error) = IPCCommand.parse(command) {
                let name = command.first as? String ?? ""
                return MPVProperties.commands.contains(name) ? nil : error.message
            }
            return nil
        }
    }
}

/// Request ids seen lately, with the reply each got: a command redelivered
/// (QoS 1 may deliver twice), or sent to the box and to its group with one
/// id, is applied once and answered again with the first reply. Bounded:
/// the oldest are forgotten. Run-loop thread only.
struct RecentRequests {
    let capacity: Int
    private var replies: [String: [String: Any]?] = [:]
    private var order: [String] = []
    private var head = 0

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The key a request id is known by (its JSON text: 1 and "1" differ).
    static func key(_ requestID: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: [requestID], options: [.fragmentsAllowed, .sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\(requestID)"
    }

    /// Whether `key` was seen; the reply it got (nil while not answered yet).
    func seen(_ key: String) -> (seen: Bool, reply: [String: Any]?) {
        guard let entry = replies[key] else { return (false, nil) }
        return (true, entry)
    }

    mutating func begin(_ key: String) {
        guard replies[key] == nil else { return }
        replies[key] = .some(nil)
        order.append(key)
        if order.count - head > capacity {
            replies[order[head]] = nil
            head += 1
            if head > capacity {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    mutating func answered(_ key: String, with reply: [String: Any]) {
        guard replies[key] != nil else { return }
        replies[key] = .some(reply)
    }

    var count: Int { replies.count }
}
