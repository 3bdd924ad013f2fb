import Foundation

/// What the first bytes of a would-be XMLTV guide say it is, when it is
/// plainly not one and not even markup: a video stream (a channel's URL
/// given for the guide), an archive, binary data, text that is not XML. A
/// guide is XML (UTF-8 or UTF-16), plain or gzip; a web page is markup,
/// told by the guide's reader ("is an HTML page, not XMLTV"). Pure; any
/// thread.
public enum GuideContent {
    /// Why `prefix` (the first bytes, up to `LineupContent.prefixLength`)
    /// is not a guide, or nil when it may be one (nothing yet included).
    public static func problem(_ prefix: some Collection<UInt8>) -> String? {
        let bytes = Array(prefix.prefix(LineupContent.prefixLength))
        if Gzip.isGzip(bytes) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        if bytes[start] == UInt8(ascii: "<") { return nil }
        if let binary = BinaryContent(bytes) { return "is \(binary.noun), not an XMLTV guide" }
        return "is not XML, so not an XMLTV guide"
    }
}
