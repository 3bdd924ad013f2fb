/// Something the shell can play: a channel of a lineup, a film, a URL.
/// A plain value, safe to pass between threads. What most items leave
/// unset (a summary, catch-up, segments, alternates …) is kept out of line,
/// one pointer for all of it (`Extras`): a provider's lineup holds 350 000
/// items, 344 bytes each with them inline.
public struct MediaItem: Equatable, Hashable, Sendable, Identifiable {
    /// Stable identifier (a lineup's `tvg-id`, or the URL).
    public var id: String
    /// What the user sees.
    public var title: String
    /// What libmpv opens: a path, a URL, or an `av://lavfi:` source.
    public var url: String
    /// Live content: no seeking, a LIVE badge; LEFT/RIGHT change channel.
    public var isLive: Bool
    /// Channel number, for live channels of a lineup.
    public var number: Int?
    /// Content rating as published ("PG-13", "TV-MA"), if known.
    public var rating: String?
    /// `rating` understood (system, code, rank); nil when there is none or it
    /// could not be read. Restrictions are decided on this.
    public var contentRating: ContentRating?
    /// Ratings of another kind the gate holds it to besides `contentRating`,
    /// which one rating cannot stand for: a recording or a catch-up
    /// programme of a film rated R on a channel rated TV-PG keeps both, as
    /// the channel is held live (films and TV are ranked apart).
    public var moreRatings: [ContentRating] {
        get { extras.value.moreRatings }
        set { extras.value.moreRatings = newValue }
    }
    /// A line or two about it.
    public var summary: String? {
        get { extras.value.summary }
        set { extras.value.summary = newValue }
    }
    /// The lineup's group ("News", "UK").
    public var group: String?
    /// A logo image URL.
    public var logo: String?
    /// Its archive, for a live channel with catch-up.
    public var catchup: Catchup? {
        get { extras.value.catchup }
        set { extras.value.catchup = newValue }
    }
    /// A still of the item (a poster or a thumbnail): the Up Next card
    /// shows it when this item is proposed.
    public var artwork: String? {
        get { extras.value.artwork }
        set { extras.value.artwork = newValue }
    }
    /// Subtitle files kept apart from a local film (`SidecarSubtitles`),
    /// added to its subtitles as it loads.
    public var subtitleFiles: [SubtitleFile] {
        get { extras.value.subtitleFiles }
        set { extras.value.subtitleFiles = newValue }
    }
    /// The guide's channel id (`tvg-id`), for now / next.
    public var guideID: String?
    /// Scrub thumbnails it offers: a WebVTT track of sprites (`#xywh`) or a
    /// Roku `.bif` (a lineup's `tvg-thumbnails` / `thumbnails`); a local
    /// file's own sidecars are looked for beside it.
    public var thumbnails: String? {
        get { extras.value.thumbnails }
        set { extras.value.thumbnails = newValue }
    }
    /// HTTP headers the stream needs ("User-Agent", "Referer" …).
    public var headers: [String: String]
    /// `title` was made from the location (a file name), not given: the
    /// media's own title (its container's, mpv's `media-title`) is shown
    /// instead once known.
    public var titleFromLocation: Bool {
        get { extras.value.titleFromLocation }
        set { extras.value.titleFromLocation = newValue }
    }
    /// Its segments as the embedding program knows them (intro, ad breaks …).
    public var segments: [Segment] {
        get { extras.value.segments }
        set { extras.value.segments = newValue }
    }
    /// The channel's other streams, tried in order after `url` when one
    /// fails (empty: the one stream).
    public var alternates: [StreamAlternate] {
        get { extras.value.alternates }
        set { extras.value.alternates = newValue }
    }
    /// A programme played from a live channel's archive (catch-up): which
    /// channel and when it aired (nil for anything else).
    public var archive: ArchiveOrigin? {
        get { extras.value.archive }
        set { extras.value.archive = newValue }
    }

    /// The disc it is the folder or image of (nil for a file or a URL):
    /// `url` is the disc's folder (the one holding `VIDEO_TS` or `BDMV`) or
    /// its `.iso`, which the player opens as the disc.
    public var disc: DiscFormat? {
        get { extras.value.disc }
        set { extras.value.disc = newValue }
    }

    /// What most items leave unset, out of line.
    private var extras = Extras.OutOfLine()

    /// Every rating the gate holds it to: `contentRating`, then `moreRatings`.
    public var ratingsHeldTo: [ContentRating] { (contentRating.map { [$0] } ?? []) + moreRatings }

    /// How many streams it has: `url` and its alternates.
    public var streamCount: Int { 1 + alternates.count }

    /// The item as it plays on stream `index` (0: `url`; 1…: the alternates),
    /// with that stream's URL and headers.
    public func onStream(_ index: Int) -> MediaItem {
        guard index > 0, index <= alternates.count else { return self }
        var item = self
        item.url = alternates[index - 1].url
        item.headers = alternates[index - 1].headers
        return item
    }

    public init(
        id: String? = nil, title: String, url: String, isLive: Bool = false,
        number: Int? = nil, rating: String? = nil, contentRating: ContentRating? = nil, summary: String? = nil,
        group: String? = nil, logo: String? = nil, guideID: String? = nil, headers: [String: String] = [:]
    ) {
        self.id = id ?? url
        self.title = title
        self.url = url
        self.isLive = isLive
        self.number = number
        self.rating = rating
        self.contentRating = contentRating
        self.group = group
        self.logo = logo
        self.guideID = guideID
        self.headers = headers
        if let summary { self.summary = summary }
    }

    /// An item for a path or URL given on the command line or over IPC: the
    /// title is its file name made readable (`ReadableTitle`:
    /// "The.Matrix.1999.1080p.mkv" → "The Matrix (1999)"; a URL's decoded,
    /// without its query, which may hold a token); `av://lavfi:` sources
    /// are titled by themselves, those without a duration live.
    public static func fromLocation(_ location: String) -> MediaItem {
        let name = fileName(of: location)
        let isLavfi = location.hasPrefix("av://lavfi:")
        let live = isLavfi && !location.contains("duration=") && !location.contains(":d=")
        let title = isLavfi ? location : name.isEmpty || hasNoPath(location) ? name : ReadableTitle.of(fileName: name)
        var item = MediaItem(title: title, url: location, isLive: live)
        item.titleFromLocation = !isLavfi
        return item
    }

    /// The last path component of `location`, to title it by: a URL's
    /// without its query (which may hold a token) and percent-decoded; a
    /// URL with no path, its host (never its account).
    public static func fileName(of location: String) -> String {
        let isURL = location.contains("://")
        let path = isURL ? location.split(separator: "?", maxSplits: 1).first.map(String.init) ?? location : location
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        var name = trimmed.split(separator: "/").last.map(String.init) ?? path
        // A URL with no path: its host, never its account ("user:pass@").
        if isURL, hasNoPath(trimmed), let at = name.lastIndex(of: "@") {
            name = String(name[name.index(after: at)...])
        }
        return isURL ? percentDecoded(name, readable: true) : name
    }

    /// What mpv's `filename` is for `location`, and so its `media-title` for
    /// media without a title of its own: a URL percent-decoded whole, then
    /// what follows its last "/" (the query too, with any token in it), or
    /// the whole decoded URL when that is empty (its account too, as in
    /// "http://user:pass@host/"). Never shown: told apart from a title the
    /// media has of its own.
    public static func playerFileName(of location: String) -> String {
        let whole = location.contains("://") ? percentDecoded(location) : location
        guard let slash = whole.lastIndex(of: "/") else { return whole }
        let name = whole[whole.index(after: slash)...]
        return name.isEmpty ? whole : String(name)
    }

    /// "rtsp://cam.local", "http://host/": a URL naming a server only.
    private static func hasNoPath(_ location: String) -> Bool {
        guard let scheme = location.firstRange(of: "://") else { return false }
        let rest = location[scheme.upperBound...].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return !rest.dropLast(rest.hasSuffix("/") ? 1 : 0).contains("/")
    }

    /// "%20" as a space; a "%" not followed by two hex digits stays. Bytes
    /// that are not UTF-8 (a Latin-1 file name) are read as Windows-1252
    /// when `readable` (a title), else as the player's strings read them
    /// (U+FFFD: what mpv's `filename` is told as, for telling it apart).
    private static func percentDecoded(_ text: String, readable: Bool = false) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = [], i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                result.append(high << 4 | low)
                i += 3
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        guard readable else { return String(decoding: result, as: UTF8.self) }
        return String(validating: result, as: UTF8.self) ?? Windows1252.decode(result)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension MediaItem {
    /// The fields of an item most leave unset.
    struct Extras: Hashable, Sendable {
        var moreRatings: [ContentRating] = []
        var summary: String?
        var catchup: Catchup?
        var artwork: String?
        var subtitleFiles: [SubtitleFile] = []
        var thumbnails: String?
        var titleFromLocation = false
        var segments: [Segment] = []
        var alternates: [StreamAlternate] = []
        var archive: ArchiveOrigin?
        var disc: DiscFormat?

        /// `Extras` in a box of its own, nil while all are unset: one
        /// pointer in the item. Compared and hashed as the fields; a change
        /// makes a new box (they are set as an item is made).
        struct OutOfLine: Hashable, Sendable {
            private var box: Box?

            private final class Box: Sendable {
                let extras: Extras
                init(_ extras: Extras) { self.extras = extras }
            }

            init() {}

            var value: Extras {
                get { box?.extras ?? Extras() }
                set { box = newValue == Extras() ? nil : Box(newValue) }
            }

            static func == (left: OutOfLine, right: OutOfLine) -> Bool { left.box === right.box || left.value == right.value }
            func hash(into hasher: inout Hasher) { hasher.combine(value) }
        }
    }
}
