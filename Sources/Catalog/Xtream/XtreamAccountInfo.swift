import Foundation
import MediaModel

/// What `player_api.php` (no action) says about the account and server:
/// `user_info` and `server_info`. Pure.
public struct XtreamAccountInfo: Equatable, Sendable {
    /// `auth`: the server took the user name and password.
    public var authorized: Bool
    /// `status`: "Active", "Expired", "Banned", "Disabled".
    public var status: String?
    /// `exp_date` (Unix seconds); nil: never expires.
    public var expires: Double?
    /// `max_connections`: streams open at once.
    public var maxConnections: Int?
    public var activeConnections: Int?
    public var isTrial: Bool
    /// `allowed_output_formats`: "m3u8", "ts", "rtmp".
    public var formats: [String]
    /// `message`: the provider's note to its subscribers.
    public var message: String?
    /// `server_info.timezone` ("Europe/London"): archive start times are in it.
    public var timezone: String?

    public init(authorized: Bool, status: String? = nil, expires: Double? = nil, maxConnections: Int? = nil, activeConnections: Int? = nil,
                isTrial: Bool = false, formats: [String] = [], message: String? = nil, timezone: String? = nil) {
        self.authorized = authorized
        self.status = status
        self.expires = expires
        self.maxConnections = maxConnections
        self.activeConnections = activeConnections
        self.isTrial = isTrial
        self.formats = formats
        self.message = message
        self.timezone = timezone
    }

    /// The provider's `message` as a notice for the screen ("Account tv:
    /// Welcome"): control characters taken out, spaces run together, at
    /// most 160 characters; nil when it says nothing.
    public func notice(account: String) -> String? {
        guard let message else { return nil }
        let words = String(String.UnicodeScalarView(message.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : $0 }))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { return nil }
        return "Account \(account): " + (words.count > 160 ? String(words.prefix(159)) + "…" : words)
    }

    /// Active: authorized, `status` Active (or none), not past `expires` at `now`.
    public func isActive(now: Double) -> Bool {
        authorized && (status.map { $0.caseInsensitiveCompare("active") == .orderedSame } ?? true) && (expires.map { $0 > now } ?? true)
    }

    /// Why the account cannot play at `now` (nil when it can), for `server`
    /// and `user`.
    public func failure(server: String, user: String, now: Double) -> XtreamFailure? {
        guard authorized else { return .wrongCredentials(server: server, user: user) }
        if let expires, expires <= now { return .inactive(server: server, status: "Expired", expires: expires) }
        if let status, status.caseInsensitiveCompare("active") != .orderedSame { return .inactive(server: server, status: status, expires: nil) }
        return nil
    }

    /// One line for `account list` and the screens: status, expiry, connections.
    public func summary(now: Double) -> String {
        var parts = [isActive(now: now) ? "active" : (status ?? "inactive").lowercased()]
        if isTrial { parts.append("trial") }
        parts.append(expires.map { ($0 > now ? "expires " : "expired ") + Self.day($0) } ?? "never expires")
        if let maxConnections { parts.append("\(maxConnections) connection\(maxConnections == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    /// "2027-01-31" (UTC).
    public static func day(_ time: Double) -> String {
        let date = UTCDate(time)
        return "\(date.year)-\(UTCDate.two(date.month))-\(UTCDate.two(date.day))"
    }
}
