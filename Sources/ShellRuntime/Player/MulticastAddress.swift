import MediaModel

/// A channel's multicast address as ISPs' IPTV lists give it, made into
/// one FFmpeg (libmpv's, the recorder's) reads as meant. Pure; any thread.
///
/// - `rtp://@239.0.0.1:5000`: MPEG-TS in RTP. libmpv reads such an address
///   as bytes, through FFmpeg's `rtp` protocol, and recognizes no format in
///   them (an RTP header before each packet); FFmpeg's RTP demuxer reads it
///   when it is named (`loadOptions`).
/// - `rtp://87.141.215.251@232.0.20.35:10000`: VLC's form of a
///   source-specific group (SSM, 232.0.0.0/8): only that source's packets
///   are sent, to a receiver that names it when it joins. FFmpeg takes the
///   source for a user name and joins any source's group, which such a
///   network never sends; it names the source as `?sources=` (`forFFmpeg`).
enum MulticastAddress {
    /// The per-file options a load of `url` needs to be read as RTP (none
    /// for any other address).
    static func loadOptions(for url: String) -> [String: String] {
        url.prefix(6).lowercased() == "rtp://" ? ["demuxer-lavf-format": "rtp"] : [:]
    }

    /// `url` with a source before its group (`udp://` or `rtp://`
    /// `SOURCE@GROUP:PORT`, SOURCE an IPv4 address) named as FFmpeg's
    /// `sources` option; any other address as it is.
    static func forFFmpeg(_ url: String) -> String {
        let lower = url.lowercased()
        guard lower.hasPrefix("udp://") || lower.hasPrefix("rtp://") else { return url }
        let afterScheme = url.index(url.startIndex, offsetBy: 6)
        let rest = url[afterScheme...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        let source = rest[..<at]
        guard IPv4Literal.matches(source) else { return url }
        let group = rest[rest.index(after: at)..<authorityEnd]
        var path = rest[authorityEnd...]
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = path[..<hash]
        }
        let joiner = path.contains("?") ? "&" : "?"
        return String(url[..<afterScheme]) + group + path + joiner + "sources=" + source + fragment
    }
}
