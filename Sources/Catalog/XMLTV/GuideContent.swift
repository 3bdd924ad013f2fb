import Foundation

/// What the first bytes of a would-be XMLTV guide say it is, when it is
/// plainly not one: a video stream (a channel's URL given for the guide),
/// an archive, binary data, text that is not XML, a web page (as an
/// expired subscription serves with 200: its first element, after any
/// XML declaration, comments and processing instructions, is `html` or
/// an HTML doctype). A guide is XML (UTF-8 or UTF-16), plain or gzip.
/// Pure; any thread.
public enum GuideContent {
    /// Why `prefix` (the first bytes, up to `LineupContent.prefixLength`)
    /// is not a guide, or nil when it may be one (nothing yet included).
    public static func problem(_ prefix: some Collection<UInt8>) -> String? {
        let bytes = Array(prefix.prefix(LineupContent.prefixLength))
        if Gzip.isGzip(bytes) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        if bytes[start] == UInt8(ascii: "<") { return isWebPage(bytes[start...]) ? "is an HTML page, not XMLTV" : nil }
        if let binary = BinaryContent(bytes) { return "is \(binary.noun), not an XMLTV guide" }
        return "is not XML, so not an XMLTV guide"
    }

    /// Whether markup's first element is a web page's: `<!DOCTYPE html`
    /// or `<html`, in any case, after declarations, comments and
    /// whitespace. A guide's own text never counts (it comes after its
    /// `<tv>`).
    static func isWebPage(_ markup: ArraySlice<UInt8>) -> Bool {
        var rest = Substring(String(decoding: markup, as: UTF8.self))
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?"), let end = rest.range(of: "?>") {
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--"), let end = rest.range(of: "-->") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        let lowered = rest.prefix(14).lowercased()
        return lowered.hasPrefix("<!doctype html") || lowered.hasPrefix("<html")
            && (lowered.count == 5 || lowered.dropFirst(5).first.map { $0 == ">" || $0.isWhitespace } == true)
    }
}
