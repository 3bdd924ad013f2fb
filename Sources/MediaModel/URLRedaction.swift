/// Stream URLs as they may be shown: user names, passwords and tokens
/// replaced by `***`, the rest kept so a URL can still be told apart. IPTV
/// services put the account in the URL itself: `http://user:pass@host/…`,
/// Xtream Codes' `http://host/live/USER/PASS/1477.ts` (also `movie`,
/// `series`, `timeshift`, and the short `http://host/USER/PASS/1477`), and
/// query keys such as `username`, `password`, `token`, `key`. Pure; any
/// thread.
public enum URLRedaction {
    /// Query keys whose values are secrets (compared lower-cased).
    static let secretKeys: Set<String> = [
        "username", "user", "password", "pass", "passwd", "pwd", "token", "access_token", "auth", "key", "api_key", "apikey",
        "secret", "signature", "sig",
    ]
    /// First path segments after which Xtream Codes puts user and password.
    static let accountPaths: Set<String> = ["live", "movie", "series", "timeshift"]

    /// `url` with its secrets replaced; text that is not a URL with a
    /// scheme comes back as it is.
    public static func redact(_ url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let scheme = url[..<schemeEnd.upperBound]
        var rest = Substring(url[schemeEnd.upperBound...])
        var suffix = ""
        if let pipe = rest.firstIndex(of: "|") {
            suffix = String(rest[pipe...])
            rest = rest[..<pipe]
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        // An empty user (`udp://@239.0.0.1:5000`: a multicast group to join)
        // is no secret, nor the source of a source-specific group
        // (`rtp://87.141.215.251@232.0.20.35:10000`).
        let multicast = ["udp://", "rtp://"].contains(scheme.lowercased())
        if let at = authority.lastIndex(of: "@"), at != authority.startIndex, !(multicast && IPv4Literal.matches(authority[..<at])) {
            let userInfo = authority[..<at]
            authority = (userInfo.contains(":") ? "***:***" : "***") + authority[at...]
        }
        var pathAndMore = rest[authorityEnd...]
        var fragment = ""
        if let hash = pathAndMore.firstIndex(of: "#") {
            fragment = String(pathAndMore[hash...])
            pathAndMore = pathAndMore[..<hash]
        }
        var query = ""
        if let question = pathAndMore.firstIndex(of: "?") {
            query = "?" + redactQuery(pathAndMore[pathAndMore.index(after: question)...])
            pathAndMore = pathAndMore[..<question]
        }
        return String(scheme) + authority + redactPath(pathAndMore) + query + fragment + suffix
    }

    /// A value of mpv's `filename`, `filename/no-ext` or `media-title` for
    /// the player playing `location`, with its secrets replaced: for a URL
    /// mpv's file name (`MediaItem.playerFileName`) keeps the query (a
    /// token) and may be the account ("user:pass@host"), and is no URL for
    /// `redactingURLs` to find. A value that is (the start of) that file
    /// name is the redacted URL's file name; any other (a title the media
    /// has of its own) comes back as it is.
    public static func redactingPlayerFileName(_ value: String, of location: String) -> String {
        let redacted = redact(location)
        guard redacted != location else { return value }
        let name = MediaItem.playerFileName(of: location)
        guard !value.isEmpty, name.hasPrefix(value) else { return value }
        return MediaItem.playerFileName(of: redacted)
    }

    /// `text` with every URL in it (`scheme://` up to the next space or
    /// quote, punctuation at its end left to the text) redacted: for log
    /// lines and player messages.
    public static func redactingURLs(in text: String) -> String {
        guard text.contains("://") else { return text }
        var output = ""
        var remaining = Substring(text)
        while let marker = remaining.firstRange(of: "://") {
            var start = marker.lowerBound
            while start > remaining.startIndex {
                let before = remaining[remaining.index(before: start)]
                guard before.isLetter || before.isNumber || before == "+" || before == "-" || before == "." else { break }
                start = remaining.index(before: start)
            }
            var end = remaining[marker.upperBound...].firstIndex { $0.isWhitespace || "\"'<>()[]{}".contains($0) } ?? remaining.endIndex
            // Punctuation ending the URL is the sentence's ("URL: reason"),
            // not a secret's last characters.
            while end > marker.upperBound, ":,;.!?".contains(remaining[remaining.index(before: end)]) {
                end = remaining.index(before: end)
            }
            output += remaining[..<start]
            output += start == marker.lowerBound ? String(remaining[start..<end]) : redact(String(remaining[start..<end]))
            remaining = remaining[end...]
        }
        return output + remaining
    }

    private static func redactQuery(_ query: Substring) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let key = pair[..<equals]
            guard secretKeys.contains(key.lowercased()), pair.index(after: equals) < pair.endIndex else { return String(pair) }
            return key + "=***"
        }.joined(separator: "&")
    }

    /// `/live/USER/PASS/…` and `/USER/PASS/1477(.ext)`.
    private static func redactPath(_ path: Substring) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.first == "" else { return String(path) }
        let parts = segments.dropFirst()
        if let first = parts.first, accountPaths.contains(first.lowercased()), parts.count >= 4 {
            segments[2] = "***"
            segments[3] = "***"
        } else if parts.count == 3, let last = parts.last, isStreamID(last), !parts.contains(where: \.isEmpty) {
            segments[1] = "***"
            segments[2] = "***"
        }
        return segments.joined(separator: "/")
    }

    /// "1477", "1477.ts", "1477.m3u8".
    private static func isStreamID(_ segment: String) -> Bool {
        let name = segment.split(separator: ".", maxSplits: 1).first ?? ""
        return !name.isEmpty && name.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
