import ShellCore

/// The one place `ShellState` changes: `send` reduces an action and has its
/// effects performed, in order; actions that arrive meanwhile (sent by an
/// effect's handler, a delegate completing at once, a completion, an IPC
/// request) wait in a queue and are reduced after the current effect list
/// has been performed in full. The reducer is never re-entered.
///
/// Run-loop thread only (other threads post to the `ActionInbox`).
public final class Store: ActionSink {
    /// The state as of the last reduced action. Read freely; only the
    /// reducer writes it.
    public private(set) var state: ShellState
    /// Performs the effects (the interpreter). Set once by the composition
    /// root, before the first `send`.
    package weak var performer: (any EffectPerformer)?
    /// Told after each reduced action (before its effects are performed).
    private var observers: [WeakObserver] = []
    private var queue: [Action] = []
    private var head = 0
    private var draining = false

    public init(_ state: ShellState) {
        self.state = state
    }

    /// Reduces `action` now, or after the action being handled when called
    /// from inside an effect.
    public func send(_ action: Action) {
        queue.append(action)
        guard !draining else { return }
        draining = true
        defer {
            draining = false
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        while head < queue.count {
            let next = queue[head]
            head += 1
            let effects = ShellReducer.reduce(&state, next)
            for observer in observers { observer.value?.stateChanged(by: next, effects: effects, to: state) }
            for effect in effects { performer?.perform(effect) }
        }
    }

    /// Has `observer` told of every action from now on (held weakly).
    package func observe(_ observer: any StateObserver) {
        observers.removeAll { $0.value == nil }
        observers.append(WeakObserver(value: observer))
    }
}

private struct WeakObserver {
    weak var value: (any StateObserver)?
}
