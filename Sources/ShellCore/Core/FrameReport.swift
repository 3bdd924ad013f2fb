/// What became of a video frame of the current load on its way to the
/// terminal (`Action.frame`).
public enum FrameReport: Equatable, Sendable {
    /// Rendered for the player screen: presented, unless it is dropped.
    case rendered
    /// The terminal was still taking an earlier frame: this one was not sent.
    case dropped
    /// A dropped frame went out after all, once the terminal caught up.
    case resent
}
