import ShellCore
import Testing

/// Drives the reducer like TCA's TestStore: each `send` states the exact
/// state change and the exact effects; anything else fails at the caller's
/// line. It also keeps the reducer's timers, so `advance` fires them as the
/// runtime would; firing one that is not armed fails, and so does a test
/// that ends with timers armed that it did not state (`expectArmed`), like
/// TestStore's effects still in flight. A class, so the update closures may
/// read `clock`.
public final class ReducerHarness {
    public private(set) var state: ShellState
    public var clock: ManualClock
    private var timers: [TimerID: Instant] = [:]
    /// Timers `advance` found due and the test has not fired yet.
    private var due: Set<TimerID> = []
    /// The armed timers as last stated by `expectArmed` (nil: not stated
    /// since they last changed).
    private var stated: Set<TimerID>? = []
    private let createdAt: SourceLocation

    public init(_ state: ShellState, clock: ManualClock = ManualClock(), sourceLocation: SourceLocation = #_sourceLocation) {
        self.state = state
        self.clock = clock
        createdAt = sourceLocation
    }

    deinit {
        let armed = armedTimers
        if !armed.isEmpty && stated != armed {
            Issue.record("the test ended with timers armed it did not state: \(armed.map(\.rawValue).sorted()) (expectArmed)", sourceLocation: createdAt)
        }
    }

    /// The timers armed now (or due and not fired).
    public var armedTimers: Set<TimerID> { Set(timers.keys).union(due) }

    /// States which timers are armed now; a test must, before it ends, if
    /// any are.
    public func expectArmed(_ expected: Set<TimerID>, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(armedTimers == expected, "armed timers", sourceLocation: sourceLocation)
        stated = armedTimers
    }

    /// Sends `action`; `update` must turn the old state into the new one, and
    /// the effects must equal `effects`.
    public func send(
        _ action: Action,
        effects expected: [Effect] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ShellState) -> Void = { _ in }
    ) {
        guard firable(action, sourceLocation: sourceLocation) else { return }
        var expectedState = state
        update(&expectedState)
        let effects = ShellReducer.reduce(&state, action)
        track(effects)
        #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
        if state != expectedState {
            Issue.record("state after \(action) differs:\n\(difference(expectedState, state))", sourceLocation: sourceLocation)
            state = expectedState
        }
    }

    /// Sends a remote command at the clock's current time.
    public func press(
        _ command: RemoteCommand,
        effects expected: [Effect] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ShellState) -> Void = { _ in }
    ) {
        send(.command(command, at: clock.now), effects: expected, sourceLocation: sourceLocation, update)
    }

    /// The timers the reducer has running, by deadline.
    public var runningTimers: [TimerID: Instant] { timers }

    /// Advances the clock; returns the timers that fell due (earliest first),
    /// without sending them: the test sends `.timerFired` and states the change.
    public func advance(by seconds: Double) -> [TimerID] {
        clock.advance(by: seconds)
        let fell = timers.filter { $0.value <= clock.now }.sorted { $0.value < $1.value }.map(\.key)
        if !fell.isEmpty { stated = nil }
        for id in fell { timers[id] = nil }
        due.formUnion(fell)
        return fell
    }

    /// A timer fires only if it is armed (or fell due and was not fired
    /// yet), once; firing another fails the test at the caller's line.
    private func firable(_ action: Action, sourceLocation: SourceLocation) -> Bool {
        guard case .timerFired(let id, _) = action else { return true }
        if due.remove(id) != nil || timers.removeValue(forKey: id) != nil {
            stated = nil
            return true
        }
        Issue.record("timer \(id) fired, but it is not armed", sourceLocation: sourceLocation)
        return false
    }

    private func track(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .startTimer(let id, let delay):
                timers[id] = clock.now + delay
                due.remove(id)
                stated = nil
            case .cancelTimer(let id):
                if timers.removeValue(forKey: id) != nil || due.remove(id) != nil { stated = nil }
            default: break
            }
        }
    }

    private func difference(_ expected: ShellState, _ actual: ShellState) -> String {
        var lines: [String] = []
        let e = Mirror(reflecting: expected).children, a = Mirror(reflecting: actual).children
        for (ec, ac) in zip(e, a) where String(describing: ec.value) != String(describing: ac.value) {
            lines.append("  \(ec.label ?? "?"): expected \(ec.value)\n  \(String(repeating: " ", count: (ec.label ?? "?").count)):   actual \(ac.value)")
        }
        return lines.joined(separator: "\n")
    }
}

extension ReducerHarness {
    /// Sends `action` without stating its outcome (set-up steps): the state
    /// changes and the timers are kept as `send` would. Firing a timer that
    /// is not armed fails the test here too.
    @discardableResult
    public func apply(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> [Effect] {
        guard firable(action, sourceLocation: sourceLocation) else { return [] }
        let effects = ShellReducer.reduce(&state, action)
        track(effects)
        return effects
    }
}
