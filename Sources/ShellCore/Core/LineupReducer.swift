import MediaModel

/// Another lineup replaces the items (IPC and MQTT `lineup`). Everything
/// that names an item by its index in `items` is settled first, while the
/// indices still mean the old items: the flip and the typed number end, the
/// picture, the preview, multiview and every warm player stop (a warm
/// player kept by index would show the old lineup's channel under the new
/// one's name), the guide's grid and search, the record dialog and the
/// reconnection close, and what played keeps its resume point; a passcode
/// given covers nothing new. Then the start and fallback channels are found
/// again by channel (`channelKey`) in the new items (a fallback not found
/// falls back to the start), "the channel before" is forgotten, the box's
/// recordings stay listed, and the start channel (else the first item)
/// plays. Refused (nothing changes) while the passcode prompt is up or with
/// no items. Pure.
enum LineupReducer {
    static func replace(_ state: inout ShellState, with items: [MediaItem], now: Instant) -> [Effect] {
        guard !items.isEmpty, state.prompt == nil else { return [] }
        var effects = FlipReducer.abandon(&state)
        if state.live.channelEntry != nil {
            ChannelEntryReducer.cancel(&state)
            effects.append(.cancelTimer(.digitCommit))
        }
        effects += PictureReducer.close(&state, reason: "lineup") + PreviewReducer.stop(&state) + MultiviewReducer.end(&state)
        for (slot, warm) in state.warm.players.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            state.retire(warm.playback.token)
            effects.append(.slot(slot, .stop))
        }
        state.warm = WarmState()
        effects += ResumeReducer.save(&state)

        let old = state.items
        func found(_ index: Int?) -> Int? {
            guard let index, old.indices.contains(index) else { return nil }
            let key = old[index].channelKey
            return items.firstIndex { $0.channelKey == key }
        }
        let start = found(state.live.startIndex)
        let fallback = state.live.fallbackIndex.map { found($0) ?? start ?? 0 }
        let recordings = old.filter { $0.id.hasPrefix("recording:") }

        PlaybackReducer.makeCurrent(&state, nil)
        state.items = items + recordings
        state.live.startIndex = start
        state.live.fallbackIndex = fallback
        state.live.previousChannel = nil
        state.live.recovery = nil
        state.live.streamHealth = [:]
        state.guide.grid = nil
        state.guide.search = nil
        state.guide.backToPicture = false
        state.recordings.dialog = nil
        state.restrictions.afterPrompt = nil
        // A passcode given for the old lineup's item covers no item of the
        // new one, whatever its id.
        state.restrictions.grant = nil
        state.upNext.startPending = nil
        state.navigation.homeSelection = start ?? 0
        state.navigation.homeInContinue = false
        return effects + PlaybackReducer.play(&state, index: start ?? 0, now: now)
    }
}
