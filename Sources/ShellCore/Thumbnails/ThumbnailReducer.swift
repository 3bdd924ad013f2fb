import MediaModel

/// Scrub thumbnails: while the viewer scrubs what plays, the runtime is
/// asked for the frame under the head (`Effect.thumbnail`), each time the
/// head moves; it answers with `ThumbnailReport`s. Only the playing item is
/// ever asked for, so nothing the passcode has not let play is decoded for
/// a thumbnail (a catch-up programme or an Up Next item is thumbnailed
/// only once it plays, after its own check).
enum ThumbnailReducer {
    /// The thumbnail `state` wants: the head's frame while scrubbing the
    /// player screen's item with thumbnails on; nil otherwise.
    static func wanted(_ state: ShellState) -> ThumbnailRequest? {
        guard state.settings.scrubThumbnails, let scrub = state.scrub, state.screen == .player, state.prompt == nil,
              state.playback.phase == .playing || state.playback.phase == .ended, let item = state.currentItem else { return nil }
        let held = state.isLive ? state.playback.liveBuffer.flatMap { RestrictionReducer.allowedSpan(state, $0) } : nil
        return ThumbnailRequest(item: item, time: scrub.target, mayOpenStream: state.connectionLimit(open: state.openStreams) == nil,
                                earliest: held?.lowerBound)
    }

    /// Brings the request to what the state wants (after every action);
    /// a new item or no request forgets the picture shown.
    static func reconcile(_ state: inout ShellState) -> [Effect] {
        let wanted = wanted(state)
        guard wanted != state.thumbnail.requested, !(wanted?.asksTheSame(as: state.thumbnail.requested) ?? false) else { return [] }
        if wanted == nil || wanted?.item.url != state.thumbnail.requested?.item.url {
            state.thumbnail.picture = nil
        }
        state.thumbnail.unavailable = nil
        state.thumbnail.requested = wanted
        return [.thumbnail(wanted)]
    }

    /// The runtime's answer; one for another item or a request gone is dropped.
    static func report(_ state: inout ShellState, _ report: ThumbnailReport) -> [Effect] {
        guard let requested = state.thumbnail.requested else { return [] }
        switch report {
        case .shown(let url, let picture):
            guard url == requested.item.url else { return [] }
            state.thumbnail.picture = picture
            state.thumbnail.unavailable = nil
        case .unavailable(let url, let time, let reason):
            guard url == requested.item.url, time == requested.time else { return [] }
            state.thumbnail.unavailable = reason
        }
        return []
    }
}
