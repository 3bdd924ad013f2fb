import MediaModel

/// Where the ratings of items that come without one can be asked for
/// before they decode (an Xtream Codes film's `get_vod_info`): a player
/// holding a load at its `on_preloaded` hook reports the file's ratings
/// with these added, so the passcode gate sees them before the first
/// frame. `applies` is called on the run loop and must be quick;
/// `ratings` blocks (a request to a server) and is called on a thread of
/// its own; both from any thread.
public protocol ItemRatingSource: Sendable {
    /// Whether `item`'s ratings can be asked for here.
    func applies(to item: MediaItem) -> Bool
    /// `item`'s ratings, as the source gives them (none when it gives none,
    /// or cannot be reached: the file's own and the `unrated` rule stand).
    func ratings(for item: MediaItem) -> [ContentRating]
}
