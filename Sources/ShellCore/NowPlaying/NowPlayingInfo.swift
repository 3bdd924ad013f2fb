import MediaModel

/// What the desktop's Now Playing (MPRIS) shows and may do, derived from the
/// state alone: the store stays the one source of truth. Never the title of
/// restricted content ("Restricted (TV-MA)" stands in, as in the guide's
/// preview). While the passcode prompt is up it shows a stand-in track of its
/// own (paused, named only by the rating; `CanPlay`, as it plays once the
/// passcode is given, which `playerctl metadata` needs) so desktop widgets and
/// `playerctl` still see a player, and every request from the bus is
/// refused. Pure.
public struct NowPlayingInfo: Equatable, Sendable {
    public enum Status: String, Equatable, Sendable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    public var status: Status = .stopped
    /// An object path naming the item (MPRIS `mpris:trackid`).
    public var trackID: String?
    public var title: String?
    /// The channel, on a live channel.
    public var album: String?
    /// The programme airing, on a live channel.
    public var artist: String?
    /// The channel logo (a URL; a path becomes a `file://` URL).
    public var artURL: String?
    /// Seconds; nil on live.
    public var length: Double?
    /// Seconds.
    public var position: Double = 0
    public var rate = 1.0
    /// 0 … 1.3, the shell's volume (`ShellSettings.volume`).
    public var volume = 1.0
    public var canGoNext = false
    public var canGoPrevious = false
    public var canPlay = false
    public var canPause = false
    public var canSeek = false
    /// Whether the player can be controlled at all (MPRIS `CanControl`;
    /// true also under the prompt, where each capability is false).
    public var canControl = false
    /// The passcode prompt is up: every request from the bus is refused.
    public var refusesAll = false
    /// False in kiosk mode.
    public var canQuit = false

    public init() {}

    public static func of(_ state: ShellState) -> NowPlayingInfo {
        var info = NowPlayingInfo()
        info.canQuit = !state.kiosk
        if let prompt = state.prompt {
            info.title = "Restricted (\(prompt.reason(under: state.restrictions.policy)?.code ?? "not rated"))"
            info.trackID = "/org/mpris/MediaPlayer2/tvshell/restricted"
            info.status = .paused
            info.canControl = true
            info.canPlay = true
            info.refusesAll = true
            return info
        }
        info.canControl = true
        info.canPlay = !state.items.isEmpty
        let p = state.playback
        let showing = (state.screen == .player || state.screen == .interstitial) && p.phase != .idle
        guard showing, let index = state.current, let item = state.currentItem else { return info }
        switch p.phase {
        case .playing: info.status = p.paused ? .paused : .playing
        case .loading: info.status = .playing
        case .ended: info.status = .paused
        case .idle, .failed: info.status = .stopped
        }
        info.trackID = "/org/mpris/MediaPlayer2/tvshell/item\(index)"
        if p.restricted {
            info.title = "Restricted (\(state.restrictions.policy.reason(p.ratings)?.code ?? "not rated"))"
        } else {
            info.title = state.title
            if state.isLive {
                info.album = item.title
                // An internet radio's song, as radio apps show it; else the programme.
                info.artist = p.streamTitle ?? state.shownNowNext(item).now?.title
            }
            info.artURL = item.logo.map { $0.contains("://") ? $0 : "file://" + $0 }
        }
        info.position = p.position ?? 0
        info.rate = p.speed
        info.volume = state.settings.volume
        info.canPause = p.phase == .playing
        let live = state.isLive || item.isLive
        info.canSeek = !live && p.seekable && p.duration != nil && p.phase == .playing
        info.length = live ? nil : p.duration
        let canFlip = !state.channelRing.isEmpty || state.items.count > 1
        info.canGoNext = canFlip
        info.canGoPrevious = canFlip
        return info
    }
}

/// What the desktop asks through MPRIS (`Action.nowPlaying`).
public enum NowPlayingRequest: Equatable, Sendable {
    case playPause, play, pause, stop, next, previous
    /// Seek by this many seconds.
    case seek(by: Double)
    /// Seek to this position, in seconds.
    case setPosition(Double)
    /// Open this URI or path (the item made from it alone).
    case openURI(String)
    /// Open these items, playing the first: `OpenUri`'s as the runtime
    /// made them (a folder's files; a local file's `.nfo` and artwork
    /// read, its rating resolved).
    case open([MediaItem])
    case quit
    /// The desktop set the volume (0 silent, 1 full, up to 1.3).
    case setVolume(Double)
    /// The desktop set the playback rate (0 pauses).
    case setRate(Double)
    /// Sound off or on (mpv's `mute`, over the automation socket).
    case setMuted(Bool)
}
