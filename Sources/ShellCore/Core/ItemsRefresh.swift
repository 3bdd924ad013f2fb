import MediaModel

/// Items of the lineup that changed while the shell runs (an account's
/// lists refreshed in the background), waiting to be applied: those with
/// an id in `removing` go, `adding` take the place of the first of them
/// (with none to remove, come last). Kept in `ShellState.pendingRefresh` until the viewer
/// is watching full screen with nothing else open and the channel being
/// watched is still in the lineup, or browses the home screen or the
/// guide's list with nothing playing or open and has pressed no key for 2 s
/// (`LineupReducer.applyRefresh`),
/// so a background refresh never closes a screen under the viewer nor
/// changes what they watch.
public struct ItemsRefresh: Equatable, Sendable {
    public var removing: Set<String>
    public var adding: [MediaItem]

    public init(removing: Set<String>, adding: [MediaItem]) {
        self.removing = removing
        self.adding = adding
    }

    /// `items` with this refresh applied (the box's recordings left out:
    /// `LineupReducer.replace` keeps them); nil when it names items to
    /// replace and none is there any more (another lineup took their place:
    /// the refresh is of items no longer shown).
    public func applied(to items: [MediaItem]) -> [MediaItem]? {
        let isRecording = { (item: MediaItem) in item.id.hasPrefix("recording:") }
        let first = items.firstIndex { removing.contains($0.id) }
        if first == nil, !removing.isEmpty { return nil }
        let kept = items.filter { !removing.contains($0.id) && !isRecording($0) }
        // All replaced (a lineup read again): the new items as they came,
        // not a copy of them (70 MB for a provider's list).
        if kept.isEmpty { return adding }
        let at = first.map { items[..<$0].filter { !isRecording($0) }.count } ?? kept.count
        return Array(kept[..<at]) + adding + kept[at...]
    }
}
