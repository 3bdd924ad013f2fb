import MediaModel

/// Another lineup replaces the items (IPC and MQTT `lineup`). Everything
/// that names an item by its index in `items` is settled first, while the
/// indices still mean the old items: the flip and the typed number end, the
/// picture, the preview and multiview stop, the guide's grid and search,
/// the record dialog and the reconnection close; a passcode given covers
/// nothing new. Items are then found again by channel
/// (`MediaItem.channelKey`) in the new lineup:
/// - what plays full screen goes on, without a reload, when the new lineup
///   has its channel on the same stream and the restrictions allow it as
///   the new lineup rates it (a fleet pushing an updated lineup does not
///   make the TV jump); found on another stream, or restricted now, it is
///   loaded again (behind the prompt); not found, the start channel (else
///   the first item) plays, and what played keeps its resume point;
/// - a warm player goes on when its channel is found on the same stream
///   and is not restricted; every other one stops (kept by its old index
///   it would show the old lineup's channel under the new one's name);
/// - the start, fallback and previous channels are found again (a
///   fallback not found falls back to the start);
/// - the box's recordings stay listed.
/// Refused (nothing changes) while the passcode prompt is up or with no
/// items. Pure.
enum LineupReducer {
    /// Another lineup switched to (`Action.open`): a refresh of the old
    /// one still waiting is dropped with it — applied later it would put
    /// the old lineup's channels back over the new one's wherever their
    /// ids meet (the same provider's channels keep theirs). A sleeping
    /// shell takes the new lineup and sleeps on: a lineup pushed to every
    /// box at night starts none of them.
    static func open(_ state: inout ShellState, items: [MediaItem], now: Instant) -> [Effect] {
        guard !items.isEmpty, state.prompt == nil else { return [] }
        let waiting = state.pendingRefresh != nil
        state.pendingRefresh = nil
        return (waiting ? [.cancelTimer(.refreshSettle)] : []) + replace(&state, with: items, now: now, play: !state.sleep.asleep)
    }

    /// `play`: whether, with nothing going on, the new lineup starts
    /// playing (`lineup URL`); a refresh under the home screen or the
    /// guide's list leaves the viewer browsing, on the item they were on.
    /// `start`, `fallback`: the new lineup's start and fallback channels
    /// when known by other means than the old lineup's (`LineupWait`).
    static func replace(_ state: inout ShellState, with items: [MediaItem], now: Instant, play: Bool = true,
                        start knownStart: Int? = nil, fallback knownFallback: Int? = nil) -> [Effect] {
        guard !items.isEmpty, state.prompt == nil else { return [] }
        var effects = FlipReducer.abandon(&state)
        if state.live.channelEntry != nil {
            ChannelEntryReducer.cancel(&state)
            effects.append(.cancelTimer(.digitCommit))
        }
        effects += PictureReducer.close(&state, reason: "lineup") + PreviewReducer.stop(&state) + MultiviewReducer.end(&state)

        let old = state.items
        func found(_ index: Int?) -> Int? {
            guard let index, old.indices.contains(index) else { return nil }
            let key = old[index].channelKey
            return items.firstIndex { $0.channelKey == key }
        }
        /// The new index of `old[index]` playing `url`, when the new lineup
        /// has that channel on that same stream.
        func same(_ index: Int?, url: String) -> Int? {
            found(index).flatMap { items[$0].url == url ? $0 : nil }
        }
        // What plays full screen, found again: it goes on when on the same
        // stream and allowed as the new lineup rates it; else it is loaded
        // again (also after a failure: the new lineup may have mended it).
        let phase = state.playback.phase
        let watched = phase == .playing || phase == .loading || phase == .failed ? found(state.current) : nil
        let goesOn = watched.flatMap { index -> Int? in
            guard phase != .failed, state.live.recovery == nil, let current = state.current,
                  items[index].url == state.playable(current).url else { return nil }
            let ratings = RestrictionReducer.knownRatings(state, items[index]) + state.playback.fileRatings
            return state.restrictions.policy.mode == .off || !state.restrictions.policy.restricts(ratings) ? index : nil
        }
        let warm = state.warm.players.map { slot, player in (slot, player, same(player.index, url: state.playable(player.index).url)) }
        let start = knownStart ?? found(state.live.startIndex)
        let fallback = knownFallback ?? state.live.fallbackIndex.map { found($0) ?? start ?? 0 }
        let previous = found(state.live.previousChannel)
        let recordings = old.filter { $0.id.hasPrefix("recording:") }
        let allowed = state.warm.allowed
        let selected = old.indices.contains(state.navigation.homeSelection) ? old[state.navigation.homeSelection] : nil
        let inContinue = state.navigation.homeInContinue

        if goesOn == nil { effects += ResumeReducer.save(&state) }
        PlaybackReducer.makeCurrent(&state, nil)
        state.items = recordings.isEmpty ? items : items + recordings
        state.lineupWait = nil
        state.lineupWaitIsMedia = false
        state.live.startIndex = start
        state.live.fallbackIndex = fallback
        state.live.previousChannel = previous
        state.live.recovery = nil
        state.live.streamHealth = [:]
        state.guide.grid = nil
        state.guide.search = nil
        state.guide.backToPicture = false
        state.guide.backToChannel = nil
        state.recordings.dialog = nil
        state.restrictions.afterPrompt = nil
        // A passcode given for the old lineup's item covers no item of the
        // new one, whatever its id.
        state.restrictions.grant = nil
        state.upNext.startPending = nil
        state.navigation.homeInContinue = false

        state.warm = WarmState()
        for (slot, player, index) in warm.sorted(by: { $0.0.rawValue < $1.0.rawValue }) {
            if let index, index != goesOn, !state.warm.players.values.contains(where: { $0.index == index }),
               !RestrictionReducer.stopsNow(state, index) {
                var kept = player
                kept.index = index
                kept.playback.ratings = RestrictionReducer.knownRatings(state, state.items[index])
                state.warm.players[slot] = kept
            } else {
                state.retire(player.playback.token)
                effects.append(.slot(slot, .stop))
            }
        }

        if let index = goesOn {
            state.warm.allowed = allowed
            return effects + goOn(&state, index: index)
        }
        if !play && watched == nil {
            let again = selected.flatMap { item in
                state.items.firstIndex { $0.id == item.id } ?? state.items.firstIndex { $0.channelKey == item.channelKey }
            }
            state.navigation.homeSelection = again ?? min(state.navigation.homeSelection, state.items.count - 1)
            state.navigation.homeInContinue = inContinue && again != nil
            return effects
        }
        let next = watched ?? start ?? 0
        state.navigation.homeSelection = next
        return effects + PlaybackReducer.play(&state, index: next, now: now)
    }

    /// What played full screen goes on as `items[index]` of the new lineup
    /// (allowed as it rates it): rated again, with the file's own ratings.
    private static func goOn(_ state: inout ShellState, index: Int) -> [Effect] {
        let item = state.items[index]
        let ratings = RestrictionReducer.knownRatings(state, item) + state.playback.fileRatings
        PlaybackReducer.makeCurrent(&state, index)
        PlaybackReducer.rate(&state, ratings: ratings, programmeStart: RestrictionReducer.programmeStart(state, item), restricted: false)
        state.navigation.homeSelection = index
        if state.screen == .interstitial { NavigationReducer.go(&state, to: .player) }
        return RestrictionReducer.boundaryTimer(state)
    }

    /// A refresh joins the one waiting, if any: the items either names go
    /// (the first's are still in the lineup), the newest are added.
    static func queue(_ state: inout ShellState, _ refresh: ItemsRefresh) {
        var pending = state.pendingRefresh ?? ItemsRefresh(removing: [], adding: [])
        pending.removing.formUnion(refresh.removing)
        pending.adding = refresh.adding
        state.pendingRefresh = pending
    }

    /// Applies the waiting refresh (`replace`) when the viewer is watching
    /// full screen with nothing open over it (no prompt, flip, typed number,
    /// grid, search, dialog, overlay, card, picture, preview or multiview)
    /// and the channel being watched is in the refreshed lineup: then it
    /// goes on (loaded again only when its stream changed); or when the
    /// viewer browses the home screen or the guide's list with nothing
    /// playing or open: then nothing starts and the selection stays on its
    /// item — once the rows have rested `refreshSettleSeconds` (no key
    /// since the refresh came or the last key: `TimerID.refreshSettle`), so
    /// they never move under a viewer going through them. Otherwise it
    /// waits for a later action. A refresh that would leave no items, or
    /// whose items are no longer shown (another lineup replaced them), is
    /// dropped.
    static func applyRefresh(_ state: inout ShellState, now: Instant, after action: Action) -> [Effect] {
        guard let pending = state.pendingRefresh else { return [] }
        let watching = quiet(state), browsing = browsingQuietly(state)
        guard watching || browsing else { return [] }
        guard let items = pending.applied(to: state.items), !items.isEmpty else {
            state.pendingRefresh = nil
            return [.cancelTimer(.refreshSettle)]
        }
        if watching {
            guard let current = state.currentItem, items.contains(where: { $0.channelKey == current.channelKey }) else { return [] }
        } else {
            switch action {
            case .timerFired(.refreshSettle, _): break
            case .command, .refreshItems, .lineupArrived: return [.startTimer(.refreshSettle, after: refreshSettleSeconds)]
            default: return []
            }
        }
        state.pendingRefresh = nil
        return [.cancelTimer(.refreshSettle)] + replace(&state, with: items, now: now, play: watching)
    }

    /// Seconds without a key before a refresh changes the rows the viewer
    /// browses.
    static let refreshSettleSeconds = 2.0

    /// The viewer is on the home screen or the guide's list with nothing
    /// playing and nothing open over it: the rows change, the selection
    /// stays on its item (else near where it was), and nothing starts.
    private static func browsingQuietly(_ state: ShellState) -> Bool {
        (state.screen == .home || state.screen == .guide && state.guide.grid == nil && state.guide.search == nil)
            && (state.playback.phase == .idle || state.playback.phase == .ended) && state.prompt == nil
            && state.live.flip == nil && state.live.channelEntry == nil && state.recordings.dialog == nil && !state.chrome.help
            && state.upNext.card == nil && state.upNext.resumeOffer == nil && state.upNext.startPending == nil
            && state.picture.pip == nil && state.picture.preview == nil && state.multiview == nil
    }

    /// Nothing but the picture is in front of the viewer.
    private static func quiet(_ state: ShellState) -> Bool {
        state.screen == .player && (state.playback.phase == .playing || state.playback.phase == .loading)
            && state.live.flip == nil && state.live.channelEntry == nil && state.live.recovery == nil
            && state.guide.grid == nil && state.guide.search == nil && state.recordings.dialog == nil
            && state.chrome.overlay == .none && state.scrub == nil && state.upNext.card == nil && state.upNext.resumeOffer == nil
            && state.picture.pip == nil && state.picture.preview == nil && state.multiview == nil
    }
}
