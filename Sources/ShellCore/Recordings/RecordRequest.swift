import MediaModel

/// What the reducer asks the runtime to record (`Effect.record`): a live
/// channel from `start` to `end` (Unix seconds), with the programme's title,
/// rating and description. `contentRating`: what the passcode gate holds the
/// recording to, the strictest of the channel's and the programme's ratings
/// understood (as the gate holds the channel live). `padded`: the runtime widens it by `[recordings]
/// padding_before` (when it starts later than now) and `padding_after`.
/// `series`: every airing of this title on this channel. A plain value.
public struct RecordRequest: Equatable, Sendable {
    public var channel: MediaItem
    public var title: String
    public var start: Double
    public var end: Double
    public var rating: String?
    public var contentRating: ContentRating?
    public var summary: String?
    public var padded: Bool
    public var series: Bool

    public init(channel: MediaItem, title: String, start: Double, end: Double, rating: String? = nil, contentRating: ContentRating? = nil,
                summary: String? = nil, padded: Bool = true, series: Bool = false) {
        self.channel = channel
        self.title = title
        self.start = start
        self.end = end
        self.rating = rating
        self.contentRating = contentRating
        self.summary = summary
        self.padded = padded
        self.series = series
    }

    /// A recording's rating as published (the programme's, else the
    /// channel's) and as the gate holds it: the strictest of the channel's
    /// and the programme's understood, as the channel is held live.
    public static func ratings(_ channel: MediaItem, _ programme: Programme?) -> (published: String?, understood: ContentRating?) {
        let understood = (channel.contentRating.map { [$0] } ?? []) + (programme?.ratings.compactMap(\.resolved) ?? [])
        return (programme?.ratings.first?.value ?? channel.rating, ContentRating.strictest(understood))
    }
}
