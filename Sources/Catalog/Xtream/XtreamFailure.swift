/// Why an Xtream Codes account could not be read, in words for the person
/// who set it up: each names the server (never the password). Pure.
public enum XtreamFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection: refused, no such host, timed out.
    case unreachable(server: String, reason: String)
    /// The server answered with an HTTP error status.
    case httpStatus(server: String, status: Int)
    /// The answer is not what an Xtream Codes server sends (HTML, not JSON,
    /// no `user_info`).
    case notXtream(server: String, reason: String)
    /// The server refused the user name or password.
    case wrongCredentials(server: String, user: String)
    /// The account is known but not active: expired, banned, disabled.
    case inactive(server: String, status: String, expires: Double?)
    /// A list came back, but a value in it is not as expected.
    case unexpectedJSON(action: String, field: String, expected: String)
    /// An answer (or all of them together) went on past the bytes the
    /// shell reads: `what` says which, `limit` is in bytes.
    case tooLarge(server: String, what: String, limit: Int)

    public var description: String {
        switch self {
        case .unreachable(let server, let reason): "the Xtream Codes server \(server) cannot be reached: \(reason)"
        case .httpStatus(let server, let status): "the Xtream Codes server \(server) answered HTTP \(status)"
        case .notXtream(let server, let reason): "\(server) is not an Xtream Codes server (\(reason))"
        case .wrongCredentials(let server, let user): "\(server) refused user \(user): wrong user name or password"
        case .inactive(let server, let status, let expires):
            "the account at \(server) is \(status.lowercased())" + (expires.map { " (it expired \(XtreamAccountInfo.day($0)))" } ?? "")
        case .unexpectedJSON(let action, let field, let expected): "\(action): \(field) is not \(expected)"
        case .tooLarge(let server, let what, let limit):
            "\(what) from the Xtream Codes server \(server) is larger than \(limit >> 20) MiB, the most the shell reads"
        }
    }
}
