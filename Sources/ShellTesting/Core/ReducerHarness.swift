import Foundation
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
    @discardableResult
    public func send(
        _ action: Action,
        effects expected: [Effect] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ShellState) -> Void = { _ in }
    ) -> [Effect] {
        guard firable(action, sourceLocation: sourceLocation) else { return [] }
        var expectedState = state
        update(&expectedState)
        let effects = ShellReducer.reduce(&state, action)
        track(effects)
        #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
        if state != expectedState {
            Issue.record("state after \(action) differs:\n\(difference(expectedState, state))", sourceLocation: sourceLocation)
            state = expectedState
        }
        return effects
    }

    /// Sends a remote command at the clock's current time.
    @discardableResult
    public func press(
        _ command: RemoteCommand,
        effects expected: [Effect] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ShellState) -> Void = { _ in }
    ) -> [Effect] {
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
    /// is not armed fails the test here too. With `RECORD_EXHAUSTIVE=1` in
    /// the environment it prints the effects and the fields that changed,
    /// in Swift, to turn a set-up step into an exhaustive `send`.
    @discardableResult
    public func apply(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> [Effect] {
        guard firable(action, sourceLocation: sourceLocation) else { return [] }
        let before = state
        let effects = ShellReducer.reduce(&state, action)
        track(effects)
        if ProcessInfo.processInfo.environment["RECORD_EXHAUSTIVE"] != nil {
            var changes: [String] = []
            changed("$0", before, state, into: &changes)
            print("RECORD \(sourceLocation.fileName):\(sourceLocation.line)\nEFFECTS \(String(reflecting: effects))\n" + changes.map { "CHANGE " + $0 }.joined(separator: "\n"))
        }
        return effects
    }

    /// `prompt` as a `PasscodePrompt.testing` call, field by field.
    private func spelled(_ prompt: PasscodePrompt) -> String {
        let fields = Mirror(reflecting: prompt).children.map { "\($0.label ?? "?"): \(String(reflecting: $0.value))" }
        return ".testing(" + fields.joined(separator: ", ") + ")"
    }

    /// The fields that differ between `old` and `new`, as assignments.
    private func changed(_ path: String, _ old: Any, _ new: Any, into lines: inout [String]) {
        if let destination = new as? Destination, case .passcode(let prompt) = destination {
            if (old as? Destination) != destination { lines.append("\(path) = .passcode(\(spelled(prompt)))") }
            return
        }
        let a = Mirror(reflecting: old), b = Mirror(reflecting: new)
        guard a.displayStyle == .struct, b.displayStyle == .struct, a.children.count == b.children.count else {
            if String(reflecting: old) != String(reflecting: new) { lines.append("\(path) = \(String(reflecting: new))") }
            return
        }
        for (x, y) in zip(a.children, b.children) {
            changed("\(path).\(x.label ?? "?")", x.value, y.value, into: &lines)
        }
    }
}
