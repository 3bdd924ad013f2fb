/// Reports and frames of the players that are not full screen: the
/// picture's and the preview's. They keep the same `PlaybackState` as the
/// full-screen player (so either can become it), without its screens: a
/// failure stops the picture (`pip-stopped`, reason `failed`) or leaves the
/// preview pane saying so.
enum SecondaryPlaybackReducer {
    static func report(_ state: inout ShellState, slot: PlayerSlot, _ report: PlayerReport, now: Instant) -> [Effect] {
        if PlayerSlot.warm.contains(slot), let effects = WarmReducer.report(&state, slot: slot, report) { return effects }
        if PlayerSlot.views.contains(slot), let effects = MultiviewReducer.report(&state, slot: slot, report) { return effects }
        if case .preloaded(let ratings, _) = report {
            if slot == .preview, state.picture.preview == nil, let image = state.upNext.proposalImage { return [.slot(.preview, .continueLoad(token: image.token))] }
            if slot == .preview { return PreviewReducer.preloaded(&state, fileRatings: ratings) }
            return PictureReducer.preloaded(&state, fileRatings: ratings)
        }
        if case .bufferFull(let bytes) = report {
            return slot == .preview ? PreviewReducer.bufferFull(&state) : slot == .picture ? PictureReducer.bufferFull(&state, bytes: bytes) : []
        }
        if case .failed(let reason) = report, slot == .picture {
            let url = state.pictureItem?.url
            return PictureReducer.close(&state, reason: "failed") + [.emit(.error(title: "The picture stopped", reason: reason, url: url))]
        }
        var effects: [Effect] = []
        let pictureWas = slot == .picture ? state.picture.pip?.playback.position : nil
        update(&state, slot: slot) { playback in
            switch report {
            case .started: playback.phase = .loading
            case .playing:
                playback.buffering = false
                playback.seekPending = false
                if playback.phase == .loading || playback.phase == .ended { playback.phase = .playing }
            case .failed(let reason):
                playback.phase = .failed
                playback.failure = ShellError(title: "Could not play", reason: reason)
            case .failureDetail(let detail):
                if var failure = playback.failure, !failure.reason.contains(detail) {
                    failure.reason += ": " + detail
                    playback.failure = failure
                }
            case .ended:
                playback.phase = .ended
                playback.paused = true
            case .position(let value):
                guard !playback.seekPending else { break }
                playback.position = value
                // Behind live, live moves on with the clock (`LiveBuffer.behind`).
                playback.liveBuffer?.reckon(now)
                // A film resumed full screen, gone into the picture before
                // it reached its asked start (`AskedStart`), reaches it here.
                if let start = playback.askedStart, let value, value >= start - AskedStart.missedBy { playback.askedStart = nil }
            case .duration(let value): playback.duration = value
            case .paused(let value): playback.paused = value
            case .seekable(let value): playback.seekable = value
            case .cannotSeek(let position):
                playback.seekable = false
                if playback.seekPending {
                    playback.seekPending = false
                    playback.position = position
                }
            case .mediaTitle(let value): playback.mediaTitle = value
            case .subtitleText(let value): playback.subtitleText = value
            case .streamTitle(let value): playback.streamTitle = value
            case .buffering(let value): playback.buffering = value
            case .videoConfigured: playback.videoConfigured = true
            case .tracks(let tracks): playback.tracks = tracks
            case .chapters(let chapters): playback.chapters = chapters
            case .speed(let speed): playback.speed = speed
            case .firstFrame: playback.firstFramePresented = true
            case .preloaded, .fetched, .bufferFull: break
            case .liveBuffer(let start, let end):
                var buffer = playback.liveBuffer ?? LiveBuffer(start: start, end: end)
                buffer.start = start
                buffer.end = end
                buffer.reckon(now)
                playback.liveBuffer = buffer
            }
        }
        if case .duration = report, slot == .picture, let pip = state.picture.pip, let length = CatchupReducer.programmeLength(state.items[pip.index]) {
            state.picture.pip?.playback.duration = min(pip.playback.duration ?? length, length)
        }
        if case .position = report, slot == .picture, let pip = state.picture.pip, let length = CatchupReducer.programmeLength(state.items[pip.index]) {
            // An archive item lasts its programme, in the picture too (its
            // stream may run on into what followed).
            if let position = pip.playback.position, position >= length, pip.playback.phase == .playing || pip.playback.phase == .ended {
                let ends = pip.playback.phase == .playing
                state.picture.pip?.playback.phase = .ended
                if !pip.playback.paused || ends {
                    state.picture.pip?.playback.paused = true
                    effects.append(.slot(.picture, .pause(true)))
                }
                if ends { effects.append(.emit(.endFile(url: state.items[pip.index].url))) }
                return effects
            }
        }
        if case .position(let value) = report, slot == .picture, let value, state.picture.pip?.playback.position == value {
            effects += ResumeReducer.picturePositionChanged(&state, from: pictureWas, to: value)
        }
        if case .ended = report, slot == .picture, let pip = state.picture.pip {
            effects.append(.emit(.endFile(url: state.items[pip.index].url)))
        }
        return effects
    }

    static func frame(_ state: inout ShellState, slot: PlayerSlot, _ report: FrameReport) {
        update(&state, slot: slot) { playback in
            switch report {
            case .rendered:
                playback.framesRendered += 1
                playback.firstFramePresented = true
            case .renderedMore(let count):
                playback.framesRendered += count
            case .dropped: playback.framesDropped += 1
            case .resent: playback.framesDropped = max(0, playback.framesDropped - 1)
            }
        }
    }

    private static func update(_ state: inout ShellState, slot: PlayerSlot, _ change: (inout PlaybackState) -> Void) {
        switch slot {
        case .picture: if state.picture.pip != nil { change(&state.picture.pip!.playback) }
        case .preview:
            if state.picture.preview != nil {
                change(&state.picture.preview!.playback)
            } else if state.upNext.proposalImage != nil {
                change(&state.upNext.proposalImage!)
            }
        case .main: break  // the main player's reports go to PlayerReducer (playback owns it)
        case .warmA, .warmB, .warmC: if state.warm.players[slot] != nil { change(&state.warm.players[slot]!.playback) }
        case .view0, .view1, .view2, .view3:
            if let view = PlayerSlot.views.firstIndex(of: slot), let count = state.multiview?.views.count, view < count {
                change(&state.multiview!.views[view].playback)
            }
        }
    }
}
