import MediaModel

/// One recording as the runtime's scheduler reports it: what it is, when,
/// and how far it has come. A plain value; any thread.
public struct RecordingInfo: Equatable, Sendable {
    /// Whether it is still to come or being written.
    public var isPending: Bool { status == .scheduled || status == .waiting || status == .active }

    /// Being written, nothing written yet, and the recorder says why
    /// (`reason`): its channel is down, tried again until the end.
    public var waitsForItsChannel: Bool { status == .active && bytes == 0 && reason != nil }

    public enum Status: String, Equatable, Sendable, CaseIterable {
        /// Waiting for its start.
        case scheduled
        /// Due, but every connection is in use (`reason`): retried as one frees.
        case waiting
        /// Being written.
        case active
        case finished
        /// Stopped early (`reason`: "disk full", the stream failed …); what
        /// was written is kept.
        case failed
    }

    public var id: String
    /// The channel's number and name.
    public var channel: Int?
    public var channelName: String
    /// The programme's title (the channel's name for a recording of a while).
    public var title: String
    /// When it starts and ends (Unix seconds), padding included.
    public var start: Double
    public var end: Double
    /// When the programme starts (without padding): which airing it is.
    public var programmeStart: Double
    public var status: Status
    public var reason: String?
    /// Bytes written and seconds of media in them.
    public var bytes: Int64
    public var duration: Double
    /// Made by a "Record series" rule.
    public var series: Bool
    /// The programme's rating ("TV-MA"), if the guide gave one.
    public var rating: String?
    /// `rating` as the ratings table knows it: a recording over the
    /// restrictions' limits is named by its rating off the box
    /// (`ShellState.withheldTexts`).
    public var contentRating: ContentRating?
    /// Ratings of another kind it is held to as well (`MediaItem.moreRatings`).
    public var moreRatings: [ContentRating] = []
    /// Every rating it is held to: `contentRating`, then `moreRatings`.
    public var ratingsHeldTo: [ContentRating] { (contentRating.map { [$0] } ?? []) + moreRatings }
    /// The file (nil until it starts).
    public var path: String?

    public init(id: String, channel: Int?, channelName: String, title: String, start: Double, end: Double, programmeStart: Double? = nil,
                status: Status, reason: String? = nil,
                bytes: Int64 = 0, duration: Double = 0, series: Bool = false, rating: String? = nil, contentRating: ContentRating? = nil,
                moreRatings: [ContentRating] = [], path: String? = nil) {
        self.id = id
        self.channel = channel
        self.channelName = channelName
        self.title = title
        self.start = start
        self.end = end
        self.programmeStart = programmeStart ?? start
        self.status = status
        self.reason = reason
        self.bytes = bytes
        self.duration = duration
        self.series = series
        self.rating = rating
        self.contentRating = contentRating
        self.moreRatings = moreRatings
        self.path = path
    }
}
