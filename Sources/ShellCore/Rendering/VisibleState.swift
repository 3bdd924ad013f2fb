
extension ShellView {
    /// The part of `state` the views draw: fields no view reads are reset, so
    /// two states with equal projections draw the same frame and the runtime
    /// may skip rebuilding it. Position, duration and seekability are drawn
    /// only by the transport bar.
    public static func visibleState(_ state: ShellState) -> ShellState {
        var s = state
        s.playback.token = 0
        // Frame counts change with every frame and are drawn nowhere: kept,
        // they would rebuild the UI at the video's frame rate.
        s.playback.framesRendered = 0
        s.playback.framesDropped = 0
        s.retiredToken = 0
        if var pip = s.picture.pip {
            pip.playback = visiblePicturePlayback(pip.playback)
            s.picture.pip = pip
        }
        if var preview = s.picture.preview {
            let shown = preview.playback.firstFramePresented
            let phase = preview.playback.phase
            preview.playback = PlaybackState()
            preview.playback.firstFramePresented = shown
            preview.playback.phase = phase
            s.picture.preview = preview
        }
        for (slot, warm) in s.warm.players {
            var shown = PlaybackState()
            shown.phase = warm.playback.phase
            shown.videoConfigured = warm.playback.videoConfigured
            s.warm.players[slot]?.playback = shown
        }
        s.settings = ShellSettings()
        // The scheduler's progress (bytes, seconds) is not drawn.
        s.recordings.list = []
        s.live.flipCounter = 0
        if var flip = s.live.flip {
            flip.token = 0
            flip.requested = false
            s.live.flip = flip
        }
        if s.screen != .interstitial { s.chrome.spinnerFrame = 0 }
        // Clock times show minutes; a lockout's countdown on the prompt
        // shows seconds.
        let countdown = state.prompt != nil && state.restrictions.lockedUntil != nil
        s.wallClock = countdown ? s.wallClock.rounded(.down) : (s.wallClock / 60).rounded(.down) * 60
        if let scrub = s.scrub {
            var visible = ScrubState(target: scrub.target, origin: 0)
            visible.mode = scrub.mode
            s.scrub = visible
        }
        if !TransportBarView.isShown(state) {
            s.playback.position = nil
            s.playback.duration = nil
            s.playback.seekable = false
        }
        return s
    }

    /// What the picture's frame draws of its playback: whether it shows
    /// video, phase, pause, seekability and duration, and the position to the
    /// second (the progress line and the time).
    private static func visiblePicturePlayback(_ p: PlaybackState) -> PlaybackState {
        var v = PlaybackState()
        v.phase = p.phase
        v.paused = p.paused
        v.seekable = p.seekable
        v.duration = p.duration
        v.position = p.position.map { $0.rounded(.down) }
        v.firstFramePresented = p.firstFramePresented
        return v
    }

    /// What a frame `width` columns wide shows of `state`: its visible state
    /// with the playback position replaced by what the transport bar makes
    /// of it (filled columns and time labels). Equal keys draw equal
    /// frames, so while the bar is up a frame is rebuilt when the bar moves
    /// or a label ticks, not at every position report.
    public static func frameKey(_ state: ShellState, width: Int) -> FrameKey {
        var visible = visibleState(state)
        guard visible.playback.position != nil else { return FrameKey(state: visible, transport: nil) }
        let face = TransportBarView.face(visible, width: width)
        visible.playback.position = nil
        return FrameKey(state: visible, transport: face)
    }
}

/// See `ShellView.frameKey(_:width:)`.
public struct FrameKey: Equatable, Sendable {
    let state: ShellState
    let transport: TransportFace?
}
