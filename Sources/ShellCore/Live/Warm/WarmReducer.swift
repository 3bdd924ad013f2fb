import MediaModel

/// Warm players: once a live channel has played `warmDelay` seconds (at
/// once when it came from a warm player or the guide's preview, which load
/// nothing), the channels the viewer is likeliest to go to next are opened
/// in players of their own, paused and muted, never drawn (`candidates`:
/// the channel the typed digits can become, the next and previous channels,
/// the channel watched before, a favourite, the most watched). A play of a
/// warm channel (a flip, a number, the guide, the last-channel key) swaps
/// players:
/// picture and sound at once, at the live edge of what it buffered; the
/// channel left stays warm while it is still likely. The channel under the
/// guide's focus is the preview's (`PreviewReducer`: ENTER promotes it
/// without a reload). A channel the restrictions would stop is never opened
/// (nothing of it decoded before its passcode); warm players stay within
/// `warmBudget` and, with everything the viewer asked to see counted first,
/// within `maxConnections`: they give way at once.
enum WarmReducer {
    /// The channels to keep warm, likeliest first, with why, as many as
    /// the budget, the slots and the connection cap allow; empty when
    /// nothing live plays full screen (or warming is off:
    /// `warmNeighbours` 0).
    static func candidates(_ state: ShellState) -> [(index: Int, reason: WarmReason)] {
        let settings = state.settings
        guard settings.warmNeighbours > 0, settings.warmBudget.players > 0, let current = state.current, state.items[current].isLive,
              state.screen == .player || state.screen == .interstitial,
              state.playback.phase == .playing || state.playback.phase == .loading else { return [] }
        let lineup = state.lineupIndex
        let ring = lineup.ring
        guard let position = lineup.ringPosition(of: current), ring.count > 1 else { return [] }
        var allowed = min(settings.warmBudget.players, PlayerSlot.warm.count)
        if let cap = settings.maxConnections { allowed = min(allowed, max(0, cap - state.openStreams)) }
        var chosen: [(index: Int, reason: WarmReason)] = []
        func add(_ index: Int?, _ reason: WarmReason) {
            guard chosen.count < allowed, let index, index != current, state.items.indices.contains(index), state.items[index].isLive,
                  !chosen.contains(where: { $0.index == index }), !state.warm.refused.contains(index), !RestrictionReducer.stopsNow(state, index) else { return }
            chosen.append((index, reason))
        }
        if let entry = state.live.channelEntry { add(typedTarget(state, digits: entry.digits), .typedDigits) }
        add(ring[(position + 1) % ring.count], .next)
        add(ring[(position - 1 + ring.count) % ring.count], .previous)
        add(state.live.previousChannel, .lastChannel)
        add(favourite(state, after: position), .favourite)
        for index in mostWatched(state) { add(index, .mostWatched) }
        return chosen
    }

    /// The channel `digits` can still become: the only one, else the most
    /// watched of them, else the one they name now (what a pause tunes).
    static func typedTarget(_ state: ShellState, digits: String) -> Int? {
        guard let typed = Int(digits), typed > 0 else { return nil }
        var matches: [Int] = []
        var exact: Int?
        for index in state.lineupIndex.ring {
            guard let number = state.items[index].number, number >= typed else { continue }
            var n = number
            while n > typed { n /= 10 }
            guard n == typed else { continue }
            matches.append(index)
            if number == typed { exact = exact ?? index }
        }
        if matches.count == 1 { return matches[0] }
        let counts = state.live.watchCounts
        let watched = matches.max { (counts[state.items[$0].channelKey] ?? 0) < (counts[state.items[$1].channelKey] ?? 0) }
        if let watched, (counts[state.items[watched].channelKey] ?? 0) > 0 { return watched }
        return exact
    }

    /// The favourite to keep warm: the most watched, else the first after
    /// the ring's `position`.
    static func favourite(_ state: ShellState, after position: Int) -> Int? {
        let favourites = state.lineupIndex.favouriteRing
        guard !favourites.isEmpty else { return nil }
        let counts = state.live.watchCounts
        if let watched = favourites.max(by: { (counts[state.items[$0].channelKey] ?? 0) < (counts[state.items[$1].channelKey] ?? 0) }),
           (counts[state.items[watched].channelKey] ?? 0) > 0 {
            return watched
        }
        return favourites.first { (state.lineupIndex.ringPosition(of: $0) ?? 0) > position } ?? favourites[0]
    }

    /// The channels played live most often, most first (ties by key).
    static func mostWatched(_ state: ShellState, count: Int = PlayerSlot.warm.count) -> [Int] {
        state.live.watchCounts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .lazy.compactMap { state.lineupIndex.byChannelKey[$0.key] }.prefix(count).map { $0 }
    }

    /// Run after every action: warm players no longer wanted are stopped;
    /// once the delay has passed, missing ones are opened. Nothing changes
    /// while a flip or the passcode prompt is under way (a cold load gives
    /// way first: `giveWay`).
    static func reconcile(_ state: inout ShellState) -> [Effect] {
        guard state.live.flip == nil, state.prompt == nil else { return [] }
        let wanted = candidates(state)
        var effects = stopUnwanted(&state, wanted: wanted)
        guard state.warm.allowed == state.playback.token, state.playback.phase == .playing else { return effects }
        for (index, reason) in wanted where !state.warm.players.values.contains(where: { $0.index == index }) {
            guard let slot = PlayerSlot.warm.first(where: { state.warm.players[$0] == nil }) else { break }
            var playback = PlaybackState()
            playback.token = state.newToken()
            playback.phase = .loading
            playback.paused = true
            playback.ratings = RestrictionReducer.knownRatings(state, state.items[index])
            state.warm.players[slot] = WarmPlayer(index: index, playback: playback, reason: reason)
            effects += [.slot(slot, .mute(true)), .slot(slot, .loadPaused(state.playable(index), token: playback.token))]
        }
        return effects
    }

    /// A cold load of the full-screen channel (made current, `.loading`)
    /// is about to start, also during a flip: the warm players it does not
    /// want stop first, before its load (their effects come before it).
    /// They give way at once: nothing of them competes with it, and the
    /// streams they free let the runtime open it in the spare player
    /// beside the old one still ending, within `max_connections` (stopped
    /// after the load, as `reconcile` would, they still counted then, and
    /// the load waited for the old stream's end: 1.1× a raw load instead
    /// of a fraction).
    static func giveWay(_ state: inout ShellState) -> [Effect] {
        stopUnwanted(&state, wanted: candidates(state))
    }

    /// Stops the warm players whose channel is not among `wanted` (and
    /// brings the others' reasons up to date).
    private static func stopUnwanted(_ state: inout ShellState, wanted: [(index: Int, reason: WarmReason)]) -> [Effect] {
        var effects: [Effect] = []
        for slot in PlayerSlot.warm {
            guard let warm = state.warm.players[slot] else { continue }
            if let kept = wanted.first(where: { $0.index == warm.index }) {
                if warm.reason != kept.reason { state.warm.players[slot]?.reason = kept.reason }
                continue
            }
            state.retire(warm.playback.token)
            state.warm.players[slot] = nil
            effects.append(.slot(slot, .stop))
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
    /// ratings restrict it, or its stream is a file from the network (a film
    /// in a lineup): the live buffer would read it whole, unseen, and the
    /// swap would play it from the buffer's end, which is the file's; a
    /// failure, an end or a buffer whose file filled its room on disk drops
    /// it for this load.
    /// Nil for reports that only update its playback.
    static func report(_ state: inout ShellState, slot: PlayerSlot, _ report: PlayerReport) -> [Effect]? {
        guard let warm = state.warm.players[slot] else { return [] }
        switch report {
        case .preloaded(let fileRatings, let file):
            if file { return drop(&state, slot: slot) }
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
        case .failed, .ended, .bufferFull:
            return drop(&state, slot: slot)
        case .fetched(let bytes, let rate):
            state.warm.players[slot]?.fetchedBytes = bytes
            state.warm.players[slot]?.inputRate = rate
            return overBudget(&state)
        default:
            return nil
        }
    }

    /// Over the budget's bytes a minute, the least likely warm player is
    /// stopped (and not opened again during this load).
    private static func overBudget(_ state: inout ShellState) -> [Effect] {
        guard let budget = state.settings.warmBudget.bytesPerMinute else { return [] }
        let players = state.warm.players
        let total = players.values.reduce(0) { $0 + $1.inputRate } * 60
        guard total > Double(budget), players.count > 0 else { return [] }
        let rank = Dictionary(uniqueKeysWithValues: WarmReason.allCases.enumerated().map { ($1, $0) })
        guard let least = players.max(by: { (rank[$0.value.reason]!, $0.value.index) < (rank[$1.value.reason]!, $1.value.index) }) else { return [] }
        return drop(&state, slot: least.key)
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
    /// for `reconcile` to keep or stop. A warm player still loading is
    /// taken over as it is: its load goes on as the full-screen one (held
    /// at its hook, it meets the restrictions' check there; `.playing`
    /// answers the request and says it started), rather than dropped for a
    /// cold load of the same channel (not where the settings say so:
    /// `ShellSettings.takeOverLoading`). Nil when the channel is not
    /// warm, or not taken over.
    static func swapIn(_ state: inout ShellState, index: Int, request: Int?) -> [Effect]? {
        guard let (slot, warm) = state.warm.players.first(where: { $0.value.index == index }),
              warm.playback.phase == .playing || warm.playback.phase == .loading && state.settings.takeOverLoading,
              state.prompt == nil else { return nil }
        let ready = warm.playback.phase == .playing
        var effects: [Effect] = [.cancelTimer(.errorAdvance), .exchangePlayers(.main, slot)]
        let old = state.playback
        // A load still under way holds what played on screen, as a cold one does.
        let hold = !ready && state.screen == .player && old.firstFramePresented
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
        PlaybackReducer.adoptWarm(&state, warm.playback, request: ready ? nil : request, holdingPicture: hold)
        // No cold load to make way for: the next likely channels open at
        // once (once it plays, for a load taken over).
        state.warm.allowed = state.playback.token
        state.live.recovery = nil
        state.clearChrome()
        effects += saved + [.slot(.main, .mute(false)), .setPause(false)] + TrackChoiceReducer.tracksListed(&state)
        guard ready else {
            if hold { effects.append(.startTimer(.posterDelay, after: state.settings.posterDelay)) }
            return effects + showPlayer(&state) + RecoveryReducer.loadStarted(state) + RestrictionReducer.didStartLoad(&state)
                + PictureReducer.muteForFullScreen(&state)
        }
        if state.settings.rememberPositions { effects.append(.recordPlay(state.items[index], live: true)) }
        if var buffer = state.playback.liveBuffer {
            let target = max(buffer.start, buffer.end - 1)
            buffer.follow()
            buffer.edgeLag = nil
            PlaybackReducer.track(&state, liveBuffer: buffer)
            PlaybackReducer.seek(&state, to: target)
            effects.append(.seek(to: target, exact: false))
        }
        effects += showPlayer(&state)
        if let request { effects.append(.finishContentRequest(request: request, success: true)) }
        effects.append(.emit(.playbackStarted(title: state.title, url: state.playingURL ?? "")))
        return effects + RestrictionReducer.didStartLoad(&state) + PictureReducer.muteForFullScreen(&state)
    }

    /// Outside a flip (whose interstitial stays until it completes), the
    /// player screen with its transport bar, hidden after the usual delay.
    private static func showPlayer(_ state: inout ShellState) -> [Effect] {
        guard state.live.flip == nil else { return [] }
        NavigationReducer.go(&state, to: .player)
        state.chrome.transportVisible = true
        return [.startTimer(.transportHide, after: state.settings.transportHideDelay)]
    }
}
