import MediaModel

/// Picture in picture: the playing item goes to a corner and plays on (in
/// the `.picture` player, moved there without reloading) while the screens
/// go on underneath; it comes back full screen where it was. Only one
/// picture at a time. Sound follows the full-screen item: the picture is
/// muted while something else plays full screen.
enum PictureReducer {
    /// Why picture in picture cannot start now; nil when it can
    /// (`isPictureInPicturePossible`).
    static func impossibility(_ state: ShellState) -> String? {
        if state.prompt != nil { return "the passcode prompt is up" }
        if state.live.flip != nil { return "a channel change is under way" }
        guard state.screen == .player, state.currentItem != nil, state.playback.phase == .playing else { return "nothing is playing" }
        if state.playback.restricted { return "restricted content does not go into a picture" }
        if !state.settings.secondPictures { return "this output shows no second picture" }
        let minimum = state.settings.pictureMinimumSize
        if let display = state.display, display.columns < minimum.columns || display.rows < minimum.rows {
            return "the terminal is \(display.columns)×\(display.rows); a picture needs \(minimum.columns)×\(minimum.rows)"
        }
        return nil
    }

    /// The picture keys (and SPACE for the picture while nothing plays full
    /// screen); nil for keys that are not the picture's.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        switch command {
        case .pictureInPicture:
            return state.picture.pip == nil ? start(&state, now: now) : restore(&state, now: now)
        case .closePicture:
            return state.picture.pip.map { _ in close(&state, reason: "closed") } ?? []
        case .movePicture:
            guard let pip = state.picture.pip else { return [] }
            // To the next corner where it is drawn somewhere else, clear of
            // the panels (as last drawn); before any drawing, the next one.
            guard let spot = pip.spot else {
                state.picture.pip?.corner = pip.corner.next
                return []
            }
            guard let corner = spot.moves.first else {
                state.chrome.notice = spot.corner == nil ? "No room for the picture beside this screen's panels" : "No other corner is free"
                return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
            }
            state.picture.pip?.corner = corner
            return []
        case .swapPicture:
            return swap(&state, now: now)
        case .pictureBack, .pictureForward:
            guard let pip = state.picture.pip, pip.playback.phase == .playing, pip.playback.seekable, pip.playback.duration != nil,
                  state.pictureItem?.isLive != true else { return [] }
            let step = state.settings.pictureSkip * (command == .pictureForward ? 1 : -1)
            return [.slot(.picture, .seekBy(step))]
        case .playPause, .play, .pause:
            guard let pip = state.picture.pip, state.screen != .player, pip.playback.phase == .playing || pip.playback.phase == .ended else { return nil }
            let paused = command == .play ? false : command == .pause ? true : !pip.playback.paused
            state.picture.pip?.playback.paused = paused
            return [.slot(.picture, .pause(paused))]
        default:
            return nil
        }
    }

    /// Puts what plays full screen into a picture, the home screen coming up
    /// underneath. A picture already up is closed first (one at a time).
    /// When it cannot start, says why (a notice, and the delegate's
    /// `failedToStart`).
    static func start(_ state: inout ShellState, now: Instant) -> [Effect] {
        if let why = impossibility(state) {
            state.chrome.notice = "Picture in picture: \(why)"
            return [.notifyPicture(.failedToStart(reason: why)), .startTimer(.noticeHide, after: state.settings.noticeDelay * 4)]
        }
        guard let index = state.current else { return [] }
        // Why an earlier try failed is no longer true.
        if state.chrome.notice?.hasPrefix("Picture in picture:") == true { state.chrome.notice = nil }
        var effects: [Effect] = state.picture.pip != nil ? close(&state, reason: "closed") : []
        effects.append(.notifyPicture(.willStart))
        state.picture.pip = PictureInPicture(index: index, playback: state.playback, corner: state.settings.pictureCorner)
        var idle = PlaybackState()
        idle.token = state.newToken()
        PlaybackReducer.makeCurrent(&state, nil, playback: idle)
        state.navigation.homeSelection = index
        state.live.recovery = nil
        state.clearChrome()
        NavigationReducer.go(&state, to: .home)
        effects += [
            .exchangePlayers(.main, .picture),
            .cancelTimer(.transportHide), .cancelTimer(.hintHide), .cancelTimer(.posterDelay), .cancelTimer(.stall),
            .cancelTimer(.programmeBoundary),
            .notifyPicture(.didStart),
            .emit(.pipStarted(item: state.items[index])),
        ]
        return effects + boundaryTimer(state) + KioskReducer.armIdleReturn(state)
    }

    /// Asks the delegate to restore its interface; the picture comes back
    /// full screen once it answers (`restoreAnswered`), or simply stops
    /// when it does not within `pictureRestoreTimeout`.
    static func restore(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let pip = state.picture.pip, !pip.restoring, state.prompt == nil else { return [] }
        state.picture.pip?.restoring = true
        return [
            .notifyPicture(.willStop),
            .restorePictureInterface(token: pip.playback.token),
            .startTimer(.pictureRestore, after: state.settings.pictureRestoreTimeout),
        ]
    }

    /// The delegate answered the restore request for the load `token`.
    static func restoreAnswered(_ state: inout ShellState, token: Int, restored: Bool, now: Instant) -> [Effect] {
        guard let pip = state.picture.pip, pip.restoring, pip.playback.token == token else { return [] }
        guard state.prompt == nil else {
            state.picture.pip?.restoring = false
            return [.cancelTimer(.pictureRestore)]
        }
        guard restored else { return [.cancelTimer(.pictureRestore)] + close(&state, reason: "closed", told: true) }
        return [.cancelTimer(.pictureRestore)] + bringBack(&state, now: now)
    }

    /// The picture's item becomes the full-screen one, playing on where it
    /// was (its player moves back to the main slot); what played full
    /// screen stops. A picture whose programme became restricted is asked
    /// for instead (the passcode prompt, as any restricted load); one still
    /// opening on the TV output is loaded full screen.
    private static func bringBack(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let pip = state.picture.pip else { return [] }
        let item = state.items[pip.index]
        // A picture still opening (loaded again) where such a load is not
        // taken over (the TV output: `ShellSettings.takeOverLoading`) loads
        // full screen instead, as one whose programme became restricted.
        if pip.blocked != nil || pip.playback.phase == .loading && !state.settings.takeOverLoading {
            state.retire(pip.playback.token)
            state.picture.pip = nil
            let told: [Effect] = [.slot(.picture, .stop)] + cancelBoundary(state, pip) + [.notifyPicture(.didStop), .emit(.pipStopped(item: item, reason: "restored"))]
            return told + PlaybackReducer.play(&state, index: pip.index, now: now)
        }
        var effects = FlipReducer.abandon(&state) + PlaybackReducer.dropContentRequest(&state)
        if state.playback.phase != .idle { effects.append(.stop) }
        state.retire(state.playback.token)
        // Its next frame, full screen, is the play's first (`first-frame`),
        // as after any zap.
        var playback = pip.playback
        playback.firstFramePresented = false
        PlaybackReducer.makeCurrent(&state, pip.index, playback: playback)
        state.navigation.homeSelection = pip.index
        state.picture.pip = nil
        state.live.recovery = nil
        state.clearChrome()
        NavigationReducer.go(&state, to: .player)
        state.chrome.transportVisible = true
        effects += [.cancelTimer(.errorAdvance)] + cancelBoundary(state, pip) + [.exchangePlayers(.main, .picture)]
        if pip.muted { effects.append(.slot(.main, .mute(false))) }
        effects += [
            .startTimer(.transportHide, after: state.settings.transportHideDelay),
            .notifyPicture(.didStop),
            .emit(.pipRestored(item: item)),
            .emit(.pipStopped(item: item, reason: "restored")),
        ]
        return effects + TrackChoiceReducer.tracksListed(&state) + RestrictionReducer.boundaryTimer(state)
    }

    /// The delegate did not answer the restore in time: the picture stops.
    static func restoreTimedOut(_ state: inout ShellState) -> [Effect] {
        guard state.picture.pip?.restoring == true else { return [] }
        return close(&state, reason: "closed", told: true)
    }

    /// Takes the picture down and stops its player. `told`: the delegate
    /// already heard `willStop`.
    static func close(_ state: inout ShellState, reason: String, told: Bool = false) -> [Effect] {
        guard let pip = state.picture.pip else { return [] }
        let saved = ResumeReducer.savePicture(&state)
        state.retire(pip.playback.token)
        state.picture.pip = nil
        let item = state.items[pip.index]
        var effects: [Effect] = saved + (told ? [] : [.notifyPicture(.willStop)])
        if pip.restoring { effects.append(.cancelTimer(.pictureRestore)) }
        return effects + [.slot(.picture, .stop)] + cancelBoundary(state, pip) + [.notifyPicture(.didStop), .emit(.pipStopped(item: item, reason: reason))]
    }

    /// The picture and the full-screen item change places; the sound goes
    /// with the full-screen one.
    static func swap(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard var pip = state.picture.pip, pip.blocked == nil, !pip.restoring, state.screen == .player, state.live.flip == nil,
              let current = state.current, state.playback.phase == .playing, !state.playback.restricted else { return [] }
        let full = state.playback
        PlaybackReducer.makeCurrent(&state, pip.index, playback: pip.playback)
        state.navigation.homeSelection = pip.index
        pip.playback = full
        pip.index = current
        pip.muted = true
        state.picture.pip = pip
        state.clearChrome()
        state.chrome.transportVisible = true
        return [
            .exchangePlayers(.main, .picture), .slot(.picture, .mute(true)), .slot(.main, .mute(false)),
            .cancelTimer(.hintHide), .startTimer(.transportHide, after: state.settings.transportHideDelay),
        ] + TrackChoiceReducer.tracksListed(&state) + RestrictionReducer.boundaryTimer(state) + boundaryTimer(state)
    }

    /// Something new plays full screen: the picture goes on muted.
    static func muteForFullScreen(_ state: inout ShellState) -> [Effect] {
        guard let pip = state.picture.pip, !pip.muted else { return [] }
        state.picture.pip?.muted = true
        return [.slot(.picture, .mute(true))]
    }

    /// Nothing plays full screen any more: the picture has the sound again.
    static func unmuteForHome(_ state: inout ShellState) -> [Effect] {
        guard let pip = state.picture.pip, pip.muted else { return [] }
        state.picture.pip?.muted = false
        return [.slot(.picture, .mute(false))]
    }

    /// A new wall-clock time: a live picture whose programme is now over the
    /// limits (and not covered by the last passcode) is stopped, and asked
    /// for when restored. Behind live, the programme its picture shows
    /// counts (`ShellState.pictureShownTime`), as full screen.
    static func recheckProgramme(_ state: inout ShellState) -> [Effect] {
        guard state.restrictions.policy.mode != .off, let pip = state.picture.pip, pip.blocked == nil,
              let item = state.pictureItem, item.isLive else { return [] }
        let shown = state.pictureShownTime
        let start = RestrictionReducer.programmeStart(state, item, at: shown)
        guard start != pip.playback.programmeStart else { return boundaryTimer(state) }
        let ratings = RestrictionReducer.knownRatings(state, item, at: shown) + pip.playback.fileRatings
        state.picture.pip?.playback.programmeStart = start
        state.picture.pip?.playback.ratings = ratings
        let restricted = state.restrictions.policy.restricts(ratings)
        state.picture.pip?.playback.restricted = restricted
        guard restricted, !RestrictionReducer.covered(state, item, programmeStart: start) else { return boundaryTimer(state) }
        return block(&state, reason: state.restrictions.policy.reason(ratings)?.code ?? "not rated")
    }

    /// The picture's live buffer filled its room on disk
    /// (`PlayerReport.bufferFull`): its channel loads again in the picture,
    /// a new buffer from now (an hour of a channel in the corner wrote its
    /// stream to the disk), once it plays and holds
    /// `TimeshiftReducer.shortestRestartedBuffer`; not while it is being
    /// restored or is blocked. A picture paused or behind live comes back
    /// to it, playing (a notice says why): the programme on now is judged
    /// first (over the limits and not covered, the picture is blocked
    /// instead), and its file's ratings at the player's hold (`preloaded`).
    static func bufferFull(_ state: inout ShellState, bytes: Int) -> [Effect] {
        guard let pip = state.picture.pip, pip.blocked == nil, !pip.restoring, pip.playback.phase == .playing, let buffer = pip.playback.liveBuffer,
              buffer.end - buffer.start >= TimeshiftReducer.shortestRestartedBuffer else { return [] }
        let item = state.items[pip.index]
        let start = RestrictionReducer.programmeStart(state, item)
        let ratings = RestrictionReducer.knownRatings(state, item)
        let policy = state.restrictions.policy
        if policy.mode != .off, policy.restricts(ratings), !RestrictionReducer.covered(state, item, programmeStart: start) {
            return block(&state, reason: policy.reason(ratings)?.code ?? "not rated")
        }
        state.retire(pip.playback.token)
        var playback = PlaybackState()
        playback.token = state.newToken()
        playback.phase = .loading
        playback.speed = pip.playback.speed
        playback.programmeStart = start
        playback.ratings = ratings
        state.picture.pip?.playback = playback
        return NoticeReducer.show(&state, "The picture's rewind buffer filled its room on disk (\(TimeshiftReducer.shown(bytes))): it starts again from now")
            + [.slot(.picture, .load(state.playable(pip.index), token: playback.token))] + boundaryTimer(state)
    }

    /// The picture's player holds a load (one started again,
    /// `bufferFull`): it goes on unless its file's own ratings restrict it
    /// beyond what the last passcode covers; then it is stopped before
    /// anything of it decodes, and asked for when restored.
    static func preloaded(_ state: inout ShellState, fileRatings: [ContentRating]) -> [Effect] {
        guard var pip = state.picture.pip, pip.blocked == nil else { return [] }
        let item = state.items[pip.index]
        pip.playback.fileRatings = fileRatings
        for rating in fileRatings where !pip.playback.ratings.contains(rating) { pip.playback.ratings.append(rating) }
        let policy = state.restrictions.policy
        pip.playback.restricted = policy.mode != .off && policy.restricts(pip.playback.ratings)
        state.picture.pip = pip
        guard pip.playback.restricted, !RestrictionReducer.covered(state, item, programmeStart: pip.playback.programmeStart) else {
            return [.slot(.picture, .continueLoad(token: pip.playback.token))]
        }
        return block(&state, reason: policy.reason(pip.playback.ratings)?.code ?? "not rated")
    }

    /// The picture's programme is over the limits: its player stops, and
    /// restoring it asks for the passcode (`reason`: the strictest rating).
    private static func block(_ state: inout ShellState, reason: String) -> [Effect] {
        guard let pip = state.picture.pip else { return [] }
        state.picture.pip?.blocked = reason
        state.picture.pip?.playback.phase = .idle
        state.picture.pip?.playback.videoConfigured = false
        let token = state.newToken()
        state.retire(pip.playback.token)
        state.picture.pip?.playback.token = token
        return [.slot(.picture, .stop), .cancelTimer(.pictureBoundary)]
    }

    /// The picture's boundary timer off, when one may be armed (a live
    /// picture under restrictions).
    private static func cancelBoundary(_ state: ShellState, _ pip: PictureInPicture) -> [Effect] {
        state.restrictions.policy.mode != .off && state.items[pip.index].isLive ? [.cancelTimer(.pictureBoundary)] : []
    }

    /// A timer for the end of the live programme in the picture (when the
    /// guide knows it), at the time it ends on its picture, to check the
    /// next one then, not at the next tick.
    static func boundaryTimer(_ state: ShellState) -> [Effect] {
        guard state.restrictions.policy.mode != .off, let pip = state.picture.pip, pip.blocked == nil,
              let item = state.pictureItem, item.isLive, state.wallClock > 0 else { return [] }
        let shown = state.pictureShownTime
        guard let stop = RestrictionReducer.judgementEnds(state, item, at: shown), stop > shown else { return [] }
        return [.startTimer(.pictureBoundary, after: RestrictionReducer.boundaryDelay((stop - shown) / max(1, pip.playback.speed)))]
    }
}
