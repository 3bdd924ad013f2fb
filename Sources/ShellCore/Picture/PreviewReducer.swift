import MediaModel

/// The guide's preview: when the guide's selection (the list's, or the
/// grid's focused channel) rests on a live channel for
/// `ShellSettings.previewDelay`, that channel plays muted in the `.preview`
/// player, beside the list or in the grid's details; ENTER makes it full
/// screen with sound, without loading it again. Restricted content is never
/// opened for a preview (by what is known before opening), and a file whose
/// own ratings restrict it is stopped at the player's hold, before anything
/// is decoded.
enum PreviewReducer {
    /// The channel the guide's selection rests on: the list's selection on
    /// the guide screen, or the grid's focused channel; nil elsewhere, and
    /// while the search is open (it shows no preview: one played unseen,
    /// holding a stream).
    static func target(_ state: ShellState) -> Int? {
        guard state.screen == .guide, state.guide.search == nil else { return nil }
        if let grid = state.guide.grid { return grid.channel }
        return state.navigation.homeSelection
    }

    /// Run after every action: the preview follows the guide's selection. A
    /// preview of another channel, or off the guide, stops; a new resting
    /// place is waited for. `before` is the target before the action.
    static func reconcile(_ state: inout ShellState, before: Int?) -> [Effect] {
        let now = target(state)
        var effects: [Effect] = []
        if let preview = state.picture.preview, preview.index != now {
            effects += stop(&state)
        }
        guard now != before else { return effects }
        if let before, state.settings.previewDelay != nil, state.items[safe: before]?.isLive == true {
            effects.append(.cancelTimer(.previewDelay))
        }
        guard let now, let delay = state.settings.previewDelay, delay > 0, state.picture.preview == nil,
              state.items.indices.contains(now), state.items[now].isLive else { return effects }
        return effects + [.startTimer(.previewDelay, after: delay)]
    }

    /// The selection rested: its channel plays in the pane, muted, unless
    /// it is restricted (then the pane says so and nothing is opened), it
    /// is what plays in the picture, the terminal has no room for the pane
    /// (under `ShellSettings.pictureMinimumSize`), or the streams open
    /// (the picture's) reach `maxConnections` (the pane says so).
    static func delayFired(_ state: inout ShellState) -> [Effect] {
        guard let index = target(state), state.picture.preview == nil, state.items.indices.contains(index) else { return [] }
        let item = state.items[index]
        guard item.isLive, state.picture.pip?.index != index, state.settings.secondPictures else { return [] }
        let minimum = state.settings.pictureMinimumSize
        if let display = state.display, display.columns < minimum.columns || display.rows < minimum.rows { return [] }
        if state.guide.grid != nil, let display = state.display, display.columns < GuideGridLayout.previewMinimumColumns { return [] }
        let ratings = RestrictionReducer.knownRatings(state, item)
        let policy = state.restrictions.policy
        if policy.mode != .off, policy.restricts(ratings),
           !RestrictionReducer.covered(state, item, programmeStart: RestrictionReducer.programmeStart(state, item)) {
            state.picture.preview = PreviewState(index: index, restricted: state.restrictions.policy.reason(ratings)?.code ?? "not rated")
            return []
        }
        if let limit = state.connectionLimit(open: state.openStreams) {
            state.picture.preview = PreviewState(index: index, withheld: limit)
            return []
        }
        var playback = PlaybackState()
        playback.token = state.newToken()
        playback.phase = .loading
        playback.ratings = ratings
        playback.programmeStart = RestrictionReducer.programmeStart(state, item)
        state.picture.preview = PreviewState(index: index, playback: playback)
        return [.slot(.preview, .mute(true)), .slot(.preview, .load(state.playable(index), token: playback.token))] + boundaryTimer(state)
    }

    /// A new wall-clock time: the channel previewed may have begun a
    /// programme over the limits that the last passcode does not cover:
    /// its player stops and the pane says why, as when the selection came
    /// to rest on it.
    static func recheckProgramme(_ state: inout ShellState) -> [Effect] {
        guard state.restrictions.policy.mode != .off, let preview = state.picture.preview, preview.restricted == nil, preview.playback.token != 0,
              let item = state.items[safe: preview.index], item.isLive else { return [] }
        let start = RestrictionReducer.programmeStart(state, item)
        guard start != preview.playback.programmeStart else { return boundaryTimer(state) }
        let ratings = RestrictionReducer.knownRatings(state, item) + preview.playback.fileRatings
        state.picture.preview?.playback.programmeStart = start
        state.picture.preview?.playback.ratings = ratings
        let policy = state.restrictions.policy
        guard policy.restricts(ratings), !RestrictionReducer.covered(state, item, programmeStart: start) else { return boundaryTimer(state) }
        state.picture.preview = PreviewState(index: preview.index, restricted: policy.reason(ratings)?.code ?? "not rated")
        state.retire(preview.playback.token)
        return [.slot(.preview, .stop)]
    }

    /// With restrictions on, a timer for the end of the previewed
    /// channel's programme, to check the next one then, not at the next tick.
    static func boundaryTimer(_ state: ShellState) -> [Effect] {
        guard state.restrictions.policy.mode != .off, let preview = state.picture.preview, preview.restricted == nil, preview.playback.token != 0,
              let item = state.items[safe: preview.index], state.wallClock > 0,
              let stop = RestrictionReducer.judgementEnds(state, item, at: state.wallClock), stop > state.wallClock else { return [] }
        return [.startTimer(.previewBoundary, after: RestrictionReducer.boundaryDelay(stop - state.wallClock))]
    }

    /// The preview's player opened the channel and holds it: its file's
    /// ratings decide too.
    static func preloaded(_ state: inout ShellState, fileRatings: [ContentRating]) -> [Effect] {
        guard var preview = state.picture.preview, let item = state.items[safe: preview.index] else { return [] }
        preview.playback.fileRatings = fileRatings
        for rating in fileRatings where !preview.playback.ratings.contains(rating) { preview.playback.ratings.append(rating) }
        let policy = state.restrictions.policy
        let restricted = policy.mode != .off && policy.restricts(preview.playback.ratings)
            && !RestrictionReducer.covered(state, item, programmeStart: preview.playback.programmeStart)
        guard restricted else {
            state.picture.preview = preview
            return [.slot(.preview, .continueLoad(token: preview.playback.token))]
        }
        state.retire(preview.playback.token)
        preview.restricted = state.restrictions.policy.reason(preview.playback.ratings)?.code ?? "not rated"
        preview.playback = PlaybackState()
        state.picture.preview = preview
        return [.slot(.preview, .stop)]
    }

    /// The preview's live buffer filled its room on disk
    /// (`PlayerReport.bufferFull`; a guide left open on a channel wrote its
    /// stream to the disk): the channel loads again in the pane, a new
    /// buffer from now, once it plays and holds
    /// `TimeshiftReducer.shortestRestartedBuffer`. Its file's ratings are
    /// judged again at the player's hold (`preloaded`).
    static func bufferFull(_ state: inout ShellState) -> [Effect] {
        guard let preview = state.picture.preview, preview.restricted == nil, preview.playback.phase == .playing,
              let buffer = preview.playback.liveBuffer, buffer.end - buffer.start >= TimeshiftReducer.shortestRestartedBuffer,
              let item = state.items[safe: preview.index] else { return [] }
        state.retire(preview.playback.token)
        var playback = PlaybackState()
        playback.token = state.newToken()
        playback.phase = .loading
        playback.programmeStart = RestrictionReducer.programmeStart(state, item)
        playback.ratings = RestrictionReducer.knownRatings(state, item)
        state.picture.preview?.playback = playback
        return [.slot(.preview, .load(state.playable(preview.index), token: playback.token))]
    }

    /// ENTER on the previewed channel: it becomes the full-screen item with
    /// sound, its player moved to the main slot; nil when there is no
    /// playing preview of it (then it loads as usual).
    static func promote(_ state: inout ShellState, index: Int, now: Instant) -> [Effect]? {
        guard let preview = state.picture.preview, preview.index == index, preview.restricted == nil,
              preview.playback.phase == .playing, state.prompt == nil else { return nil }
        var effects = FlipReducer.abandon(&state) + PlaybackReducer.dropContentRequest(&state)
        if state.playback.phase != .idle { effects.append(.stop) }
        state.retire(state.playback.token)
        // Its next frame, full screen, is the play's first (the `first-frame`
        // event, as after any other zap).
        var playback = preview.playback
        playback.firstFramePresented = false
        PlaybackReducer.makeCurrent(&state, index, playback: playback)
        // It has played in the guide: warm players may open at once.
        state.warm.allowed = playback.token
        state.picture.preview = nil
        state.live.recovery = nil
        state.clearChrome()
        NavigationReducer.go(&state, to: .player)
        state.chrome.transportVisible = true
        effects += [
            .cancelTimer(.errorAdvance),
            .exchangePlayers(.main, .preview), .slot(.main, .mute(false)),
            .startTimer(.transportHide, after: state.settings.transportHideDelay),
            .emit(.playbackStarted(title: state.title, url: state.items[index].url)),
        ]
        if state.settings.rememberPositions { effects.append(.recordPlay(state.items[index], live: state.items[index].isLive)) }
        effects += PictureReducer.muteForFullScreen(&state) + TrackChoiceReducer.tracksListed(&state)
        if state.restrictions.policy.mode != .off, !RestrictionReducer.covered(state, state.items[index], programmeStart: state.playback.programmeStart) {
            state.restrictions.grant = nil
        }
        return effects + RestrictionReducer.boundaryTimer(state) + OverlayReducer.showHint(&state)
    }

    /// Stops the preview (its player too, when it had loaded something).
    static func stop(_ state: inout ShellState) -> [Effect] {
        guard let preview = state.picture.preview else { return [] }
        state.picture.preview = nil
        guard preview.playback.token != 0 else { return [] }
        state.retire(preview.playback.token)
        return [.slot(.preview, .stop)]
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
