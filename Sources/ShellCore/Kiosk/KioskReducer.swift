/// The kiosk: a shell nobody quits from the remote (the passcode, when one
/// is set, lets the admin out), a guide left idle plays the start item
/// again, and a player left with something open or paused plays on by
/// itself. Pure; any thread may call it on its own state.
public enum KioskReducer {
    /// Quitting, asked by `source`: a kiosk asks the admin's passcode for a
    /// key and refuses IPC and the desktop; a signal always quits.
    static func requestQuit(_ state: inout ShellState, source: QuitSource) -> [Effect] {
        if state.kiosk && source == .key { return PasscodeReducer.askToQuitKiosk(&state) }
        if state.kiosk && source != .terminate && source != .hangup { return [] }
        state.quitting = true
        return ResumeReducer.saveBoth(&state) + [.quit]
    }

    /// The most screens `settle` closes at once (BACK each): more than can
    /// be open over one another.
    static let mostClosed = 8

    /// On the home screen or guide, and on a kiosk's player or passcode
    /// prompt, each key restarts the wait (`[kiosk] idle_return`) before
    /// the start item plays again, or the player is settled (`settle`).
    static func armIdleReturn(_ state: ShellState) -> [Effect] {
        guard let delay = state.settings.idleReturnDelay, !state.sleep.asleep,
              state.screen == .home || state.screen == .guide || state.kiosk && (state.screen == .player || state.screen == .passcode) else { return [] }
        return [.startTimer(.idleReturn, after: delay)]
    }

    /// A kiosk's player left by a passer-by with something open that waits
    /// for a key (the info panel, the swipe-up overlay, a menu, the scrub
    /// head, the keys' help, the screen saver, a passcode prompt) or paused:
    /// each is closed as by BACK, innermost first, and the film plays on.
    /// What plays is kept (a viewer who chose a channel may still be
    /// watching it); Up Next's card and multiview, which go on by
    /// themselves, are left as they are.
    static func settle(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.kiosk, !state.sleep.asleep, !state.sleep.warned else { return [] }
        var effects: [Effect] = []
        for _ in 0..<mostClosed where leftOpen(state) {
            effects += KeyRouter.reduce(&state, .menu, now: now)
        }
        if state.screen == .player, state.multiview == nil, state.playback.paused, state.playback.phase == .playing {
            effects += KeyRouter.reduce(&state, .playPause, now: now)
        }
        // A prompt closed onto the home screen waits there as after a key.
        return effects + (state.screen == .home || state.screen == .guide ? armIdleReturn(state) : [])
    }

    /// Whether something waits for a key over a kiosk's player (`settle`).
    public static func leftOpen(_ state: ShellState) -> Bool {
        if KeyOverlay.of(state) != .none || state.screen == .passcode { return true }
        guard state.screen == .player, state.multiview == nil else { return false }
        return KeyFocus.stack(state).contains { $0 != .transport && $0 != .upNextCard } || state.chrome.transportMenu != nil
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

    /// No key for `[kiosk] idle_return`: from the home screen or the guide
    /// the start item plays again; a kiosk's player is settled (`settle`).
    static func idleReturn(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.screen == .home || state.screen == .guide else { return settle(&state, now: now) }
        guard !state.items.isEmpty else { return [] }
        return PlaybackReducer.play(&state, index: state.live.startIndex ?? 0, now: now)
    }
}
