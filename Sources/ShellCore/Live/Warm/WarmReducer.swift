import MediaModel

/// Warm neighbours (`ShellSettings.warmNeighbours`): once a live channel has
/// played `warmDelay` seconds, the next and previous channels of the flip
/// order are opened in players of their own, paused and muted, never drawn.
/// A play of a warm channel (a flip, a number, the guide) swaps players:
/// picture and sound at once, at the live edge of what it buffered; the
/// channel left stays warm when it neighbours the new one. A channel the
/// restrictions would stop is never opened (nothing of it decoded before
/// its passcode), and all open streams stay within `maxConnections`.
enum WarmReducer {
    /// The channels the current one's neighbours are, in the order they are
    /// opened (next, then previous), as many as the settings and the
    /// connection cap allow; empty when nothing live plays full screen.
    static func neighbours(_ state: ShellState) -> [Int] {
        let settings = state.settings
        guard settings.warmNeighbours > 0, let current = state.current, state.items[current].isLive,
              state.screen == .player || state.screen == .interstitial,
              state.playback.phase == .playing || state.playback.phase == .loading else { return [] }
        let ring = state.channelRing
        guard let position = state.lineupIndex.ringPosition(of: current), ring.count > 1 else { return [] }
        var chosen: [Int] = []
        for step in [1, -1] {
            let index = ring[(position + step + ring.count) % ring.count]
            guard index != current, !chosen.contains(index), !state.warm.refused.contains(index), !restricted(state, index) else { continue }
            chosen.append(index)
        }
        var allowed = min(settings.warmNeighbours, PlayerSlot.warm.count)
        if let cap = settings.maxConnections { allowed = min(allowed, max(0, cap - state.openStreams)) }
        return Array(chosen.prefix(allowed))
    }

    /// Whether the restrictions would stop `items[index]` now (by what is
    /// known before opening it).
    static func restricted(_ state: ShellState, _ index: Int) -> Bool {
        let item = state.items[index]
        let policy = state.restrictions.policy
        return policy.mode != .off && policy.restricts(RestrictionReducer.knownRatings(state, item))
            && !RestrictionReducer.covered(state, item, programmeStart: RestrictionReducer.programmeStart(state, item))
    }

    /// Run after every action: warm players no longer wanted are stopped;
    /// once the delay has passed, missing ones are opened. Nothing changes
    /// while a flip or the passcode prompt is under way.
    static func reconcile(_ state: inout ShellState) -> [Effect] {
        guard state.live.flip == nil, state.prompt == nil else { return [] }
        let wanted = neighbours(state)
        var effects: [Effect] = []
        for slot in PlayerSlot.warm {
            guard let warm = state.warm.players[slot], !wanted.contains(warm.index) else { continue }
            state.retire(warm.playback.token)
            state.warm.players[slot] = nil
            effects.append(.slot(slot, .stop))
        }
        guard state.warm.allowed == state.playback.token, state.playback.phase == .playing else { return effects }
        for index in wanted where !state.warm.players.values.contains(where: { $0.index == index }) {
            guard let slot = PlayerSlot.warm.first(where: { state.warm.players[$0] == nil }) else { break }
            var playback = PlaybackState()
            playback.token = state.newToken()
            playback.phase = .loading
            playback.paused = true
            playback.ratings = RestrictionReducer.knownRatings(state, state.items[index])
            state.warm.players[slot] = WarmPlayer(index: index, playback: playback)
            effects += [.slot(slot, .mute(true)), .slot(slot, .loadPaused(state.playable(index), token: playback.token))]
        }
        return effects
    }

    /// The full-screen live channel plays: its neighbours may open after the delay.
    static func mainPlaying(_ state: ShellState) -> [Effect] {
        guard state.settings.warmNeighbours > 0, state.currentItem?.isLive == true, state.currentItem?.number != nil else { return [] }
        return [.startTimer(.warmNeighbours, after: state.settings.warmDelay)]
    }

    /// The delay is over.
    static func delayFired(_ state: inout ShellState) {
        guard state.playback.phase == .playing, state.warm.allowed != state.playback.token else { return }
        state.warm.allowed = state.playback.token
        state.warm.refused = []
    }

    /// A warm player's report: held at its hook it goes on unless its file's
    /// ratings restrict it; a failure or an end drops it for this load.
    /// Nil for reports that only update its playback.
    static func report(_ state: inout ShellState, slot: PlayerSlot, _ report: PlayerReport) -> [Effect]? {
        guard let warm = state.warm.players[slot] else { return [] }
        switch report {
        case .preloaded(let fileRatings):
            let ratings = warm.playback.ratings + fileRatings
            let item = state.items[warm.index]
            let policy = state.restrictions.policy
            if policy.mode != .off, policy.restricts(ratings),
               !RestrictionReducer.covered(state, item, programmeStart: RestrictionReducer.programmeStart(state, item)) {
                return drop(&state, slot: slot)
            }
            state.warm.players[slot]?.playback.fileRatings = fileRatings
            state.warm.players[slot]?.playback.ratings = ratings
            return [.slot(slot, .continueLoad(token: warm.playback.token))]
        case .failed, .ended:
            return drop(&state, slot: slot)
        default:
            return nil
        }
    }

    /// Stops a warm player and opens that channel no more during this load.
    private static func drop(_ state: inout ShellState, slot: PlayerSlot) -> [Effect] {
        guard let warm = state.warm.players[slot] else { return [] }
        state.retire(warm.playback.token)
        state.warm.players[slot] = nil
        state.warm.refused.insert(warm.index)
        return [.slot(slot, .stop)]
    }

    /// A play of `items[index]` (past the restrictions' gate) that is warm:
    /// the players swap, the warm one plays on from the live edge of its
    /// buffer with sound, and the channel left stays warm (paused, muted)
    /// for `reconcile` to keep or stop. Nil when it is not warm and ready.
    static func swapIn(_ state: inout ShellState, index: Int, request: Int?) -> [Effect]? {
        guard let (slot, warm) = state.warm.players.first(where: { $0.value.index == index }), warm.playback.phase == .playing,
              state.prompt == nil else { return nil }
        var effects: [Effect] = [.cancelTimer(.errorAdvance), .exchangePlayers(.main, slot)]
        let old = state.playback
        state.warm.players[slot] = nil
        if let left = state.current, old.phase == .playing, state.items[left].isLive, old.token != 0 {
            var kept = old
            kept.paused = true
            kept.contentRequest = nil
            state.warm.players[slot] = WarmPlayer(index: left, playback: kept)
            effects += [.slot(slot, .pause(true)), .slot(slot, .mute(true))]
        } else if old.phase != .idle {
            state.retire(old.token)
            effects.append(.slot(slot, .stop))
        }
        let saved = ResumeReducer.save(&state)
        PlaybackReducer.makeCurrent(&state, index)
        state.navigation.homeSelection = index
        PlaybackReducer.adoptWarm(&state, warm.playback)
        state.warm.allowed = nil
        state.live.recovery = nil
        state.clearChrome()
        effects += saved + [.slot(.main, .mute(false)), .setPause(false)]
        if state.settings.rememberPositions { effects.append(.recordPlay(state.items[index], live: true)) }
        if var buffer = state.playback.liveBuffer {
            let target = max(buffer.start, buffer.end - 1)
            buffer.followingEdge = true
            buffer.edgeLag = nil
            PlaybackReducer.track(&state, liveBuffer: buffer)
            PlaybackReducer.seek(&state, to: target)
            effects.append(.seek(to: target, exact: false))
        }
        if state.live.flip == nil {
            NavigationReducer.go(&state, to: .player)
            state.chrome.transportVisible = true
            effects.append(.startTimer(.transportHide, after: state.settings.transportHideDelay))
        }
        if let request { effects.append(.finishContentRequest(request: request, success: true)) }
        effects.append(.emit(.playbackStarted(title: state.title, url: state.playingURL ?? "")))
        return effects + RestrictionReducer.didStartLoad(&state) + mainPlaying(state) + PictureReducer.muteForFullScreen(&state)
    }
}
