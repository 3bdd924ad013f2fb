import MediaModel

/// Where what items lack can be asked for (an Xtream Codes film's
/// `get_vod_info`: its rating and its plot): a player holding a load at its
/// `on_preloaded` hook reports the file's ratings with the source's added,
/// so the passcode gate sees them before the first frame; the home screen
/// asks for the focused item's ahead (`DetailsPrefetcher`). `applies` is
/// called on the run loop and must be quick; `details` blocks (a request to
/// a server) and is called on a thread of its own; both from any thread.
public protocol ItemDetailsSource: Sendable {
    /// Whether `item`'s details can be asked for here.
    func applies(to item: MediaItem) -> Bool
    /// `item`'s details as the source gives them (nothing when it gives
    /// none or cannot be reached: the file's ratings and the `unrated` rule
    /// stand).
    func details(for item: MediaItem) -> ItemDetails
}
