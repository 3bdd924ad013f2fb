import MediaModel

/// The parental settings the gate applies: a mode, the highest rating allowed
/// for movies and for TV shows, and what unrated content gets. A value, read
/// from the restrictions file by the runtime; the core never sees the passcode.
///
/// Ratings of different systems are compared by their iTunes rank within the
/// same kind of media (movies: G 100 … NC-17 500, with BBFC 15 at 350 and
/// FSK 16 at 375 on the same scale; TV: TV-Y 100 … TV-MA 600), as tvOS does.
public struct RestrictionPolicy: Equatable, Sendable {
    public enum Mode: String, Equatable, Sendable, CaseIterable {
        /// Everything plays.
        case off
        /// Content over a limit asks for the passcode.
        case passcode
        /// Content over a limit does not play; there is no prompt.
        case deny
    }

    /// What happens to content with no rating.
    public enum Unrated: String, Equatable, Sendable, CaseIterable {
        /// It plays (tvOS's default).
        case allow
        /// It is treated as the strictest rating.
        case restrict
    }

    /// The highest rating allowed for one kind of media.
    public enum Limit: Equatable, Sendable {
        case allowAll
        case upTo(ContentRating)
        case allowNone

        /// The highest rank allowed, for comparing limits of one kind.
        var ceiling: Int {
            switch self {
            case .allowAll: Int.max
            case .allowNone: Int.min
            case .upTo(let rating): rating.rank ?? Int.min
            }
        }

        /// "all", "none", or the rating's label ("TV-PG").
        public var label: String {
            switch self {
            case .allowAll: "all"
            case .allowNone: "none"
            case .upTo(let rating): rating.code
            }
        }
    }

    public var mode: Mode
    public var movies: Limit
    public var tv: Limit
    public var unrated: Unrated
    /// A passcode is set. Without one, `passcode` mode cannot ask and acts as `deny`.
    public var hasPasscode: Bool

    public init(mode: Mode = .off, movies: Limit = .allowAll, tv: Limit = .allowAll, unrated: Unrated = .allow, hasPasscode: Bool = false) {
        self.mode = mode
        self.movies = movies
        self.tv = tv
        self.unrated = unrated
        self.hasPasscode = hasPasscode
    }

    /// The mode in force: `passcode` without a passcode is `deny`.
    public var effectiveMode: Mode { mode == .passcode && !hasPasscode ? .deny : mode }

    public func limit(for media: ContentRating.Media) -> Limit {
        media == .movie ? movies : tv
    }

    /// Whether `rating` on its own is over the limits.
    public func exceeds(_ rating: ContentRating) -> Bool {
        guard let rank = rating.rank else { return unratedIsRestricted }
        switch limit(for: rating.media) {
        case .allowAll: return false
        case .allowNone: return true
        case .upTo(let limit): return limit.rank.map { rank > $0 } ?? true
        }
    }

    /// The rating that says why content known by `ratings` is held back,
    /// for labels and the prompt: the strictest of those over their kind's
    /// limit (a film's R under "movies up to PG-13", not the TV-MA beside it
    /// that "TV up to TV-MA" allows); else the strictest of all.
    public func reason(_ ratings: [ContentRating]) -> ContentRating? {
        ContentRating.strictest(ratings.filter { !$0.isUnrated && exceeds($0) }) ?? ContentRating.strictest(ratings)
    }

    /// Whether content known by `ratings` (any source: lineup, guide, file)
    /// is restricted. No ratings, or only unrated ones, follow `unrated`.
    public func restricts(_ ratings: [ContentRating]) -> Bool {
        guard mode != .off else { return false }
        if ratings.allSatisfy(\.isUnrated) { return unratedIsRestricted }
        return ratings.contains { !$0.isUnrated && exceeds($0) }
    }

    private var unratedIsRestricted: Bool {
        unrated == .restrict && (movies != .allowAll || tv != .allowAll)
    }

    /// Whether this policy forbids anything `old` let play without asking,
    /// or refuses what `old` asked the passcode for: a stricter mode, a
    /// lower limit, unrated content newly restricted.
    public func isStricter(than old: RestrictionPolicy) -> Bool {
        func rank(_ mode: Mode) -> Int {
            switch mode {
            case .off: 0
            case .passcode: 1
            case .deny: 2
            }
        }
        if rank(effectiveMode) > rank(old.effectiveMode) { return true }
        guard mode != .off else { return false }
        if movies.ceiling < old.movies.ceiling || tv.ceiling < old.tv.ceiling { return true }
        return unratedIsRestricted && !old.unratedIsRestricted
    }

    /// "movies up to PG-13, TV shows up to TV-PG".
    public var limitsDescription: String {
        func describe(_ limit: Limit, _ noun: String) -> String {
            switch limit {
            case .allowAll: "all \(noun)"
            case .allowNone: "no \(noun)"
            case .upTo(let r): "\(noun) up to \(r.code)"
            }
        }
        return "\(describe(movies, "movies")), \(describe(tv, "TV shows"))"
    }
}

extension ContentRating {
    /// The strictest of `ratings` by rank (unrated last), for display.
    public static func strictest(_ ratings: [ContentRating]) -> ContentRating? {
        ratings.max { ($0.rank ?? -1) < ($1.rank ?? -1) }
    }

    /// The strictest of `ratings` of each kind (films, TV), strictest first
    /// (a film's first when they rank alike):
    /// what content rated by several sources is held to, since ranks of
    /// films and TV do not compare (R at 400 is over a PG-13 limit; TV-PG
    /// at 400 may be within a TV-PG one). Empty for none.
    public static func strictestOfEachKind(_ ratings: [ContentRating]) -> [ContentRating] {
        let kinds = [ContentRating.Media.movie, .tv].compactMap { media in strictest(ratings.filter { $0.media == media }) }
        return kinds.sorted { ($0.rank ?? -1) > ($1.rank ?? -1) }
    }
}
