import MediaModel

/// The parental gate around loading. Before an item is opened, the ratings
/// known for it (lineup, catalog, the guide's programme now) are checked:
/// restricted content is not opened at all until the passcode is given. Once
/// opened, the player holds the load before decoding anything and reports
/// the file's own ratings (`PlayerReport.preloaded`): the gate decides again
/// with those. On a live channel, each new programme of the guide is checked
/// again. The prompt itself is `PasscodeReducer`'s.
enum RestrictionReducer {
    /// What `PlaybackReducer.play` does next.
    enum Gate {
        /// Load the item; these effects go first.
        case proceed([Effect])
        /// Do not load it: the prompt or the refusal is up.
        case stop([Effect])
    }

    /// Ratings known for `item` before opening it: its own and those of the
    /// guide's programme its picture is judged by at `time` (nil: now by the
    /// wall clock, where a load opens a live channel, even the one playing
    /// behind live): the one airing then, or a held one's end still on
    /// screen (`judged`).
    static func knownRatings(_ state: ShellState, _ item: MediaItem, at time: Double? = nil) -> [ContentRating] {
        var ratings = item.ratingsHeldTo
        if let now = judged(state, item, at: time ?? state.wallClock).programme { ratings += now.ratings.compactMap(\.resolved) }
        return ratings
    }

    /// The start of the programme a live `item`'s picture is judged by at
    /// `time` (nil: now by the wall clock), by the guide (`judged`).
    static func programmeStart(_ state: ShellState, _ item: MediaItem, at time: Double? = nil) -> Double? {
        item.isLive ? judged(state, item, at: time ?? state.wallClock).programme?.start : nil
    }

    /// Whether the passcode given last covers `item` airing the programme
    /// that started at `start`.
    static func covered(_ state: ShellState, _ item: MediaItem, programmeStart start: Double?) -> Bool {
        guard let grant = state.restrictions.grant else { return false }
        return grant.itemID == item.id && grant.programmeStart == start
    }

    /// Called by `PlaybackReducer.play` before it loads `items[index]` (never
    /// while a prompt is up). `request`: the `replaceContent` request the
    /// load would answer; a stopped load keeps it until the prompt is answered.
    static func beforePlay(_ state: inout ShellState, index: Int, request: Int?) -> Gate {
        let item = state.items[index]
        let policy = state.restrictions.policy
        guard policy.mode != .off else { return .proceed([]) }
        let start = programmeStart(state, item)
        if state.restrictions.preAuthorized.remove(item.id) != nil {
            state.restrictions.grant = RestrictionsState.Grant(itemID: item.id, token: nil, programmeStart: grantedProgrammeStart(state, item))
            return .proceed([])
        }
        let ratings = knownRatings(state, item)
        guard policy.restricts(ratings), !covered(state, item, programmeStart: start) else { return .proceed([]) }
        return .stop(block(&state, index: index, request: request, ratings: ratings, programmeStart: start))
    }

    /// `items[index]` is restricted by `ratings` and not covered: whatever
    /// plays stops, nothing of the item is opened, and the prompt comes up
    /// (in deny mode, the refusal). The load waits for the prompt's answer
    /// with `request`, the `replaceContent` request it would answer.
    static func block(_ state: inout ShellState, index: Int, request: Int?, ratings: [ContentRating], programmeStart start: Double?) -> [Effect] {
        let item = state.items[index]
        // What played before is where ESC goes back to (a flip keeps its own origin).
        let previous = state.playback.phase == .idle ? nil : state.current
        PlaybackReducer.beginLoad(&state, index: index, request: request)
        PlaybackReducer.rate(&state, ratings: ratings, programmeStart: start, restricted: true)
        state.clearChrome()
        let effects: [Effect] = [.stop, .cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .cancelTimer(.posterDelay)]
        if state.restrictions.policy.effectiveMode == .deny {
            return effects + PlaybackReducer.dropContentRequest(&state) + deny(&state, item: item, ratings: ratings)
        }
        var prompt = PasscodePrompt(purpose: .play(index: index), item: item, ratings: ratings)
        if let previous, previous != index { prompt.origin = previous }
        return effects + PasscodeReducer.show(&state, prompt)
    }

    /// libmpv was started again (or a held load failed) while a prompt is
    /// up: the prompt stays. A load it held is gone, so the item is loaded
    /// afresh once the passcode is given; under any other prompt what
    /// played is loaded again when that prompt closes.
    static func reloadAfterPrompt(_ state: inout ShellState) -> [Effect] {
        guard var prompt = state.prompt, let index = state.current else { return [] }
        if prompt.holds(token: state.playback.token) {
            prompt.purpose = .play(index: index)
            NavigationReducer.go(&state, to: .passcode(prompt))
        } else if !prompt.isContent {
            state.restrictions.afterPrompt = index
        } else {
            return []
        }
        PlaybackReducer.stopAndForgetPicture(&state)
        return [.stop]
    }

    /// Called by `PlaybackReducer.play` once the load of the current item has
    /// its token: notes what is known and whether the last passcode covers it.
    static func didStartLoad(_ state: inout ShellState) -> [Effect] {
        guard state.restrictions.policy.mode != .off, let item = state.currentItem else { return [] }
        let start = programmeStart(state, item)
        let ratings = knownRatings(state, item)
        PlaybackReducer.rate(&state, ratings: ratings, programmeStart: start, restricted: state.restrictions.policy.restricts(ratings))
        if covered(state, item, programmeStart: start) {
            state.restrictions.grant?.token = state.playback.token
        } else {
            state.restrictions.grant = nil
        }
        return boundaryTimer(state)
    }

    /// The player opened the current load and holds it: decide with the
    /// file's ratings too. A restricted load being flipped away from is
    /// stopped, not asked for (it is asked for if the flip comes back to it).
    static func preloaded(_ state: inout ShellState, fileRatings: [ContentRating]) -> [Effect] {
        let token = state.playback.token
        PlaybackReducer.addFileRatings(&state, fileRatings)
        let policy = state.restrictions.policy
        guard policy.mode != .off, let item = state.currentItem else { return [.continueLoad(token: token)] }
        PlaybackReducer.markRestricted(&state, policy.restricts(state.playback.ratings))
        let granted = state.restrictions.grant.map { $0.itemID == item.id && $0.token == token } ?? false
        guard state.playback.restricted, !granted else { return [.continueLoad(token: token)] }

        if state.prompt != nil {
            return reloadAfterPrompt(&state)
        }
        if let flip = state.live.flip, flip.target != state.current {
            PlaybackReducer.stop(&state)
            return [.stop] + PlaybackReducer.dropContentRequest(&state)
        }
        state.clearChrome()
        PlaybackReducer.releaseHeldPicture(&state)
        let effects: [Effect] = [.cancelTimer(.transportHide), .cancelTimer(.posterDelay)]
        if policy.effectiveMode == .deny {
            PlaybackReducer.stop(&state)
            return effects + [.stop] + PlaybackReducer.dropContentRequest(&state) + deny(&state, item: item, ratings: state.playback.ratings)
        }
        return effects + PasscodeReducer.show(&state, PasscodePrompt(purpose: .held(token: token), item: item, ratings: state.playback.ratings))
    }

    /// Restricted content in deny mode (or with no passcode to ask for): a
    /// clear message, no prompt. A flip fails and returns to where it began.
    static func deny(_ state: inout ShellState, item: MediaItem, ratings: [ContentRating]) -> [Effect] {
        let policy = state.restrictions.policy
        let label = policy.reason(ratings)?.code
        let why = policy.mode == .deny ? "deny mode" : "no passcode is set"
        let effects: [Effect] = [
            .audit(AuditEntry(kind: .denied, title: item.title, itemID: item.id, rating: label, time: state.wallClock, detail: why)),
            .emit(.restrictionsAuthorization(item: item, rating: label, granted: false, reason: "restricted")),
        ]
        if state.live.flip != nil {
            NavigationReducer.go(&state, to: .interstitial)
            return effects + FlipReducer.fail(&state, reason: "restricted (\(label ?? "not rated"))")
        }
        NavigationReducer.go(&state, to: .error(ShellError(
            title: "“\(item.title)” is restricted",
            reason: "\(label.map { "Rated \($0)" } ?? "Not rated"); this TV allows \(policy.limitsDescription).")))
        return effects
    }

    /// A new wall-clock time: the lockout may be over, and a live channel's
    /// programme may have changed to one over the limits.
    static func wallClockChanged(_ state: inout ShellState, now: Instant) -> [Effect] {
        var effects: [Effect] = []
        if let until = state.restrictions.lockedUntil, until <= state.wallClock {
            state.restrictions.lockedUntil = nil
            state.updatePrompt { $0.message = nil }
            effects.append(.cancelTimer(.lockoutTick))
        }
        return effects + promptOutlived(&state, now: now) + recheckProgramme(&state, now: now) + promptLiftTimer(state)
    }

    /// On a live channel, a programme that started since the last check (or
    /// one the guide rates anew: it came after the channel opened, or was
    /// refreshed) is checked: over the limits and not covered, the prompt
    /// comes back (what plays stops until it is answered). Behind live (timeshift) it is the
    /// programme on screen that counts, the one aired then: a restricted one
    /// reached in the buffer pauses there under the prompt (`reachedBehind`).
    static func recheckProgramme(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.restrictions.policy.mode != .off, state.screen == .player, state.prompt == nil,
              let index = state.current, let item = state.currentItem, item.isLive,
              state.playback.phase == .loading || state.playback.phase == .playing else { return [] }
        let shown = state.shownTime
        let start = programmeStart(state, item, at: shown)
        var ratings = knownRatings(state, item, at: shown)
        for rating in state.playback.fileRatings where !ratings.contains(rating) { ratings.append(rating) }
        // A new programme, or the guide (come or refreshed) rating this one anew.
        guard start != state.playback.programmeStart || Set(ratings) != Set(state.playback.ratings) else { return boundaryTimer(state) }
        PlaybackReducer.rate(&state, ratings: ratings, programmeStart: start, restricted: state.restrictions.policy.restricts(ratings))
        guard state.playback.restricted, !covered(state, item, programmeStart: start) else { return boundaryTimer(state) }
        if isBehindLive(state) { return reachedBehind(&state, index: index, now: now) }
        return PlaybackReducer.play(&state, index: index, now: now)
    }

    /// Whether the full-screen live channel plays behind its live edge, from
    /// its buffer (what a reload would lose).
    static func isBehindLive(_ state: ShellState) -> Bool {
        state.playback.phase == .playing && (TimeshiftReducer.behindLive(state) ?? 0) >= TimeshiftReducer.edgeTolerance
    }

    /// Behind live, the picture reached a programme over the limits that the
    /// last passcode does not cover (its ratings are the playback's): the
    /// player pauses where it is, nothing more of it decoded, and the prompt
    /// asks for it; given, it plays on from there, the buffer kept
    /// (`PasscodeReducer`). Reloading instead would lose the buffer: the
    /// viewer would miss what was paused for, or skip the programme without
    /// a word. In deny mode (or with no passcode) it is skipped
    /// (`skipHeld`).
    static func reachedBehind(_ state: inout ShellState, index: Int, now: Instant) -> [Effect] {
        let item = state.items[index]
        let ratings = state.playback.ratings
        var effects: [Effect] = [.cancelTimer(.transportHide), .cancelTimer(.programmeBoundary)]
        if !state.playback.paused { effects.append(.setPause(true)) }
        PlaybackReducer.pause(&state)
        // Under the prompt, "behind live" is not shown: no second's tick.
        _ = TimeshiftReducer.leftEdge(&state, now: now)
        state.scrub = nil
        guard state.restrictions.policy.effectiveMode != .deny else {
            // Nothing allowed after it in the buffer, and what airs now is
            // refused too: the refusal, as for any load of it.
            if afterHeld(state) == nil, stopsNow(state, index) { return effects + PlaybackReducer.play(&state, index: index, now: now) }
            let policy = state.restrictions.policy
            let label = policy.reason(ratings)?.code
            let why = policy.mode == .deny ? "deny mode" : "no passcode is set"
            effects += [
                .audit(AuditEntry(kind: .denied, title: item.title, itemID: item.id, rating: label, time: state.wallClock, detail: "\(why); behind live")),
                .emit(.restrictionsAuthorization(item: item, rating: label, granted: false, reason: "restricted")),
            ]
            return effects + skipHeld(&state, index: index, skipped: label, now: now)
        }
        return effects + PasscodeReducer.show(&state, PasscodePrompt(purpose: .behind(token: state.playback.token), item: item, ratings: ratings))
    }

    /// Behind live, a programme held back was not allowed (refused, ESC, the
    /// lockout): playback goes on from the buffer after it, where what
    /// follows is allowed (`afterHeld`), with a word on what was skipped
    /// (`label`: its rating); else back to live (`backToLive`).
    static func skipHeld(_ state: inout ShellState, index: Int, skipped label: String?, now: Instant) -> [Effect] {
        guard state.playback.phase == .playing, let target = afterHeld(state) else {
            return backToLive(&state, index: index, skipped: label, now: now)
        }
        NavigationReducer.go(&state, to: .player)
        TimeshiftReducer.seeked(&state, to: target, now: now)
        PlaybackReducer.seek(&state, to: target)
        PlaybackReducer.resume(&state)
        state.chrome.notice = "Skipped a programme rated \(label ?? "not rated")"
        // The programme now on screen rated as any new one is (allowed, by
        // `afterHeld`), its end's timer set.
        return [.seek(to: target, exact: true), .setPause(false), .startTimer(.noticeHide, after: state.settings.noticeDelay)]
            + recheckProgramme(&state, now: now) + TransportReducer.showTransport(&state)
    }

    /// Behind live, the position in the buffer just after the programme held
    /// back on screen and any held back right after it (their end passed by
    /// `bufferMargin`, as for the scrub head), when the buffer holds it
    /// short of the live edge; nil when what follows reaches the edge.
    /// Paused, the picture's time moves by up to a segment as the stream's
    /// segments arrive, so the programme judged on screen may be the one
    /// before the held one: each step goes on from the end of what holds
    /// that time back (its own programme, or the tail of one just before),
    /// which passes the held one too.
    static func afterHeld(_ state: ShellState) -> Double? {
        guard let item = state.currentItem, let buffer = state.playback.liveBuffer, state.wallClock > 0,
              var end = judged(state, item, at: state.shownTime).programme?.stop else { return nil }
        let policy = state.restrictions.policy
        let now = state.wallClock
        while end + bufferMargin < now - skipShortOfEdge {
            let time = end + bufferMargin
            let ratings = knownRatings(state, item, at: time) + state.playback.fileRatings
            if !policy.restricts(ratings) || covered(state, item, programmeStart: programmeStart(state, item, at: time)) {
                return max(buffer.start, min(buffer.edge, buffer.live - (now - time)))
            }
            // Held back by the programme judged then (its own, or the tail of one just before).
            guard let next = judged(state, item, at: time).programme?.stop, next > end else { return nil }
            end = next
        }
        return nil
    }

    /// Seconds short of the live edge a skip must land for it to go on in
    /// the buffer rather than at the edge.
    static let skipShortOfEdge = 5.0

    /// Behind live, a programme held back was not allowed and the buffer
    /// holds nothing allowed after it: the channel opens again at its live edge, through the gate,
    /// with a word on what was skipped (`label`: its rating); when what airs
    /// now is held back too, the player is dismissed instead (a prompt for it
    /// right after the refusal would ask again what was just refused).
    static func backToLive(_ state: inout ShellState, index: Int, skipped label: String?, now: Instant) -> [Effect] {
        guard !stopsNow(state, index) else { return ShellReducer.goHome(&state) }
        NavigationReducer.go(&state, to: .player)
        let effects = PlaybackReducer.play(&state, index: index, now: now)
        state.chrome.notice = "Back to live: a programme rated \(label ?? "not rated") was skipped"
        return effects + [.startTimer(.noticeHide, after: state.settings.noticeDelay)]
    }

    /// Whether the restrictions would stop `items[index]` if it opened now
    /// (by what is known of it before opening: the lineup, the guide's
    /// programme airing now).
    static func stopsNow(_ state: ShellState, _ index: Int) -> Bool {
        let item = state.items[index]
        let policy = state.restrictions.policy
        return policy.mode != .off && policy.restricts(knownRatings(state, item))
            && !covered(state, item, programmeStart: programmeStart(state, item))
    }

    /// New programmes from the guide: with restrictions on, what plays is
    /// checked again at once (by the wall clock's action, as at a
    /// programme's start), not at the next tick up to 30 s later.
    static func guideChanged(_ state: ShellState) -> [Effect] {
        state.restrictions.policy.mode == .off ? [] : [.requestWallClock]
    }

    /// A timer for the end of the live programme on screen (when the guide
    /// knows it), to check the next one: at the time it ends on screen,
    /// behind live as far as the viewer is, at the speed it plays (paused,
    /// it is looked at again then, and re-armed; a seek or a new speed
    /// re-arms it).
    static func boundaryTimer(_ state: ShellState) -> [Effect] {
        let shown = state.shownTime
        guard state.restrictions.policy.mode != .off, let item = state.currentItem, item.isLive, state.wallClock > 0,
              let stop = judgementEnds(state, item, at: shown), stop > shown else { return [] }
        // Faster than 1× the end comes sooner; slower, the timer is early and re-armed.
        return [.startTimer(.programmeBoundary, after: boundaryDelay((stop - shown) / max(1, state.playback.speed)))]
    }

    /// The delay of a timer for a programme's end (`programmeBoundary`,
    /// `pictureBoundary`, `previewBoundary`): the time left, not more — a
    /// timer late by half a second let the next programme's first half
    /// second play before it was judged. One that fires a moment early (a
    /// position reported a moment late) finds the programme still on and is
    /// armed again for what is left, at least `boundaryRecheck` later.
    static func boundaryDelay(_ seconds: Double) -> Double {
        max(boundaryRecheck, seconds)
    }

    /// The shortest wait between two looks at a programme's end (seconds).
    static let boundaryRecheck = 0.05

    /// Seconds past the end of a programme held back before the buffer may
    /// be sought again: a live stream's picture comes some seconds after
    /// its airing (three segments, on HLS), and guides' times are rounded.
    static let bufferMargin = 30.0

    /// The part of the full-screen live channel's back buffer the viewer
    /// may seek in: around the position, between the programmes in it over
    /// the limits that the last passcode does not cover (restrictions
    /// turned on or tightened since they aired, a passcode given since for
    /// something else, a programme airing now that has not been asked for
    /// while the viewer is behind). Nil when nothing in the buffer is held
    /// back. Positions are the player's; a wall-clock time `t` is at
    /// `live - (now - t)` (`LiveBuffer.live`).
    static func allowedSpan(_ state: ShellState, _ buffer: LiveBuffer) -> ClosedRange<Double>? {
        let policy = state.restrictions.policy
        guard policy.mode != .off, state.wallClock > 0, let item = state.currentItem, item.isLive, let id = item.guideID else { return nil }
        let now = state.wallClock
        let position = min(max(state.playback.position ?? buffer.edge, buffer.start), buffer.edge)
        let earliest = now - (buffer.live - buffer.start)
        var lower = buffer.start, upper = buffer.edge
        var held = false
        for programme in state.guide.programmes.programmes(for: id) {
            guard programme.start < now else { break }
            guard let stop = programme.stop, stop > earliest else { continue }
            let ratings = item.ratingsHeldTo + programme.ratings.compactMap(\.resolved)
            guard policy.restricts(ratings), !covered(state, item, programmeStart: programme.start) else { continue }
            held = true
            let from = buffer.live - (now - programme.start), to = buffer.live - (now - stop)
            if to <= position {
                // The picture at the edge aired a little before now (the
                // stream's latency): the end is passed by a margin.
                lower = max(lower, min(to + bufferMargin, position))
            } else if from > position {
                upper = min(upper, from)
            } else {
                return position...position
            }
        }
        return held ? lower...max(lower, upper) : nil
    }
}
