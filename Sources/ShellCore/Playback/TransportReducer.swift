/// The player screen's keys: play/pause, skip, frame steps, and the entry
/// into scrubbing. Scrubbing itself is `ScrubReducer`.
enum TransportReducer {
    static func reduce(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        let p = state.playback
        let timeshift = state.isLive && state.seekRange != nil
        let canSeek = (timeshift || !state.isLive && p.duration != nil) && p.phase == .playing
        switch command {
        case .playPause:
            return setPause(&state, !p.paused, now: now)
        case .play:
            return setPause(&state, false, now: now)
        case .pause:
            return setPause(&state, true, now: now)
        case .left, .right:
            if command == .left, let effects = SegmentReducer.undo(&state, now: now) { return effects }
            let direction = command == .right ? 1 : -1
            if state.isLive || state.currentItem?.isLive == true, !(timeshift && p.paused) {
                // Paused, a viewer means to move in time, not to another
                // channel: without a buffer there is nowhere to go.
                if p.paused {
                    return showTransport(&state)
                        + FeedbackReducer.badge(&state, command == .left ? "No rewind on this channel" : "No fast-forward on this channel: it is live")
                }
                return changeChannel(&state, by: direction, now: now)
            }
            guard canSeek else { return showTransport(&state) }
            if let refused = BreakReducer.refusal(&state) { return refused + showTransport(&state) }
            if p.paused {
                state.scrub = ScrubState(target: p.position ?? 0, origin: p.position ?? 0)
                return ScrubReducer.step(&state, direction: direction, now: now) + showTransport(&state)
            }
            let offset = Double(direction) * state.settings.skipInterval
            let target = min(max(0, (p.position ?? 0) + offset), p.duration ?? .infinity)
            return BreakReducer.seek(&state, to: target, exact: false, by: offset) + showTransport(&state)
                + FeedbackReducer.badge(&state, FeedbackReducer.skip(offset))
        case .select:
            if !p.paused, let effects = SegmentReducer.take(&state) { return effects }
            if p.paused && canSeek {
                if let refused = BreakReducer.refusal(&state) { return refused + showTransport(&state) }
                state.scrub = ScrubState(target: p.position ?? 0, origin: p.position ?? 0)
                return showTransport(&state)
            }
            if state.chrome.transportVisible {
                state.chrome.transportVisible = false
                return [.cancelTimer(.transportHide)]
            }
            return showTransport(&state)
        case .frameBack, .frameForward:
            guard p.paused, canSeek else { return [] }
            if let refused = BreakReducer.refusal(&state) { return refused }
            if timeshift, !frameStepAllowed(state, forward: command == .frameForward) {
                return showTransport(&state) + FeedbackReducer.badge(&state, command == .frameForward ? "No frame further on" : "No frame further back")
            }
            return [.frameStep(forward: command == .frameForward)] + showTransport(&state)
                + FeedbackReducer.badge(&state, command == .frameForward ? "+1 frame" : "−1 frame")
        case .channelUp:
            return changeChannel(&state, by: 1, now: now)
        case .channelDown:
            return changeChannel(&state, by: -1, now: now)
        case .menu:
            if state.settings.pictureAutomatic, state.picture.pip == nil, PictureReducer.impossibility(state) == nil {
                return PictureReducer.start(&state, now: now)
            }
            return ShellReducer.goHome(&state)
        case .guide:
            // What plays goes on in the picture (its sound too) while the
            // guide is up; ESC brings it back.
            if state.settings.pictureAutomatic, state.picture.pip == nil, PictureReducer.impossibility(state) == nil {
                let effects = PictureReducer.start(&state, now: now)
                NavigationReducer.go(&state, to: .guide)
                state.guide.backToPicture = true
                return GuideGridReducer.available(state) ? effects + GuideGridReducer.open(&state) : effects
            }
            // Without the picture what played stops; ESC plays it again.
            let playing = state.current
            let effects = ShellReducer.goHome(&state, guide: true)
            state.guide.backToChannel = playing
            return GuideGridReducer.available(state) ? effects + GuideGridReducer.open(&state) : effects
        case .up:
            if p.paused && state.chrome.transportVisible && (p.phase == .playing || p.phase == .ended) { return TransportMenuReducer.present(&state) }
            guard p.phase == .playing else { return [] }
            return OverlayReducer.presentCustom(&state)
        case .down, .info:
            guard p.phase == .playing || p.phase == .ended else { return [] }
            return OverlayReducer.presentInfo(&state)
        case .whatDidTheySay:
            let effects = WhatDidTheySayReducer.start(&state, now: now)
            if effects.isEmpty {
                return showTransport(&state) + FeedbackReducer.badge(&state, state.isLive ? "No replay on a live channel" : "Nothing to replay yet")
            }
            let replay = "−\(Int(state.settings.replayInterval)) s" + (state.segments.whatDidTheySay != nil ? ", subtitles on" : "")
            return effects + showTransport(&state) + FeedbackReducer.badge(&state, replay)
        case .live:
            guard state.isLive else { return FeedbackReducer.badge(&state, "Not a live channel") }
            guard state.playback.liveBuffer != nil else { return FeedbackReducer.badge(&state, "No timeshift on this channel: it is live") }
            let effects = TimeshiftReducer.goLive(&state, now: now)
            // Opened again through the gate, under its prompt: no badge over it.
            return effects.isEmpty || state.screen != .player ? effects : effects + FeedbackReducer.badge(&state, "Live")
        case .digit, .quit, .pictureInPicture, .closePicture, .movePicture, .swapPicture, .pictureBack, .pictureForward, .dayBack, .dayForward,
             .previousChannel, .favourite, .search, .help, .multiview, .record, .volumeUp, .volumeDown, .mute:
            return []
        }
    }

    /// Seconds a frame step on a live channel keeps from the ends of what
    /// may be sought (`ShellState.seekRange`): positions are reported a
    /// little after the step.
    static let frameStepMargin = 0.5

    /// Whether a frame step stays inside what may be sought on a live
    /// channel: the buffer, but for the programmes in it that the
    /// restrictions hold back. Step by step, a held-back programme would
    /// otherwise be reached frame by frame, past the scrub head's limits.
    static func frameStepAllowed(_ state: ShellState, forward: Bool) -> Bool {
        guard let range = state.seekRange, let position = state.playback.position else { return false }
        return forward ? position + frameStepMargin <= range.upperBound : position - frameStepMargin >= range.lowerBound
    }

    static func setPause(_ state: inout ShellState, _ paused: Bool, now: Instant) -> [Effect] {
        guard state.playback.phase == .playing || state.playback.phase == .ended else { return [] }
        state.playback.paused = paused
        let ticking = paused ? TimeshiftReducer.leftEdge(&state, now: now) : []
        return [.setPause(paused)] + (paused ? ResumeReducer.save(&state) : []) + showTransport(&state) + ticking
    }

    /// Shows the transport bar; while playing it hides itself after a delay.
    static func showTransport(_ state: inout ShellState) -> [Effect] {
        state.chrome.transportVisible = true
        if state.playback.paused || state.scrub != nil {
            return [.cancelTimer(.transportHide)]
        }
        return [.startTimer(.transportHide, after: state.settings.transportHideDelay)]
    }

    /// Next / previous channel: a flip through the delegate when there is a
    /// lineup of numbered channels, else the next / previous item.
    static func changeChannel(_ state: inout ShellState, by offset: Int, now: Instant) -> [Effect] {
        if !state.channelRing.isEmpty { return FlipReducer.request(&state, step: offset, now: now) }
        return switchItem(&state, by: offset, now: now)
    }

    /// Plays the item `offset` places away, wrapping around.
    static func switchItem(_ state: inout ShellState, by offset: Int, now: Instant) -> [Effect] {
        guard let current = state.current, state.items.count > 1 else { return [] }
        let count = state.items.count
        let index = ((current + offset) % count + count) % count
        return PlaybackReducer.play(&state, index: index, now: now)
    }
}
