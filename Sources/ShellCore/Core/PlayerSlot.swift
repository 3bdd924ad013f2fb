import MediaModel

/// The players the shell runs at once, by the part they play: the full-screen
/// one, the picture in picture, the guide's preview, and three warm
/// players (the channels the viewer is likely to go to next, opened and
/// paused, never drawn). Each is its own libmpv
/// instance; `Effect.exchangePlayers` moves a playing instance from one part
/// to another without reloading it (restore, swap, a preview made full screen).
public enum PlayerSlot: String, Equatable, Hashable, Sendable, CaseIterable {
    case main
    case picture
    case preview
    case warmA
    case warmB
    case warmC
    /// The four views of multiview.
    case view0
    case view1
    case view2
    case view3

    /// The slots of warm players (`WarmReducer`).
    public static let warm: [PlayerSlot] = [.warmA, .warmB, .warmC]
    /// The slots of multiview's views, in order.
    public static let views: [PlayerSlot] = [.view0, .view1, .view2, .view3]
}

/// What the reducer asks of the player in a slot other than by the main
/// player's own effects (`Effect.load`, `.stop` … act on `.main`).
public enum SlotCommand: Equatable, Sendable {
    /// Open `item` for `token`, replacing what plays there, unpaused.
    case load(MediaItem, token: Int)
    case stop
    case pause(Bool)
    /// Seek by this many seconds.
    case seekBy(Double)
    case mute(Bool)
    /// Let the load with `token`, held after opening, decode and play.
    case continueLoad(token: Int)
    /// Show the still image at `url` for `token` until stopped (an Up Next
    /// preview image).
    case loadStill(url: String, token: Int)
    /// Open `item` for `token` paused (a warm neighbour: demuxed and
    /// buffering, one frame decoded, nothing drawn).
    case loadPaused(MediaItem, token: Int)
}
