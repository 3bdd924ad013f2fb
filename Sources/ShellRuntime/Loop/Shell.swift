import Catalog
import CPosix
import Foundation
import Library
import Logging
import MediaModel
import MPVClient
import ShellCore
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The shell: starts libmpv, the IPC socket and the terminal in order, then
/// runs the POSIX loop that turns keys, mpv events, frames, signals, timers
/// and automation requests into actions for the `Store` (whose effects the
/// `EffectInterpreter` performs) and has its `Presenter` (the terminal's
/// `FramePresenter`) draw.
///
/// Create and run it on the main thread; `run()` returns when the shell quits,
/// with the terminal restored and libmpv torn down in order. This file is the
/// composition root: it makes the store, the interpreter and the ports and
/// wires them one way (adapters send actions to the store, the store has
/// the interpreter perform effects on the ports and tells its observers);
/// the loop (`Shell+Loop`, waiting on a `PollSet`), the players' events, the
/// services beside the loop, signals and keys, and automation are in files
/// of their own.
public final class Shell {
    /// As given, but for its `items`, which the state holds.
    let configuration: ShellConfiguration
    /// Takes part in channel flips; the built-in lineup player by default.
    public weak var delegate: ShellDelegate? {
        get { effects.delegate }
        set { effects.delegate = newValue }
    }
    let inbox: ActionInbox
    let clock = SystemClock()
    let store: Store
    let effects: EffectInterpreter
    let timers: ShellTimers
    var nextWallClockTick: Instant?
    let logger: Logger
    var state: ShellState { store.state }
    /// The terminal the keys come from and the frames go to; nil without one.
    var terminal: NCursesTerminal?
    /// The players by slot: full screen, picture in picture, preview, warm.
    let players: PlayerSlots
    /// Where the library's writer is, once open.
    let library = LibrarySlot()
    /// The full-screen player.
    var player: MPVPlayer? { players[.main] }
    var lirc: LircClient?
    /// Keyboards and remotes read as input devices (evdev).
    var input: InputDevices?
    /// The TV's remote and power over HDMI-CEC.
    var cec: CECAdapter?
    let notifier = ServiceNotifier()
    var ipc: IPCServer?
    /// mpv clients' observed properties on the automation socket.
    var mpvObservations: MPVObservations?
    /// Now Playing on D-Bus, when a bus was there.
    var mpris: MPRISServer?
    /// Fleet control and telemetry over MQTT, when `[mqtt]` names a broker.
    var fleet: FleetPort?
    /// Where events go: the automation socket and the fleet.
    let automation = AutomationPorts()
    /// Keeps the stored guide fresh (nil without a guide store).
    var guideService: GuideService?
    /// Tells when the system clock is set (nil without a timerfd).
    var clockWatch = ClockSetWatch()
    /// Called when the clock is set, after the guide's (`whenClockSet`).
    var clockSetHandlers: [() -> Void] = []
    /// What keeps the lineup's items fresh (`keepFresh`): retired when the
    /// fleet's `lineup` replaces the items they keep.
    var lineupKeepers: [any LineupKeeper] = []
    /// Counts the lineups switched to: a keeper's refresh posted to the run
    /// loop before its lineup was replaced is dropped.
    var lineupGeneration = 0
    /// Whether a refresh of the lineup waits to be shown, for the keepers
    /// (`isRefreshWaiting()`).
    let refreshWaiting = RefreshWaiting()
    /// Counts the lineup switches asked for (`switchLineup`): one whose
    /// lineup is read after a later one was asked for is not applied.
    var lineupSwitchesAsked = 0
    /// Counts the plays asked for while running (`playedItems`): one whose
    /// path is read after a later one was asked for is not played, and its
    /// folder's walk is given up.
    let playsAsked = PlayRequests()
    /// Where the guide is kept and refreshed from; the fleet's `guide` command changes it.
    var guidePlan: GuidePlan?
    var signalRead: Int32 = -1
    var signalWrite: Int32 = -1
    /// Draws the UI and the picture; nil without a display.
    var presenter: (any Presenter)?
    /// Scrub thumbnails (nil without a picture to draw them in).
    var thumbnails: ThumbnailService?
    /// The recordings scheduler (nil when `ShellConfiguration.recordings` is).
    var recordings: RecordingService?
    let unicode: Bool
    let theme: Theme
    let restrictions: RestrictionsService
    /// The TV output's channel logos at its size (nil on other outputs).
    let logoBitmaps: LogoBitmaps?

    /// Early authorization of restricted items, before presenting them. Any
    /// thread or task.
    public var restrictionsAuthorizer: RestrictionsAuthorizer { restrictions.authorizer }

    /// Runs closures on the run loop from any thread or task.
    public var runLoop: ShellRunLoop { ShellRunLoop(inbox: inbox) }

    /// What delegates are handed, for embedding programs to drive the shell
    /// (replace the content, set the overlay and menus, picture in picture).
    public var control: ShellControl { effects.control }

    /// Asks for the details of the item the home screen focuses (held: the
    /// store observes weakly).
    private var detailsPrefetcher: DetailsPrefetcher?

    /// Seconds a quit waits for the players to end their streams
    /// (`PlayerSlots.shutDownAll`).
    static let playersEndTime = 2.0

    /// - Parameters:
    ///   - unicode: the result of `ProcessEnvironment.prepare()`.
    public init(configuration given: ShellConfiguration, logger: Logger, unicode: Bool = true) {
        // The state holds the items from here on: kept in the configuration
        // too (here and in the players'), a big lineup's stayed held beside
        // the new ones once refreshed, for the whole run.
        var configuration = given
        configuration.items = []
        self.configuration = configuration
        self.logger = logger
        self.unicode = unicode
        self.theme = unicode ? configuration.theme : configuration.theme.asciiOnly()
        var initial = ShellState(
            items: given.items.resolvingRatings(), kiosk: configuration.kiosk, settings: configuration.settings,
            guide: configuration.guide, restrictions: configuration.restrictions)
        initial.settings.backGlyph = unicode ? "←" : "LEFT"
        initial.settings.language = Locale.current.language.languageCode?.identifier
        initial.settings.utcOffset = LocalTime.offset(at: Date().timeIntervalSince1970)
        initial.settings.utcOffsetChange = LocalTime.change(near: Date().timeIntervalSince1970)
        if let change = initial.settings.utcOffsetChange { LocalTime.log(change, logger) }
        if configuration.video == .tv { initial.settings.takeOverLoading = false }
        initial.trackChoice = configuration.trackChoice
        initial.live.startIndex = configuration.startIndex
        initial.live.fallbackIndex = configuration.fallbackIndex
        inbox = ActionInbox()
        store = Store(initial)
        timers = ShellTimers(clock: clock)
        restrictions = RestrictionsService(backend: configuration.restrictionsBackend, inbox: inbox, clock: clock, logger: logger)
        players = PlayerSlots(configuration: configuration, logger: logger)
        effects = EffectInterpreter(store: store, players: players, timers: timers, clock: clock, inbox: inbox,
                                    restrictions: restrictions, library: library, logger: logger)
        if configuration.remembers {
            let library = configuration.libraryPath ?? LibraryStore.defaultPath()
            effects.sound = SoundFile(path: SoundFile.path(library: library), logger: logger)
            effects.tracks = TrackChoiceFile(path: TrackChoiceFile.path(library: library), logger: logger)
        }
        let inbox = self.inbox
        logoBitmaps = configuration.video == .tv ? LogoBitmaps() : nil
        effects.logos = LogoLoader(large: logoBitmaps, deliver: { url, image in inbox.post(.logoLoaded(url: url, image)) },
                                   report: { logger.warning("\($0)") })
        store.performer = effects
        store.observe(refreshWaiting)
    }

    /// Runs until quit. Throws only when it cannot start (bad mpv option,
    /// unusable socket path); once running, failures are shown, not thrown.
    public func run() throws -> Int32 {
        var fds: [Int32] = [0, 0]
        guard tvs_pipe_nonblocking(&fds) == 0 else { throw RuntimeError.system("pipe2", errno) }
        signalRead = fds[0]
        signalWrite = fds[1]
        guard tvs_guard_install(signalWrite) == 0 else { throw RuntimeError.system("sigaction", errno) }
        defer {
            close(signalRead)
            close(signalWrite)
        }

        let video = configuration.video
        if video == .tv { MemoryPolicy.capArenas() }
        if video == .terminal || video == .none, let vo = configuration.mpvOptions.last(where: { $0.key == "vo" }) {
            logger.warning("the mpv option vo=\(vo.value) is not used with --video \(video.rawValue): it names a window's outputs (--video window or tv)")
        }
        do {
            try players.openMain()
        } catch let error as MPVError where video == .tv {
            // mpv could not open the TV's window (its display refused or is
            // not up yet, as at a box's boot): the shell starts without it
            // and the presenter tries a player again every second.
            logger.error("the TV's window could not open (\(error)); trying again every second")
        }
        defer { players.shutDownAll(within: Self.playersEndTime) }
        if let path = configuration.ipcSocketPath {
            let server = try IPCServer(path: path, logger: logger)
            ipc = server
            automation.add(server)
            let observations = MPVObservations(ipc: server)
            mpvObservations = observations
            store.observe(observations)
            logger.info("automation socket: \(path)")
            if let exposure = IPCSocketDirectory.exposure(of: path) {
                logger.warning("automation socket: \(exposure); the socket is 0600 and refuses them, but keep it in a directory only you can enter (--ipc makes one)")
            }
        }
        defer { ipc?.close() }
        startFleet()
        defer {
            fleet?.close()
            fleet = nil
        }
        if !automation.isEmpty { effects.automation = automation }

        var savedStderr: Int32 = -1
        var savedStdout: UnsafeMutableRawPointer?
        if configuration.video == .tv {
            // mpv draws the picture full screen and the screens on its OSD;
            // a terminal, when there is one, still gives the keys.
            if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
                savedStderr = TerminalSetup.divertStandardError(to: configuration.strayOutputPath)
                terminal = NCursesTerminal(unicode: unicode, video: configuration.videoSettings, picture: .cells)
                savedStdout = TerminalSetup.divertStandardOutputStream(to: configuration.strayOutputPath)
            }
            let tv = TVPresenter(store: store, theme: theme, context: viewContext, logger: logger, logos: logoBitmaps)
            tv.players = players
            presenter = tv
            players.presenter = tv
            store.observe(tv)
            dispatch(.display(tv.size))
            logger.info("TV output: mpv's own picture, the screens on its OSD")
        } else if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            savedStderr = TerminalSetup.divertStandardError(to: configuration.strayOutputPath)
            let picture = TerminalSetup.probePicture(configuration, logger: logger)
            let terminal = NCursesTerminal(unicode: unicode, video: TerminalSetup.videoSettings(configuration, logger: logger), picture: picture)
            savedStdout = TerminalSetup.divertStandardOutputStream(to: configuration.strayOutputPath)
            logger.info("terminal \(terminal.width)x\(terminal.height), colour \(terminal.colorMode.rawValue), picture \(picture.name)")
            var context = viewContext
            context.subtitlesAsText = picture == .cells
            let presenter = FramePresenter(terminal: terminal, store: store, theme: theme, context: context, logger: logger)
            presenter.renderers = players
            presenter.players = players
            presenter.automation = automation.isEmpty ? nil : automation
            self.terminal = terminal
            self.presenter = presenter
            players.terminal = terminal
            players.presenter = presenter
            store.observe(presenter)
            player?.pictureSize = terminal.videoPixelSize
            player?.lightDecoding = players.lightDecoding(for: picture)
            dispatch(.display(DisplaySize(columns: terminal.width, rows: terminal.height)))
            if picture != .cells {
                let userKeys = Set(configuration.mpvOptions.map(\.key))
                player?.setOptions(players.decodeOptions(for: picture).filter { !userKeys.contains($0.0) })
            }
        } else {
            logger.info("no terminal on stdin/stdout: running without a screen")
        }
        defer {
            terminal?.end()
            tvs_guard_restore_terminal()
            tvs_restore_stdout_stream(savedStdout)
            if savedStderr >= 0 {
                dup2(savedStderr, STDERR_FILENO)
                close(savedStderr)
            }
        }

        startThumbnails()
        defer {
            thumbnails?.shutdown()
            thumbnails = nil
        }
        logger.info("starting with \(state.items.count) items, video \(video.rawValue)\(state.kiosk ? ", kiosk mode" : "")")
        if let path = configuration.lircSocketPath {
            lirc = LircClient(path: path, logger: logger, now: MonotonicClock.now())
        }
        startInputDevices()
        defer { input?.close() }
        cec = CECAdapter.open(configuration.cec, logger: logger)
        effects.television = cec
        defer {
            if configuration.cec.standbyOnQuit { cec?.standby() }
            effects.television = nil
            cec = nil
        }
        startNowPlaying()
        defer { mpris = nil }
        guidePlan = configuration.guidePlan
        guideService = guidePlan.map { GuideService(plan: $0, inbox: inbox, logger: logger) }
        guideService?.start()
        if let plan = guidePlan {
            effects.guide = GuideReader(store: plan.store, inbox: inbox, logger: logger)
        } else if !configuration.guide.isEmpty {
            // A guide without a store (the demo's): searched where it is held.
            effects.guide = MemoryGuideQueries(guide: configuration.guide, inbox: inbox)
        }
        defer { guideService?.stop() }
        detailsPrefetcher = configuration.itemDetails.map(DetailsPrefetcher.init)
        if let detailsPrefetcher { store.observe(detailsPrefetcher) }
        startRecordings()
        defer { recordings?.stop() }
        openLibrary()
        restrictions.watchSettings(now: MonotonicClock.now())
        tickWallClock()
        for notice in configuration.startupNotices { dispatch(.showNotice(notice)) }
        effects.delegateChanged()
        if !state.items.isEmpty && !configuration.startOnHome {
            let start = state.live.startIndex ?? 0
            dispatch(configuration.remembers ? .playWhenLibraryReady(start, at: MonotonicClock.now()) : .playIndex(start, at: MonotonicClock.now()))
        }
        notifier.ready(status: state.kiosk ? "kiosk" : "running", now: MonotonicClock.now())
        loop()
        library.current?.flush()
        effects.sound?.flush()
        effects.tracks?.flush()
        notifier.stopping()
        restrictions.authorizer.cancelAll()
        logger.info("quit")
        return 0
    }

    /// Scrub thumbnails where a presenter draws pictures: a libmpv of their
    /// own with the picture's decode options (not the user's: a `vo` of
    /// theirs would open a window).
    private func startThumbnails() {
        guard let presenter, presenter.thumbnailFormat != nil || configuration.video == .tv else { return }
        let service = ThumbnailService(video: configuration.video, options: players.decodeOptions(for: terminal?.picture ?? .cells),
                                       store: store, inbox: inbox, logger: logger)
        service.presenter = presenter
        (presenter as? FramePresenter)?.thumbnails = service
        (presenter as? TVPresenter)?.thumbnails = service
        effects.thumbnails = service
        thumbnails = service
    }

    /// How the views draw the picture's place.
    var viewContext: ViewContext {
        let offset = state.settings.utcOffset, change = state.settings.utcOffsetChange
        return switch configuration.video {
        case .terminal: ViewContext(picture: .terminal, utcOffset: offset, utcOffsetChange: change)
        case .tv: ViewContext(picture: .terminal, utcOffset: offset, utcOffsetChange: change, chromeOverPicture: true)
        case .window: ViewContext(picture: .window, utcOffset: offset, utcOffsetChange: change)
        case .none: ViewContext(picture: .none, utcOffset: offset, utcOffsetChange: change)
        }
    }

    // MARK: - Reducer and effects

    /// Hands `action` to the store (reduced now, or after the action being
    /// handled when called from inside an effect). One that may open
    /// something (a key, a request, a timer) is preceded by the wall-clock
    /// time now: the passcode gate decides by the programme airing at that
    /// moment, not at the last half-minute tick or a key a moment before (a
    /// zap a fifth of a second after another channel's programme began would
    /// open the new one as the one before, until its boundary timer fired).
    func dispatch(_ action: Action) {
        if Self.mayOpen(action) {
            store.send(.wallClock(clock.wallClock(), at: clock.now()))
        }
        store.send(action)
    }

    /// Whether `action` may open something; not the players' and frames'
    /// reports, which come many times a second.
    static func mayOpen(_ action: Action) -> Bool {
        switch action {
        case .player, .frame, .wallClock, .utcOffset, .pictureDrawn, .thumbnail, .logoLoaded, .guideStatus, .guideSearchResults, .display, .keyLabels: false
        default: true
        }
    }
}
