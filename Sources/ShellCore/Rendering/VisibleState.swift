
extension ShellView {
    /// The part of `state` the views draw: fields no view reads are reset, so
    /// two states with equal projections draw the same frame and the runtime
    /// may skip rebuilding it. Position, duration and seekability are drawn
    /// by the transport bar (with it hidden they are left out here;
    /// `frameKey` keeps what else the screens make of them).
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
        if let preview = s.picture.preview {
            s.picture.preview?.playback = visibleWindowPlayback(preview.playback)
        }
        for (slot, warm) in s.warm.players {
            s.warm.players[slot]?.playback = visibleWindowPlayback(warm.playback)
            // What a warm player has fetched is told over IPC, not drawn.
            s.warm.players[slot]?.fetchedBytes = 0
            s.warm.players[slot]?.inputRate = 0
        }
        if let views = s.multiview?.views {
            for (view, entry) in views.enumerated() {
                s.multiview?.views[view].playback = visibleWindowPlayback(entry.playback)
            }
        }
        if let image = s.upNext.proposalImage {
            s.upNext.proposalImage = visibleWindowPlayback(image)
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

    /// What the screens draw of a player shown in a window with no bar of
    /// its own (the guide's preview, a multiview view, the Up Next card's
    /// image, a warm neighbour): whether it shows a picture yet, or failed.
    /// Its position, buffer and frame counts (told four times a second)
    /// change nothing drawn.
    private static func visibleWindowPlayback(_ p: PlaybackState) -> PlaybackState {
        var v = PlaybackState()
        v.phase = p.phase
        v.videoConfigured = p.videoConfigured
        v.firstFramePresented = p.firstFramePresented
        return v
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
    /// with the playback position, the duration and the live buffer
    /// replaced by what the screens make of them — the transport bar's face
    /// (filled columns, time labels, head, break marks, ruler), the chapter
    /// playing (the info panel marks it), the programmes on the live
    /// channel's picture (behind live, what aired then) and, with the info
    /// panel open, the duration to the second (its facts). Equal keys draw equal frames, so
    /// a frame is rebuilt when the bar moves or a label ticks, not at every
    /// position or buffer report.
    public static func frameKey(_ state: ShellState, width: Int) -> FrameKey {
        var visible = visibleState(state)
        let transport = TransportBarView.isShown(state) ? TransportBarView.face(state, width: width) : nil
        visible.playback.position = nil
        visible.playback.liveBuffer = nil
        // Besides the bar's face only the info panel's facts draw it.
        visible.playback.duration = state.chrome.overlay == .info ? state.playback.duration.map { $0.rounded(.down) } : nil
        let programmes = state.currentItem.map { state.nowNext($0) }
        return FrameKey(state: visible, transport: transport, chapter: OverlayModel.currentChapter(state),
                        shownProgrammes: [programmes?.now?.start, programmes?.next?.start])
    }
}

/// See `ShellView.frameKey(_:width:)`.
public struct FrameKey: Equatable, Sendable {
    let state: ShellState
    let transport: TransportFace?
    let chapter: Int?
    let shownProgrammes: [Double?]
}
