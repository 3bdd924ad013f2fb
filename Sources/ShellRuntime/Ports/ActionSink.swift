import ShellCore

/// Where an adapter on the run loop sends what happened (the `Store`).
/// Run-loop thread; other threads post to the `ActionInbox`.
package protocol ActionSink: AnyObject {
    func send(_ action: Action)
}

/// Performs the reducer's effects (the `EffectInterpreter`). Run-loop thread.
package protocol EffectPerformer: AnyObject {
    func perform(_ effect: Effect)
}

/// Told after each reduced action, with its effects and the state it left
/// (before the effects are performed): the presenter, Now Playing, test
/// checks. Run-loop thread.
package protocol StateObserver: AnyObject {
    func stateChanged(by action: Action, effects: [Effect], to state: ShellState)
}
