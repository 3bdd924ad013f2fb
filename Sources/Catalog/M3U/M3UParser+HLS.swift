extension M3UParser {
    /// Whether `text` is an HLS playlist (media or master) rather than a
    /// lineup: it has `#EXT-X-TARGETDURATION` or `#EXT-X-STREAM-INF`.
    /// Scans the bytes once (lineups run to megabytes).
    public static func isHLSPlaylist(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isHLSPlaylist(bytes: $0) }
    }

    /// `isHLSPlaylist` on a playlist's bytes as read.
    public static func isHLSPlaylist(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needles = [Array("#EXT-X-TARGETDURATION".utf8), Array("#EXT-X-STREAM-INF".utf8)]
        guard bytes.count >= 17 else { return false }
        for i in 0..<bytes.count where bytes[i] == 0x23 {
            for needle in needles where i + needle.count <= bytes.count {
                if (1..<needle.count).allSatisfy({ bytes[i + $0] == needle[$0] }) { return true }
            }
        }
        return false
    }
}
