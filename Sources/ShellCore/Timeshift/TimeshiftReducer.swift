/// Pause and rewind live (timeshift): the player keeps a live network
/// stream's back buffer; pausing leaves the live edge behind, scrubbing
/// moves within the buffer, LIVE goes back to the edge. While playback
/// follows the edge, the gap it keeps to what has been received is noted
/// (LIVE goes back to the received end less that gap). Once it leaves the
/// edge, "behind live" is where live was then, moved on by the clock, less
/// the position: the time spent paused or rewound. Not the received end
/// less the position: that jumps a segment at a time, so "behind live"
/// sawed by a segment's length while playing steadily.
enum TimeshiftReducer {
    /// Seconds from the edge below which playback counts as at it.
    static let edgeTolerance = 1.0

    /// The player reports the buffer's span at `now`.
    static func buffer(_ state: inout ShellState, start: Double, end: Double, now: Instant) {
        guard state.isLive, end >= start else { return }
        var buffer = state.playback.liveBuffer ?? LiveBuffer(start: start, end: end)
        buffer.start = start
        buffer.end = end
        buffer.reckon(now)
        PlaybackReducer.track(&state, liveBuffer: buffer)
        measure(&state, now: now)
    }

    /// A position report at `now`: note the edge gap while following the
    /// edge, the clock while behind it; a rewound playback that reaches the
    /// edge follows it again.
    static func measure(_ state: inout ShellState, now: Instant) {
        let p = state.playback
        guard var buffer = p.liveBuffer, let position = p.position, p.phase == .playing, !p.paused, !p.seekPending else { return }
        if !buffer.followingEdge, buffer.distance(from: position) < edgeTolerance / 2 { buffer.follow() }
        if buffer.followingEdge {
            buffer.edgeLag = max(0, buffer.end - position)
        } else {
            buffer.reckon(now)
        }
        PlaybackReducer.track(&state, liveBuffer: buffer)
    }

    /// Seconds of stream a buffer holds before it may start again: a room
    /// smaller than what a load takes in as it opens cannot load it again
    /// and again.
    static let shortestRestartedBuffer = 10.0

    /// The live buffer's file filled its room on disk (`PlayerReport.bufferFull`):
    /// the channel is loaded again, a new buffer from now, and a notice says
    /// why (a rewind further back than the new buffer is gone). Not before
    /// it plays and holds `shortestRestartedBuffer`, nor while the viewer
    /// scrubs (the player reports again as the file grows).
    static func bufferFull(_ state: inout ShellState, bytes: Int, now: Instant) -> [Effect] {
        guard state.isLive, state.playback.phase == .playing, state.live.flip == nil, state.scrub == nil, let index = state.current,
              let buffer = state.playback.liveBuffer, buffer.end - buffer.start >= shortestRestartedBuffer else { return [] }
        return NoticeReducer.show(&state, "The rewind buffer filled its room on disk (\(shown(bytes))): it starts again from now")
            + PlaybackReducer.play(&state, index: index, now: now)
    }

    /// A buffer's size for a notice: GiB to a tenth, MiB, or KiB below one.
    static func shown(_ bytes: Int) -> String {
        let size = Double(bytes) / Double(1 << 30)
        return size >= 1 ? "\((size * 10).rounded() / 10) GiB" : bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// The wall clock is set at `now` (each key, the half-minute tick, a
    /// passcode's check): the buffers behind live are reckoned then too, so
    /// the wall clock and where live is on the player's timeline
    /// (`LiveBuffer.live`) are of the same moment when a wall-clock time is
    /// turned into a position (`RestrictionReducer.afterHeld`,
    /// `allowedSpan`) or back (`ShellState.shownTime`).
    static func clockMoved(_ state: inout ShellState, now: Instant) {
        state.playback.liveBuffer?.reckon(now)
        state.picture.pip?.playback.liveBuffer?.reckon(now)
    }

    /// Playback paused at `now`: it no longer follows the edge. While it
    /// stays paused, "behind live" counts on each second
    /// (`behindLiveTick`); nothing else would move it between the
    /// segments' arrivals.
    static func leftEdge(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.playback.liveBuffer != nil else { return [] }
        state.playback.liveBuffer?.leave(from: state.playback.position, now: now)
        return [.startTimer(.behindLiveTick, after: 1)]
    }

    /// A second paused behind live: the wall clock asked for (its answer
    /// reckons the buffer with it: `clockMoved`), and the next second, as
    /// long as playback stays paused on a buffer.
    static func pausedTick(_ state: ShellState) -> [Effect] {
        guard state.playback.paused, state.playback.liveBuffer != nil else { return [] }
        return [.requestWallClock, .startTimer(.behindLiveTick, after: 1)]
    }

    /// A seek within the buffer to `target` at `now`, before the position
    /// moves there: following the edge only when the target is at it.
    static func seeked(_ state: inout ShellState, to target: Double, now: Instant) {
        guard var buffer = state.playback.liveBuffer else { return }
        if buffer.distance(from: target) < edgeTolerance / 2 {
            buffer.follow()
        } else {
            buffer.leave(from: state.playback.position, now: now)
        }
        PlaybackReducer.track(&state, liveBuffer: buffer)
    }

    /// Seconds behind the live edge: nil on VOD, 0 on live without a buffer.
    static func behindLive(_ state: ShellState) -> Double? {
        guard state.isLive else { return nil }
        guard let buffer = state.playback.liveBuffer, let position = state.playback.position else { return 0 }
        return buffer.behind(at: position)
    }

    /// LIVE (key `l`, remote KEY_TV): back to the live edge, playing.
    static func goLive(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.isLive, state.playback.phase == .playing, state.scrub == nil, var buffer = state.playback.liveBuffer else { return [] }
        if let allowed = RestrictionReducer.allowedSpan(state, buffer), allowed.upperBound < buffer.edge, let index = state.current {
            // What airs now (or before it) is held back: the channel opens
            // again at its live edge, through the gate, as a load would.
            return PlaybackReducer.play(&state, index: index, now: now)
        }
        var effects: [Effect] = []
        if let position = state.playback.position, buffer.distance(from: position) >= edgeTolerance / 2 || !buffer.followingEdge {
            let target = buffer.edge
            buffer.follow()
            PlaybackReducer.track(&state, liveBuffer: buffer)
            PlaybackReducer.seek(&state, to: target)
            effects.append(.seek(to: target, exact: true))
            effects += RestrictionReducer.boundaryTimer(state)
        }
        if state.playback.paused {
            PlaybackReducer.resume(&state)
            effects.append(.setPause(false))
        }
        return effects + TransportReducer.showTransport(&state)
    }
}
