import MediaModel

/// Failover between a channel's streams (its lineup alternates): when the
/// stream in use fails, stalls or ends while live, the next one plays at
/// once, before any back-off; only when every stream has failed in a row
/// does `RecoveryReducer` back off (or the error screen show). Every
/// failure is kept in `ShellState.streamHealth` for the guide.
enum FailoverReducer {
    /// Notes the failure of the stream in use of `items[index]` (a channel,
    /// or an item with alternates) and moves to the next stream; returns the
    /// event to emit, or nil when the item has one stream or every stream
    /// failed since one last played.
    static func advance(_ state: inout ShellState, index: Int, reason: String) -> ShellEvent? {
        let item = state.items[index]
        guard item.number != nil || item.streamCount > 1 else { return nil }
        var health = state.live.streamHealth[index] ?? StreamHealth()
        health.lastFailure = reason
        health.lastFailedStream = health.stream
        health.failedAt = state.wallClock > 0 ? state.wallClock : nil
        defer { state.live.streamHealth[index] = health }
        guard item.streamCount > 1 else { return nil }
        health.failedInRow += 1
        guard health.failedInRow < item.streamCount else { return nil }
        let from = health.stream
        health.stream = (from + 1) % item.streamCount
        return .streamSwitched(channel: ChannelRef(item), from: from, to: health.stream, count: item.streamCount,
                               reason: reason, url: item.onStream(health.stream).url)
    }

    /// A back-off retry begins a new round over every stream, from the one
    /// after the last that failed.
    static func newRound(_ state: inout ShellState, index: Int) {
        guard var health = state.live.streamHealth[index], health.failedInRow > 0 else { return }
        let count = state.items[index].streamCount
        if count > 1 { health.stream = (health.stream + 1) % count }
        health.failedInRow = 0
        state.live.streamHealth[index] = health
    }

    /// The current item plays: its streams' run of failures is over.
    static func played(_ state: inout ShellState) {
        guard let index = state.current, state.live.streamHealth[index]?.failedInRow ?? 0 > 0 else { return }
        state.live.streamHealth[index]?.failedInRow = 0
    }

    /// The flip's target failed to load: load its next stream for the same
    /// flip and content request (the delegate's answer waits for it); nil
    /// when there is none left to try.
    static func failedDuringFlip(_ state: inout ShellState, reason: String) -> [Effect]? {
        guard let flip = state.live.flip, flip.failure == nil, let index = state.current, index == flip.target, state.prompt == nil,
              let event = advance(&state, index: index, reason: reason) else { return nil }
        PlaybackReducer.beginLoad(&state, index: index, request: state.playback.contentRequest)
        PlaybackReducer.markLoading(&state)
        return [.emit(event), .load(state.playable(index), token: state.playback.token)] + RestrictionReducer.didStartLoad(&state)
    }
}
