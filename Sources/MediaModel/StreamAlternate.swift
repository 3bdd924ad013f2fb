/// Another stream of the same channel: a lineup entry with the channel's
/// `tvg-id` (or its name and group) found after the first. Played when the
/// channel's stream in use fails, stalls or ends.
public struct StreamAlternate: Equatable, Hashable, Sendable {
    public var url: String
    /// HTTP headers this stream needs.
    public var headers: [String: String]
    /// The line of its `#EXTINF` in the lineup, from 1 (0 when not from a file).
    public var line: Int

    public init(url: String, headers: [String: String] = [:], line: Int = 0) {
        self.url = url
        self.headers = headers
        self.line = line
    }
}
