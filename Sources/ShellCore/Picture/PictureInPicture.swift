/// The picture in picture: an item that plays on in a corner, in the
/// `.picture` player, while the screens go on underneath.
public struct PictureInPicture: Equatable, Sendable {
    /// Index in `ShellState.items` of what plays in the picture.
    public var index: Int
    /// What its player reports; moved here whole from `ShellState.playback`
    /// when the picture started (same token, position, tracks), and back
    /// when it is restored.
    public var playback: PlaybackState
    /// The corner asked for (the settings' at first, then `m`'s).
    public var corner: PictureCorner
    /// Where it was last drawn (reported by the presenter): nil until then.
    public var spot: PictureSpot?
    /// Its sound is off (something else plays full screen).
    public var muted = false
    /// Waiting for the delegate's `restoreUserInterfaceForPictureInPictureStop`
    /// completion (`ShellSettings.pictureRestoreTimeout` at most).
    public var restoring = false
    /// Its live programme became restricted: its player was stopped, and
    /// restoring it asks for the passcode. The strictest rating's label.
    public var blocked: String?

    public init(index: Int, playback: PlaybackState, corner: PictureCorner, muted: Bool = false, restoring: Bool = false, blocked: String? = nil) {
        self.index = index
        self.playback = playback
        self.corner = corner
        self.muted = muted
        self.restoring = restoring
        self.blocked = blocked
    }
}

/// The guide's preview: the channel the selection rests on, playing muted in
/// the `.preview` player beside the list; or, for restricted content, only
/// the reason it does not.
public struct PreviewState: Equatable, Sendable {
    /// Index in `ShellState.items` of the channel previewed.
    public var index: Int
    /// What its player reports (token 0 and idle when nothing was loaded).
    public var playback: PlaybackState
    /// Restricted and not authorized: nothing is loaded; the pane says this
    /// rating ("TV-MA"; "not rated" when the policy blocks unrated content).
    public var restricted: String?
    /// Not opened because the streams already open reach
    /// `ShellSettings.maxConnections`: the pane says this.
    public var withheld: String?

    public init(index: Int, playback: PlaybackState = PlaybackState(), restricted: String? = nil, withheld: String? = nil) {
        self.index = index
        self.playback = playback
        self.restricted = restricted
        self.withheld = withheld
    }
}

/// The terminal's size in cells, as the runtime last told it.
public struct DisplaySize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What the picture-in-picture delegate is told (`AVPictureInPictureControllerDelegate`).
public enum PictureNotice: Equatable, Sendable {
    case willStart
    case didStart
    case failedToStart(reason: String)
    case willStop
    case didStop
}
