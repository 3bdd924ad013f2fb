import MediaModel

/// The sleep timer (`Action.sleep`, the overlay's and the info panel's
/// "Sleep" item, IPC `sleep`, the kiosk's daily time): a warning a minute
/// before (at once for less), counting the seconds down, then playback
/// stops (the picture in picture too) and the screen goes dark until a key.
/// A key during the warning keeps the shell awake (not the kiosk's daily
/// sleep: that one is the admin's). Pure.
enum SleepReducer {
    /// Seconds before the end the warning comes up.
    static let warning = 60.0

    /// Sets (or with nil, cancels) the timer.
    static func set(_ state: inout ShellState, _ choice: SleepChoice?, now: Instant) -> [Effect] {
        guard let choice else {
            guard state.sleep.choice != nil else { return [] }
            cancel(&state)
            return [.cancelTimer(.sleepWarning), .cancelTimer(.sleepNow)] + FeedbackReducer.badge(&state, "Sleep timer off")
        }
        guard let seconds = seconds(state, choice) else {
            let why = choice == .programme ? "No programme end known on this channel" : "This has no end to sleep at"
            return FeedbackReducer.badge(&state, why)
        }
        let effects = start(&state, choice, seconds: seconds, now: now)
        if choice == .programme { state.sleep.until = programmeEnd(state) }
        return effects + FeedbackReducer.badge(&state, "Sleep: \(choice.label)")
    }

    /// The seconds until `choice` ends, or nil when it cannot be known.
    static func seconds(_ state: ShellState, _ choice: SleepChoice) -> Double? {
        switch choice {
        case .after(let seconds):
            return seconds > 0 ? seconds : nil
        case .programme:
            return programmeEnd(state).map { left(state, until: $0) }
        case .item:
            guard let item = state.currentItem, !item.isLive, let duration = state.playback.duration else { return nil }
            let left = duration - (state.playback.position ?? 0)
            return left > 0 ? left / max(0.1, state.playback.speed) : nil
        case .daily:
            return nil
        }
    }

    /// When the live programme on screen ends, as aired (seconds since
    /// 1970): behind live it is the one the picture shows, not the one
    /// airing now.
    static func programmeEnd(_ state: ShellState) -> Double? {
        let shown = state.shownTime
        guard let item = state.currentItem, item.isLive, let stop = state.nowNext(item, at: shown).now?.stop, stop > shown else { return nil }
        return stop
    }

    /// Seconds until the picture reaches `until` (as aired), at the speed it plays.
    static func left(_ state: ShellState, until: Double) -> Double {
        max(0, until - state.shownTime) / max(0.1, state.playback.speed)
    }

    private static func start(_ state: inout ShellState, _ choice: SleepChoice, seconds: Double, now: Instant) -> [Effect] {
        state.sleep.choice = choice
        state.sleep.endsAt = now + seconds
        state.sleep.until = nil
        state.sleep.warned = false
        var effects: [Effect] = [.startTimer(.sleepNow, after: seconds)]
        if seconds > warning {
            effects.append(.startTimer(.sleepWarning, after: seconds - warning))
        } else {
            effects.append(.cancelTimer(.sleepWarning))
            effects += warn(&state, now: now)
        }
        return effects
    }

    /// A minute (or less) to go: the notice, until the end, saying the time
    /// left to the second — the `sleepWarning` timer set again for when the
    /// seconds shown change. A notice that took its place since is left.
    static func warn(_ state: inout ShellState, now: Instant) -> [Effect] {
        if let effects = reckonFilmEnd(&state, now: now) { return effects }
        guard state.sleep.choice != nil, !state.sleep.asleep, let endsAt = state.sleep.endsAt else { return [] }
        let left = max(0, endsAt - now)
        // The whole seconds shown ("0:45" from 45 s down to just over 44 s).
        let shown = (left - 0.001).rounded(.up)
        let text = "Sleeping in \(formatTime(max(0, shown)))" + (keepsAwake(state) ? " · any key to stay awake" : "")
        var effects: [Effect] = []
        if !state.sleep.warned {
            state.sleep.warned = true
            state.chrome.notice = text
            effects.append(.startTimer(.noticeHide, after: left + 1))
        } else if state.chrome.notice?.hasPrefix("Sleeping in ") == true {
            state.chrome.notice = text
        }
        if shown > 1 { effects.append(.startTimer(.sleepWarning, after: left - (shown - 1))) }
        return effects
    }

    /// Whether a key cancels the timer (not the kiosk's daily sleep).
    static func keepsAwake(_ state: ShellState) -> Bool {
        !(state.kiosk && state.sleep.choice == .daily)
    }

    /// The timer is up. The end of a programme is its end on screen: when
    /// the picture is not there yet (paused or rewound behind live since),
    /// the timer is set again by what is left.
    static func due(_ state: inout ShellState, now: Instant) -> [Effect] {
        if let effects = reckonFilmEnd(&state, now: now) { return effects }
        if state.sleep.choice == .programme, let until = state.sleep.until, !state.sleep.asleep {
            let seconds = left(state, until: until)
            if seconds > 1 {
                state.sleep.endsAt = now + seconds
                return [.startTimer(.sleepNow, after: seconds)]
            }
        }
        return sleep(&state)
    }

    /// Time is up: playback stops, the picture in picture closes, every
    /// multiview view and the guide's preview stop, the screen goes dark.
    /// A passcode given before covers nothing after: whoever wakes the box
    /// is not known to be who gave it.
    static func sleep(_ state: inout ShellState) -> [Effect] {
        guard state.sleep.choice != nil, !state.sleep.asleep else { return [] }
        return fallAsleep(&state) + [.televisionStandby]
    }

    /// A still screen left with no key for `ShellSettings.idleSleepDelay`
    /// (`ScreensaverReducer.idleSleepFired`): the shell sleeps as at the
    /// timer's end, with no warning (nobody is there to read it).
    static func idle(_ state: inout ShellState) -> [Effect] {
        guard !state.sleep.asleep else { return [] }
        return fallAsleep(&state) + [.televisionStandby]
    }

    /// The TV went to standby by its own remote (`Action.televisionOff`):
    /// the shell sleeps at once, as at the timer's end — nothing streams
    /// to a dark TV all night, and a passcode given before covers nothing
    /// for whoever turns it on next —, with no warning (nobody sees it) and
    /// no standby sent back. In a kiosk too: it is the TV, not the viewer.
    static func televisionOff(_ state: inout ShellState) -> [Effect] {
        guard !state.sleep.asleep else { return [] }
        return fallAsleep(&state)
    }

    /// The TV switched to the box (`Action.televisionOn`): asleep, the
    /// shell wakes as at a key (a kiosk plays its start item again), so the
    /// viewer who turned the TV on sees the box, not a dark input.
    static func televisionOn(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.sleep.asleep else { return [] }
        return key(&state, now: now) ?? []
    }

    private static func fallAsleep(_ state: inout ShellState) -> [Effect] {
        var effects = state.picture.pip != nil ? PictureReducer.close(&state, reason: "sleep") : []
        effects += MultiviewReducer.end(&state) + PreviewReducer.stop(&state)
        effects += ShellReducer.goHome(&state)
        state.restrictions.grant = nil
        state.restrictions.preAuthorized = []
        let lastDaily = state.sleep.lastDaily
        state.sleep = SleepState()
        state.sleep.asleep = true
        state.sleep.lastDaily = lastDaily
        state.chrome.notice = nil
        state.chrome.help = false
        return effects + [.cancelTimer(.sleepWarning), .cancelTimer(.sleepNow), .cancelTimer(.noticeHide), .cancelTimer(.idleReturn)]
    }

    /// Any key while `KeyOverlay.sleep` is up (`KeyTable`): asleep, it wakes
    /// the shell (a kiosk plays its start item again); during the warning it
    /// keeps the shell awake (not under the passcode prompt: its digits are
    /// the code's). The key does nothing else.
    static func key(_ state: inout ShellState, now: Instant) -> [Effect]? {
        if state.sleep.asleep {
            state.sleep.asleep = false
            guard state.kiosk, !state.items.isEmpty else { return [] }
            return PlaybackReducer.play(&state, index: state.live.startIndex ?? 0, now: now)
        }
        guard state.sleep.warned, keepsAwake(state), state.prompt == nil else { return nil }
        cancel(&state)
        state.chrome.notice = "Staying awake: sleep timer off"
        return [.cancelTimer(.sleepWarning), .cancelTimer(.sleepNow), .startTimer(.noticeHide, after: state.settings.noticeDelay)]
    }

    /// Asleep, something came to be seen or heard without a key — a
    /// channel tuned over the socket, MQTT or Now Playing, a film the
    /// embedding program put up, multiview, the picture in picture —: the
    /// shell wakes for it (left asleep, the screen stayed dark over the
    /// sound). Called after every action (`ShellReducer.reduce`).
    static func wakeForWhatShows(_ state: inout ShellState) {
        guard state.sleep.asleep else { return }
        guard state.screen != .home || state.playback.phase != .idle || state.multiview != nil || state.picture.pip != nil else { return }
        state.sleep.asleep = false
    }

    /// "End of film": its timers were set by what was left when it was
    /// chosen, and a pause, a seek or another speed since moves its end.
    /// When one is up and the film's end (what is left now, at its speed)
    /// is more than a second from the one reckoned, both are set again by
    /// it: the warning a minute before (a countdown shown too early is
    /// taken down), or the countdown now when less is left. Nil when the
    /// end stands, or no film plays (it ended, failed or was stopped: the
    /// timer keeps its time).
    private static func reckonFilmEnd(_ state: inout ShellState, now: Instant) -> [Effect]? {
        guard state.sleep.choice == .item, !state.sleep.asleep, state.playback.phase == .playing,
              let left = seconds(state, .item), let endsAt = state.sleep.endsAt, abs(now + left - endsAt) > 1 else { return nil }
        state.sleep.endsAt = now + left
        var effects: [Effect] = [.startTimer(.sleepNow, after: left)]
        guard left > warning else { return effects + warn(&state, now: now) }
        effects.append(.startTimer(.sleepWarning, after: left - warning))
        if state.sleep.warned {
            state.sleep.warned = false
            if state.chrome.notice?.hasPrefix("Sleeping in ") == true {
                state.chrome.notice = nil
                effects.append(.cancelTimer(.noticeHide))
            }
        }
        return effects
    }

    /// The item ended with "end of film" chosen: sleep now, before Up Next.
    static func itemEnded(_ state: inout ShellState) -> [Effect]? {
        guard state.sleep.choice == .item else { return nil }
        return sleep(&state)
    }

    /// The wall clock moved: the kiosk's daily time, when it is within
    /// the next 90 s and not acted on today, starts its countdown.
    static func wallClockChanged(_ state: inout ShellState, now: Instant) -> [Effect] {
        // The end of a programme is a time as aired, reached when the
        // picture is there: each tick sets the timer again by it (the time
        // told when it was set may be up to a tick old; the viewer may have
        // paused or rewound since).
        if state.sleep.choice == .programme, let until = state.sleep.until, !state.sleep.asleep {
            let seconds = left(state, until: until)
            state.sleep.endsAt = now + seconds
            var effects: [Effect] = [.startTimer(.sleepNow, after: seconds)]
            if !state.sleep.warned { effects.append(seconds > warning ? .startTimer(.sleepWarning, after: seconds - warning) : .startTimer(.sleepWarning, after: 0)) }
            return effects
        }
        guard let minutes = state.settings.sleepDaily, !state.sleep.asleep, state.sleep.choice == nil else { return [] }
        let offset = Double(state.settings.utcOffset)
        let local = state.wallClock + offset
        let day = (local / 86400).rounded(.down) * 86400
        var at = day + Double(minutes) * 60 - offset
        if at < state.wallClock - 1 { at += 86400 }
        guard at - state.wallClock <= 90, state.sleep.lastDaily != at else { return [] }
        state.sleep.lastDaily = at
        return start(&state, .daily, seconds: max(0, at - state.wallClock), now: now)
    }

    private static func cancel(_ state: inout ShellState) {
        state.sleep.choice = nil
        state.sleep.endsAt = nil
        state.sleep.until = nil
        state.sleep.warned = false
    }
}
