/// The kiosk: a shell nobody quits from the remote (the passcode, when one
/// is set, lets the admin out), and a guide left idle plays the start item
/// again. Pure; any thread may call it on its own state.
public enum KioskReducer {
    /// Quitting, asked by `source`: a kiosk asks the admin's passcode for a
    /// key and refuses IPC and the desktop; a signal always quits.
    static func requestQuit(_ state: inout ShellState, source: QuitSource) -> [Effect] {
        if state.kiosk && source == .key { return PasscodeReducer.askToQuitKiosk(&state) }
        if state.kiosk && source != .terminate && source != .hangup { return [] }
        state.quitting = true
        return ResumeReducer.saveBoth(&state) + [.quit]
    }

    /// On the home screen or guide of a kiosk, each key restarts the wait
    /// before the start item plays again.
    static func armIdleReturn(_ state: ShellState) -> [Effect] {
        guard let delay = state.settings.idleReturnDelay, state.screen == .home || state.screen == .guide, !state.sleep.asleep else { return [] }
        return [.startTimer(.idleReturn, after: delay)]
    }

    /// What a kiosk plays when what played full screen ended with nothing
    /// after it (the last file, or a film before the channels): its start
    /// item, so a kiosk never rests on a last frame and a single film
    /// loops. Nil outside a kiosk, or while the viewer scrubs.
    static func startAfterEnd(_ state: ShellState) -> Int? {
        guard state.kiosk, state.scrub == nil else { return nil }
        let start = state.live.startIndex ?? 0
        return state.items.indices.contains(start) ? start : nil
    }

    /// The guide sat idle: the start item plays again.
    static func idleReturn(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.screen == .home || state.screen == .guide, !state.items.isEmpty else { return [] }
        return PlaybackReducer.play(&state, index: state.live.startIndex ?? 0, now: now)
    }
}
