import MediaModel

/// The whole interaction state of the shell. A value: the reducer changes it,
/// views draw it, IPC reports it.
public struct ShellState: Equatable, Sendable {
    /// What can be played, in order (the lineup or the items given).
    /// Setting them makes again what is made of them — the lists' orders
    /// and lookups, the names the search line finds — when what those are
    /// made of changed; a film's details go in through `fillDetails`.
    public var items: [MediaItem] {
        get { storedItems }
        set {
            let changed = LineupIndex.changes(from: storedItems, to: newValue)
            storedItems = newValue
            if changed.lists { reindex() }
            if changed.names {
                itemNames = ItemNameIndex(items: storedItems)
                // The search line's items are indices: found again in the new items.
                if var search = guide.search, !search.items.isEmpty || !search.text.isEmpty {
                    search.items = itemNames.matches(search.text, order: lineupIndex.listOrder, limit: settings.searchLimit)
                    search.focus = min(search.focus, max(0, search.count - 1))
                    guide.search = search
                }
            }
        }
    }
    private var storedItems: [MediaItem]
    /// Index in `items` of the item loading or playing.
    public var current: Int?
    /// What is in front (written by `NavigationReducer` only).
    public var navigation = NavigationState()
    /// What is drawn over it: transport bar, overlays, notice.
    public var chrome = ChromeState()
    /// The main player's load (written by the playback feature only).
    public var playback = PlaybackState()
    /// Set while scrubbing.
    public var scrub: ScrubState?
    /// The viewer's last subtitles and audio language, for what plays next.
    public var trackChoice = TrackChoice()
    /// Policy values the reducer uses.
    public var settings = ShellSettings() { didSet { reindexIfStale() } }
    /// Live TV: flips, digits, previous channel, recovery, failover.
    public var live = LiveState()
    /// The warm neighbours.
    public var warm = WarmState()
    /// The programme guide, its grid and search, reminders, favourites.
    public var guide: GuideState { didSet { reindexIfStale() } }
    /// Parental restrictions: policy, lockout, the passcode prompt.
    public var restrictions: RestrictionsState
    /// Picture in picture and the guide's preview.
    public var picture = PictureState()
    /// Skips, ad breaks, "what did they say".
    public var segments = SegmentsState()
    /// Resume and Up Next.
    public var upNext = UpNextFeatureState()
    /// The sleep timer.
    public var sleep = SleepState()
    /// The screen saver over a still screen.
    public var screensaver = ScreensaverState()
    /// Scrub thumbnails.
    public var thumbnail = ThumbnailState()
    /// Several live channels at once (nil: one full screen).
    public var multiview: MultiviewState?
    /// Recordings: the scheduler's list and the record dialog.
    public var recordings = RecordingsState()
    /// Items changed while the shell runs, not applied yet (`ItemsRefresh`).
    public var pendingRefresh: ItemsRefresh?
    /// Why the lineup a box started without is not here yet (`LineupWait`);
    /// nil once it came, or when nothing is awaited.
    public var lineupWait: String?
    /// What is awaited is media paths given to play (a USB stick's folder:
    /// `Action.mediaAwaited`), not a lineup or an account.
    public var lineupWaitIsMedia = false
    /// Wall-clock time, seconds since 1970, as last told by the runtime (for
    /// now / next); 0 until told.
    public var wallClock: Double = 0
    /// The terminal's size in cells (nil without a terminal): picture in
    /// picture needs `ShellSettings.pictureMinimumSize`.
    public var display: DisplaySize?
    /// The highest load token no longer in use (see `newToken()`).
    public var retiredToken = 0
    /// The lineup's orders and lookups, kept current with `items`, the
    /// favourites and the flip setting.
    public private(set) var lineupIndex = LineupIndex()
    /// The items' names as the search line looks them up, kept current
    /// with `items`.
    public private(set) var itemNames = ItemNameIndex()
    /// Locked-down mode: never quits on a key or IPC request.
    public var kiosk = false
    /// Set once the shell has decided to quit.
    public var quitting = false

    public init(
        items: [MediaItem] = [], kiosk: Bool = false, settings: ShellSettings = ShellSettings(), guide: ProgrammeGuide = .empty,
        restrictions: RestrictionsState = RestrictionsState()
    ) {
        storedItems = items
        self.kiosk = kiosk
        self.settings = settings
        self.guide = GuideState(programmes: guide)
        self.restrictions = restrictions
        reindex()
        itemNames = ItemNameIndex(items: items)
    }

    /// Fills in what `fill` sets of `items[index]` — a film's plot, its
    /// rating: nothing the lists, lookups or names are made of — where it
    /// is, with nothing made again (through `items`, each answer for a
    /// provider's 350 000 films copied them all and indexed them again:
    /// 0.4 s each). `ItemDetailsReducer` only.
    mutating func fillDetails(of index: Int, _ fill: (inout MediaItem) -> Void) {
        fill(&storedItems[index])
    }

    private mutating func reindex() {
        lineupIndex = LineupIndex(items: items, favourites: guide.favourites, favouritesOnly: settings.flipFavouritesOnly)
    }

    private mutating func reindexIfStale() {
        if !lineupIndex.matches(favourites: guide.favourites, favouritesOnly: settings.flipFavouritesOnly) { reindex() }
    }

    /// Indices of the numbered channels, by number: the ring flips move on
    /// (only the favourites, with `ShellSettings.flipFavouritesOnly` and
    /// at least one favourite in the lineup).
    public var channelRing: [Int] { lineupIndex.ring }

    /// What airs now and next on `item` by the guide, at `wallClock`.
    public func nowNext(_ item: MediaItem) -> (now: Programme?, next: Programme?) {
        nowNext(item, at: nil)
    }

    /// What airs on `item` at `time` and what follows. `time` nil: now —
    /// on the channel playing full screen, the time of its picture
    /// (`shownTime`: behind live, what aired then is on screen).
    public func nowNext(_ item: MediaItem, at time: Double?) -> (now: Programme?, next: Programme?) {
        guard let id = item.guideID, wallClock > 0 else { return (nil, nil) }
        let when = time ?? (item.isLive && item.id == currentItem?.id ? shownTime : wallClock)
        return guide.programmes.nowNext(channel: id, at: when)
    }

    /// The wall-clock time of the picture the full-screen live channel
    /// shows: now, less how far behind live the viewer paused or rewound
    /// (timeshift).
    public var shownTime: Double {
        guard isLive, let buffer = playback.liveBuffer, let position = playback.position else { return wallClock }
        return wallClock - buffer.behind(at: position)
    }

    /// `shownTime` for the picture in picture: its picture goes on from
    /// where the full-screen one was, behind live as far.
    public var pictureShownTime: Double {
        guard let pip = picture.pip, items.indices.contains(pip.index), items[pip.index].isLive,
              let buffer = pip.playback.liveBuffer, let position = pip.playback.position else { return wallClock }
        return wallClock - buffer.behind(at: position)
    }

    /// What is in front, with its payload.
    public var destination: Destination { navigation.destination }

    /// The screen in front (`get_state.screen`).
    public var screen: ScreenKind { destination.kind }

    /// The failure the error screen explains, when it is up.
    public var error: ShellError? {
        if case .error(let error) = destination { error } else { nil }
    }

    /// The passcode prompt, when it is up (it covers everything).
    public var prompt: PasscodePrompt? {
        if case .passcode(let prompt) = destination { prompt } else { nil }
    }

    /// The item loading or playing.
    public var currentItem: MediaItem? {
        guard let current, items.indices.contains(current) else { return nil }
        return items[current]
    }

    /// Whether what plays is live: the item says so, or the player cannot seek
    /// in it and knows no end.
    public var isLive: Bool {
        guard let item = currentItem else { return false }
        if item.isLive { return true }
        return playback.phase == .playing && !playback.seekable && playback.duration == nil
    }

    /// The title to show: the item's, else the player's (also when the
    /// item's is only its file name and the media has a title of its own:
    /// mpv's `media-title` is its `filename` for media without one, which
    /// for a URL keeps the query and may be its account, so it is never
    /// shown). A container's title that is a release name is made readable.
    public var title: String {
        guard let item = currentItem else { return playback.mediaTitle ?? "" }
        if item.titleFromLocation, let own = playback.mediaTitle, !own.isEmpty, own != MediaItem.fileName(of: item.url),
           own != MediaItem.playerFileName(of: item.url) {
            return own.contains(" ") ? own : ReadableTitle.of(fileName: own, hasExtension: false)
        }
        return item.title
    }
}

/// A failure the error screen explains.
public struct ShellError: Equatable, Sendable {
    /// What failed ("Could not play “Off Air”").
    public var title: String
    /// Why, in the player's words ("unrecognized file format").
    public var reason: String
    /// What was being opened.
    public var location: String?

    public init(title: String, reason: String, location: String? = nil) {
        self.title = title
        self.reason = reason
        self.location = location
    }

    /// What a small picture of a live channel (the guide's preview,
    /// multiview's views) says when its channel failed: in plain words, as
    /// the error screen says it; the player's text is for the log and IPC.
    static let unavailableNow = "Unavailable now"
}
