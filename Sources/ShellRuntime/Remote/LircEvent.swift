/// One line from lircd's socket: `0000000000002aff 00 KEY_UP tvbox` (code,
/// repeat count in hex, button, remote).
public struct LircEvent: Equatable, Sendable {
    public var code: String
    public var repeatCount: Int
    public var button: String
    public var remote: String

    public init(code: String, repeatCount: Int, button: String, remote: String) {
        self.code = code
        self.repeatCount = repeatCount
        self.button = button
        self.remote = remote
    }

    /// Reads a line; nil for anything else (lircd's BEGIN … END replies,
    /// garbage). The code may be unpadded hex (inputlirc).
    public init?(line: String) {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[0].allSatisfy(\.isHexDigit), let repeatCount = Int(parts[1], radix: 16), repeatCount >= 0 else {
            return nil
        }
        self.init(code: String(parts[0]), repeatCount: repeatCount, button: String(parts[2]),
                  remote: parts.count > 3 ? parts[3...].joined(separator: " ") : "")
    }
}
