import MediaModel

/// What the player is doing with the current item, as last reported by it.
public struct PlaybackState: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable {
        /// Nothing loaded.
        case idle
        /// `load` sent, not playing yet.
        case loading
        /// Playing or paused.
        case playing
        /// Reached its end.
        case ended
        /// Could not be played.
        case failed
    }

    /// Identifies the most recent load; player reports carry it, and a report
    /// with another token (a superseded load) is ignored.
    public var token: Int = 0
    public var phase: Phase = .idle
    public var paused = false
    /// Seconds; nil while unknown.
    public var position: Double?
    /// Seconds; nil while unknown or for endless sources.
    public var duration: Double?
    public var seekable = false
    /// The player told `seekable` for this load (false until it did: not
    /// known is not "cannot seek").
    public var seekableTold = false
    /// Where this load was asked to start (a resumed film), until playback
    /// reaches it: positions before it save nothing, so a stream that
    /// cannot start there (a server that sends only whole files) keeps the
    /// viewer's place (`AskedStart.told`).
    public var askedStart: Double?
    /// The viewer was told this load could not start at `askedStart`.
    public var askedStartMissed = false
    /// The player's title for the media (its metadata), if any.
    public var mediaTitle: String?
    /// The subtitle line(s) on screen now (`PlayerReport.subtitleText`);
    /// the views draw them as text where the picture is cells.
    public var subtitleText: String?
    /// What an internet radio says plays now (`PlayerReport.streamTitle`).
    public var streamTitle: String?
    /// The player's video output is set up for this load (its frames are
    /// this item's, not the previous one's).
    public var videoConfigured = false
    /// The previous item's picture stays up while this one loads, for a
    /// moment (`ShellSettings.posterDelay`), instead of flashing the title card.
    public var holdsPreviousPicture = false
    /// A first video frame has been presented for this load.
    public var firstFramePresented = false
    /// A seek to a known target was sent and the player has not restarted
    /// playback yet: its position reports are from before the seek.
    public var seekPending = false
    /// Audio, video and subtitle tracks, as the player lists them.
    public var tracks: [Track] = []
    /// The kinds of track the viewer's last choice (`TrackChoice`) was
    /// already given to in this load.
    public var tracksChosen: Set<Track.Kind> = []
    public var chapters: [Chapter] = []
    /// Playback speed (1 = normal).
    public var speed = 1.0
    /// The player is waiting for its cache to fill.
    public var buffering = false
    /// Every rating known for this load: the item's, the guide programme's,
    /// and (once opened) the file's.
    public var ratings: [ContentRating] = []
    /// The ratings the file's own metadata carries (part of `ratings`).
    public var fileRatings: [ContentRating] = []
    /// These ratings are over the parental limits.
    public var restricted = false
    /// On a live channel, the start of the guide programme the ratings were
    /// checked for (a new programme is checked again).
    public var programmeStart: Double?
    /// Why this load failed (shown by the error screen, or by a flip's
    /// interstitial when it failed during a flip).
    public var failure: ShellError?
    /// Where a film from a server stopped when its stream ended well before
    /// its length (`CutShort`): the load failed there, and ENTER on the
    /// error screen tries it again (offering to resume from it).
    public var cutShortAt: Double?
    /// Video frames of this load rendered for the terminal, and those of
    /// them the terminal was too busy to take.
    public var framesRendered = 0
    public var framesDropped = 0
    /// Frames of this load drawn on the terminal.
    public var framesPresented: Int { framesRendered - framesDropped }
    /// The `replaceContent` request this load answers once it plays or fails.
    public var contentRequest: Int?
    /// Segments from the embedding program and the sidecar file (the
    /// chapters' come from `chapters`).
    public var givenSegments: [Segment] = []
    /// A live network stream's back buffer, once the player reports it
    /// (nil on VOD, and on live without timeshift).
    public var liveBuffer: LiveBuffer?
    /// Every segment known, the most trusted source winning where they overlap.
    public var segments: [Segment] { Segment.merged(givenSegments + Segment.fromChapters(chapters, duration: duration)) }

    public init() {}
}
