import MediaModel

/// A box (a kiosk, the TV output) whose lineup's server could not be read
/// at its start, with no copy of it kept (its first boot, the network not
/// up yet): it starts anyway with no items — ended with its reason, it
/// would leave the TV black and be started again and again, the reason in
/// a journal nobody at the TV reads — and the home screen says why and
/// that it is tried again (`HomeView`). When the lineup comes it opens as
/// at a start: the start channel (else the first) plays unless the start
/// asked for the home screen. Pure.
enum LineupWait {
    /// The lineup (`media`: the media paths given) is awaited, the latest
    /// reading failed for `reason`.
    static func awaited(_ state: inout ShellState, reason: String, media: Bool = false) {
        state.lineupWait = reason
        state.lineupWaitIsMedia = media
    }

    /// The awaited lineup came: with no items yet it opens as at a start;
    /// beside other items (films given with it) it is added as a refresh
    /// adds channels, when the viewer is only watching or browsing. The
    /// `connections` its account allows cap `ShellSettings.maxConnections`
    /// first, as they do at a start, so no warm player goes beyond them.
    static func arrived(_ state: inout ShellState, items: [MediaItem], start: Int?, fallback: Int?, play: Bool, connections: Int?,
                        now: Instant) -> [Effect] {
        guard !items.isEmpty else { return [] }
        if let allowed = connections, allowed > 0 {
            state.settings.maxConnections = min(state.settings.maxConnections ?? allowed, allowed)
        }
        guard state.items.isEmpty else {
            state.lineupWait = nil
            state.lineupWaitIsMedia = false
            LineupReducer.queue(&state, ItemsRefresh(removing: [], adding: items))
            return []
        }
        let start = start.flatMap { items.indices.contains($0) ? $0 : nil }
        let fallback = fallback.flatMap { items.indices.contains($0) ? $0 : nil }
        return LineupReducer.replace(&state, with: items, now: now, play: play && !state.sleep.asleep, start: start, fallback: fallback)
    }
}
