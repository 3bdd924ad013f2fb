import MediaModel

/// Everything that can happen to the shell. Closed and Equatable: keys, the
/// player, timers and the automation socket all become one of these.
public enum Action: Equatable, Sendable {
    /// A key or remote button, already mapped to a command.
    case command(RemoteCommand, at: Instant)
    /// Replace what can be played and start the first (IPC `play`, command line).
    case open([MediaItem], at: Instant)
    /// Items changed while the shell runs (an account's lists refreshed):
    /// those with these ids are replaced by `adding`, once the viewer is
    /// watching full screen or browsing with nothing open (`ItemsRefresh`).
    case refreshItems(removing: Set<String>, adding: [MediaItem], at: Instant)
    /// A box started with no lineup: its lineup's server could not be read
    /// and no copy of it was kept (`LineupWait`); `reason` says why (the
    /// latest failure). The home screen says it until the lineup comes.
    case lineupAwaited(reason: String)
    /// A box started with media paths that hold nothing to play yet (a
    /// folder on a drive not plugged in or mounted, an empty one); `reason`
    /// says why. As `lineupAwaited`, in words for files; they arrive as
    /// `lineupArrived`.
    case mediaAwaited(reason: String)
    /// The lineup a box started without came (`LineupWait`): its items,
    /// the start and fallback channels as the config names them in it,
    /// whether it starts playing (not on a start asked for the home screen),
    /// and the connections its account allows at once (nil: not said).
    case lineupArrived([MediaItem], start: Int?, fallback: Int?, play: Bool, connections: Int? = nil, at: Instant)
    /// What a source knows of the items with this id (an Xtream film's
    /// rating and plot): filled in where they lack it; a rating that
    /// forbids what is open stops it (`ItemDetailsReducer`).
    case itemDetails(id: String, ItemDetails, at: Instant)
    /// Play `items[index]`.
    case playIndex(Int, at: Instant)
    /// A player report for the load with `token`.
    case player(PlayerReport, token: Int, at: Instant)
    /// A video frame of the load with `token` reached the terminal, or not.
    case frame(FrameReport, token: Int, at: Instant)
    /// A timer started by `Effect.startTimer` fired.
    case timerFired(TimerID, at: Instant)
    /// A request to quit from outside the keyboard (IPC, signal).
    case quitRequested(QuitSource)
    /// The delegate finished the flip with `token` (exactly once in effect:
    /// late, doubled and superseded completions are ignored).
    case flipCompleted(token: Int, success: Bool, at: Instant)
    /// The delegate (or the built-in lineup player) replaces what plays.
    /// `request` names the caller's completion: the reducer answers it once
    /// with `Effect.finishContentRequest` (plays, fails, refused, superseded).
    case replaceContent(MediaItem, request: Int?, at: Instant)
    /// Play `item` (IPC `play`): the lineup's entry with its URL, else the
    /// item added after the others.
    case playItem(MediaItem, at: Instant)
    /// Play the first of `items` (a folder's files, asked for over IPC),
    /// each the lineup's entry with its URL, else added after the others
    /// in this order (so Up Next finds the folder's next film).
    case playItems([MediaItem], at: Instant)
    /// The delegate's interstitial for the flip with `token`.
    case interstitialProvided(token: Int, ChannelInterstitial)
    /// A channel logo was loaded (pixels for the interstitial).
    case logoLoaded(url: String, LogoImage)
    /// The embedding program's custom overlay items (nil: the built-in ones).
    case customOverlayItems([OverlayItem]?)
    /// The embedding program's menus for the transport bar's menu row.
    case transportMenus([TransportMenu])
    /// The wall-clock time, seconds since 1970, for now / next (and the
    /// passcode lockout), told at `at`.
    case wallClock(Double, at: Instant)
    /// The local time's offset from UTC, in seconds, changed (daylight
    /// saving time began or ended, the zone was changed), or the change of
    /// it within a day and a half (`change`: summer time beginning or
    /// ending, nil for none): `[sleep] daily` and the times on the screens
    /// follow them.
    case utcOffset(Int, change: UTCOffsetChange? = nil)
    /// A new programme guide.
    case guideLoaded(ProgrammeGuide)
    /// The stored guide's programmes for `window` (replacing those held).
    case guideWindowLoaded(ProgrammeGuide, GuideWindow)
    /// The stored guide's refresh began, ended or failed.
    case guideStatus(GuideStatus)
    /// The runtime checked passcode `attempt` against the stored hash, at
    /// wall-clock time `wallClock`.
    case passcodeChecked(attempt: Int, correct: Bool, wallClock: Double, at: Instant)
    /// An early authorization request for `item`; answered by
    /// `Effect.finishAuthorization(request:)`.
    case authorizationRequested(MediaItem, request: Int)
    /// Show a message over the screen for a while (`ShellSettings.noticeDelay` × 4),
    /// after the one up, if any (`NoticeReducer`).
    case showNotice(String)
    /// The kind of input the viewer uses changed: the hints name a remote's
    /// buttons, or the keyboard's keys again (`KeyLabels`).
    case keyLabels(KeyLabels)
    /// Show `text` across the top of every screen for `seconds` (nil: take
    /// the banner down).
    case showMessage(String?, seconds: Double)
    /// What the runtime shows of a scrub thumbnail asked for.
    case thumbnail(ThumbnailReport)
    /// Multiview with these channels (indices of `items`; nil: as `M` picks
    /// them), or, with multiview up, back to its focused channel.
    case multiview([Int]?, at: Instant)
    /// The recordings scheduler's list, and the items of recordings that can
    /// be played now (`MediaItem.id` "recording:ID").
    case recordings([RecordingInfo], items: [MediaItem])
    /// IPC `record`: the live channel `index` from `start` (nil: now, until
    /// its programme's end), for `seconds` when given.
    case recordRequested(index: Int, start: Double?, seconds: Double?)
    /// Set the sleep timer (nil: off).
    case sleep(SleepChoice?, at: Instant)
    /// The TV went to standby by its own remote (HDMI-CEC's <Standby>):
    /// nobody watches any more.
    case televisionOff
    /// The TV switched its input to the box (HDMI-CEC's <Set Stream Path>
    /// to its address: turned on onto it, or the input chosen): a viewer
    /// is there.
    case televisionOn(at: Instant)
    /// libmpv stopped by itself and was started again: what played is loaded again.
    case playerRestarted(at: Instant)
    /// The parental settings changed while the shell runs (read again from
    /// their file at wall-clock time `wallClock`): what they now forbid
    /// stops at once and asks.
    case restrictionsChanged(RestrictionsChange, wallClock: Double, at: Instant)
    /// The early request was cancelled by its caller.
    case authorizationCancelled(request: Int, at: Instant)
    /// The terminal's size in cells (at start and after each resize).
    case display(DisplaySize)
    /// Where a presenter drew the picture in picture, when that changed
    /// (the screen's panels move it; see `PictureLayout.placement`).
    case pictureDrawn(PictureSpot)
    /// The delegate answered `restoreUserInterfaceForPictureInPictureStop`
    /// for the picture whose load has `token` (`restored`: its interface
    /// is back).
    case pictureRestoreAnswered(token: Int, restored: Bool, at: Instant)
    /// `ShellControl.startPictureInPicture()`.
    case startPicture(at: Instant)
    /// `ShellControl.stopPictureInPicture()`: back to full screen.
    case stopPicture(at: Instant)
    /// The desktop's Now Playing (MPRIS) asks for something.
    case nowPlaying(NowPlayingRequest, at: Instant)
    /// The library opened: where items were left, by URL.
    case libraryLoaded([String: ResumePoint])
    /// There is no library this time (damaged beyond repair, unwritable).
    case libraryUnavailable
    /// The library's favourite channels (`MediaItem.channelKey`) and reminders.
    case libraryLists(favourites: [String], reminders: [Reminder])
    /// Live plays to add to the counts by channel (`MediaItem.channelKey`):
    /// the library's history once open, then one for each live play.
    case watchCounts([String: Int])
    /// A key typed on the guide's search line (see `KeyInput`).
    case searchEdit(SearchEdit)
    /// The stored guide's answer to a search for `text`.
    case guideSearchResults(text: String, [Programme])
    /// Play `items[index]` once the library has said where it was left (or
    /// after `ShellSettings.libraryWait`, whichever comes first): the start item.
    case playWhenLibraryReady(Int, at: Instant)
    /// The program's content proposal for the load with `token`.
    case contentProposalProvided(ContentProposal, token: Int)
    /// The embedding program's contextual actions at the current second of
    /// the load with `token`.
    case programActions([ProgramAction], token: Int)
    /// What the embedding program asks of playback: whether ad breaks must be
    /// watched (`requiresLinearPlayback`), and whether it offers contextual
    /// actions (asked each second).
    case programSettings(requiresLinearPlayback: Bool, offersContextualActions: Bool)
    /// Segments of the load with `token` learnt after it started (the
    /// sidecar file, the delegate's `segments(for:)`).
    case segmentsFound([Segment], token: Int)
}

/// Who asks to quit. A service manager's SIGTERM and the terminal hanging up
/// (SIGHUP: there is nothing left to show on) always win; the others are
/// refused in kiosk mode.
public enum QuitSource: Equatable, Sendable {
    case key, ipc, interrupt, terminate, hangup
}

/// Timers the reducer may start; one of each at most.
public enum TimerID: String, Equatable, Hashable, Sendable {
    case transportHide
    case errorAdvance
    case posterDelay
    case flipSettle
    case flipTimeout
    case flipFailureShown
    case digitCommit
    case noticeHide
    case badgeHide
    case volumeBadgeHide
    case spinner
    case hintHide
    /// A second of the passcode lockout's countdown.
    case lockoutTick
    /// The live programme on the current channel ends (in multiview, the
    /// first of the views'): check its successor's rating.
    case programmeBoundary
    /// The live programme in the picture in picture ends (on its picture):
    /// check its successor's rating.
    case pictureBoundary
    /// The live programme in the guide's preview ends: check its
    /// successor's rating.
    case previewBoundary
    /// The live programme a channel's prompt asks for ends on its picture
    /// (`bufferMargin` after its guide end): the prompt may lift.
    case promptLift
    /// Time to retry the failed stream.
    case retry
    /// The stream waited for its cache too long.
    case stall
    /// The guide sat idle: back to the start item (kiosk).
    case idleReturn
    /// The guide's selection rested long enough: preview it.
    case previewDelay
    /// The delegate took too long to restore its interface: the picture stops.
    case pictureRestore
    /// The "Skip Intro" button's time is up.
    case contextualActionHide
    /// A second of the Up Next countdown.
    case upNextTick
    /// A second paused behind live: the wall clock is asked for, and with
    /// it the buffer reckoned, so "behind live" counts on each second.
    case behindLiveTick
    /// The library took too long: the start item plays without it.
    case libraryWait
    /// The live channel has played long enough: open its neighbours.
    case warmNeighbours
    /// A reminder's notice has been up long enough.
    case reminderHide
    /// A sent banner's time is up.
    case messageHide
    /// A minute before the sleep timer ends.
    case sleepWarning
    /// The sleep timer ends.
    case sleepNow
    /// No key for `ShellSettings.screensaverDelay`: the screen saver, over a still screen.
    case screensaver
    /// No key for `ShellSettings.idleSleepDelay`: a still screen's shell sleeps.
    case idleSleep
    /// The viewer browsing the home screen or the guide's list has rested
    /// long enough for a waiting refresh to change the rows.
    case refreshSettle
}
