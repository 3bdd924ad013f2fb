/// Scrubbing while paused: the head moves, playback stays; coarse steps
/// accelerate while a key repeats; fine mode steps by at most a second;
/// ENTER, PAUSE or PLAYPAUSE commits (seek; PLAYPAUSE plays), ESC cancels.
/// The transport bar's other keys (`passedOn`: a channel change, the
/// guide, live, info, record…) end the scrub where it began, as ESC, and do
/// what they do on the bar (`KeyRouter`).
enum ScrubReducer {
    /// The keys that cancel the scrub and go on to the transport bar.
    static let passedOn: Set<RemoteCommand> = [
        .frameBack, .frameForward, .channelUp, .channelDown, .info, .guide, .whatDidTheySay, .live, .multiview, .record,
    ]

    static func reduce(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        guard var scrub = state.scrub else { return [] }
        switch command {
        case .left:
            return step(&state, direction: -1, now: now)
        case .right:
            return step(&state, direction: 1, now: now)
        case .down:
            scrub.mode = .fine
            scrub.repeatCount = 0
            scrub.lastStepAt = nil
            state.scrub = scrub
            return []
        case .up:
            scrub.mode = .coarse
            scrub.repeatCount = 0
            scrub.lastStepAt = nil
            state.scrub = scrub
            return []
        case .select, .pause:
            return commit(&state, play: false, now: now)
        case .playPause, .play:
            return commit(&state, play: true, now: now)
        case .menu:
            state.scrub = nil
            return []
        default:
            return []
        }
    }

    /// Moves the head one step in `direction`; repeated steps within the
    /// repeat window grow (coarse) or refine up to 1 s (fine).
    static func step(_ state: inout ShellState, direction: Int, now: Instant) -> [Effect] {
        guard var scrub = state.scrub else { return [] }
        let settings = state.settings
        let range = state.seekRange ?? 0...0
        if let last = scrub.lastStepAt, scrub.lastDirection == direction, now - last <= settings.repeatWindow {
            scrub.repeatCount += 1
        } else {
            scrub.repeatCount = 0
        }
        let size: Double
        switch scrub.mode {
        case .coarse:
            let multiplier = min(1 + settings.coarseAcceleration * Double(scrub.repeatCount), settings.coarseMaxMultiplier)
            size = settings.coarseBaseStep(duration: range.upperBound - range.lowerBound) * multiplier
        case .fine:
            size = min(settings.fineStep * pow(settings.fineGrowth, Double(scrub.repeatCount)), settings.fineMaxStep)
        }
        scrub.target = min(max(scrub.target + Double(direction) * size, range.lowerBound), range.upperBound)
        scrub.lastDirection = direction
        scrub.lastStepAt = now
        state.scrub = scrub
        return []
    }

    /// ENTER or PLAYPAUSE: seek to the head. Landing in an unwatched ad
    /// break (the one crossed, or one the head is in) enters it at once,
    /// paused or not: the player reports no position until it moves.
    static func commit(_ state: inout ShellState, play: Bool, now: Instant) -> [Effect] {
        guard let scrub = state.scrub else { return [] }
        state.scrub = nil
        // Within what may be sought now (the restrictions may have changed since the head moved).
        let target = state.seekRange.map { min(max(scrub.target, $0.lowerBound), $0.upperBound) } ?? scrub.target
        var effects = BreakReducer.seek(&state, to: target)
        if case .seek(let to, _) = effects.first {
            TimeshiftReducer.seeked(&state, to: to, now: now)
            PlaybackReducer.seek(&state, to: to)
            effects += BreakReducer.positionChanged(&state, to: to) + RestrictionReducer.boundaryTimer(state)
        }
        if play {
            PlaybackReducer.resume(&state)
            effects.append(.setPause(false))
        }
        return effects + TransportReducer.showTransport(&state)
    }
}

/// `base` raised to `exponent`, without Foundation.
func pow(_ base: Double, _ exponent: Double) -> Double {
    var result = 1.0
    var n = Int(exponent)
    while n > 0 { result *= base; n -= 1 }
    return result
}
