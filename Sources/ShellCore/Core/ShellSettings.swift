import MediaModel

/// Timing and step policy of the reducer. Values, so tests can pin them.
public struct ShellSettings: Equatable, Sendable {
    /// Seconds the transport bar stays after the last transport key while playing.
    public var transportHideDelay = 5.0
    /// The volume of what plays full screen, 0 … 1.3 (libmpv's 0 … 130);
    /// set from the desktop (MPRIS `Volume`) or over IPC.
    public var volume = 1.0
    /// The full-screen player's sound is off (mpv's `mute`).
    public var muted = false
    /// The highest volume anything may set, 0 … 1.3: the volume keys, the
    /// socket, MPRIS, Home Assistant, the volume kept from the last start
    /// (`[sound] max_volume`: a hotel room's or a waiting room's limit).
    public var maxVolume = 1.3
    /// Seconds the previous picture is held while the next item loads,
    /// before the title card replaces it.
    public var posterDelay = 0.25
    /// Seconds the "▲ More" hint stays at the start of playback.
    public var hintDuration = 4.0
    /// Seconds an error stays before the next item is tried.
    public var errorAdvanceDelay = 4.0
    /// Seconds flip keys that follow a flip under way are gathered before
    /// the delegate is asked for the final target (so quick presses load
    /// only the channel they land on). The first press never waits.
    public var flipSettleDelay = 0.12
    /// Seconds the delegate has to complete a flip.
    public var flipTimeout = 10.0
    /// Seconds a failed flip's message stays before returning.
    public var flipFailureDelay = 3.0
    /// Seconds after the last digit before a typed channel number is tuned.
    public var digitCommitDelay = 2.0
    /// Typed digits no further digit can make into another channel's
    /// number are tuned at once, not after `digitCommitDelay`
    /// (`[channels] instant_digits`; off: the product's 2 s or ENTER).
    public var instantDigits = false
    /// While scrubbing, a thumbnail of the frame under the head (`[scrub] thumbnails`).
    public var scrubThumbnails = true
    /// The kiosk's daily sleep (`[sleep] daily`), minutes after local midnight.
    public var sleepDaily: Int?
    /// Seconds east of UTC here, for the daily sleep's local time.
    public var utcOffset = 0
    /// Summer time beginning or ending within a day and a half of now, for
    /// clock times on its other side (`ViewContext.offset(at:)`).
    public var utcOffsetChange: UTCOffsetChange?
    /// Seconds a notice stays.
    public var noticeDelay = 2.5
    /// Seconds between spinner frames.
    public var spinnerInterval = 0.125
    /// Seconds LEFT/RIGHT skip while playing VOD.
    public var skipInterval = 10.0
    /// Two scrub steps closer than this count as a key repeat (acceleration).
    public var repeatWindow = 0.35
    /// Coarse steps grow by this fraction of the base step for each repeat …
    public var coarseAcceleration = 0.25
    /// … up to this many times the base step.
    public var coarseMaxMultiplier = 20.0
    /// Fine mode: first step, growth per repeat, largest step (≤ 1 s).
    public var fineStep = 0.1
    public var fineGrowth = 1.25
    public var fineMaxStep = 1.0
    /// Retries of a stream that fails, stalls or ends while live, before the
    /// fallback item (0: the error screen at once, as without recovery).
    public var retries = 0
    /// Seconds before each retry (the last value repeats).
    public var retryBackoff: [Double] = [1, 2, 4, 8]
    /// Seconds a playing stream may wait for its cache before it counts as
    /// stalled, and (with recovery on) a load may take to start playing.
    public var stallTimeout = 15.0
    /// Seconds on the home screen or guide before the start item plays
    /// again (nil: never; a kiosk setting).
    public var idleReturnDelay: Double?
    /// Seconds with no key before the screen saver covers a still screen
    /// (`[sleep] screensaver`; nil: never).
    public var screensaverDelay: Double?
    /// Seconds with no key before a still screen's shell sleeps, as at the
    /// sleep timer's end (`[sleep] idle`; nil: never).
    public var idleSleepDelay: Double?
    /// Channel up / down go round the favourites only (`[channels] flip =
    /// "favourites"`), when there are any.
    public var flipFavouritesOnly = false
    /// A reminder tunes by itself when its programme is a minute away
    /// (`[guide] reminders = "tune"`, for kiosks) instead of asking.
    public var remindersTune = false
    /// Seconds before a programme its reminder comes up.
    public var reminderLead = 60.0
    /// Results the guide's search shows at most.
    public var searchLimit = 50
    /// Wrong passcodes before the prompt locks.
    public var passcodeAttempts = 5
    /// Seconds the prompt stays locked after the 5th, 6th, 7th … wrong
    /// passcode (the last value repeats).
    public var lockoutDelays: [Double] = [60, 300, 900, 3600]

    /// ESC from a playing item starts picture in picture (else it stops it).
    public var pictureAutomatic = true
    /// Where a new picture sits.
    public var pictureCorner: PictureCorner = .topRight
    /// Seconds the delegate has to restore its interface before the picture
    /// simply stops.
    public var pictureRestoreTimeout = 2.0
    /// Seconds `[` / `]` skip the picture.
    public var pictureSkip = 10.0
    /// The smallest terminal (cells) a picture fits on.
    public var pictureMinimumSize = DisplaySize(columns: 60, rows: 18)
    /// The output can show a second picture (picture in picture, the
    /// guide's preview, the Up Next still); an embedding program may
    /// turn them off.
    public var secondPictures = true
    /// Seconds the guide's selection rests on a live channel before it
    /// plays in the preview pane (nil: no previews).
    public var previewDelay: Double? = 0.6
    /// Neighbouring channels kept open, paused, while a live channel plays
    /// (`[live] warm_neighbours`: the tvshell program's default is 2; 0, the
    /// default here, opens nothing beyond what is asked for, as providers
    /// that allow one connection need).
    public var warmNeighbours = 0
    /// Seconds a live channel plays before its neighbours are opened.
    public var warmDelay = 3.0
    /// Whether a player still opening its stream (a warm neighbour zapped
    /// to, the multiview view taken full screen, the picture in picture
    /// loading again brought back) may be taken over as it is, its load
    /// going on full screen. False on the TV output: mpv opens the window
    /// for a player taken over there only once its stream has opened, so
    /// the TV showed nothing, not even the flip's card, for as long as the
    /// stream took (up to the network timeout). The player holding the
    /// window loads the channel cold instead, the card on it.
    public var takeOverLoading = true
    /// What warming may use (`[live] warm_budget`).
    public var warmBudget = WarmBudget()
    /// Streams open at once at most (full screen, picture, preview and warm
    /// neighbours; `[live] max_connections`); nil: no cap.
    public var maxConnections: Int?

    /// What playback reaching an intro, recap, credits or preview does (ask when unset).
    public var segmentChoices: [Segment.Kind: SegmentChoice] = [:]
    /// Seconds the "Skip Intro" button stays (it comes back with DOWN or the bar).
    public var contextualActionDuration = 8.0
    /// Seconds LEFT undoes a skip made by itself.
    public var automaticSkipUndo = 5.0
    /// Ad breaks must be watched before what follows them (tvOS's
    /// `requiresLinearPlayback`).
    public var linearBreaks = true
    /// The program offers contextual actions: ask it each second of playback.
    public var askProgramForActions = false
    /// Seconds the start item waits for the library at most.
    public var libraryWait = 0.5
    /// The library is there: positions are saved and offered back, plays recorded.
    public var rememberPositions = false
    /// Up Next proposals near the end of an item with a next one.
    public var upNextEnabled = true
    /// Seconds the Up Next countdown runs (0: never by itself).
    public var upNextCountdown = 10.0
    /// Items the countdown may play on by themselves with no key pressed
    /// before the next card asks "Still watching?" instead (0: never asks):
    /// a viewer asleep in front of a folder of episodes does not have them
    /// play all night. Never in a kiosk.
    public var stillWatchingAfter = 3
    /// Seconds "what did they say" goes back.
    public var replayInterval = 15.0
    /// The user's language (ISO 639, from the locale), for choosing subtitles.
    public var language: String?
    /// The glyph the notice names LEFT with.
    public var backGlyph = "←"

    public init() {}

    /// The coarse base step for an item of `duration` seconds: 1/360 of it,
    /// between 1 and 10 seconds.
    public func coarseBaseStep(duration: Double) -> Double {
        min(max(duration / 360, 1), 10)
    }
}

extension ShellSettings {
    /// Seconds east of UTC at `time`, a change of summer time near now
    /// taken into account.
    public func utcOffset(at time: Double) -> Int {
        utcOffsetChange?.offset(at: time) ?? utcOffset
    }
}
