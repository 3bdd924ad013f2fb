/// What became of a video frame of the current load on its way to the
/// terminal (`Action.frame`).
public enum FrameReport: Equatable, Sendable {
    /// Rendered for the player screen: presented, unless it is dropped.
    case rendered
    /// This many more frames of the load presented, told together (a
    /// presenter tells the first frame of a load at once, then counts the
    /// rest and reports them a few times a second: frames that change no
    /// screen stay off the reducer).
    case renderedMore(Int)
    /// The terminal was still taking an earlier frame: this one was not sent.
    case dropped
    /// A dropped frame went out after all, once the terminal caught up.
    case resent
}
