import MediaModel

/// What the reducer asks the runtime to record (`Effect.record`): a live
/// channel from `start` to `end` (Unix seconds), with the programme's title,
/// rating and description. `padded`: the runtime widens it by `[recordings]
/// padding_before` (when it starts later than now) and `padding_after`.
/// `series`: every airing of this title on this channel. A plain value.
public struct RecordRequest: Equatable, Sendable {
    public var channel: MediaItem
    public var title: String
    public var start: Double
    public var end: Double
    public var rating: String?
    public var summary: String?
    public var padded: Bool
    public var series: Bool

    public init(channel: MediaItem, title: String, start: Double, end: Double, rating: String? = nil, summary: String? = nil,
                padded: Bool = true, series: Bool = false) {
        self.channel = channel
        self.title = title
        self.start = start
        self.end = end
        self.rating = rating
        self.summary = summary
        self.padded = padded
        self.series = series
    }
}
