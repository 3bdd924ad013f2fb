import Foundation

/// One request line as a client sent it, decoded: `{"command": [...],
/// "request_id": any}`. Pure; any thread (the fuzz target calls it).
public enum IPCRequestLine {
    /// What a line holds.
    public enum Decoded {
        /// Nothing but blanks: ignored, no reply.
        case blank
        case request(requestID: Any?, command: [Any])
        /// The reply's `error`, with the request's id when it had one.
        case invalid(requestID: Any?, message: String)
    }

    public static func decode(_ line: [UInt8]) -> Decoded {
        var bytes = line
        if bytes.last == 13 { bytes.removeLast() }
        guard !bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) else { return .blank }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .invalid(requestID: nil, message: "invalid request: not UTF-8 text")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return .invalid(requestID: nil, message: "invalid JSON: expected an object with a \"command\" array")
        }
        guard let command = object["command"] as? [Any], !command.isEmpty else {
            return .invalid(requestID: object["request_id"], message: "invalid parameter: \"command\" must be a non-empty array")
        }
        return .request(requestID: object["request_id"], command: command)
    }

    /// What the shell would answer a request line with before doing
    /// anything: nil when it is a request it would act on, else the error.
    public static func check(_ line: [UInt8]) -> String? {
        switch decode(line) {
        case .blank: return nil
        case .invalid(_, let message): return message
        case .request(_, let command):
            if case .failure(let error) = IPCCommand.parse(command) { return error.message }
            return nil
        }
    }
}
