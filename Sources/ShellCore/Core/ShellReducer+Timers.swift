import MediaModel

extension ShellReducer {
    /// A timer the reducer started fired.
    static func reduceTimer(_ state: inout ShellState, _ timer: TimerID, now: Instant) -> [Effect] {
        switch timer {
        case .transportHide:
            if state.screen == .player && !state.playback.paused && state.scrub == nil {
                state.chrome.transportVisible = false
            }
            return []
        case .posterDelay:
            PlaybackReducer.releaseHeldPicture(&state)
            return []
        case .errorAdvance:
            guard state.screen == .error, let current = state.current, current + 1 < state.items.count else { return [] }
            return PlaybackReducer.play(&state, index: current + 1, now: now)
        case .flipSettle:
            return FlipReducer.settle(&state)
        case .flipTimeout:
            return FlipReducer.timeout(&state)
        case .flipFailureShown:
            return FlipReducer.returnToOrigin(&state, now: now)
        case .digitCommit:
            return ChannelEntryReducer.commit(&state, now: now)
        case .noticeHide:
            state.chrome.notice = nil
            return []
        case .messageHide:
            state.chrome.message = nil
            return []
        case .sleepWarning:
            return SleepReducer.warn(&state, now: now)
        case .sleepNow:
            return SleepReducer.due(&state, now: now)
        case .refreshSettle:
            return []
        case .badgeHide:
            state.chrome.badge = nil
            return []
        case .volumeBadgeHide:
            state.chrome.volumeBadge = nil
            return []
        case .hintHide:
            state.chrome.hintVisible = false
            return []
        case .lockoutTick:
            return PasscodeReducer.tick(&state)
        case .programmeBoundary, .pictureBoundary, .previewBoundary, .promptLift:
            return [.requestWallClock]
        case .retry:
            return RecoveryReducer.retry(&state, now: now)
        case .warmNeighbours:
            WarmReducer.delayFired(&state)
            return []
        case .stall:
            return RecoveryReducer.stalled(&state, now: now)
        case .idleReturn:
            return KioskReducer.idleReturn(&state, now: now)
        case .screensaver:
            return ScreensaverReducer.fire(&state)
        case .idleSleep:
            return ScreensaverReducer.idleSleepFired(&state)
        case .previewDelay:
            return PreviewReducer.delayFired(&state)
        case .pictureRestore:
            return PictureReducer.restoreTimedOut(&state)
        case .contextualActionHide:
            return SegmentReducer.hide(&state)
        case .upNextTick:
            return UpNextReducer.tick(&state, now: now)
        case .behindLiveTick:
            return TimeshiftReducer.pausedTick(state)
        case .libraryWait:
            return PlaybackReducer.startPending(&state, now: now)
        case .reminderHide:
            state.guide.reminderDue = nil
            return []
        case .spinner:
            guard state.screen == .interstitial, state.live.flip != nil || state.live.recovery != nil else { return [] }
            state.chrome.spinnerFrame += 1
            return [.startTimer(.spinner, after: state.settings.spinnerInterval)]
        }
    }
}
