import MediaModel

/// What the reducer asks the world to do. The runtime interprets these; the
/// reducer never performs I/O.
public enum Effect: Equatable, Sendable {
    /// Open `item`, replacing what plays; reports come back with `token`.
    case load(MediaItem, token: Int)
    /// Open `item` for `token` starting at `start` seconds (a resumed film).
    case loadFrom(MediaItem, token: Int, start: Double)
    /// Remember where the film is (the library, off the run loop).
    case savePosition(MediaItem, position: Double, duration: Double?, watched: Bool)
    /// Put a play of `item` in the history.
    case recordPlay(MediaItem, live: Bool)
    /// Stop playback (back to the home screen).
    case stop
    /// Put the TV in standby (HDMI-CEC, where there is an adapter): the sleep timer ended.
    case televisionStandby
    /// Show the thumbnail of the frame asked for above the scrub head
    /// (nil: none any more); answered by `Action.thumbnail`.
    case thumbnail(ThumbnailRequest?)
    case setPause(Bool)
    /// Seek to an absolute position in seconds.
    case seek(to: Double, exact: Bool)
    /// Seek relative to the current position.
    case seekBy(Double)
    case frameStep(forward: Bool)
    /// Select a track of `kind`; nil switches it off.
    case selectTrack(Track.Kind, Int?)
    case setSpeed(Double)
    /// The volume, 0 … 1.3, of every player (the muted ones keep it for
    /// when they have the sound).
    case setVolume(Double)
    /// The volume and mute as they are now, kept for the next start.
    case keepSound(volume: Double, muted: Bool)
    /// The viewer's subtitles and audio language as chosen now, kept for the next start.
    case keepTrackChoice(TrackChoice)
    /// An item of the embedding program's overlay was activated.
    case overlayActivated(String)
    /// The program's menu `menu` of the transport bar was taken: a choice of
    /// it, or the menu itself (nil) when it has no choices.
    case menuActivated(menu: String, choice: String?)
    case startTimer(TimerID, after: Double)
    case cancelTimer(TimerID)
    /// Push an event to automation clients.
    case emit(ShellEvent)
    /// Ask the delegate to replace the content with the flip's target; its
    /// completion comes back as `flipCompleted(token:)`.
    case requestFlip(FlipRequest)
    /// Leave the run loop and restore the terminal.
    case quit
    /// The player holds the load with `token` after opening it, before any
    /// decoding (see `PlayerReport.preloaded`): let it go on.
    case continueLoad(token: Int)
    /// Check four digits against the stored passcode hash (off the run loop);
    /// the answer comes back as `Action.passcodeChecked`.
    case verifyPasscode(PasscodeAttempt)
    /// Store the wrong-passcode counter and lockout, so a restart keeps them.
    case persistLockout(failures: Int, lockedUntil: Double?)
    /// Append to the restrictions audit log.
    case audit(AuditEntry)
    /// Answer the early authorization request `request`.
    case finishAuthorization(request: Int, AuthorizationResult)
    /// Tell the reducer the wall-clock time (`Action.wallClock`) soon.
    case requestWallClock
    /// Answer the `replaceContent` request `request`: its item plays
    /// (`true`), or failed, was refused or was replaced before it played.
    case finishContentRequest(request: Int, success: Bool)
    /// Tell the player in a slot other than the main one (`SlotCommand`).
    case slot(PlayerSlot, SlotCommand)
    /// The two slots' players change places, each playing on as it was.
    case exchangePlayers(PlayerSlot, PlayerSlot)
    /// Ask the delegate for its contextual actions at `at` seconds of the
    /// load with `token`; they come back as `Action.programActions`.
    case askContextualActions(at: Double, token: Int)
    /// The program's own contextual action `id` was chosen: tell the delegate.
    case programActionActivated(String)
    /// Tell the delegate how the picture in picture starts and stops.
    case notifyPicture(PictureNotice)
    /// Ask the delegate to restore its interface for the picture whose load
    /// has `token`; its answer comes back as `Action.pictureRestoreAnswered`.
    case restorePictureInterface(token: Int)
    /// Read the stored guide's window around `time` (`GuideWindow.around`)
    /// off the run loop; it comes back as `Action.guideWindowLoaded`.
    case loadGuideWindow(around: Double)
    /// Keep (`on`) or forget a favourite channel in the library.
    case saveFavourite(key: String, name: String, on: Bool)
    /// Keep (`on`) or forget a reminder in the library.
    case saveReminder(Reminder, on: Bool)
    /// Search the stored guide for `text` (programmes ending after `from`, by
    /// time, at most `limit`), off the run loop; the answer comes back as
    /// `Action.guideSearchResults`.
    case searchGuide(String, from: Double, limit: Int)
    /// Keep a recording in the scheduler (it starts, and counts against
    /// `[live] max_connections`, at its time).
    case record(RecordRequest)
    /// Cancel a recording still to come, or stop one being written.
    case cancelRecording(id: String)
}

/// What the delegate is asked to do for a flip.
public struct FlipRequest: Equatable, Sendable {
    public var token: Int
    public var direction: FlipState.Direction
    public var target: MediaItem
    public var origin: MediaItem?
    public init(token: Int, direction: FlipState.Direction, target: MediaItem, origin: MediaItem?) {
        self.token = token
        self.direction = direction
        self.target = target
        self.origin = origin
    }
}

/// A channel as events name it.
public struct ChannelRef: Equatable, Sendable {
    public var number: Int?
    public var name: String
    public var id: String
    public init(_ item: MediaItem) {
        number = item.number
        name = item.title
        id = item.id
    }

    public init(number: Int?, name: String, id: String) {
        self.number = number
        self.name = name
        self.id = id
    }
}

/// Events pushed to automation clients (`{"event": NAME, …}`).
public enum ShellEvent: Equatable, Sendable {
    case playbackStarted(title: String, url: String)
    case error(title: String, reason: String, url: String?)
    case endFile(url: String)
    case flipStarted(target: ChannelRef)
    case flipCompleted(target: ChannelRef, success: Bool, superseded: Bool)
    /// The passcode prompt came up for `item`.
    case restrictionsAuthorizationRequested(item: MediaItem, rating: String?)
    /// Restricted content was authorized (`granted`) or not (`reason`: a
    /// wrong-passcode lockout, ESC, or deny mode).
    case restrictionsAuthorization(item: MediaItem, rating: String?, granted: Bool, reason: String?)
    /// The parental settings changed while the shell ran, and what that
    /// stopped. Never the passcode.
    case restrictionsChanged(RestrictionPolicy, passcodeChanged: Bool, stopped: [StoppedContent])
    /// The item went into the picture in picture.
    case pipStarted(item: MediaItem)
    /// The picture went away: `restored` (to full screen), `closed`, or `failed`.
    case pipStopped(item: MediaItem, reason: String)
    /// The picture's item is full screen again, playing on.
    case pipRestored(item: MediaItem)
    /// "Skip Intro" (or its kin) came up.
    case contextualActionShown(title: String, id: String, target: Double?)
    /// It was taken (ENTER), or the skip happened by itself (`automatic`).
    case contextualAction(id: String, automatic: Bool)
    /// The Up Next card came up.
    case contentProposalPresented(title: String, id: String)
    /// What became of it: `accepted`, `rejected` or `deferred`.
    case contentProposal(id: String, outcome: String)
    /// An ad break began playing, or was played to its end.
    case interstitialStarted(start: Double, end: Double)
    case interstitialFinished(start: Double, end: Double)
    /// A channel's stream `from` failed for `reason`: its stream `to` (of
    /// `count`, 0 being the lineup's first) plays now, at `url`.
    case streamSwitched(channel: ChannelRef, from: Int, to: Int, count: Int, reason: String, url: String)
    /// Multiview came up with these channels (their numbers).
    case multiviewStarted(channels: [Int])
    /// Multiview went away: `channel` is full screen now (nil: something else plays).
    case multiviewStopped(channel: Int?)
    /// A recording began to be written.
    case recordingStarted(RecordingInfo)
    /// It reached its end: its file, bytes and length.
    case recordingFinished(RecordingInfo)
    /// It stopped early (`reason`), keeping what it had.
    case recordingFailed(RecordingInfo)

    public var name: String {
        switch self {
        case .playbackStarted: "playback-started"
        case .error: "error"
        case .endFile: "end-file"
        case .flipStarted: "channel-flip-started"
        case .flipCompleted: "channel-flip-completed"
        case .restrictionsAuthorizationRequested: "restrictions-authorization-requested"
        case .restrictionsAuthorization: "restrictions-authorization"
        case .restrictionsChanged: "restrictions-changed"
        case .pipStarted: "pip-started"
        case .pipStopped: "pip-stopped"
        case .pipRestored: "pip-restored"
        case .contextualActionShown: "contextual-action-shown"
        case .contextualAction: "contextual-action"
        case .contentProposalPresented: "content-proposal-presented"
        case .contentProposal: "content-proposal"
        case .interstitialStarted: "interstitial-started"
        case .interstitialFinished: "interstitial-finished"
        case .streamSwitched: "stream-switched"
        case .multiviewStarted: "multiview-started"
        case .multiviewStopped: "multiview-stopped"
        case .recordingStarted: "recording-started"
        case .recordingFinished: "recording-finished"
        case .recordingFailed: "recording-failed"
        }
    }
}
