import MediaModel

/// Resume and history: a film with a saved position between 30 s and 95 %
/// of its length is offered "Resume from …" / "Play from the beginning"
/// before anything is loaded, and the chosen start is where it loads (no
/// flash of 0:00). While a film plays its position is saved every 5 s, on
/// pause, and when it stops or the shell quits; each play goes into the
/// history. Live channels are never resumed. All only once the library is
/// there (`ShellSettings.rememberPositions`).
enum ResumeReducer {
    /// The offer for playing `items[index]` now, if there is one.
    static func offer(_ state: ShellState, index: Int) -> ResumeOffer? {
        guard state.settings.rememberPositions, state.items.indices.contains(index) else { return nil }
        let item = state.items[index]
        guard !item.isLive, let point = state.upNext.resumePoints[item.url], ContinueWatching.isLeft(point) else { return nil }
        return ResumeOffer(index: index, position: point.position)
    }

    /// Keys while the offer is up; nil when it is not.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard let offer = state.upNext.resumeOffer else { return nil }
        switch command {
        case .up, .down:
            // Two buttons one above the other: the focus stops at either end, as tvOS's does.
            state.upNext.resumeOffer?.focus = command == .up ? 0 : 1
            return []
        case .select, .playPause, .play:
            state.upNext.resumeOffer = nil
            let item = state.playable(offer.index)
            state.chrome.transportVisible = true
            let load: Effect = offer.focus == 0 ? AskedStart.load(&state, item, start: offer.position) : .load(item, token: state.playback.token)
            return [load, .startTimer(.transportHide, after: state.settings.transportHideDelay)] + RecoveryReducer.loadStarted(state)
        case .menu:
            state.upNext.resumeOffer = nil
            return ShellReducer.goHome(&state)
        default:
            return []
        }
    }

    /// What to save of the playing film now (nil for live, or nothing known).
    static func save(_ state: inout ShellState) -> [Effect] {
        guard state.upNext.resumeOffer == nil, state.playback.askedStart == nil, let item = state.currentItem, !state.isLive else { return [] }
        return save(&state, item, state.playback, creditsReached: creditsReached(state))
    }

    /// Whether what plays full screen is at its credits: their segment
    /// started, or the Up Next card came up (it comes at the credits, or 20 s
    /// before the end). It counts as watched then, wherever 95 % falls: a
    /// film whose credits are long, left for the next from the card, was
    /// offered to continue at its credits.
    static func creditsReached(_ state: ShellState) -> Bool {
        guard let position = state.playback.position else { return false }
        return state.upNext.card != nil || state.playback.segments.contains { $0.kind == .credits && position >= $0.start }
    }

    /// What to save of the film in the picture in picture now: it goes on
    /// playing there, and closing it, or quitting, left it where it was
    /// last saved full screen. Nothing before a start it was asked for
    /// and has not reached (`AskedStart`).
    static func savePicture(_ state: inout ShellState) -> [Effect] {
        guard let item = state.pictureItem, let pip = state.picture.pip, pip.playback.askedStart == nil else { return [] }
        return save(&state, item, pip.playback, creditsReached: false)
    }

    /// The film's and the picture's (quitting).
    static func saveBoth(_ state: inout ShellState) -> [Effect] {
        save(&state) + savePicture(&state)
    }

    private static func save(_ state: inout ShellState, _ item: MediaItem, _ playback: PlaybackState, creditsReached: Bool) -> [Effect] {
        guard state.settings.rememberPositions, !item.isLive, playback.phase == .playing || playback.phase == .ended,
              let position = playback.position else { return [] }
        let duration = playback.duration
        let watched = creditsReached || (duration.map { position >= $0 * 0.95 } ?? false)
        state.upNext.resumePoints[item.url] = ResumePoint(position: position, duration: duration, watched: watched,
                                                   updated: max(state.wallClock, (state.upNext.resumePoints.values.map(\.updated).max() ?? 0) + 1))
        return [.savePosition(item, position: position, duration: duration, watched: watched)]
    }

    /// Every 5 s of playback.
    static func positionChanged(_ state: inout ShellState, from old: Double?, to new: Double) -> [Effect] {
        guard state.settings.rememberPositions, !state.playback.paused, crossesFive(from: old, to: new) else { return [] }
        return save(&state)
    }

    /// Every 5 s of the picture's playback.
    static func picturePositionChanged(_ state: inout ShellState, from old: Double?, to new: Double) -> [Effect] {
        guard state.settings.rememberPositions, state.picture.pip?.playback.paused == false, crossesFive(from: old, to: new) else { return [] }
        return savePicture(&state)
    }

    private static func crossesFive(from old: Double?, to new: Double) -> Bool {
        (old.map { ($0 / 5).rounded(.down) } ?? -1) != (new / 5).rounded(.down)
    }
}
