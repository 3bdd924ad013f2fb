/// The lists an Xtream Codes account offers, as `player_api.php` gives
/// them (only what the shell uses). Pure values.

/// A category of live channels, films or series.
public struct XtreamCategory: Equatable, Sendable {
    public var id: String
    public var name: String
    /// `is_adult`, or a name that marks it so (`AdultGroups.marks`).
    public var isAdult: Bool

    public init(id: String, name: String, isAdult: Bool = false) {
        self.id = id
        self.name = name
        self.isAdult = isAdult || AdultGroups.marks(name)
    }
}

/// A live channel (`get_live_streams`).
public struct XtreamLiveStream: Equatable, Sendable {
    /// `num`: the channel's number.
    public var number: Int?
    public var name: String
    public var streamID: Int
    public var icon: String?
    /// `epg_channel_id`: its key into the guide.
    public var guideID: String?
    public var categoryID: String?
    /// `tv_archive`: the server keeps an archive of it.
    public var archive: Bool
    /// `tv_archive_duration`: days of archive.
    public var archiveDays: Int?
    /// `is_adult`: the provider marks it as for adults.
    public var isAdult: Bool

    public init(number: Int? = nil, name: String, streamID: Int, icon: String? = nil, guideID: String? = nil, categoryID: String? = nil,
                archive: Bool = false, archiveDays: Int? = nil, isAdult: Bool = false) {
        self.isAdult = isAdult
        self.number = number
        self.name = name
        self.streamID = streamID
        self.icon = icon
        self.guideID = guideID
        self.categoryID = categoryID
        self.archive = archive
        self.archiveDays = archiveDays
    }
}

/// A film (`get_vod_streams`).
public struct XtreamFilm: Equatable, Sendable {
    public var name: String
    public var streamID: Int
    public var icon: String?
    public var categoryID: String?
    /// `container_extension`: "mp4", "mkv" (the URL's extension).
    public var containerExtension: String
    /// `added` (Unix seconds).
    public var added: Double?
    /// `is_adult`: the provider marks it as for adults.
    public var isAdult: Bool

    public init(name: String, streamID: Int, icon: String? = nil, categoryID: String? = nil, containerExtension: String = "mp4", added: Double? = nil,
                isAdult: Bool = false) {
        self.isAdult = isAdult
        self.name = name
        self.streamID = streamID
        self.icon = icon
        self.categoryID = categoryID
        self.containerExtension = containerExtension
        self.added = added
    }
}

/// More about one film (`get_vod_info`).
public struct XtreamFilmInfo: Equatable, Sendable {
    public var plot: String?
    public var image: String?
    public var genre: String?
    public var duration: Double?
    /// `mpaa_rating` / `age` where the server gives one ("PG-13").
    public var rating: String?
    /// `age` as the server gives it ("16+", "12"): an age, in no rating
    /// system (`RatingsTable.parseAge`).
    public var age: String?

    public init(plot: String? = nil, image: String? = nil, genre: String? = nil, duration: Double? = nil, rating: String? = nil, age: String? = nil) {
        self.age = age
        self.plot = plot
        self.image = image
        self.genre = genre
        self.duration = duration
        self.rating = rating
    }
}

/// A series (`get_series`).
public struct XtreamSeries: Equatable, Sendable {
    public var seriesID: Int
    public var name: String
    public var cover: String?
    public var plot: String?
    public var categoryID: String?
    /// `last_modified`: when the provider last changed it (its episodes
    /// too), as it writes it; nil when it does not say.
    public var lastModified: String?
    /// `is_adult`: the provider marks it as for adults.
    public var isAdult: Bool

    public init(seriesID: Int, name: String, cover: String? = nil, plot: String? = nil, categoryID: String? = nil, lastModified: String? = nil,
                isAdult: Bool = false) {
        self.isAdult = isAdult
        self.seriesID = seriesID
        self.name = name
        self.cover = cover
        self.plot = plot
        self.categoryID = categoryID
        self.lastModified = lastModified
    }
}

/// An episode of a series (`get_series_info`'s `episodes`).
public struct XtreamEpisode: Equatable, Sendable {
    /// `id`: the stream id of the episode's file.
    public var id: String
    public var season: Int
    public var number: Int
    public var title: String?
    public var containerExtension: String
    public var plot: String?
    public var image: String?
    public var duration: Double?

    public init(id: String, season: Int, number: Int, title: String? = nil, containerExtension: String = "mp4", plot: String? = nil,
                image: String? = nil, duration: Double? = nil) {
        self.id = id
        self.season = season
        self.number = number
        self.title = title
        self.containerExtension = containerExtension
        self.plot = plot
        self.image = image
        self.duration = duration
    }
}
