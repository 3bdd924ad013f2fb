/// What can go wrong with the parental files and commands; each says what
/// to do about it.
public enum ParentalError: Error, Equatable, CustomStringConvertible {
    /// The settings file can be read by others: refused.
    case insecureFile(path: String, mode: UInt16)
    /// The settings file is not what tvshell writes.
    case malformed(path: String, line: Int, key: String?, message: String)
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    /// Not a rating of the kind asked for.
    case badRating(String)
    /// Not four digits.
    case badPasscode(String)
    case wrongPasscode
    case locked(secondsLeft: Int)
    case noPasscode
    /// libsodium could not start or hash (out of memory).
    case hashing(String)

    public var description: String {
        switch self {
        case .insecureFile(let path, let mode):
            "\(path) can be read by other users (mode \(String(mode, radix: 8))): refused, because it holds the passcode hash. Fix it with: chmod 600 \(path)"
        case .malformed(let path, let line, let key, let message):
            "\(path):\(line)\(key.map { ": \($0)" } ?? ""): \(message)"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason):
            "cannot write \(path): \(reason)"
        case .badRating(let message):
            message
        case .badPasscode(let message):
            message
        case .wrongPasscode:
            "wrong passcode"
        case .locked(let seconds):
            "too many wrong passcodes: try again in \(seconds / 60) min \(seconds % 60) s"
        case .noPasscode:
            "no passcode is set: run `tvshell restrictions set-passcode` first"
        case .hashing(let message):
            message
        }
    }
}
