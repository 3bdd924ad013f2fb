import Catalog
import CPosix
import Foundation
import Logging
import MediaModel
import ShellCore
import ShellView
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The shell: one run loop that merges keys, mpv events, frames, signals,
/// timers and automation requests into actions, runs the reducer, interprets
/// its effects, and draws the frame.
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
    private var terminal: NCursesTerminal?
    private var player: MPVPlayer?
    private var lirc: LircClient?
    private let notifier = ServiceNotifier()
    private var ipc: IPCServer?
    private var signalRead: Int32 = -1
    private var signalWrite: Int32 = -1
    private var needsDraw = true
    private var frameReady = false
    private var resized = false
    /// The first frame of a load was drawn in this pass: tell automation
    /// clients once it is on the terminal.
    private var pendingFirstFrameEvent = false
    /// What the last drawn frame showed, to skip rebuilding an equal one.
    private var lastDrawn: FrameKey?
    private var lastDrawnWidth = 0
    private var lastDrawnHeight = 0
    /// Frames of the current load drawn on the terminal, and that load's token.
    private var framesPresented = 0
    /// Frames of the current load the terminal was too busy to take.
    private var framesDropped = 0
    /// A frame was dropped since the last one sent.
    private var frameBehind = false
    private var framesPresentedToken = 0
    /// `framesDropped` of the current load.
    private var currentFramesDropped: Int {
        framesPresentedToken == state.playback.token ? framesDropped : 0
    }
    /// Frames of the current load sent to the terminal (0 once another load started).
    private var currentFramesPresented: Int {
        framesPresentedToken == state.playback.token ? framesPresented - framesDropped : 0
    }
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
            items: configuration.items.map { $0.resolvingRating() }, kiosk: configuration.kiosk, settings: configuration.settings,
            guide: configuration.guide, restrictions: configuration.restrictions)
        initial.startIndex = configuration.startIndex
        initial.fallbackIndex = configuration.fallbackIndex
        inbox = ActionInbox()
        store = Store(initial)
        timers = ShellTimers(clock: clock)
        restrictions = RestrictionsService(backend: configuration.restrictionsBackend, inbox: inbox, clock: clock, logger: logger)
        effects = EffectInterpreter(store: store, timers: timers, clock: clock, inbox: inbox, restrictions: restrictions, logger: logger)
        effects.player = { [unowned self] in self.player }
        effects.startPlayer = { [unowned self] in self.startPlayer() }
        effects.loadLogo = { [unowned self] in self.logoLoader.load($0) }
        store.observe = { [unowned self] _, _, _ in self.needsDraw = true }
    }

    /// Replaces the built-in swipe-up overlay (for embedding programs).
    /// Run-loop thread.
    public func setCustomOverlay(_ items: [OverlayItem]?) {
        effects.setCustomOverlay(items)
    }

    /// Plays `item` in place of what plays (for delegates). Run-loop thread.
    /// `completion` runs once, on the run loop, when it plays, fails, is
    /// refused or is replaced before it plays.
    public func replaceContent(with item: MediaItem, completion: ((Bool) -> Void)?) {
        effects.replaceContent(with: item, completion: completion)
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
        player = try MPVPlayer(
            video: video, options: decodeOptions(for: .cells) + configuration.mpvOptions.map { ($0.key, $0.value) }, logger: logger)
        defer { player?.shutdown() }
        if let path = configuration.ipcSocketPath {
            ipc = try IPCServer(path: path)
            effects.automation = ipc
        }
        defer { ipc?.close() }

        var savedStderr: Int32 = -1
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            savedStderr = divertStandardError()
            let picture = probePicture()
            terminal = NCursesTerminal(unicode: unicode, video: configuration.videoSettings, picture: picture)
            logger.info("terminal \(terminal!.width)x\(terminal!.height), colour \(terminal!.colorMode.rawValue), picture \(picture.name)")
            player?.pictureSize = terminal?.videoPixelSize
            player?.lightDecoding = lightDecoding(for: picture)
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
        tickWallClock()
        for notice in configuration.startupNotices { dispatch(.showNotice(notice)) }
        if !state.items.isEmpty && !configuration.startOnHome {
            dispatch(.playIndex(state.startIndex ?? 0, at: MonotonicClock.now()))
        }
        notifier.ready(status: state.kiosk ? "kiosk" : "running", now: MonotonicClock.now())
        loop()
        notifier.stopping()
        restrictions.authorizer.cancelAll()
        logger.info("quit")
        return 0
    }

    /// Asks the terminal what it draws (kitty, sixel) unless cells were
    /// chosen or there is no picture; before curses takes the terminal.
    /// Over SSH the answers get longer to come back.
    private func probePicture() -> PictureProtocol {
        let choice = configuration.videoSettings.graphics
        let environment = ProcessInfo.processInfo.environment
        let remote = environment["SSH_CONNECTION"] != nil || environment["SSH_TTY"] != nil
        guard configuration.video == .terminal, choice != .cells else { return .cells }
        let probeObject = KittySharedMemory.makeProbeObject()
        defer { probeObject.map(KittySharedMemory.removeProbeObject) }
        guard let answers = TerminalProbe.run(term: environment["TERM"], sharedMemory: probeObject, timeout: remote ? 1.5 : 0.3) else { return .cells }
        let capabilities = TerminalCapabilities(answers: answers, environment: environment)
        let kitty = "\(capabilities.kittyGraphics)\(capabilities.kittySharedMemory ? " (shared memory)" : "")"
        logger.info("terminal answers: \(capabilities.version ?? "no version"), kitty \(kitty), sixel \(capabilities.sixel)\(capabilities.tmux ? ", inside tmux" : "")\(capabilities.answered ? "" : ", no DA1 answer")")
        var rows: Int32 = 0, columns: Int32 = 0, xpixel: Int32 = 0, ypixel: Int32 = 0
        let window: (width: Int, height: Int)? = tvs_window_pixels(STDOUT_FILENO, &rows, &columns, &xpixel, &ypixel) == 0 ? (Int(xpixel), Int(ypixel)) : nil
        return PictureProtocol.choose(choice, capabilities: capabilities, windowPixels: window, columns: Int(columns), rows: Int(rows))
    }

    /// Points standard error at the log file (or /dev/null) so libraries
    /// cannot write over the screen; returns a copy of the old one.
    private func divertStandardError() -> Int32 {
        let target = configuration.strayOutputPath ?? "/dev/null"
        let fd = open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return -1 }
        let saved = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        close(fd)
        return saved
    }

    // MARK: - The loop

    private func loop() {
        while !state.quitting {
            if needsDraw || frameReady { draw() }
            var pollSet: [pollfd] = [
                pollfd(fd: signalRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0),
            ]
            if terminal != nil { pollSet.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            if let player {
                pollSet.append(pollfd(fd: player.wakeupFD, events: Int16(POLLIN), revents: 0))
                if player.renderer != nil { pollSet.append(pollfd(fd: player.renderFD, events: Int16(POLLIN), revents: 0)) }
            }
            if let ipc { pollSet += ipc.pollDescriptors() }
            if let lirc, lirc.fd >= 0 { pollSet.append(pollfd(fd: lirc.fd, events: Int16(POLLIN), revents: 0)) }
            if let terminal, terminal.frames.isBusy { pollSet.append(pollfd(fd: terminal.frames.fd, events: Int16(POLLOUT), revents: 0)) }
            let start = MonotonicClock.now()
            var timeout = timers.pollTimeout(now: start)
            var deadlines: [Int32] = [lirc?.pollTimeout(now: start), notifier.pollTimeout(now: start)].compactMap { $0 }
            if let tick = nextWallClockTick {
                deadlines.append(Int32(max(0, (tick - start) * 1000).rounded(.up)))
            }
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
            let now = MonotonicClock.now()
            for timer in timers.takeDue(now: now) {
                dispatch(.timerFired(timer, at: now))
            }
            if let tick = nextWallClockTick, tick <= now { tickWallClock() }
            lirc?.tick(now: now)
            notifier.tick(now: now)
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
        } else if let player, fd == player.wakeupFD {
            drainPlayerEvents(player)
        } else if let player, fd == player.renderFD {
            drainPipe(fd)
            drainPlayerEvents(player)
            if player.renderer?.update() == true { frameReady = true }
        } else if let terminal, fd == terminal.frames.fd, revents & Int16(POLLOUT) != 0 {
            terminalCaughtUp()
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
        } else if let ipc, ipc.owns(fd) {
            for request in ipc.service(fd: fd, revents: revents) {
                handle(request)
            }
        }
    }

    /// Turns pending mpv events into actions. Also called before a frame is
    /// taken, so the events that precede it (video reconfigured) are known.
    private func drainPlayerEvents(_ player: MPVPlayer) {
        let now = MonotonicClock.now()
        for (report, token) in player.drain() {
            dispatch(.player(report, token: token, at: now))
        }
        if player.died { restartPlayer() }
    }

    /// libmpv shut down by itself: a new one takes its place and what played
    /// loads again. Failing that, the shell keeps running without a player
    /// and says why.
    private func restartPlayer() {
        logger.error("libmpv stopped by itself; starting a new one")
        player?.shutdown()
        player = nil
        if startPlayer() {
            dispatch(.playerRestarted(at: MonotonicClock.now()))
        } else {
            dispatch(.showNotice("The player stopped and could not be started again; the next channel change tries again"))
        }
    }

    /// A new libmpv in place of a dead one; false (and logged) when it fails.
    @discardableResult
    private func startPlayer() -> Bool {
        do {
            player = try MPVPlayer(video: configuration.video, options: decodeOptions(for: terminal?.picture ?? .cells) + configuration.mpvOptions.map { ($0.key, $0.value) },
                                   logger: logger)
            player?.pictureSize = terminal?.videoPixelSize
            player?.lightDecoding = lightDecoding(for: terminal?.picture ?? .cells)
            frameReady = false
            renderedToken = nil
            return true
        } catch {
            logger.error("could not start libmpv: \(error)")
            return false
        }
    }

    /// Tells the reducer the wall-clock time; again every 30 s while there
    /// is a guide to read now / next from.
    private func tickWallClock() {
        dispatch(.wallClock(Date().timeIntervalSince1970, at: MonotonicClock.now()))
        nextWallClockTick = state.guide.channelIDs.isEmpty ? nil : MonotonicClock.now() + 30
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
                guard !state.kiosk, let terminal else { continue }
                terminal.suspend()
                raise(SIGSTOP)
                terminal.resume()
                forceRedraw()
            default:
                break
            }
        }
    }

    /// The terminal changed size: everything is drawn again, the picture
    /// rendered at the new pixel size, and an adaptive stream's variant
    /// chosen again for it.
    private func terminalResized() {
        guard let terminal else { return }
        terminal.resize()
        resized = true
        forceRedraw()
        player?.pictureSize = terminal.videoPixelSize
        player?.selectVariant()
    }

    private func readKeys() {
        guard let terminal else { return }
        while let input = terminal.readInput() {
            switch input {
            case .resize:
                terminalResized()
            case .key(let name):
                guard let command = configuration.keyMap.command(for: name) else {
                    logger.debug("unbound key \(name)")
                    continue
                }
                restrictions.inputSource = "keyboard"
                dispatch(.command(command, at: MonotonicClock.now()))
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

    // MARK: - Drawing

    private var viewContext: ViewContext {
        let offset = TimeZone.current.secondsFromGMT()
        return switch configuration.video {
        case .terminal: ViewContext(picture: .terminal, utcOffset: offset)
        case .window: ViewContext(picture: .window, utcOffset: offset)
        case .none: ViewContext(picture: .none, utcOffset: offset)
        }
    }

    /// The load whose video the render buffer holds (a frame rendered under
    /// the interstitial is shown as soon as the player screen returns).
    private var renderedToken: Int?

    /// The terminal forgot what it showed: the next pass draws everything.
    private func forceRedraw() {
        lastDrawn = nil
        needsDraw = true
    }

    private func draw() {
        guard let terminal else {
            if frameReady { frameReady = false }
            needsDraw = false
            return
        }
        var rendered = renderFrameIfReady(terminal)
        if resized {
            resized = false
            rendered = rerenderAfterResize(terminal) || rendered
        }
        if terminal.frames.isBusy {
            if rendered {
                terminal.dropFrame()
                noteDroppedFrame()
            }
            return
        }
        let visible = ShellView.frameKey(state, width: terminal.width)
        var uiChanged = false
        if visible != lastDrawn || terminal.width != lastDrawnWidth || terminal.height != lastDrawnHeight {
            let screen = ShellView.render(state, theme: theme, width: terminal.width, height: terminal.height, context: viewContext)
            uiChanged = terminal.draw(screen) || lastDrawn == nil
            lastDrawn = visible
            lastDrawnWidth = terminal.width
            lastDrawnHeight = terminal.height
        }
        if rendered || uiChanged { blitLatestFrame(terminal, newFrame: rendered) }
        terminal.closeUpdate()
        needsDraw = false
        if pendingFirstFrameEvent {
            pendingFirstFrameEvent = false
            ipc?.broadcast(event: "first-frame", fields: ["url": state.currentItem?.url ?? ""])
        }
    }

    /// Renders the pending video frame at the terminal's pixel size, always,
    /// so libmpv's video output never waits on us. It counts as presented
    /// (and the first one is reported) only once the player has configured
    /// its video for the current load (before that the picture is the
    /// previous item's) and the player screen is up; a frame rendered under
    /// the interstitial is presented when the player screen returns.
    private func renderFrameIfReady(_ terminal: NCursesTerminal) -> Bool {
        guard let renderer = player?.renderer else { return false }
        if frameReady {
            frameReady = false
            do {
                try renderer.render(width: terminal.videoPixelSize.width, height: terminal.videoPixelSize.height)
            } catch {
                logger.error("\(error)")
                return false
            }
            renderer.reportSwap()
            if state.playback.videoConfigured && state.playback.phase != .idle {
                renderedToken = state.playback.token
            }
        } else if !(state.screen == .player && !state.playback.firstFramePresented && renderedToken == state.playback.token) {
            return false
        }
        guard state.screen == .player, state.playback.videoConfigured, state.playback.phase != .idle,
              renderedToken == state.playback.token else { return false }
        if framesPresentedToken != state.playback.token {
            framesPresentedToken = state.playback.token
            framesPresented = 0
            framesDropped = 0
        }
        framesPresented += 1
        if !state.playback.firstFramePresented {
            dispatch(.player(.firstFrame, token: state.playback.token, at: MonotonicClock.now()))
            pendingFirstFrameEvent = true
        }
        return true
    }

    /// Hands the render buffer's frame to the terminal. A frame the terminal
    /// cannot take yet is dropped, and marked so the newest one is sent as
    /// soon as the terminal catches up. (While a frame is still going out,
    /// `draw` holds the UI back too, so the loop never waits on the terminal.)
    @discardableResult
    private func blitLatestFrame(_ terminal: NCursesTerminal, newFrame: Bool = true) -> Bool {
        guard let renderer = player?.renderer, let pixels = renderer.pixels,
              renderer.width == terminal.videoPixelSize.width, renderer.height == terminal.videoPixelSize.height else { return false }
        guard terminal.blit(pixels: pixels, stride: renderer.stride, newFrame: newFrame) != .dropped else {
            noteDroppedFrame()
            return false
        }
        return true
    }

    /// A frame the terminal could not take yet: counted, and the newest one
    /// goes out when the terminal catches up.
    private func noteDroppedFrame() {
        frameBehind = true
        if framesPresentedToken == state.playback.token { framesDropped += 1 }
    }

    /// The terminal took the rest of a frame: if newer ones were dropped
    /// meanwhile, the newest is sent now.
    private func terminalCaughtUp() {
        guard let terminal, terminal.frames.resume() else { return }
        terminal.frameCompleted()
        guard frameBehind else { return }
        frameBehind = false
        if state.screen == .player && state.playback.firstFramePresented && blitLatestFrame(terminal)
            && framesPresentedToken == state.playback.token && framesDropped > 0 {
            framesDropped -= 1
        }
    }

    /// libmpv options that follow from `VideoSettings` and the picture
    /// (before the user's own `--mpv-option`s, which win): scaling neither
    /// dithers (noise that would rewrite still cells every frame) nor uses a
    /// wide kernel, and scales a picture of cells on one thread (the same
    /// pixels for about 0.4 ms less CPU a frame than handing slices to
    /// workers); with cells the picture is at most a few hundred pixels
    /// wide, so decoding skips what cannot show there (deblocking, exact
    /// rounding), and its thread count is chosen per load
    /// (`DecodeThreads`). Images (kitty, sixel) are sharp enough to show it:
    /// they decode in full, on libavcodec's threads.
    private func decodeOptions(for picture: PictureProtocol) -> [(String, String)] {
        guard configuration.video == .terminal else { return [] }
        let fast = configuration.videoSettings.fastDecode && picture == .cells
        return [("zimg-scaler", "bilinear"), ("zimg-dither", "no"), ("zimg-threads", picture == .cells ? "1" : "auto"), ("sws-scaler", "bilinear"),
                ("vd-lavc-skiploopfilter", fast ? "all" : "default"), ("vd-lavc-fast", fast ? "yes" : "no"),
                ("vd-lavc-threads", "0")]
    }

    /// Whether `picture` decodes lightly with the thread count left to the
    /// player at each load (not when the user set it).
    private func lightDecoding(for picture: PictureProtocol) -> Bool {
        configuration.video == .terminal && configuration.videoSettings.fastDecode && picture == .cells
            && !configuration.mpvOptions.contains { $0.key == "vd-lavc-threads" }
    }

    /// Renders the current frame again at the new size (not a new frame).
    private func rerenderAfterResize(_ terminal: NCursesTerminal) -> Bool {
        guard let renderer = player?.renderer, state.playback.firstFramePresented, state.screen == .player else { return false }
        do {
            try renderer.render(width: terminal.videoPixelSize.width, height: terminal.videoPixelSize.height)
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }

    // MARK: - Automation

    private func handle(_ request: IPCRequest) {
        guard let ipc else { return }
        let command: IPCCommand
        switch IPCCommand.parse(request.command) {
        case .failure(let error): return ipc.reply(to: request.client, requestID: request.requestID, error: error.message)
        case .success(let parsed): command = parsed
        }
        let now = MonotonicClock.now()
        let promptUp = state.restrictions.prompt != nil
        switch command {
        case .getState:
            ipc.reply(to: request.client, requestID: request.requestID,
                      data: StateReport.make(state, framesPresented: currentFramesPresented, framesDropped: currentFramesDropped,
                                             picture: terminal.map { $0.picture == .cells ? $0.blitter.shape.rawValue : $0.picture.name } ?? "none",
                                             sharedMemory: terminal?.picture.sharedMemory ?? false,
                                             tolerance: terminal.flatMap { $0.picture == .cells && $0.colorMode == .direct ? $0.blitter.tolerance : nil },
                                             video: configuration.video))
        case .keypress(let key):
            guard let remote = configuration.keyMap.command(for: key) else {
                return ipc.reply(to: request.client, requestID: request.requestID, error: "invalid parameter: no binding for key \(key)")
            }
            restrictions.inputSource = "ipc"
            dispatch(.command(remote, at: now))
            ipc.reply(to: request.client, requestID: request.requestID)
        case .play(let location):
            guard !promptUp else { return ipc.reply(to: request.client, requestID: request.requestID, error: "refused: the passcode prompt is up") }
            dispatch(.playItem(MediaItem.fromLocation(location).resolvingRating(), at: now))
            ipc.reply(to: request.client, requestID: request.requestID)
        case .channel(let number):
            guard let index = state.items.firstIndex(where: { $0.number == number }) else {
                return ipc.reply(to: request.client, requestID: request.requestID, error: "invalid parameter: no channel \(number)")
            }
            guard !promptUp else { return ipc.reply(to: request.client, requestID: request.requestID, error: "refused: the passcode prompt is up") }
            dispatch(.playIndex(index, at: now))
            ipc.reply(to: request.client, requestID: request.requestID)
        case .getMPVProperty(let property):
            guard let player else {
                return ipc.reply(to: request.client, requestID: request.requestID, error: "invalid parameter: get_mpv_property needs a name")
            }
            do {
                ipc.reply(to: request.client, requestID: request.requestID, data: try player.propertyString(property))
            } catch {
                ipc.reply(to: request.client, requestID: request.requestID, error: error.message)
            }
        case .quit:
            if state.kiosk {
                return ipc.reply(to: request.client, requestID: request.requestID, error: "refused: kiosk mode")
            }
            ipc.reply(to: request.client, requestID: request.requestID)
            dispatch(.quitRequested(.ipc))
        }
    }

    private func drainPipe(_ fd: Int32) {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(fd, &sink, sink.count) > 0 {}
    }
}
