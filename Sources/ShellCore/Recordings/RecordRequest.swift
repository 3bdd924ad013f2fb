import MediaModel

/// What the reducer asks the runtime to record (`Effect.record`): a live
/// channel from `start` to `end` (Unix seconds), with the programme's title,
/// rating and description. `heldTo`: what the passcode gate holds the
/// recording to, the strictest of each kind of the channel's and the
/// programme's ratings understood (as the gate holds the channel live).
/// `padded`: the runtime widens it by `[recordings] padding_before` (when
/// it starts later than now) and `padding_after`.
/// `series`: every airing of this title on this channel. A plain value.
public struct RecordRequest: Equatable, Sendable {
    /// How far ahead a recording may start (seconds): a year.
    public static let furthestAhead = 366.0 * 86_400
    /// The longest recording (seconds): a week.
    public static let longest = 7.0 * 86_400

    public var channel: MediaItem
    public var title: String
    public var start: Double
    public var end: Double
    public var rating: String?
    public var heldTo: [ContentRating]
    public var summary: String?
    public var padded: Bool
    public var series: Bool

    public init(channel: MediaItem, title: String, start: Double, end: Double, rating: String? = nil, heldTo: [ContentRating] = [],
                summary: String? = nil, padded: Bool = true, series: Bool = false) {
        self.channel = channel
        self.title = title
        self.start = start
        self.end = end
        self.rating = rating
        self.heldTo = heldTo
        self.summary = summary
        self.padded = padded
        self.series = series
    }

    /// A recording's rating as published (the programme's, else the
    /// channel's) and what the gate holds it to: the strictest of each kind
    /// of the channel's and the programme's understood, as the channel is
    /// held live.
    public static func ratings(_ channel: MediaItem, _ programme: Programme?) -> (published: String?, heldTo: [ContentRating]) {
        ratings(channel, programme, during: [])
    }

    /// The same, held also to every programme of `during`: those the
    /// recording's span holds a part of (a recording "for 2 h" from a
    /// cartoon into a late film is held to the film's rating).
    public static func ratings(_ channel: MediaItem, _ programme: Programme?, during: [Programme]) -> (published: String?, heldTo: [ContentRating]) {
        let understood = channel.ratingsHeldTo + ([programme].compactMap { $0 } + during).flatMap { $0.ratings.compactMap(\.resolved) }
        return (programme?.ratings.first?.value ?? channel.rating, ContentRating.strictestOfEachKind(understood))
    }
}
