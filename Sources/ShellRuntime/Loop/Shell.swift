import Catalog
import CPosix
import Foundation
import Library
import Logging
import MediaModel
import ShellCore
import ShellView
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The shell: starts libmpv, the IPC socket and the terminal in order, then
/// runs the POSIX loop that turns keys, mpv events, frames, signals, timers
/// and automation requests into actions for the `Store` (whose effects the
/// `EffectInterpreter` performs) and has `FramePresenter` draw.
///
/// Create and run it on the main thread; `run()` returns when the shell quits,
/// with the terminal restored and libmpv torn down in order.
public final class Shell: ShellControl {
    private let configuration: ShellConfiguration
    /// Takes part in channel flips; the built-in lineup player by default.
    public weak var delegate: ShellDelegate? {
        get { effects.delegate }
        set { effects.delegate = newValue }
    }
    private let inbox: ActionInbox
    private let clock = SystemClock()
    private let store: Store
    private let effects: EffectInterpreter
    private let timers: ShellTimers
    private var nextWallClockTick: Instant?
    private lazy var logoLoader: LogoLoader = {
        let inbox = self.inbox
        let logger = self.logger
        return LogoLoader(deliver: { url, image in inbox.post(.logoLoaded(url: url, image)) },
                          report: { logger.warning("\($0)") })
    }()
    private let logger: Logger
    private var state: ShellState { store.state }
    private var terminal: NCursesTerminal? { presenter?.terminal }
    /// The players by slot: full screen, picture in picture, preview.
    private let players = PlayerPool<MPVPlayer>()
    /// The full-screen player.
    private var player: MPVPlayer? { players[.main] }
    private var lirc: LircClient?
    private let notifier = ServiceNotifier()
    private var ipc: IPCServer?
    /// Now Playing on D-Bus, when a bus was there.
    private var mpris: MPRISServer?
    private var signalRead: Int32 = -1
    private var signalWrite: Int32 = -1
    /// Draws the UI and the picture; nil without a terminal.
    private var presenter: FramePresenter?
    private let unicode: Bool
    private let theme: Theme
    private let restrictions: RestrictionsService

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
        initial.startIndex = configuration.startIndex
        initial.fallbackIndex = configuration.fallbackIndex
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
            presenter?.terminal.end()
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
            let start = state.startIndex ?? 0
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
    private var viewContext: ViewContext {
        let offset = TimeZone.current.secondsFromGMT()
        return switch configuration.video {
        case .terminal: ViewContext(picture: .terminal, utcOffset: offset)
        case .window: ViewContext(picture: .window, utcOffset: offset)
        case .none: ViewContext(picture: .none, utcOffset: offset)
        }
    }

    /// `MPVPlayer`'s decode policy for this configuration and `picture`.
    private func decodeOptions(for picture: PictureProtocol) -> [(String, String)] {
        MPVPlayer.decodeOptions(video: configuration.video, settings: configuration.videoSettings, picture: picture)
    }

    private func lightDecoding(for picture: PictureProtocol) -> Bool {
        MPVPlayer.lightDecoding(video: configuration.video, settings: configuration.videoSettings, picture: picture,
                                userOptions: configuration.mpvOptions.map(\.key))
    }

    // MARK: - The loop

    private func loop() {
        while !state.quitting {
            presenter?.draw()
            var pollSet: [pollfd] = [
                pollfd(fd: signalRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0),
            ]
            if presenter != nil { pollSet.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            for (_, player) in players.all {
                pollSet.append(pollfd(fd: player.wakeupFD, events: Int16(POLLIN), revents: 0))
                if player.renderer != nil { pollSet.append(pollfd(fd: player.renderFD, events: Int16(POLLIN), revents: 0)) }
            }
            if let ipc { pollSet += ipc.pollDescriptors() }
            if let lirc, lirc.fd >= 0 { pollSet.append(pollfd(fd: lirc.fd, events: Int16(POLLIN), revents: 0)) }
            if let fd = lirc?.watchFD { pollSet.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            if let mpris { pollSet.append(pollfd(fd: mpris.fd, events: mpris.events, revents: 0)) }
            if let fd = restrictions.settingsFD { pollSet.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            if let terminal = presenter?.terminal, terminal.frames.isBusy { pollSet.append(pollfd(fd: terminal.frames.fd, events: Int16(POLLOUT), revents: 0)) }
            let start = MonotonicClock.now()
            var timeout = timers.pollTimeout(now: start)
            var deadlines: [Int32] = [lirc?.pollTimeout(now: start), notifier.pollTimeout(now: start), restrictions.retryTimeout(now: start),
                                      mpris.flatMap { $0.timeoutMs >= 0 ? $0.timeoutMs : nil }].compactMap { $0 }
            if let tick = nextWallClockTick {
                deadlines.append(Int32(max(0, (tick - start) * 1000).rounded(.up)))
            }
            if let alert = state.nextReminderAlert {
                deadlines.append(Int32(min(60_000, max(0, (alert - Date().timeIntervalSince1970) * 1000).rounded(.up))))
            }
            if ipc?.hasRequests == true { deadlines.append(0) }
            for ms in deadlines { timeout = timeout < 0 ? ms : min(timeout, ms) }
            let ready = poll(&pollSet, nfds_t(pollSet.count), timeout)
            if ready < 0 && errno != EINTR {
                logger.error("poll: \(String(cString: strerror(errno)))")
                return
            }
            for entry in pollSet where entry.revents != 0 {
                handle(fd: entry.fd, revents: entry.revents)
                if state.quitting { return }
            }
            for request in ipc?.takeRequests() ?? [] {
                handle(request)
                if state.quitting { return }
            }
            let now = MonotonicClock.now()
            for timer in timers.takeDue(now: now) {
                dispatch(.timerFired(timer, at: now))
            }
            if let tick = nextWallClockTick, tick <= now {
                tickWallClock()
            } else if let alert = state.nextReminderAlert, alert <= Date().timeIntervalSince1970 {
                tickWallClock()
            }
            lirc?.tick(now: now)
            notifier.tick(now: now)
            restrictions.retryIfDue(now: now)
            if let mpris, mpris.timeoutMs == 0, !mpris.process() { self.mpris = nil }
        }
    }

    private func handle(fd: Int32, revents: Int16) {
        if fd == signalRead {
            handleSignals()
        } else if fd == inbox.readFD, fd >= 0 {
            for action in inbox.take() { dispatch(action) }
            for work in inbox.takeWork() { work(effects) }
        } else if fd == STDIN_FILENO {
            if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                logger.info("the terminal hung up")
                dispatch(.quitRequested(.hangup))
                return
            }
            readKeys()
        } else if let (_, player) = players.all.first(where: { $0.player.wakeupFD == fd }) {
            drainPlayerEvents(player)
        } else if let (_, player) = players.all.first(where: { $0.player.renderFD == fd }) {
            drainPipe(fd)
            drainPlayerEvents(player)
            if player.renderer?.update() == true, let slot = players.slot(of: player) { presenter?.frameReady(in: slot) }
        } else if let presenter, fd == presenter.terminal.frames.fd, revents & Int16(POLLOUT) != 0 {
            presenter.terminalCaughtUp()
        } else if let lirc, fd == lirc.fd {
            for event in lirc.read(now: MonotonicClock.now()) {
                guard let command = configuration.remoteMap.command(button: event.button, repeatCount: event.repeatCount) else {
                    if event.repeatCount == 0 { logger.debug("unbound remote button \(event.button)") }
                    continue
                }
                restrictions.inputSource = "remote"
                dispatch(.command(command, at: MonotonicClock.now()))
                if state.quitting { return }
            }
        } else if let lirc, fd == lirc.watchFD {
            lirc.socketEvents(now: MonotonicClock.now())
        } else if let mpris, fd == mpris.fd {
            if !mpris.process() { self.mpris = nil }
        } else if fd == restrictions.settingsFD {
            restrictions.settingsEvents()
        } else if let ipc, ipc.owns(fd) {
            ipc.service(fd: fd, revents: revents)
        }
    }

    /// Turns pending mpv events into actions. Also called before a frame is
    /// taken, so the events that precede it (video reconfigured) are known.
    private func drainPlayerEvents(_ player: MPVPlayer) {
        let now = MonotonicClock.now()
        for (report, token) in player.drain() {
            dispatch(.player(report, token: token, at: now))
        }
        guard player.died, let slot = players.slot(of: player) else { return }
        if slot == .main {
            restartPlayer()
        } else {
            logger.error("the \(slot.rawValue) player's libmpv stopped by itself")
            players[slot] = nil
            player.shutdown()
            dispatch(.player(.failed(reason: "the player stopped"), token: player.currentToken, at: now))
        }
    }

    /// libmpv shut down by itself: a new one takes its place and what played
    /// loads again. Failing that, the shell keeps running without a player
    /// and says why.
    private func restartPlayer() {
        logger.error("libmpv stopped by itself; starting a new one")
        player?.shutdown()
        players[.main] = nil
        if startPlayer(in: .main) {
            dispatch(.playerRestarted(at: MonotonicClock.now()))
        } else {
            dispatch(.showNotice("The player stopped and could not be started again; the next channel change tries again"))
        }
    }

    /// A new libmpv for `slot` (in place of a dead one, or the first of a
    /// picture or preview); false (and logged) when it fails. Window players
    /// start muted.
    @discardableResult
    private func startPlayer(in slot: PlayerSlot) -> Bool {
        do {
            let player = try MPVPlayer(video: configuration.video,
                                       options: decodeOptions(for: terminal?.picture ?? .cells) + configuration.mpvOptions.map { ($0.key, $0.value) },
                                       logger: logger)
            player.pictureSize = pictureSize(for: slot)
            player.lightDecoding = lightDecoding(for: terminal?.picture ?? .cells)
            player.timeshift = configuration.timeshift
            if slot != .main { try? player.setMuted(true) }
            players[slot] = player
            if slot == .main { presenter?.playerReplaced() }
            return true
        } catch {
            logger.error("could not start libmpv: \(error)")
            return false
        }
    }

    /// The pixel size the player in `slot` draws at, for choosing among a
    /// stream's variants; nil when the picture goes to a window.
    private func pictureSize(for slot: PlayerSlot) -> (width: Int, height: Int)? {
        guard let presenter else { return nil }
        return presenter.pixelSize(for: slot) ?? presenter.terminal.videoPixelSize
    }

    /// Opens the library off the run loop (playback never waits on it); once
    /// open, where the items were left comes in as an action and the writer
    /// is handed to the interpreter on the loop. A damaged or unwritable
    /// library is told once, as a notice.
    private func openLibrary() {
        guard configuration.remembers else { return }
        let path = configuration.libraryPath ?? LibraryStore.defaultPath()
        let items = state.items
        let inbox = self.inbox
        let logger = self.logger
        DispatchQueue.global().async {
            let (store, problem) = LibraryStore.open(path: path)
            // The problem is told after the library's answer: whoever sees
            // the notice sees the start item already on its way.
            if let problem { logger.warning("\(problem)") }
            defer { if let problem { inbox.post(.showNotice(problem)) } }
            guard let store else {
                inbox.post(.libraryUnavailable)
                return
            }
            let saved = Dictionary(((try? store.positions()) ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            var points: [String: ResumePoint] = [:]
            for item in items where !item.isLive {
                if let position = saved[ItemIdentity.key(for: item)] {
                    points[item.url] = ResumePoint(position: position.position, duration: position.duration, watched: position.watched,
                                                   updated: position.updated)
                }
            }
            let writer = LibraryWriter(store: store) { message in
                logger.warning("\(message)")
                inbox.post(.showNotice(message))
            }
            inbox.post(work: { control in (control as? EffectInterpreter)?.library = writer })
            do {
                let reminders = try store.reminders().map {
                    Reminder(channel: $0.channel, start: $0.start, title: $0.title, channelName: $0.channelName)
                }
                inbox.post(.libraryLists(favourites: try store.favourites().map(\.key), reminders: reminders))
            } catch {
                logger.warning("favourites and reminders of \(store.path) cannot be read: \(error)")
            }
            inbox.post(.libraryLoaded(points))
        }
    }

    /// Publishes Now Playing on the configured bus; without one (no session
    /// bus, a policy that refuses the name) the log says why and the shell
    /// goes on.
    private func startNowPlaying() {
        guard configuration.nowPlaying != .none else { return }
        do {
            let server = try MPRISServer(systemBus: configuration.nowPlaying == .system, logger: logger)
            server.send = { [unowned self] request in self.dispatch(.nowPlaying(request, at: MonotonicClock.now())) }
            server.publish(state, now: MonotonicClock.now())
            mpris = server
            logger.info("Now Playing (MPRIS) as \(server.name)")
        } catch {
            logger.warning("Now Playing (MPRIS) is off: \(error)")
        }
    }

    /// Tells the reducer the wall-clock time; again every 30 s while there
    /// is a guide to read now / next from.
    private func tickWallClock() {
        dispatch(.wallClock(Date().timeIntervalSince1970, at: MonotonicClock.now()))
        nextWallClockTick = state.guide.channelIDs.isEmpty && configuration.guidePlan == nil ? nil : MonotonicClock.now() + 30
    }

    private func handleSignals() {
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = read(signalRead, &bytes, bytes.count)
        guard n > 0 else { return }
        for signal in bytes[0..<n].map(Int32.init) {
            switch signal {
            case SIGWINCH:
                terminalResized()
            case SIGTERM:
                logger.info("SIGTERM")
                dispatch(.quitRequested(.terminate))
            case SIGINT, SIGQUIT:
                logger.info("SIGINT/SIGQUIT")
                dispatch(.quitRequested(.interrupt))
            case SIGHUP:
                logger.info("SIGHUP")
                dispatch(.quitRequested(.hangup))
            case SIGTSTP:
                if state.kiosk { logger.info("SIGTSTP: ignored in kiosk mode") }
                guard !state.kiosk, let terminal else { continue }
                terminal.suspend()
                raise(SIGSTOP)
                terminal.resume()
                presenter?.forceRedraw()
            default:
                break
            }
        }
    }

    /// The terminal changed size: everything is drawn again, the picture
    /// rendered at the new pixel size, and an adaptive stream's variant
    /// chosen again for it.
    private func terminalResized() {
        guard let presenter else { return }
        presenter.terminalResized()
        let terminal = presenter.terminal
        dispatch(.display(DisplaySize(columns: terminal.width, rows: terminal.height)))
        for (slot, player) in players.all {
            player.pictureSize = pictureSize(for: slot)
            player.selectVariant()
        }
    }

    private func readKeys() {
        guard let terminal else { return }
        while let input = terminal.readInput() {
            switch input {
            case .resize:
                terminalResized()
            case .key(let name):
                guard let action = KeyInput.action(forKey: name, state: state, keyMap: configuration.keyMap, at: MonotonicClock.now()) else {
                    logger.debug("unbound key \(name)")
                    continue
                }
                restrictions.inputSource = "keyboard"
                dispatch(action)
                if state.quitting { return }
            }
        }
    }

    // MARK: - Reducer and effects

    /// Hands `action` to the store (reduced now, or after the action being
    /// handled when called from inside an effect).
    private func dispatch(_ action: Action) {
        store.send(action)
    }

    // MARK: - Automation

    private func handle(_ request: IPCRequest) {
        guard let ipc else { return }
        AutomationRequests.answer(request, on: ipc, host: self)
    }

    private func drainPipe(_ fd: Int32) {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(fd, &sink, sink.count) > 0 {}
    }
}

extension Shell: AutomationHost {
    var automationState: ShellState { state }

    func stateReport() -> [String: Any] {
        StateReport.make(state,
                         picture: terminal.map { $0.picture == .cells ? $0.blitter.shape.rawValue : $0.picture.name } ?? "none",
                         sharedMemory: terminal?.picture.sharedMemory ?? false,
                         tolerance: terminal.flatMap { $0.picture == .cells && $0.colorMode == .direct ? $0.blitter.tolerance : nil },
                         video: configuration.video)
    }

    func action(forKey name: String) -> Action? {
        KeyInput.action(forKey: name, state: state, keyMap: configuration.keyMap, at: MonotonicClock.now())
    }

    func send(_ action: Action, from source: String?) {
        if let source { restrictions.inputSource = source }
        dispatch(action)
    }

    func mpvProperty(_ name: String, in slot: PlayerSlot) -> Result<String, IPCCommandError> {
        guard let player = players[slot] else { return .failure(IPCCommandError("the \(slot.rawValue) player is not running")) }
        do {
            return .success(try player.propertyString(name))
        } catch {
            return .failure(IPCCommandError(error.message))
        }
    }

    func searchGuide(_ text: String, answer: @escaping (Result<[Programme], IPCCommandError>) -> Void) {
        guard let store = configuration.guidePlan?.store else {
            return answer(.failure(IPCCommandError("refused: there is no stored guide (the lineup names none and no --guide was given)")))
        }
        let limit = state.settings.searchLimit
        let from = Date().timeIntervalSince1970
        /// Carries `answer` (run-loop work) through the search's thread untouched.
        final class Answer: @unchecked Sendable {
            let call: (Result<[Programme], IPCCommandError>) -> Void
            init(_ call: @escaping (Result<[Programme], IPCCommandError>) -> Void) { self.call = call }
        }
        let answer = Answer(answer)
        let inbox = self.inbox
        DispatchQueue.global().async {
            let result: Result<[Programme], IPCCommandError>
            do {
                result = .success(try store.search(text, from: from, limit: limit))
            } catch {
                result = .failure(IPCCommandError("the stored guide cannot be searched: \(error)"))
            }
            inbox.post(work: { _ in answer.call(result) })
        }
    }

    func now() -> Instant { clock.now() }
}

