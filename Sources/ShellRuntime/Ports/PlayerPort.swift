import MediaModel
import ShellCore

/// What the effect interpreter asks of a player: libmpv's `MPVPlayer`, or a
/// fake in the embedded driver. Reports come back as `PlayerReport` actions
/// tagged with the load token.
///
/// Run-loop thread only.
public protocol PlayerPort: AnyObject {
    /// Opens `item`, replacing what plays, unpaused, from `start` seconds
    /// (nil: the beginning).
    func load(_ item: MediaItem, token: Int, start: Double?) throws
    /// Stops playback; a load held before decoding never decodes.
    func stop() throws
    func setPause(_ paused: Bool) throws
    /// Seeks to `position` seconds (`exact`: to the frame, else keyframes).
    func seek(to position: Double, exact: Bool) throws
    /// Seeks by `offset` seconds from the current position.
    func seek(by offset: Double) throws
    func frameStep(forward: Bool) throws
    /// Selects a track of `kind` (nil switches it off).
    func selectTrack(_ kind: Track.Kind, id: Int?) throws
    func setSpeed(_ speed: Double) throws
    /// 0 … 1 (libmpv's `volume` 0 … 100).
    func setVolume(_ volume: Double) throws
    /// Lets the load with `token`, held after opening, decode and play.
    func continueLoad(token: Int)
    /// Turns its sound off or on (it plays on either way).
    func setMuted(_ muted: Bool) throws
    /// Shows the still image at `url` until stopped (not for the usual
    /// second an image plays).
    func loadStill(_ url: String, token: Int) throws
    /// Opens `item` paused (a warm neighbour): it opens, buffers and shows
    /// its first frame, and plays at `setPause(false)`.
    func loadPaused(_ item: MediaItem, token: Int) throws
}

extension PlayerPort {
    /// Opens `item` from the beginning.
    public func load(_ item: MediaItem, token: Int) throws { try load(item, token: token, start: nil) }
}
