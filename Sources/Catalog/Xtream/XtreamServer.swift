import Foundation

/// Where an Xtream Codes account lives and how it signs in: the URLs of its
/// API, guide and streams. The password is in every URL made here (that is
/// how Xtream Codes works); show them only through `URLRedaction`. Pure.
public struct XtreamServer: Equatable, Sendable {
    /// `http(s)://host[:port][/path]`, without a trailing slash.
    public var base: String
    public var user: String
    public var password: String

    /// `server` as given ("host:8080", "http://host:8080/", with or without
    /// `player_api.php`), nil when it is not an http(s) address.
    public init?(server: String, user: String, password: String) {
        var text = server.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.contains("://") { text = "http://" + text }
        for suffix in ["/player_api.php", "/get.php", "/xmltv.php"] where text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        while text.hasSuffix("/") { text.removeLast() }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = parts.host, !host.isEmpty, parts.user == nil, parts.query == nil else { return nil }
        base = text
        self.user = user
        self.password = password
    }

    /// `player_api.php` with the account and `action` (nil: the account's
    /// own information) and its `parameters`.
    public func api(_ action: String? = nil, _ parameters: [(String, String)] = []) -> String {
        var query = [("username", user), ("password", password)]
        if let action { query.append(("action", action)) }
        query += parameters
        return base + "/player_api.php?" + query.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
    }

    /// The account's XMLTV guide.
    public var guide: String { base + "/xmltv.php?username=\(Self.encoded(user))&password=\(Self.encoded(password))" }

    /// A live channel's stream (`ext`: "ts" or "m3u8").
    public func live(_ streamID: Int, ext: String) -> String { path("live", "\(streamID).\(ext)") }
    /// A film's file.
    public func film(_ streamID: Int, ext: String) -> String { path("movie", "\(streamID).\(ext)") }
    /// An episode's file.
    public func episode(_ id: String, ext: String) -> String { path("series", "\(Self.encoded(id)).\(ext)") }

    /// What an Xtream Codes stream URL in a lineup is: `movie` for a film's
    /// file (`…/movie/USER/PASS/ID.EXT`), `series` for an episode's
    /// (`…/series/USER/PASS/ID.EXT`), nil for anything else (a live
    /// channel's `…/live/USER/PASS/ID.ts` or `…/USER/PASS/ID`, any other
    /// URL). A provider's `get.php?type=m3u_plus` list carries its films
    /// and episodes among its channels, in this shape. Pure.
    public static func onDemandKind(of url: String) -> String? {
        guard let scheme = url.range(of: "://"), url[..<scheme.lowerBound].lowercased().hasPrefix("http") else { return nil }
        let path = url[scheme.upperBound...].prefix { $0 != "?" && $0 != "#" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.count >= 4 else { return nil }
        let tail = Array(parts.suffix(4))
        let kind = tail[0].lowercased()
        guard kind == "movie" || kind == "series", !tail[1].isEmpty, !tail[2].isEmpty,
              let dot = tail[3].lastIndex(of: "."), dot != tail[3].startIndex, tail[3].index(after: dot) != tail[3].endIndex else { return nil }
        return kind
    }

    /// A live channel's archive template: `/timeshift/USER/PASS/{duration:60}/{Y}-{m}-{d}:{H}-{M}/ID.ts`,
    /// filled per programme by `CatchupURL`.
    public func archive(_ streamID: Int) -> String {
        path("timeshift", "{duration:60}/{Y}-{m}-{d}:{H}-{M}/\(streamID).ts")
    }

    private func path(_ kind: String, _ rest: String) -> String {
        "\(base)/\(kind)/\(Self.encoded(user))/\(Self.encoded(password))/\(rest)"
    }

    /// Percent-encoded for a path segment or query value.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
