import Foundation

/// What a stored guide was made from, and when.
public struct GuideStoreStatus: Sendable, Equatable {
    /// When it was last refreshed (seconds since 1970).
    public var refreshed: Double
    /// The sources it was read from, as named.
    public var sources: [String]
    /// `GuideStore.signature(of:)` of the lineup it was kept for.
    public var lineup: String
    public var channelsMatched: Int
    public var programmes: Int
    /// The last refresh's problem, if it had one.
    public var problem: String?
    /// Where the lineup was read from (for `guide update` without one).
    public var lineupLocation: String?
    /// What it was built from (`SourceDigest`): a refresh from the same
    /// bytes for the same lineup rewrites nothing.
    public var contents: String?

    public init(
        refreshed: Double, sources: [String], lineup: String, channelsMatched: Int, programmes: Int, problem: String?, lineupLocation: String? = nil,
        contents: String? = nil
    ) {
        self.lineupLocation = lineupLocation
        self.contents = contents
        self.refreshed = refreshed
        self.sources = sources
        self.lineup = lineup
        self.channelsMatched = channelsMatched
        self.programmes = programmes
        self.problem = problem
    }

    /// Whether it needs a refresh for `sources` and `lineup` at `now`, when
    /// guides go stale after `maximumAge` seconds.
    public func isStale(sources: [String], lineup: String, now: Double, maximumAge: Double) -> Bool {
        self.sources != sources || self.lineup != lineup || now - refreshed >= maximumAge || now < refreshed - 300
    }
}
