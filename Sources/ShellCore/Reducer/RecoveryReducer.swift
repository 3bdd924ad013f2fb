import MediaModel

/// Self-healing playback (`ShellSettings.retries` > 0, or a fallback set): a
/// stream that fails, stalls, or ends while live is retried with back-off
/// while the interstitial says "Reconnecting…"; after the retries it falls
/// back to `fallbackIndex`; a fallback that fails too is retried forever at
/// the longest back-off. Nobody needs to press a key.
enum RecoveryReducer {
    static func enabled(_ state: ShellState) -> Bool {
        state.settings.retries > 0 || state.fallbackIndex != nil
    }

    /// The current load failed for `reason`: retry, fall back, or nil to
    /// let the error screen show it.
    static func failed(_ state: inout ShellState, reason: String, now: Instant) -> [Effect]? {
        guard enabled(state), state.flip == nil, state.prompt == nil, let index = state.current else { return nil }
        let previous = state.recovery?.index == index ? state.recovery!.attempt : 0
        let attempt = previous + 1
        let settings = state.settings
        let isFallback = index == state.fallbackIndex
        if attempt > settings.retries, let fallback = state.fallbackIndex, !isFallback, state.items.indices.contains(fallback) {
            state.recovery = nil
            let name = state.items[index].title
            state.notice = "“\(name)” is not available: \(state.items[fallback].title) instead"
            return [.startTimer(.noticeHide, after: settings.noticeDelay * 2)] + ShellReducer.play(&state, index: fallback, now: now)
        }
        guard attempt <= settings.retries || isFallback || state.kiosk else {
            state.recovery = nil
            return nil
        }
        let delays = settings.retryBackoff.isEmpty ? [5.0] : settings.retryBackoff
        let delay = delays[min(attempt - 1, delays.count - 1)]
        state.recovery = RecoveryState(index: index, attempt: attempt, reason: reason, waiting: true)
        state.playback.phase = .failed
        state.playback.holdsPreviousPicture = false
        state.destination = .interstitial
        state.clearChrome()
        return [
            .cancelTimer(.transportHide), .cancelTimer(.stall), .stop,
            .startTimer(.retry, after: delay), .startTimer(.spinner, after: settings.spinnerInterval),
        ]
    }

    /// The back-off is over: load the stream again.
    static func retry(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard var recovery = state.recovery, recovery.waiting else { return [] }
        recovery.waiting = false
        state.recovery = recovery
        return ShellReducer.play(&state, index: recovery.index, now: now)
    }

    /// The stream plays again.
    static func recovered(_ state: inout ShellState) {
        guard state.recovery != nil else { return }
        state.recovery = nil
        if state.screen == .interstitial && state.flip == nil { state.destination = .player }
    }

    /// Cache waits start and end: a wait longer than `stallTimeout` is a failure.
    static func buffering(_ state: ShellState, _ waiting: Bool) -> [Effect] {
        guard enabled(state) else { return [] }
        return waiting ? [.startTimer(.stall, after: state.settings.stallTimeout)] : [.cancelTimer(.stall)]
    }
}
