import MediaModel
import ShellCore
import TerminalUI

/// Everything the shell needs to start. A value, built by the executable (or
/// an embedding program) before `Shell.run()`.
public struct ShellConfiguration: Sendable {
    public var items: [MediaItem]
    public var video: VideoOutput
    /// How video is drawn in the terminal (`video == .terminal`).
    public var videoSettings: VideoSettings
    /// Where the automation socket listens, if anywhere.
    public var ipcSocketPath: String?
    /// Passed to libmpv before it starts, in order (`--mpv-option`).
    public var mpvOptions: [MPVOption]
    public var kiosk: Bool
    public var theme: Theme
    public var keyMap: KeyMap
    public var settings: ShellSettings
    /// Start on the home screen instead of playing the first item.
    public var startOnHome: Bool
    /// Where stray output of libraries on standard error (ALSA, …) goes
    /// while the screen is up: the log file, or nowhere when nil.
    public var strayOutputPath: String?
    /// The programme guide for now / next.
    public var guide: ProgrammeGuide
    /// Where the guide is kept and refreshed from (nil: `guide` is all there is).
    public var guidePlan: GuidePlan?
    /// Where a guide given while the shell runs (`guide URL`) is kept when
    /// `guidePlan` is nil (`[guide] store`; nil: `GuideStore.defaultPath`).
    public var guideStorePath: String?
    /// Parental restrictions at start: policy, and the persisted counter and lockout.
    public var restrictions: RestrictionsState
    /// Checks passcodes and keeps the lockout and audit log; without one,
    /// no passcode is ever right.
    public var restrictionsBackend: (any RestrictionsBackend)?
    /// Messages shown over the first screen (a refused settings file …).
    public var startupNotices: [String]
    /// Remote buttons (lircd's names) to commands.
    public var remoteMap: RemoteMap
    /// lircd's client socket; nil: no remote.
    public var lircSocketPath: String?
    /// The item played first (and after the guide sat idle), by index.
    public var startIndex: Int?
    /// Where a stream that keeps failing falls back to, by index.
    public var fallbackIndex: Int?
    /// The library database (positions, history); nil: the default place.
    public var libraryPath: String?
    /// Remember positions and plays at all.
    public var remembers = true
    /// The subtitles and audio language the viewer chose when the shell
    /// last ran (`TrackChoiceFile`), carried to what plays now.
    public var trackChoice = TrackChoice()
    /// Now Playing on D-Bus (MPRIS): on the session bus by default.
    public var nowPlaying: NowPlayingBus = .session
    /// The back buffer of live network streams (nil: none, so live cannot
    /// be paused and rewound).
    public var timeshift: TimeshiftSettings? = TimeshiftSettings()
    /// Keyboards and remotes read as input devices (`[input] devices`).
    public var inputDevices: InputDeviceSelection = .auto
    /// Grab them (`[input] grab`); nil: in a kiosk.
    public var grabInput: Bool?
    /// The TV's remote and power over HDMI-CEC (`[cec]`).
    public var cec = CECSettings()
    /// Seconds between reads of a lineup given by URL (`[play]
    /// lineup_refresh`): the one the shell started from and one the fleet
    /// switched to (`Shell.keepLineupFresh`).
    public var lineupRefresh: Double = 12 * 3600
    /// Fleet control and telemetry over MQTT (`[mqtt]`); nil: none.
    public var mqtt: MQTTSettings?
    /// Recordings: where they go and the recorder to run (nil: off, and `r`
    /// says so; the tvshell binary sets it to its own hidden `recorder`).
    public var recordings: RecordingsSettings?
    /// Where what items lack is asked for: their ratings before they
    /// decode, their ratings and summary as the home screen focuses them (an
    /// Xtream Codes account's films: `XtreamFilmDetails`); nil: nowhere.
    public var itemDetails: (any ItemDetailsSource)?

    /// Which bus Now Playing (MPRIS) goes on.
    public enum NowPlayingBus: String, Sendable, Equatable {
        /// Off.
        case none
        /// The user's session bus (when there is one).
        case session
        /// The system bus (a kiosk box with no session; needs
        /// `contrib/dbus/tvshell-mpris.conf`).
        case system
    }

    public struct MPVOption: Sendable, Equatable {
        public var key: String
        public var value: String
        public init(key: String, value: String) { self.key = key; self.value = value }
    }

    public init(
        items: [MediaItem], video: VideoOutput = .terminal, videoSettings: VideoSettings = VideoSettings(), ipcSocketPath: String? = nil,
        mpvOptions: [MPVOption] = [], kiosk: Bool = false, theme: Theme = .dark,
        keyMap: KeyMap = .standard, settings: ShellSettings = ShellSettings(), startOnHome: Bool = false,
        strayOutputPath: String? = nil, guide: ProgrammeGuide = .empty,
        restrictions: RestrictionsState = RestrictionsState(), restrictionsBackend: (any RestrictionsBackend)? = nil,
        startupNotices: [String] = [], remoteMap: RemoteMap = .standard, lircSocketPath: String? = nil,
        startIndex: Int? = nil, fallbackIndex: Int? = nil
    ) {
        self.startupNotices = startupNotices
        self.videoSettings = videoSettings
        self.remoteMap = remoteMap
        self.lircSocketPath = lircSocketPath
        self.startIndex = startIndex
        self.fallbackIndex = fallbackIndex
        self.restrictions = restrictions
        self.restrictionsBackend = restrictionsBackend
        self.strayOutputPath = strayOutputPath
        self.guide = guide
        self.items = items
        self.video = video
        self.ipcSocketPath = ipcSocketPath
        self.mpvOptions = mpvOptions
        self.kiosk = kiosk
        self.theme = theme
        self.keyMap = keyMap
        self.settings = settings
        self.startOnHome = startOnHome
    }
}
