/// One programme of an XMLTV guide.
public struct Programme: Equatable, Sendable {
    /// The XMLTV channel id it airs on.
    public var channel: String
    /// Start and stop, in seconds since 1970 (UTC). `stop` is nil when the
    /// guide does not say (the next programme's start ends it).
    public var start: Double
    public var stop: Double?
    public var title: String
    public var subtitle: String?
    public var summary: String?
    public var categories: [String]
    /// `<rating system="…"><value>…</value></rating>`, in file order.
    public var ratings: [GuideRating]
    public var icon: String?
    public var episode: String?
    /// The `catchup-id` attribute: the programme's own id in the channel's
    /// archive (`{catchup-id}` in catch-up URLs).
    public var catchupID: String?

    public init(
        channel: String, start: Double, stop: Double? = nil, title: String, subtitle: String? = nil, summary: String? = nil,
        categories: [String] = [], ratings: [GuideRating] = [], icon: String? = nil, episode: String? = nil
    ) {
        self.channel = channel
        self.start = start
        self.stop = stop
        self.title = title
        self.subtitle = subtitle
        self.summary = summary
        self.categories = categories
        self.ratings = ratings
        self.icon = icon
        self.episode = episode
    }
}

/// A rating as XMLTV carries it.
public struct GuideRating: Equatable, Sendable {
    public var system: String?
    public var value: String
    /// The rating understood, when the system and value are known.
    public var resolved: ContentRating?
    public init(system: String?, value: String, resolved: ContentRating? = nil) {
        self.system = system
        self.value = value
        self.resolved = resolved
    }
}

/// A channel of an XMLTV guide.
public struct GuideChannel: Equatable, Sendable {
    public var id: String
    public var names: [String]
    public var icon: String?
    public init(id: String, names: [String], icon: String? = nil) {
        self.id = id
        self.names = names
        self.icon = icon
    }
}
