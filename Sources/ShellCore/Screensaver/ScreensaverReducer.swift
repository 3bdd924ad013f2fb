/// The screen saver, so a still screen left up for hours (the home screen,
/// the guide, a paused film with its bar) burns no image into a TV's
/// panel: each key waits again `ShellSettings.screensaverDelay`; when the
/// time is up with nothing moving watched, the screen goes dark but for a
/// drifting clock (`ScreensaverView`). Any key takes it down and does
/// nothing else; so does anything that comes to be seen without a key (a
/// channel tuned over the socket, a notice, a reminder, a message).
/// Playback is left as it is. Pure.
enum ScreensaverReducer {
    /// Whether the screen may be covered: nothing moving is watched (no
    /// playback under way full screen, in multiview, in the picture in
    /// picture or the guide's preview), nothing up that asks to be read or
    /// counts down (a notice, a reminder, a message sent to the box, Up
    /// Next), no flip, no prompt, not asleep.
    static func allowed(_ state: ShellState) -> Bool {
        guard !state.sleep.asleep, state.screen != .passcode, state.screen != .interstitial, state.multiview == nil,
              state.picture.preview == nil, state.chrome.notice == nil, state.chrome.message == nil, state.guide.remindersDue.isEmpty,
              state.upNext.card == nil || state.upNext.card?.stillWatching == true, state.live.flip == nil
        else { return false }
        if let pip = state.picture.pip, !still(pip.playback) { return false }
        return state.screen != .player || still(state.playback)
    }

    /// Paused, or over: still. Loading or playing: under way.
    private static func still(_ playback: PlaybackState) -> Bool {
        playback.paused || playback.phase == .ended || playback.phase == .failed || playback.phase == .idle
    }

    /// The wait starts again: after every key (`ShellReducer`), when the
    /// shell first has a screen (`Action.display`), when a lineup opens,
    /// and when something took the screen saver down.
    /// The idle sleep's wait (`ShellSettings.idleSleepDelay`) starts with it.
    static func arm(_ state: ShellState) -> [Effect] {
        guard !state.sleep.asleep else { return [] }
        return [state.settings.screensaverDelay.map { Effect.startTimer(.screensaver, after: $0) },
                state.settings.idleSleepDelay.map { Effect.startTimer(.idleSleep, after: $0) }].compactMap { $0 }
    }

    /// No key for `ShellSettings.idleSleepDelay`: a still screen (as the
    /// screen saver takes it) sleeps as at the sleep timer's end — playback
    /// stopped where it was, the TV to standby —, so a box left paused or on
    /// its home screen keeps no TV lit all night; what moves and is watched
    /// is left, and the wait starts again.
    static func idleSleepFired(_ state: inout ShellState) -> [Effect] {
        guard let delay = state.settings.idleSleepDelay, !state.sleep.asleep else { return [] }
        guard allowed(state) else { return [.startTimer(.idleSleep, after: delay)] }
        return SleepReducer.idle(&state)
    }

    /// The wait is over: the screen is covered when it may be, else the
    /// wait starts again (a film still playing).
    static func fire(_ state: inout ShellState) -> [Effect] {
        guard !state.screensaver.showing else { return [] }
        guard allowed(state) else { return arm(state) }
        state.screensaver.showing = true
        return []
    }

    /// Any key while it is up (`KeyOverlay.screensaver`): it goes, and the
    /// key does nothing else (the wait starts again as after any key).
    static func key(_ state: inout ShellState) -> [Effect] {
        state.screensaver.showing = false
        return []
    }

    /// After every action (`ShellReducer.reduce`): something came to be
    /// seen without a key (played over the socket, a notice, a prompt), so
    /// the screen saver goes and the wait starts again.
    static func settle(_ state: inout ShellState) -> [Effect] {
        guard state.screensaver.showing, !allowed(state) else { return [] }
        state.screensaver.showing = false
        return arm(state)
    }
}
