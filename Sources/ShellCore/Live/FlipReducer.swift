import MediaModel

/// Channel flipping: each request moves one channel on from the previous
/// request's target; the interstitial is up at once. The first press asks
/// the delegate at once (a single flip never waits); presses that follow
/// while a flip is under way are gathered until the keys settle, then the
/// delegate is asked for the final target, which supersedes the load under
/// way. The completion (tokened) ends the flip, exactly once; failure or
/// silence shows why, then returns to where the flips started.
enum FlipReducer {
    /// A flip key: `step` is +1 (next) or -1 (previous).
    static func request(_ state: inout ShellState, step: Int, now: Instant) -> [Effect] {
        let ring = state.channelRing
        guard !ring.isEmpty, state.prompt == nil else { return [] }
        let base = state.live.flip.map { $0.failure == nil ? $0.target : $0.origin } ?? state.current
        let target: Int
        if let base, let position = state.lineupIndex.ringPosition(of: base) {
            target = ring[(position + step % ring.count + ring.count) % ring.count]
        } else {
            target = step > 0 ? ring[0] : ring[ring.count - 1]
        }
        var effects: [Effect] = []
        let gathering = state.live.flip.map { $0.failure == nil } ?? false
        if let old = state.live.flip, old.failure == nil {
            effects.append(.emit(.flipCompleted(target: ChannelRef(state.items[old.target]), success: false, superseded: true)))
        }
        state.live.flipCounter += 1
        let origin = state.live.flip?.origin ?? state.current ?? target
        state.live.flip = FlipState(token: state.live.flipCounter, origin: origin, target: target, direction: step > 0 ? .next : .previous)
        NavigationReducer.go(&state, to: .interstitial)
        state.chrome.overlay = .none
        state.scrub = nil
        state.chrome.transportVisible = false
        effects += [
            .emit(.flipStarted(target: ChannelRef(state.items[target]))),
            .cancelTimer(.flipTimeout), .cancelTimer(.flipFailureShown), .cancelTimer(.errorAdvance), .cancelTimer(.transportHide),
        ]
        guard gathering else {
            return effects + [.cancelTimer(.flipSettle), .startTimer(.spinner, after: state.settings.spinnerInterval)] + settle(&state)
        }
        return effects + [
            .startTimer(.flipSettle, after: state.settings.flipSettleDelay),
            .startTimer(.spinner, after: state.settings.spinnerInterval),
        ]
    }

    /// The keys settled: ask the delegate for the final target.
    static func settle(_ state: inout ShellState) -> [Effect] {
        guard var flip = state.live.flip, !flip.requested, flip.failure == nil else { return [] }
        flip.requested = true
        state.live.flip = flip
        let origin = state.items.indices.contains(flip.origin) ? state.items[flip.origin] : nil
        return [
            .requestFlip(FlipRequest(token: flip.token, direction: flip.direction, target: state.items[flip.target], origin: origin)),
            .startTimer(.flipTimeout, after: state.settings.flipTimeout),
        ]
    }

    /// The delegate's completion for `token`.
    static func complete(_ state: inout ShellState, token: Int, success: Bool, now: Instant) -> [Effect] {
        guard let flip = state.live.flip, flip.token == token, flip.requested, flip.failure == nil else { return [] }
        if state.prompt != nil { return completeUnderPrompt(&state, flip, success: success) }
        guard success else {
            let detail = state.playback.phase == .failed ? state.playback.failure?.reason : nil
            return fail(&state, reason: detail ?? "the channel did not start")
        }
        state.live.flip = nil
        PlaybackReducer.makeCurrent(&state, flip.target)
        state.navigation.homeSelection = flip.target
        NavigationReducer.go(&state, to: .player)
        state.chrome.transportVisible = true
        return [
            .cancelTimer(.flipTimeout), .cancelTimer(.spinner),
            .emit(.flipCompleted(target: ChannelRef(state.items[flip.target]), success: true, superseded: false)),
            .startTimer(.transportHide, after: state.settings.transportHideDelay),
        ]
    }

    /// The delegate answered while the passcode prompt for its target is
    /// up: the flip ends (its event is sent), the prompt stays, and ESC on
    /// it still goes back to where the flips started.
    private static func completeUnderPrompt(_ state: inout ShellState, _ flip: FlipState, success: Bool) -> [Effect] {
        state.live.flip = nil
        state.updatePrompt { if $0.origin == nil { $0.origin = flip.origin } }
        return [
            .cancelTimer(.flipTimeout), .cancelTimer(.flipSettle), .cancelTimer(.flipFailureShown), .cancelTimer(.spinner),
            .emit(.flipCompleted(target: ChannelRef(state.items[flip.target]), success: success, superseded: false)),
        ]
    }

    /// Something else was chosen while a flip was under way (a number, the
    /// guide, IPC `channel`, a play): the flip ends here, superseded, unless
    /// its end was already told (a failure being shown).
    static func abandon(_ state: inout ShellState) -> [Effect] {
        guard let flip = state.live.flip else { return [] }
        state.live.flip = nil
        var effects: [Effect] = [.cancelTimer(.flipSettle), .cancelTimer(.flipTimeout), .cancelTimer(.flipFailureShown), .cancelTimer(.spinner)]
        if flip.failure == nil {
            effects.append(.emit(.flipCompleted(target: ChannelRef(state.items[flip.target]), success: false, superseded: true)))
        }
        return effects
    }

    /// The delegate did not answer in time.
    static func timeout(_ state: inout ShellState) -> [Effect] {
        guard let flip = state.live.flip, flip.requested, flip.failure == nil else { return [] }
        return fail(&state, reason: "no answer within \(Int(state.settings.flipTimeout)) s")
    }

    /// Shows why the flip failed; `flipFailureShown` then returns to the
    /// origin. The flip's end is told once: failing a flip that already
    /// failed (refused by new restrictions under its failure) only says why.
    static func fail(_ state: inout ShellState, reason: String) -> [Effect] {
        guard var flip = state.live.flip else { return [] }
        let told = flip.failure != nil
        let target = state.items[flip.target]
        flip.failure = "\(target.title) is not available right now"
        flip.failureReason = reason
        state.live.flip = flip
        let end: [Effect] = told ? [] : [.emit(.flipCompleted(target: ChannelRef(target), success: false, superseded: false))]
        return [.cancelTimer(.flipTimeout), .cancelTimer(.flipSettle)] + end + [.startTimer(.flipFailureShown, after: state.settings.flipFailureDelay)]
    }

    /// After a failure (or ESC): back to the channel the flips started from.
    /// Under a passcode prompt the screen stays: ESC on a content prompt
    /// goes back there, and the admin's prompt goes back there once closed.
    static func returnToOrigin(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let flip = state.live.flip else { return [] }
        state.live.flip = nil
        var back: [Effect] = [.cancelTimer(.spinner), .cancelTimer(.flipTimeout), .cancelTimer(.flipSettle), .cancelTimer(.flipFailureShown)]
        if let failure = flip.failure, state.prompt == nil, state.items.indices.contains(flip.origin) {
            // Back where the flips began: say why, in the same plain words.
            let origin = state.items[flip.origin]
            state.chrome.notice = "\(failure): back to \(origin.number.map { "\($0) " } ?? "")\(origin.title)"
            back.append(.startTimer(.noticeHide, after: state.settings.noticeDelay * 2))
        }
        if let prompt = state.prompt {
            if prompt.isContent {
                state.updatePrompt { if $0.origin == nil { $0.origin = flip.origin } }
            } else {
                state.restrictions.afterPrompt = flip.origin
            }
            return back
        }
        if state.current == flip.origin && state.playback.phase == .playing {
            NavigationReducer.go(&state, to: .player)
            state.chrome.transportVisible = true
            return back + [.startTimer(.transportHide, after: state.settings.transportHideDelay)]
        }
        return back + PlaybackReducer.play(&state, index: flip.origin, now: now)
    }

    /// ESC during a flip: give up on it.
    static func cancel(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let flip = state.live.flip else { return [] }
        var effects: [Effect] = []
        if flip.failure == nil {
            effects.append(.emit(.flipCompleted(target: ChannelRef(state.items[flip.target]), success: false, superseded: true)))
        }
        return effects + returnToOrigin(&state, now: now)
    }

    /// Keys while the interstitial is up.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        switch command {
        case .right, .channelUp: return request(&state, step: 1, now: now)
        case .left, .channelDown: return request(&state, step: -1, now: now)
        case .menu: return cancel(&state, now: now)
        default:
            // The failure stays for its moment or until a key.
            return state.live.flip?.failure != nil ? returnToOrigin(&state, now: now) : []
        }
    }
}
