import Foundation

/// What the first bytes of a would-be lineup say it is, when it is plainly
/// not one: a web page (a provider's "account expired", a hotel network's
/// login page, both answered with 200 OK), a guide, JSON, a video or other
/// binary data. An M3U lineup is text whose first character is never `<`,
/// `{` or `[`, and holds no NUL byte; a player's playlist may be XSPF
/// (`XSPFParser`) or PLS (`PLSParser`). Pure; any thread.
public enum LineupContent {
    /// Bytes enough to tell (the start of the answer or file).
    public static let prefixLength = 4096

    /// Why `prefix` (the first bytes, up to `prefixLength`) is not a
    /// lineup, or nil when it may be one.
    public static func problem(_ prefix: some Collection<UInt8>) -> String? {
        let bytes = Array(prefix.prefix(prefixLength))
        if let binary = binaryKind(bytes) { return binary }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        let text = String(decoding: bytes[start...], as: UTF8.self)
        let lower = text.lowercased()
        if XSPFParser.isXSPF(lower) || PLSParser.isPLS(lower) { return nil }
        switch bytes[start] {
        case UInt8(ascii: "<"):
            if lower.hasPrefix("<tv") || lower.hasPrefix("<!doctype tv") || (lower.hasPrefix("<?xml") && lower.contains("<tv")) {
                return "is an XMLTV guide, not a lineup: give it as the guide (--guide)"
            }
            if lower.hasPrefix("<?xml") && !lower.contains("<html") { return "is an XML document, not a lineup (an M3U playlist is text starting #EXTM3U)" }
            let title = pageTitle(text).map { " (“\($0)”)" } ?? ""
            return "is a web page\(title), not a lineup: the server answered with a page, as a provider does for an account that has expired and a network does for its login page"
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return "is JSON, not an M3U lineup (for an Xtream Codes server: tvshell account add NAME --xtream URL --user USER)"
        default:
            return nil
        }
    }

    /// Why `bytes` is no lineup when it is binary data (a video's
    /// container, an archive, an image, UTF-16), or nil for text.
    static func binaryKind(_ bytes: [UInt8]) -> String? {
        guard let kind = BinaryContent(bytes) else { return nil }
        switch kind {
        case .gzip, .zip: return "is \(kind.noun), not a lineup: unpack it first"
        case .utf16: return "is UTF-16 text, which a lineup is not: save it as UTF-8"
        default: return "is \(kind.noun), not a lineup"
        }
    }

    /// The text of a page's `<title>`, cut to 60 characters, or nil.
    static func pageTitle(_ text: String) -> String? {
        guard let open = text.range(of: "<title", options: .caseInsensitive),
              let close = text[open.upperBound...].firstIndex(of: ">"),
              let end = text[close...].range(of: "</title", options: .caseInsensitive) else { return nil }
        let title = text[text.index(after: close)..<end.lowerBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !title.isEmpty else { return nil }
        return title.count > 60 ? String(title.prefix(59)) + "…" : title
    }
}
