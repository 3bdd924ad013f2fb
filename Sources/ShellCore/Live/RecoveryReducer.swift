import MediaModel

/// Self-healing playback (`ShellSettings.retries` > 0, a fallback set, or a
/// channel with alternate streams): a stream that fails, stalls, or ends
/// while live first fails over to the channel's next stream at once
/// (`FailoverReducer`); once every stream failed it is retried with back-off
/// while the interstitial says "Reconnecting…"; after the retries it falls
/// back to `fallbackIndex`; a fallback that fails too is retried forever at
/// the longest back-off. Nobody needs to press a key.
enum RecoveryReducer {
    static func enabled(_ state: ShellState) -> Bool {
        state.settings.retries > 0 || state.live.fallbackIndex != nil || (state.currentItem?.streamCount ?? 1) > 1
    }

    /// The current load failed for `reason`: fail over to another stream
    /// (unless `failedOver`: `failOver` was asked already), retry, fall
    /// back, or nil to let the error screen show it.
    static func failed(_ state: inout ShellState, reason: String, now: Instant, failedOver: Bool = false) -> [Effect]? {
        if !failedOver, let effects = failOver(&state, reason: reason, now: now) { return effects }
        guard state.live.flip == nil, state.prompt == nil, let index = state.current, enabled(state) else { return nil }
        let previous = state.live.recovery?.index == index ? state.live.recovery!.attempt : 0
        let attempt = previous + 1
        let settings = state.settings
        let isFallback = index == state.live.fallbackIndex
        if attempt > settings.retries, let fallback = state.live.fallbackIndex, !isFallback, state.items.indices.contains(fallback) {
            state.live.recovery = nil
            let name = state.items[index].title
            state.chrome.notice = "“\(name)” is not available: \(state.items[fallback].title) instead"
            return [.startTimer(.noticeHide, after: settings.noticeDelay * 2)] + PlaybackReducer.play(&state, index: fallback, now: now)
        }
        guard attempt <= settings.retries || isFallback || state.kiosk else {
            state.live.recovery = nil
            return nil
        }
        let delays = settings.retryBackoff.isEmpty ? [5.0] : settings.retryBackoff
        let delay = delays[min(attempt - 1, delays.count - 1)]
        state.live.recovery = RecoveryState(index: index, attempt: attempt, reason: reason, waiting: true)
        PlaybackReducer.failForRetry(&state)
        NavigationReducer.go(&state, to: .interstitial)
        state.clearChrome()
        return [
            .cancelTimer(.transportHide), .cancelTimer(.stall), .stop,
            .startTimer(.retry, after: delay), .startTimer(.spinner, after: settings.spinnerInterval),
        ]
    }

    /// The current item's stream failed for `reason`: when the item has a
    /// stream not yet tried since one last played, it loads at once behind
    /// "Reconnecting…", for the same content request; nil otherwise (the
    /// failure is noted in `streamHealth` either way).
    static func failOver(_ state: inout ShellState, reason: String, now: Instant) -> [Effect]? {
        guard state.live.flip == nil, state.prompt == nil, let index = state.current,
              let switched = FailoverReducer.advance(&state, index: index, reason: reason) else { return nil }
        let attempt = state.live.recovery?.index == index ? state.live.recovery!.attempt : 0
        state.live.recovery = RecoveryState(index: index, attempt: attempt, reason: reason, waiting: false)
        PlaybackReducer.releaseHeldPicture(&state)
        state.clearChrome()
        return [.emit(switched), .cancelTimer(.transportHide), .cancelTimer(.stall), .startTimer(.spinner, after: state.settings.spinnerInterval)]
            + PlaybackReducer.play(&state, index: index, now: now, request: state.playback.contentRequest)
    }

    /// The back-off is over: load the stream again.
    static func retry(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard var recovery = state.live.recovery, recovery.waiting else { return [] }
        recovery.waiting = false
        state.live.recovery = recovery
        FailoverReducer.newRound(&state, index: recovery.index)
        return PlaybackReducer.play(&state, index: recovery.index, now: now)
    }

    /// The stream plays again.
    static func recovered(_ state: inout ShellState) {
        guard state.live.recovery != nil else { return }
        state.live.recovery = nil
        if state.screen == .interstitial && state.live.flip == nil { NavigationReducer.go(&state, to: .player) }
    }

    /// Whether what plays can stall: with recovery on, anything; without,
    /// anything read from a server or a disk — a file too: one on a network
    /// share that stopped answering waits as long as a dead server (a
    /// source the player makes itself cannot wait on anything).
    static func watchesStalls(_ state: ShellState) -> Bool {
        if enabled(state) { return true }
        guard let index = state.current else { return false }
        return !isMadeByPlayer(state.playable(index).url)
    }

    /// Whether `url` is a source the player makes itself (a lavfi graph,
    /// bytes in memory), with nothing to read that could stop answering.
    static func isMadeByPlayer(_ url: String) -> Bool {
        scheme(url).map { ["av", "lavfi", "memory"].contains($0) } ?? false
    }

    /// Whether `url` is read from a server (not a file, nor a source the
    /// player makes itself).
    static func isFromServer(_ url: String) -> Bool {
        scheme(url).map { !["av", "file", "lavfi", "memory", "edl"].contains($0) } ?? false
    }

    /// `url`'s scheme in lower case; nil for a path.
    private static func scheme(_ url: String) -> String? {
        url.firstRange(of: "://").map { url[..<$0.lowerBound].lowercased() }
    }

    /// A load began: one that has not started playing within `stallTimeout`
    /// (a server that answers nothing, or a byte a second; a file on a share
    /// that stopped answering) is a failure too.
    static func loadStarted(_ state: ShellState) -> [Effect] {
        watchesStalls(state) ? [.startTimer(.stall, after: state.settings.stallTimeout)] : []
    }

    /// The stall timer fired: a playing stream still waiting for its cache,
    /// or a load that has not started (not under a passcode prompt or
    /// during a flip, which have their own ends, nor while the resume offer
    /// waits for an answer before anything loads), failed: recovered when
    /// recovery is on, else stopped, with the error screen saying why.
    static func stalled(_ state: inout ShellState, now: Instant) -> [Effect] {
        let reason: String
        let fromServer = state.current.map { isFromServer(state.playable($0).url) } ?? true
        let seconds = Int(state.settings.stallTimeout.rounded())
        switch state.playback.phase {
        case .playing where state.playback.buffering:
            reason = fromServer ? "the stream stalled" : "its file stopped answering (is its disk or share still there?)"
        case .loading where state.prompt == nil && state.live.flip == nil && state.upNext.resumeOffer == nil:
            reason = fromServer ? "the stream did not start within \(seconds) s"
                : "its file did not open within \(seconds) s (is its disk or share still there?)"
        default:
            return []
        }
        if let effects = failed(&state, reason: reason, now: now) { return effects }
        return [.stop] + PlayerReducer.reduce(&state, .failed(reason: reason), now: now)
    }

    /// Cache waits start and end: a wait longer than `stallTimeout` is a failure.
    static func buffering(_ state: ShellState, _ waiting: Bool) -> [Effect] {
        guard watchesStalls(state) else { return [] }
        return waiting ? [.startTimer(.stall, after: state.settings.stallTimeout)] : [.cancelTimer(.stall)]
    }
}
