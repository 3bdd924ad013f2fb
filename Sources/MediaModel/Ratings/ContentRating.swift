/// A content rating in a rating system, with its rank in that system
/// (iTunes' scale: 100, 200 … higher is stricter; nil for unrated).
public struct ContentRating: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Media: String, Equatable, Hashable, Sendable {
        case movie, tv
    }

    /// The system, by its iTunes prefix: "mpaa", "us-tv", "uk-movie", "de-movie" …
    public var system: String
    /// The rating as the system writes it: "PG-13", "TV-MA", "Ab 12 Jahren".
    public var code: String
    public var rank: Int?
    public var media: Media

    public init(system: String, code: String, rank: Int?, media: Media) {
        self.system = system
        self.code = code
        self.rank = rank
        self.media = media
    }

    public var isUnrated: Bool { rank == nil }

    /// Whether this rating is over `limit` (same system; unrated is never over).
    public func exceeds(_ limit: ContentRating) -> Bool {
        guard system == limit.system, let rank, let limitRank = limit.rank else { return false }
        return rank > limitRank
    }

    public var description: String { "\(system) \(code)" }

    /// Apple's `iTunEXTC` form, `system|code|rank|` (rank 0: unrated), which
    /// `RatingsTable.parseITunEXTC` reads back as this rating: how a rating
    /// is kept in a file or a database.
    public var iTunEXTC: String { "\(system)|\(code)|\(rank ?? 0)|" }
}
