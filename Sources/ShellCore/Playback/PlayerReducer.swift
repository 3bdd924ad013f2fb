/// Reports from the player for the current load.
enum PlayerReducer {
    static func reduce(_ state: inout ShellState, _ report: PlayerReport, now: Instant) -> [Effect] {
        if state.prompt != nil, let effects = underPrompt(&state, report) { return effects }
        switch report {
        case .started:
            state.playback.phase = .loading
            return []
        case .playing:
            state.playback.buffering = false
            state.playback.seekPending = false
            guard state.playback.phase == .loading else {
                if state.playback.phase == .ended { state.playback.phase = .playing }
                return []
            }
            state.playback.phase = .playing
            RecoveryReducer.recovered(&state)
            FailoverReducer.played(&state)
            let item = state.currentItem
            let history: [Effect] = state.settings.rememberPositions ? item.map { [.recordPlay($0, live: state.isLive)] } ?? [] : []
            return answer(&state, true) + [.emit(.playbackStarted(title: state.title, url: state.playingURL ?? ""))] + history + OverlayReducer.showHint(&state)
                + WarmReducer.mainPlaying(state) + TrackChoiceReducer.tracksListed(&state)
        case .failed(let reason) where state.live.flip != nil:
            if let effects = FailoverReducer.failedDuringFlip(&state, reason: reason) { return effects }
            state.playback.phase = .failed
            state.playback.holdsPreviousPicture = false
            let title = "Could not play “\(state.title)”"
            state.playback.failure = ShellError(title: title, reason: reason, location: state.playingURL)
            return answer(&state, false) + [.emit(.error(title: title, reason: reason, url: state.playingURL))]
        case .failed(let reason):
            return failed(&state, reason: reason, now: now)
        case .failureDetail(let detail):
            guard state.playback.phase == .failed, var failure = state.playback.failure, !failure.reason.contains(detail) else { return [] }
            failure.reason += ": " + detail
            state.playback.failure = failure
            if case .error = state.destination { NavigationReducer.go(&state, to: .error(failure)) }
            // The flip's card says why in plain words; the detail is for IPC.
            if var flip = state.live.flip, flip.failure != nil, let reason = flip.failureReason, !reason.contains(detail) {
                flip.failureReason = reason + ": " + detail
                state.live.flip = flip
            }
            return []
        case .ended:
            guard state.playback.phase != .ended else { return [] }
            if state.isLive, let effects = RecoveryReducer.failed(&state, reason: "the stream ended", now: now) { return effects }
            if let cut = CutShort.position(state) {
                let length = state.playback.duration ?? 0
                // Where it stopped is kept before the load counts as failed.
                let saved = ResumeReducer.save(&state)
                return saved + failed(&state, reason: CutShort.reason(at: cut, length: length, seekable: state.playback.seekable || !state.playback.seekableTold), cutShortAt: cut, now: now)
            }
            state.playback.phase = .ended
            let url = state.playingURL ?? ""
            if let effects = SleepReducer.itemEnded(&state) { return [.emit(.endFile(url: url))] + effects }
            if state.scrub == nil, let effects = UpNextReducer.ended(&state, now: now) {
                state.playback.paused = true
                return [.emit(.endFile(url: url))] + effects
            }
            if state.scrub == nil, let current = state.current, current + 1 < state.items.count, !state.items[current + 1].isLive {
                // Files play on in order.
                return [.emit(.endFile(url: url))] + PlaybackReducer.play(&state, index: current + 1, now: now)
            }
            if let start = KioskReducer.startAfterEnd(state) {
                return [.emit(.endFile(url: url))] + PlaybackReducer.play(&state, index: start, now: now)
            }
            if state.scrub == nil, let current = state.current, current + 1 < state.items.count {
                // A film followed by channels ends back on the home screen
                // it was chosen from (a channel does not start by itself).
                return [.emit(.endFile(url: url))] + ShellReducer.goHome(&state)
            }
            state.playback.paused = true
            state.chrome.transportVisible = true
            return [.emit(.endFile(url: url)), .cancelTimer(.transportHide)]
        case .position(let value):
            guard !state.playback.seekPending, !CutShort.isMoveToLastFrame(state, to: value) else { return [] }
            let old = state.playback.position
            state.playback.position = value
            guard let value else { return [] }
            if let length = CatchupReducer.programmeLength(state), value >= length, state.playback.phase == .playing || state.playback.phase == .ended {
                // An archive stream that runs on past its programme (a
                // "shift" catch-up gives all from its start until now) ends
                // with it: what followed is proposed, through the gate.
                let pause: [Effect] = state.playback.paused ? [] : [.setPause(true)]
                state.playback.paused = true
                return pause + reduce(&state, .ended, now: now)
            }
            if state.playback.liveBuffer != nil { TimeshiftReducer.measure(&state, now: now) }
            let replay = WhatDidTheySayReducer.positionChanged(&state, to: value)
            let breaks = replay + BreakReducer.positionChanged(&state, to: value)
            if breaks.contains(where: { if case .seek = $0 { true } else { false } }) { return breaks }
            return breaks + SegmentReducer.positionChanged(&state, from: old, to: value, now: now) + SegmentReducer.askProgram(state, from: old, to: value)
                + UpNextReducer.positionChanged(&state, to: value) + AskedStart.told(&state) + ResumeReducer.positionChanged(&state, from: old, to: value)
        case .duration(let value):
            // An archive item lasts its programme, whatever its stream runs on to.
            state.playback.duration = CatchupReducer.programmeLength(state).map { length in value.map { min($0, length) } ?? length } ?? value
            return []
        case .paused(let value):
            // Paused by the player itself (an mpv option, a script), not by
            // the shell: behind live it leaves the edge as a key's pause does.
            let pausedNow = value && !state.playback.paused && state.playback.phase == .playing
            state.playback.paused = value
            if value { state.chrome.transportVisible = true }
            return pausedNow ? TimeshiftReducer.leftEdge(&state, now: now) : []
        case .seekable(let value):
            state.playback.seekable = value
            state.playback.seekableTold = true
            return AskedStart.told(&state)
        case .cannotSeek(let position):
            state.playback.seekable = false
            state.playback.seekableTold = true
            return PlaybackReducer.seekRefused(&state, playingAt: position) + AskedStart.told(&state)
        case .mediaTitle(let value):
            state.playback.mediaTitle = value
            return []
        case .subtitleText(let value):
            state.playback.subtitleText = value
            return []
        case .streamTitle(let value):
            state.playback.streamTitle = value
            return []
        case .buffering(let value):
            let changed = state.playback.buffering != value
            state.playback.buffering = value
            return changed ? RecoveryReducer.buffering(state, value) : []
        case .tracks(let tracks):
            state.playback.tracks = tracks
            return TrackChoiceReducer.tracksListed(&state)
        case .chapters(let chapters):
            state.playback.chapters = chapters
            return []
        case .speed(let speed):
            state.playback.speed = speed
            return RestrictionReducer.boundaryTimer(state)
        case .videoConfigured:
            state.playback.videoConfigured = true
            return []
        case .preloaded(let ratings, _):
            return RestrictionReducer.preloaded(&state, fileRatings: ratings)
        case .firstFrame:
            state.playback.firstFramePresented = true
            state.playback.holdsPreviousPicture = false
            return [.cancelTimer(.posterDelay)]
        case .liveBuffer(let start, let end):
            TimeshiftReducer.buffer(&state, start: start, end: end, now: now)
            return []
        case .fetched:
            return []
        case .bufferFull(let bytes):
            return TimeshiftReducer.bufferFull(&state, bytes: bytes, now: now)
        }
    }

    /// The current load failed for `reason`: another stream or a retry when
    /// recovery is on, else the error screen. A playlist moves on past a
    /// file that fails; a live channel stays, for the viewer to try it
    /// again or choose another, and so does a film cut short at `cutShortAt`
    /// (the viewer was watching it: ENTER tries it again).
    private static func failed(_ state: inout ShellState, reason: String, cutShortAt: Double? = nil, now: Instant) -> [Effect] {
        if let effects = RecoveryReducer.failOver(&state, reason: reason, now: now) { return effects }
        let answered = answer(&state, false)
        if let effects = RecoveryReducer.failed(&state, reason: reason, now: now, failedOver: true) { return answered + effects }
        state.playback.phase = .failed
        state.playback.holdsPreviousPicture = false
        state.playback.cutShortAt = cutShortAt
        state.scrub = nil
        state.chrome.overlay = .none
        state.chrome.transportVisible = false
        let title = cutShortAt.map { CutShort.title(state.title, at: $0) } ?? "Could not play “\(state.title)”"
        let failure = ShellError(title: title, reason: reason, location: state.playingURL)
        state.playback.failure = failure
        NavigationReducer.go(&state, to: .error(failure))
        var effects: [Effect] = answered + [.cancelTimer(.transportHide), .emit(.error(title: title, reason: reason, url: state.playingURL))]
        // A stream cut short is still held at its end (mpv keeps a file
        // open there and tries to show its last frame): let it go.
        if cutShortAt != nil { effects.append(.stop) }
        if cutShortAt == nil, let current = state.current, current + 1 < state.items.count, state.currentItem?.isLive != true {
            effects.append(.startTimer(.errorAdvance, after: state.settings.errorAdvanceDelay))
        }
        return effects
    }

    /// Answers the `replaceContent` request the load carries, once.
    private static func answer(_ state: inout ShellState, _ success: Bool) -> [Effect] {
        guard let request = state.playback.contentRequest else { return [] }
        state.playback.contentRequest = nil
        return [.finishContentRequest(request: request, success: success)]
    }

    /// Reports while a passcode prompt covers the screen: none of them takes
    /// it down or changes the screen under it. A load the prompt holds that
    /// fails is loaded afresh once the passcode is given; nil for reports
    /// handled as usual (what the player tells about the media).
    private static func underPrompt(_ state: inout ShellState, _ report: PlayerReport) -> [Effect]? {
        guard let prompt = state.prompt else { return nil }
        var held = false
        if case .held(let token) = prompt.purpose, token == state.playback.token { held = true }
        switch report {
        case .failed(let reason):
            if held { return RestrictionReducer.reloadAfterPrompt(&state) }
            state.playback.phase = .failed
            let title = "Could not play “\(state.title)”"
            state.playback.failure = ShellError(title: title, reason: reason, location: state.playingURL)
            return answer(&state, false) + [.emit(.error(title: title, reason: reason, url: state.playingURL))]
        case .ended:
            guard !held, state.playback.phase != .ended else { return [] }
            state.playback.phase = .ended
            state.playback.paused = true
            return [.emit(.endFile(url: state.playingURL ?? ""))]
        case .playing:
            guard !held, state.playback.phase == .loading else { return held ? [] : nil }
            state.playback.phase = .playing
            state.playback.buffering = false
            state.playback.seekPending = false
            return answer(&state, true) + [.emit(.playbackStarted(title: state.title, url: state.playingURL ?? ""))]
        case .preloaded:
            return held ? [] : nil
        case .firstFrame:
            return held ? [] : nil
        case .buffering(let value):
            state.playback.buffering = value
            return []
        case .started, .failureDetail, .position, .duration, .paused, .seekable, .cannotSeek, .mediaTitle, .subtitleText, .streamTitle, .videoConfigured, .tracks, .chapters, .speed,
             .liveBuffer, .fetched, .bufferFull:
            return nil
        }
    }
}
