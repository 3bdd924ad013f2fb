import MediaModel

/// One channel of a lineup, as written in the M3U file.
public struct LineupChannel: Equatable, Sendable {
    /// Channel number: `tvg-chno`, or the next free number in file order;
    /// 0 for a film (`onDemand`).
    public var number: Int
    /// `tvg-id`: the key into the guide.
    public var id: String?
    public var name: String
    public var group: String?
    public var logo: String?
    /// A content rating attribute (`tvg-rating`, `rating`, `parental-rating`).
    public var rating: String?
    public var url: String
    /// HTTP headers for the stream (`#EXTVLCOPT:http-user-agent=…`,
    /// `http-referrer`, or Kodi's `URL|User-Agent=…&Referer=…`).
    public var headers: [String: String]
    /// `tvg-name` where it differs from `name` (the guide matches by both).
    public var tvgName: String?
    /// `tvg-shift` as written (hours; `guideShift` reads it).
    public var tvgShift: String?
    /// `tvg-thumbnails` (or `thumbnails`): its scrub thumbnails' track.
    public var thumbnails: String?
    /// Its archive (the catch-up attributes, or the header's), if any.
    public var catchup: Catchup?
    /// The line of its `#EXTINF` (or of its URL when it has none), from 1.
    public var line: Int
    /// Later entries of the same channel (same `tvg-id`, or same name and
    /// group when it has none): its other streams, in file order.
    public var alternates: [StreamAlternate] = []
    /// A file listed as a player's playlist lists it (a path, relative or
    /// absolute, or a `file://` URL, or any URL listed with its length, an
    /// `#EXTINF` of more than 10 s; no `tvg-id`, `tvg-chno` or catch-up): a film or
    /// song, not a channel (`mediaItem`).
    public var onDemand = false
    /// Whether `name` was made from its location (no name in the file).
    public var nameFromLocation = false

    public init(
        number: Int, id: String? = nil, name: String, group: String? = nil, logo: String? = nil,
        rating: String? = nil, url: String, headers: [String: String] = [:], line: Int
    ) {
        self.number = number
        self.id = id
        self.name = name
        self.group = group
        self.logo = logo
        self.rating = rating
        self.url = url
        self.headers = headers
        self.line = line
    }
}

/// Something wrong in an input file, with where it is.
public struct CatalogProblem: Equatable, Sendable, CustomStringConvertible {
    /// Line number, from 1 (0 for the file as a whole).
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// A parsed lineup: its channels, the guide URLs its header names, and every
/// problem found (each skipped, never fatal; the first 1 000 listed, then a count).
public struct Lineup: Equatable, Sendable {
    /// In file order; when any channel has a `tvg-chno`, by number (the
    /// others numbered from 1 in file order, around the numbers taken).
    public var channels: [LineupChannel]
    /// `url-tvg` / `x-tvg-url` of the header, split at commas.
    public var guideURLs: [String]
    public var problems: [CatalogProblem]
    /// Whether the file began with `#EXTM3U`.
    public var hasHeader: Bool
    /// The `#EXTM3U` line's attributes, keys lower-cased (defaults for
    /// every entry: `catchup`, `tvg-shift` …).
    public var headerAttributes: [String: String] = [:]

    public init(channels: [LineupChannel] = [], guideURLs: [String] = [], problems: [CatalogProblem] = [], hasHeader: Bool = false) {
        self.channels = channels
        self.guideURLs = guideURLs
        self.problems = problems
        self.hasHeader = hasHeader
    }
}
