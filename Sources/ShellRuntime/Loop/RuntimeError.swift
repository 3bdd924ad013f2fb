import MediaModel
import MPVClient
#if canImport(Glibc)
import Glibc
#endif

/// Why the runtime could not start.
public enum RuntimeError: Error, CustomStringConvertible {
    case system(String, Int32)
    case mpvOption(key: String, value: String, reason: String)
    case socket(path: String, reason: String)
    /// libmpv died and could not be started again.
    case playerUnavailable
    /// libmpv (`libmpv.so.2`) could not be loaded: the loader's reason.
    case libmpvUnavailable(String)

    public var description: String {
        switch self {
        case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
        case .mpvOption(let key, let value, let reason): "the mpv option \(key)=\(URLRedaction.redactingURLs(in: value)): \(reason)"
        case .socket(let path, let reason): "--ipc-socket \(path): \(reason)"
        case .playerUnavailable: "the player is not running (libmpv could not be started again)"
        case .libmpvUnavailable(let reason): "libmpv cannot be loaded: \(reason) (on Debian: apt install libmpv2)"
        }
    }
}
