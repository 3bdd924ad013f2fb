import MediaModel

/// Items of the lineup that changed while the shell runs (an account's
/// lists refreshed in the background), waiting to be applied: those with
/// an id in `removing` go, `adding` take the place of the first of them
/// (else come last). Kept in `ShellState.pendingRefresh` until the viewer
/// is watching full screen with nothing else open and the channel being
/// watched is still in the lineup (`LineupReducer.applyRefresh`), so a
/// background refresh never closes a screen under the viewer nor changes
/// what they watch.
public struct ItemsRefresh: Equatable, Sendable {
    public var removing: Set<String>
    public var adding: [MediaItem]

    public init(removing: Set<String>, adding: [MediaItem]) {
        self.removing = removing
        self.adding = adding
    }

    /// `items` with this refresh applied (the box's recordings left out:
    /// `LineupReducer.replace` keeps them).
    public func applied(to items: [MediaItem]) -> [MediaItem] {
        let kept = items.filter { !removing.contains($0.id) && !$0.id.hasPrefix("recording:") }
        let at = items.firstIndex { removing.contains($0.id) }.map { first in items[..<first].filter { !$0.id.hasPrefix("recording:") }.count } ?? kept.count
        return Array(kept[..<at]) + adding + kept[at...]
    }
}
