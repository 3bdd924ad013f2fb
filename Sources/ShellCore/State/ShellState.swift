import MediaModel

/// The whole interaction state of the shell. A value: the reducer changes it,
/// views draw it, IPC reports it.
public struct ShellState: Equatable, Sendable {
    /// What can be played, in order (the lineup or the items given).
    public var items: [MediaItem]
    /// Index in `items` of the item loading or playing.
    public var current: Int?
    /// What is in front, with its payload.
    public var destination: Destination = .home
    public var overlay: OverlayKind = .none
    public var playback = PlaybackState()
    /// Whether the transport bar is shown.
    public var transportVisible = false
    /// Set while scrubbing.
    public var scrub: ScrubState?
    /// Selected row of the home screen.
    public var homeSelection = 0
    /// Locked-down mode: never quits on a key or IPC request.
    public var kiosk = false
    /// Set once the shell has decided to quit.
    public var quitting = false
    /// Policy values the reducer uses.
    public var settings = ShellSettings()
    /// The channel flip under way.
    public var flip: FlipState?
    /// The last flip token handed out.
    public var flipCounter = 0
    /// Digits typed for a direct channel change.
    public var channelEntry: ChannelEntry?
    /// A short message over the screen ("No channel 42").
    public var notice: String?
    /// The programme guide (empty without one).
    public var guide: ProgrammeGuide
    /// The stored guide's refresh, when the guide comes from the store.
    public var guideStatus: GuideStatus?
    /// The span `guide` holds, when it comes from the store (nil: all of it).
    public var guideWindow: GuideWindow?
    /// The time a window was asked for around and has not come yet.
    public var guideWindowWanted: Double?
    /// The guide's grid, while the guide screen shows it (nil: the list).
    public var guideGrid: GuideGrid?
    /// Wall-clock time, seconds since 1970, as last told by the runtime (for
    /// now / next); 0 until told.
    public var wallClock: Double = 0
    /// Frame of the interstitial's spinner.
    public var spinnerFrame = 0
    /// Focused item of the overlay or panel shown.
    public var overlayFocus = 0
    /// The info panel's tab.
    public var infoTab: InfoTab = .info
    /// The embedding program's custom overlay items (nil: the built-in ones).
    public var customOverlay: [OverlayItem]?
    /// The embedding program's menus on the transport bar's menu row.
    public var customMenus: [TransportMenu] = []
    /// The menu row, while it is up (`overlay == .menus`).
    public var transportMenu: TransportMenuState?
    /// The "▲ More" hint is up.
    public var hintVisible = false
    /// Channel logos loaded so far, by URL.
    public var logos: [String: LogoImage] = [:]
    /// Parental restrictions: policy, lockout, the passcode prompt.
    public var restrictions: RestrictionsState
    /// The item played at start and after the guide sat idle (kiosk).
    public var startIndex: Int?
    /// Where a stream that keeps failing falls back to.
    public var fallbackIndex: Int?
    /// A failed stream being retried ("Reconnecting…").
    public var recovery: RecoveryState?
    /// Streams in use and failures, by index in `items` (only items that
    /// failed or switched stream have one).
    public var streamHealth: [Int: StreamHealth] = [:]
    /// The picture in picture, while one is up.
    public var pip: PictureInPicture?
    /// The guide's preview, while the selection rests on a live channel.
    public var preview: PreviewState?
    /// The terminal's size in cells (nil without a terminal): picture in
    /// picture needs `ShellSettings.pictureMinimumSize`.
    public var display: DisplaySize?
    /// The highest load token no longer in use (see `newToken()`).
    public var retiredToken = 0
    /// "Skip Intro" and its kin, while playback is inside such a segment.
    public var contextualAction: ContextualAction?
    /// The last skip made by itself, while LEFT can undo it.
    public var automaticSkip: AutomaticSkip?
    /// A segment whose skip LEFT undid: not skipped by itself again in this load.
    public var declinedSkip: Segment?
    /// Where items were left, by URL (from the library).
    public var resumePoints: [String: ResumePoint] = [:]
    /// The start item, waiting for the library (see `Action.playWhenLibraryReady`).
    public var startPending: Int?
    /// "Resume from …" / "Play from the beginning", while it is up.
    public var resumeOffer: ResumeOffer?
    /// The Up Next card, once it came up for the current load.
    public var upNext: UpNextState?
    /// The Up Next card's preview image, shown by the `.preview` player
    /// while the card is up (see `ProposalImageReducer`).
    public var proposalImage: PlaybackState?
    /// The program's proposal for the current load (`nextContentProposal(after:)`).
    public var programProposal: ContentProposal?
    /// "What did they say" replaying, with the subtitles to put back.
    public var whatDidTheySay: WhatDidTheySay?
    /// The ad break playing now (`in_interstitial`).
    public var activeBreak: Segment?
    /// Where a seek over an unwatched break goes once the break is over.
    public var pendingTarget: Double?
    /// Ad breaks played to their end this session, by item id (their starts).
    public var watchedBreaks: [String: Set<Double>] = [:]
    /// The warm neighbours, by slot (see `WarmReducer`).
    public var warm: [PlayerSlot: WarmPlayer] = [:]
    /// The full-screen load whose neighbours may be opened (it has played
    /// `ShellSettings.warmDelay`): its token.
    public var warmAllowed: Int?
    /// Channels whose warm load failed or turned out restricted during the
    /// load `warmAllowed`: not opened again for it.
    public var warmRefused: Set<Int> = []
    /// The channel watched before the current one (`-`, KEY_LAST goes back to it).
    public var previousChannel: Int?
    /// Favourite channels, by `MediaItem.channelKey` (from the library).
    public var favourites: Set<String> = []
    /// Reminders set, soonest first (from the library).
    public var reminders: [Reminder] = []
    /// The reminder whose notice is up ("… starts in 1 min · ENTER to tune").
    public var reminderDue: Reminder?
    /// The guide's search line, while it is up.
    public var guideSearch: GuideSearch?

    public init(
        items: [MediaItem] = [], kiosk: Bool = false, settings: ShellSettings = ShellSettings(), guide: ProgrammeGuide = .empty,
        restrictions: RestrictionsState = RestrictionsState()
    ) {
        self.items = items
        self.kiosk = kiosk
        self.settings = settings
        self.guide = guide
        self.restrictions = restrictions
    }

    /// Indices of the numbered channels, by number: the ring flips move on
    /// (only the favourites, with `ShellSettings.flipFavouritesOnly` and
    /// at least one favourite in the lineup).
    public var channelRing: [Int] {
        let numbered = items.indices.filter { items[$0].number != nil }.sorted { items[$0].number! < items[$1].number! }
        guard settings.flipFavouritesOnly else { return numbered }
        let favourite = numbered.filter { isFavourite($0) }
        return favourite.isEmpty ? numbered : favourite
    }

    /// What airs now and next on `item` by the guide, at `wallClock`.
    public func nowNext(_ item: MediaItem) -> (now: Programme?, next: Programme?) {
        guard let id = item.guideID, wallClock > 0 else { return (nil, nil) }
        return guide.nowNext(channel: id, at: wallClock)
    }

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

    /// Changes the prompt that is up (digits typed, a message, its purpose);
    /// nothing when none is.
    public mutating func updatePrompt(_ change: (inout PasscodePrompt) -> Void) {
        guard case .passcode(var prompt) = destination else { return }
        change(&prompt)
        destination = .passcode(prompt)
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
    /// item's is only its file name and the media has a title of its own).
    public var title: String {
        guard let item = currentItem else { return playback.mediaTitle ?? "" }
        if item.titleFromLocation, let own = playback.mediaTitle, !own.isEmpty { return own }
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
}
