import Catalog
import CPosix
import Foundation
import Library
import Logging
import MediaModel
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
/// composition root; the loop (`Shell+Loop`, waiting on a `PollSet`), the
/// players, the services beside the loop, signals and keys, and automation
/// are in files of their own.
public final class Shell: ShellControl {
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
    lazy var logoLoader: LogoLoader = {
        let inbox = self.inbox
        let logger = self.logger
        return LogoLoader(deliver: { url, image in inbox.post(.logoLoaded(url: url, image)) },
                          report: { logger.warning("\($0)") })
    }()
    let logger: Logger
    var state: ShellState { store.state }
    /// The terminal the keys come from and the frames go to; nil without one.
    var terminal: NCursesTerminal?
    /// The players by slot: full screen, picture in picture, preview.
    let players = PlayerPool<MPVPlayer>()
    /// The full-screen player.
    var player: MPVPlayer? { players[.main] }
    var lirc: LircClient?
    let notifier = ServiceNotifier()
    var ipc: IPCServer?
    /// Now Playing on D-Bus, when a bus was there.
    var mpris: MPRISServer?
    var signalRead: Int32 = -1
    var signalWrite: Int32 = -1
    /// Draws the UI and the picture; nil without a display.
    var presenter: (any Presenter)?
    let unicode: Bool
    let theme: Theme
    let restrictions: RestrictionsService

    /// Early authorization of restricted items, before presenting them. Any
    /// thread or task.
    public var restrictionsAuthorizer: RestrictionsAuthorizer { restrictions.authorizer }

    /// Runs closures on the run loop from any thread or task.
    public var runLoop: ShellRunLoop { ShellRunLoop(inbox: inbox) }

    /// - Parameters:
    ///   - unicode: the result of `ProcessEnvironment.prepare()`.
    public init(configuration: ShellConfiguration, logger: Logger, unicode: Bool = true) {
        self.configuration = configuration
        self.logger = logger
        self.unicode = unicode
        self.theme = unicode ? configuration.theme : configuration.theme.asciiOnly()
        var initial = ShellState(
            items: configuration.items.resolvingRatings(), kiosk: configuration.kiosk, settings: configuration.settings,
            guide: configuration.guide, restrictions: configuration.restrictions)
        initial.settings.backGlyph = unicode ? "←" : "LEFT"
        initial.settings.language = Locale.current.language.languageCode?.identifier
        initial.live.startIndex = configuration.startIndex
        initial.live.fallbackIndex = configuration.fallbackIndex
        inbox = ActionInbox()
        store = Store(initial)
        timers = ShellTimers(clock: clock)
        restrictions = RestrictionsService(backend: configuration.restrictionsBackend, inbox: inbox, clock: clock, logger: logger)
        effects = EffectInterpreter(store: store, timers: timers, clock: clock, inbox: inbox, restrictions: restrictions, logger: logger)
        effects.player = { [unowned self] in self.players[$0] }
        effects.startPlayer = { [unowned self] in self.startPlayer(in: $0) }
        effects.exchangePlayers = { [unowned self] a, b in
            self.players.exchange(a, b)
            for slot in [a, b] {
                self.players[slot]?.pictureSize = self.pictureSize(for: slot)
                self.players[slot]?.selectVariant()
            }
            self.presenter?.playersExchanged(a, b)
        }
        effects.loadLogo = { [unowned self] in self.logoLoader.load($0) }
        store.observe = { [unowned self] _, _, state in
            self.presenter?.needsDraw = true
            self.mpris?.publish(state, now: MonotonicClock.now())
        }
    }

    /// Replaces the built-in swipe-up overlay (for embedding programs).
    /// Run-loop thread.
    public func setCustomOverlay(_ items: [OverlayItem]?) {
        effects.setCustomOverlay(items)
    }

    /// The program's own menus on the transport bar. Run-loop thread.
    public func setTransportBarMenus(_ menus: [TransportMenu]) {
        effects.setTransportBarMenus(menus)
    }

    /// Plays `item` in place of what plays (for delegates). Run-loop thread.
    /// `completion` runs once, on the run loop, when it plays, fails, is
    /// refused or is replaced before it plays.
    public func replaceContent(with item: MediaItem, completion: ((Bool) -> Void)?) {
        effects.replaceContent(with: item, completion: completion)
    }

    public func startPictureInPicture() { effects.startPictureInPicture() }
    public func stopPictureInPicture() { effects.stopPictureInPicture() }
    public var isPictureInPicturePossible: Bool { effects.isPictureInPicturePossible }
    public var isPictureInPictureActive: Bool { effects.isPictureInPictureActive }

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
        players[.main] = try MPVPlayer(
            video: video, options: decodeOptions(for: .cells) + configuration.mpvOptions.map { ($0.key, $0.value) }, logger: logger)
        players[.main]?.timeshift = configuration.timeshift
        defer { players.removeAll { $0.shutdown() } }
        if let path = configuration.ipcSocketPath {
            ipc = try IPCServer(path: path, logger: logger)
            effects.automation = ipc
            logger.info("automation socket: \(path)")
            if let exposure = IPCSocketDirectory.exposure(of: path) {
                logger.warning("automation socket: \(exposure); the socket is 0600 and refuses them, but keep it in a directory only you can enter (--ipc makes one)")
            }
        }
        defer { ipc?.close() }

        var savedStderr: Int32 = -1
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            savedStderr = TerminalSetup.divertStandardError(to: configuration.strayOutputPath)
            let picture = TerminalSetup.probePicture(configuration, logger: logger)
            let terminal = NCursesTerminal(unicode: unicode, video: configuration.videoSettings, picture: picture)
            logger.info("terminal \(terminal.width)x\(terminal.height), colour \(terminal.colorMode.rawValue), picture \(picture.name)")
            let presenter = FramePresenter(terminal: terminal, store: store, theme: theme, context: viewContext, logger: logger)
            presenter.renderer = { [unowned self] in self.players[$0]?.renderer }
            presenter.automation = ipc
            self.terminal = terminal
            self.presenter = presenter
            player?.pictureSize = terminal.videoPixelSize
            player?.lightDecoding = lightDecoding(for: picture)
            dispatch(.display(DisplaySize(columns: terminal.width, rows: terminal.height)))
            if picture != .cells {
                let userKeys = Set(configuration.mpvOptions.map(\.key))
                player?.setOptions(decodeOptions(for: picture).filter { !userKeys.contains($0.0) })
            }
        } else {
            logger.info("no terminal on stdin/stdout: running without a screen")
        }
        defer {
            terminal?.end()
            tvs_guard_restore_terminal()
            if savedStderr >= 0 {
                dup2(savedStderr, STDERR_FILENO)
                close(savedStderr)
            }
        }

        logger.info("starting with \(state.items.count) items, video \(video.rawValue)\(state.kiosk ? ", kiosk mode" : "")")
        if let path = configuration.lircSocketPath {
            lirc = LircClient(path: path, logger: logger, now: MonotonicClock.now())
        }
        startNowPlaying()
        defer { mpris = nil }
        let guideService = configuration.guidePlan.map { GuideService(plan: $0, inbox: inbox, logger: logger) }
        guideService?.start()
        if let plan = configuration.guidePlan {
            let reader = GuideReader(store: plan.store, inbox: inbox, logger: logger)
            effects.searchGuide = { reader.search($0, from: $1, limit: $2) }
            effects.loadGuideWindow = { reader.loadWindow(around: $0) }
        }
        defer { guideService?.stop() }
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
        effects.library?.flush()
        notifier.stopping()
        restrictions.authorizer.cancelAll()
        logger.info("quit")
        return 0
    }

    /// How the views draw the picture's place.
    var viewContext: ViewContext {
        let offset = TimeZone.current.secondsFromGMT()
        return switch configuration.video {
        case .terminal: ViewContext(picture: .terminal, utcOffset: offset)
        case .window: ViewContext(picture: .window, utcOffset: offset)
        case .none: ViewContext(picture: .none, utcOffset: offset)
        }
    }

    /// `MPVPlayer`'s decode policy for this configuration and `picture`.
    func decodeOptions(for picture: PictureProtocol) -> [(String, String)] {
        MPVPlayer.decodeOptions(video: configuration.video, settings: configuration.videoSettings, picture: picture)
    }

    func lightDecoding(for picture: PictureProtocol) -> Bool {
        MPVPlayer.lightDecoding(video: configuration.video, settings: configuration.videoSettings, picture: picture,
                                userOptions: configuration.mpvOptions.map(\.key))
    }

    // MARK: - Reducer and effects

    /// Hands `action` to the store (reduced now, or after the action being
    /// handled when called from inside an effect).
    func dispatch(_ action: Action) {
        store.send(action)
    }
}
