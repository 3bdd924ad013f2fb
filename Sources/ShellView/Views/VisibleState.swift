import ShellCore

extension ShellView {
    /// The part of `state` the views draw: fields no view reads are reset, so
    /// two states with equal projections draw the same frame and the runtime
    /// may skip rebuilding it. Position, duration and seekability are drawn
    /// only by the transport bar.
    public static func visibleState(_ state: ShellState) -> ShellState {
        var s = state
        s.playback.token = 0
        s.settings = ShellSettings()
        s.flipCounter = 0
        if var flip = s.flip {
            flip.token = 0
            flip.requested = false
            s.flip = flip
        }
        if s.screen != .interstitial { s.spinnerFrame = 0 }
        s.wallClock = (s.wallClock / 60).rounded(.down) * 60
        if let scrub = s.scrub {
            var visible = ScrubState(target: scrub.target, origin: 0)
            visible.mode = scrub.mode
            s.scrub = visible
        }
        let barShown = state.screen == .player && (state.transportVisible || state.scrub != nil || state.playback.paused)
        if !barShown {
            s.playback.position = nil
            s.playback.duration = nil
            s.playback.seekable = false
        }
        return s
    }
}
