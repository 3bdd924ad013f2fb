import Logging
import MediaModel
import ShellCore
import ShellRuntime
import Testing

/// The shell's real store and effect interpreter on a manual clock, with a
/// fake player, a recorder for automation events and an in-memory display:
/// runtime behaviour (delegates that complete at once, late, twice or never;
/// a prompt over a flip; kiosk quit) is tested deterministically, with no
/// terminal, no libmpv and no sleeps. In the spirit of swift-nio's
/// `EmbeddedEventLoop`: nothing happens until the test says so.
///
/// One thread (the test's). Completions posted from other threads are
/// picked up at the next `runPending`.
public final class EmbeddedShell: EffectPerformer, StateObserver {
    public let clock: ManualShellClock
    /// The players by slot (a fake each), moved between slots as the
    /// reducer exchanges them.
    private let players = FakePlayerHost()
    /// The full-screen player (made when the slot is empty, as the shell
    /// makes one at the next load).
    public var player: FakePlayer {
        if let main = players.pool[.main] { return main }
        let made = FakePlayer()
        players.pool[.main] = made
        return made
    }
    /// The player in `slot`, if one was made there.
    public func player(in slot: PlayerSlot) -> FakePlayer? { players.pool[slot] }

    /// The slot of the player last given the audio device (nil: none yet,
    /// or it is gone).
    public var heardSlot: PlayerSlot? { players.heard.flatMap { players.pool.slot(of: $0) } }
    public let automation = RecordingAutomation()
    public let backend: FixedPasscodeBackend
    private let restrictions: RestrictionsService
    private let store: Store
    private let timers: ShellTimers
    private let inbox = ActionInbox()
    private let effects: EffectInterpreter
    /// Called after every reduced action with the state it left (for
    /// invariants checked at each step).
    public var check: ((Action, [Effect], ShellState) -> Void)?
    /// Whether the shell has performed `Effect.quit`.
    public private(set) var quit = false

    /// - Parameters:
    ///   - delegate: takes part in flips; the built-in lineup player when nil.
    public init(_ state: ShellState, delegate: ShellDelegate? = nil, passcode: String = "1234", clock: ManualShellClock = ManualShellClock()) {
        self.clock = clock
        backend = FixedPasscodeBackend(passcode: passcode)
        store = Store(state)
        timers = ShellTimers(clock: clock)
        let logger = Logger(label: "tvshell.embedded") { _ in SwiftLogNoOpLogHandler() }
        restrictions = RestrictionsService(backend: backend, inbox: inbox, clock: clock, logger: logger, offLoop: { $0() })
        effects = EffectInterpreter(store: store, players: players, timers: timers, clock: clock, inbox: inbox,
                                    restrictions: restrictions, logger: logger)
        effects.delegate = delegate
        players.pool[.main] = FakePlayer()
        effects.automation = automation
        store.performer = self
        store.observe(self)
        effects.delegateChanged()
    }

    /// Notes a quit, then has the interpreter perform the effect.
    package func perform(_ effect: Effect) {
        if effect == .quit { quit = true }
        effects.perform(effect)
    }

    package func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        check?(action, effects, state)
    }

    /// The state as the store holds it.
    public var state: ShellState { store.state }

    /// The timers armed now, with their deadlines.
    public var armedTimers: [TimerID: Instant] { timers.armed }

    /// `replaceContent` completions not called yet.
    public var openContentRequests: Int { effects.control.openContentRequests }

    /// Reduces `action` (and whatever it leads to), then what was posted.
    /// A timer that is not armed cannot fire: sending its firing fails the test.
    public func send(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) {
        if case .timerFired(let id, _) = action, timers.armed[id] == nil {
            Issue.record("timer \(id) fired but is not armed", sourceLocation: sourceLocation)
            return
        }
        store.send(action)
        runPending()
    }

    /// A key or remote button, now.
    public func press(_ command: RemoteCommand) {
        send(.command(command, at: clock.now()))
    }

    /// Types `digits` on the remote, one key each.
    public func type(_ digits: String) {
        for c in digits { press(.digit(Int(String(c))!)) }
    }

    /// A report of the player for its latest load.
    public func report(_ report: PlayerReport) {
        send(.player(report, token: store.state.playback.token, at: clock.now()))
    }

    /// A report of the player in `slot` for the load the state gives it.
    public func report(_ report: PlayerReport, in slot: PlayerSlot) {
        let token = store.state.playback(in: slot)?.token ?? -1
        send(.player(report, token: token, at: clock.now()))
    }

    /// What `ShellControl` offers a delegate (picture in picture …).
    public var control: ShellControl { effects.control }

    /// The player opens the latest load and, if it is held (the file's
    /// ratings are read first), waits; else it plays.
    public func playerStarts(fileRatings: [ContentRating] = []) {
        let token = store.state.playback.token
        send(.player(.started, token: token, at: clock.now()))
        send(.player(.preloaded(ratings: fileRatings), token: token, at: clock.now()))
        guard player.continued || store.state.prompt == nil else { return }
        send(.player(.videoConfigured, token: token, at: clock.now()))
        send(.player(.playing, token: token, at: clock.now()))
    }

    /// Actions and work posted to the inbox (completions from other
    /// threads, passcode checks, wall-clock answers), until none is left.
    public func runPending() {
        while true {
            let actions = inbox.take()
            let work = inbox.takeWork()
            if actions.isEmpty && work.isEmpty { return }
            for action in actions { store.send(action) }
            for body in work { body(effects.control) }
        }
    }

    /// Moves the clock on by `seconds`, firing each armed timer at its
    /// deadline, in order (only armed timers fire), with what was posted
    /// handled after each.
    public func advance(by seconds: Double) {
        let end = clock.now() + seconds
        while let next = timers.armed.values.min(), next <= end {
            clock.advance(by: max(0, next - clock.now()))
            for id in timers.takeDue(now: clock.now()) {
                store.send(.timerFired(id, at: clock.now()))
                runPending()
            }
        }
        clock.advance(by: max(0, end - clock.now()))
        restrictions.retryIfDue(now: clock.now())
        runPending()
    }

    /// The screen as a terminal of `width` × `height` would show it.
    public func screen(width: Int = 80, height: Int = 24, theme: Theme = .dark) -> Screen {
        ShellView.render(store.state, theme: theme, width: width, height: height, context: ViewContext(picture: .none))
    }

    /// Every flip's events: the targets started and completed, by order.
    public var flipEvents: (started: Int, completed: Int) {
        (automation.named("channel-flip-started").count, automation.named("channel-flip-completed").count)
    }
}
