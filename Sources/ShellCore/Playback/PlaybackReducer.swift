import MediaModel

/// Playback's reducer: what plays. The one writer of `ShellState.playback`
/// (a lint test, `OwnershipTests`, keeps writes to it in this folder): every
/// load starts here (`play`, `beginLoad`), and other features ask for a seek,
/// a stop or a hand-over through the requests below and on `PlaybackState`.
/// Pure; any thread may call it on its own state.
public enum PlaybackReducer {
    /// The start item that waited for the library plays now (once).
    static func startPending(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let index = state.upNext.startPending else { return [] }
        state.upNext.startPending = nil
        return [.cancelTimer(.libraryWait)] + play(&state, index: index, now: now)
    }

    /// Plays the first of `items`: each the lineup's entry with its URL,
    /// else appended in this order. Nothing for no items.
    static func play(_ state: inout ShellState, adding items: [MediaItem], now: Instant) -> [Effect] {
        guard let first = items.first else { return [] }
        let index = state.items.firstIndex { $0.url == first.url } ?? add(&state, first)
        if items.count > 1 {
            var known = Set(state.items.map(\.url))
            for item in items.dropFirst() where known.insert(item.url).inserted { _ = add(&state, item) }
        }
        return play(&state, index: index, now: now)
    }

    /// Appends `item` to what can be played; its index.
    static func add(_ state: inout ShellState, _ item: MediaItem) -> Int {
        state.items.append(item)
        return state.items.count - 1
    }

    /// Starts `items[index]` with a fresh token and the player screen. A flip
    /// under way is abandoned (and its end told), unless `keepFlip` (its
    /// delegate replacing the content): then the interstitial stays up.
    /// `request` is the `replaceContent` request the load answers; the one
    /// the previous load answered, if still open, is answered `false`.
    /// Never takes the passcode prompt down (only its own answer does: the
    /// right code, ESC, the lockout): under a prompt for content it is
    /// refused; under an early request's or the admin's it waits for it.
    static func play(_ state: inout ShellState, index: Int, now: Instant, keepFlip: Bool = false, request: Int? = nil) -> [Effect] {
        if let prompt = state.prompt {
            if !prompt.isContent { state.restrictions.afterPrompt = index }
            return request.map { [.finishContentRequest(request: $0, success: false)] } ?? []
        }
        // Something plays full screen: multiview's views stop.
        var requestEffects: [Effect] = MultiviewReducer.end(&state)
        if state.upNext.startPending != nil {
            state.upNext.startPending = nil
            requestEffects.append(.cancelTimer(.libraryWait))
        }
        if !keepFlip, request == nil, let pip = state.picture.pip, pip.index == index, pip.blocked == nil {
            return requestEffects + PictureReducer.restore(&state, now: now)
        }
        // Another channel chosen in the guide opened over what played: the
        // picture was the guide's, so it closes, and its channel is the one
        // before.
        if !keepFlip, state.guide.backToPicture, let pip = state.picture.pip {
            let left = state.items[pip.index]
            if left.isLive, left.number != nil, state.items[index].isLive { state.live.previousChannel = pip.index }
            state.guide.backToPicture = false
            requestEffects += PictureReducer.close(&state, reason: "closed")
        }
        if let open = state.playback.contentRequest, open != request {
            requestEffects.append(.finishContentRequest(request: open, success: false))
        }
        state.playback.contentRequest = nil
        let flipEffects = keepFlip ? [] : FlipReducer.abandon(&state)
        let gateEffects: [Effect]
        switch RestrictionReducer.beforePlay(&state, index: index, request: request) {
        case .stop(let effects): return requestEffects + flipEffects + effects
        case .proceed(let effects): gateEffects = effects
        }
        if let swapped = WarmReducer.swapIn(&state, index: index, request: request) {
            return requestEffects + flipEffects + gateEffects + swapped
        }
        let capEffects = closePictureForCap(&state)
        let holdPicture = state.screen == .player && state.playback.firstFramePresented
        if state.live.recovery?.index != index { state.live.recovery = nil }
        let saved = ResumeReducer.save(&state)
        // Recovery's own load of a film (after it failed or was cut short),
        // and any in a kiosk (started again after a power cut), goes on from
        // where it was, asking nobody: a kiosk has nobody to answer.
        let unasked = state.live.recovery?.index == index || state.kiosk ? ResumeReducer.offer(state, index: index) : nil
        let offer = state.live.flip == nil && request == nil && unasked == nil ? ResumeReducer.offer(state, index: index) : nil
        beginLoad(&state, index: index, request: request)
        if let offer {
            state.upNext.resumeOffer = offer
            state.playback.phase = .loading
            state.scrub = nil
            state.chrome.overlay = .none
            state.chrome.hintVisible = false
            NavigationReducer.go(&state, to: .player)
            state.chrome.transportVisible = false
            return saved + requestEffects + flipEffects + gateEffects + capEffects + [.cancelTimer(.errorAdvance)] + RestrictionReducer.didStartLoad(&state)
                + PictureReducer.muteForFullScreen(&state)
        }
        state.playback.phase = .loading
        state.playback.holdsPreviousPicture = holdPicture
        state.scrub = nil
        state.chrome.overlay = .none
        state.chrome.hintVisible = false
        NavigationReducer.go(&state, to: .player)
        state.chrome.transportVisible = true
        let item = state.playable(index)
        let load = unasked.map { AskedStart.load(&state, item, start: $0.position) } ?? .load(item, token: state.playback.token)
        var effects: [Effect] = saved + WarmReducer.giveWay(&state) + [
            .cancelTimer(.errorAdvance),
            load,
            .startTimer(.transportHide, after: state.settings.transportHideDelay),
        ]
        if holdPicture { effects.append(.startTimer(.posterDelay, after: state.settings.posterDelay)) }
        effects += RecoveryReducer.loadStarted(state)
        if state.live.flip != nil || state.live.recovery != nil {
            NavigationReducer.go(&state, to: .interstitial)
            state.chrome.transportVisible = false
        }
        return requestEffects + flipEffects + gateEffects + capEffects + effects + RestrictionReducer.didStartLoad(&state)
            + PictureReducer.muteForFullScreen(&state)
    }

    /// A full-screen load is about to open beside the picture: when the
    /// two (and the preview) would pass `maxConnections`, the picture
    /// closes first, saying why.
    private static func closePictureForCap(_ state: inout ShellState) -> [Effect] {
        guard state.picture.pip != nil else { return [] }
        let others = state.openStreams - (state.playback.phase == .idle ? 0 : 1)
        guard let limit = state.connectionLimit(open: others) else { return [] }
        state.chrome.notice = "Picture in picture closed: " + limit
        return PictureReducer.close(&state, reason: "max_connections") + [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
    }

    /// Makes `items[index]` the current item with a fresh load: a new token
    /// (reports of the one before are ignored from now on), nothing known of
    /// it yet, and the `replaceContent` request it answers. The one start of
    /// every load, whether it opens now (`play`) or waits for its passcode
    /// (`RestrictionReducer.beforePlay`).
    static func beginLoad(_ state: inout ShellState, index: Int, request: Int?) {
        makeCurrent(&state, index)
        state.navigation.homeSelection = index
        state.navigation.homeInContinue = false
        let token = state.newToken()
        state.playback = PlaybackState()
        state.playback.token = token
        state.playback.contentRequest = request
        state.playback.givenSegments = state.items[index].segments
        state.segments.newLoad()
        state.upNext.resumeOffer = nil
        state.upNext.card = nil
        state.upNext.programProposal = nil
    }

    /// The open `replaceContent` request of the current load is answered
    /// `false`: its item will not play.
    static func dropContentRequest(_ state: inout ShellState) -> [Effect] {
        guard let open = state.playback.contentRequest else { return [] }
        state.playback.contentRequest = nil
        return [.finishContentRequest(request: open, success: false)]
    }

    /// A frame of the main player's current load was drawn, dropped or
    /// sent again; the first one drawn makes the load "playing".
    static func frame(_ state: inout ShellState, _ report: FrameReport, token: Int, now: Instant) -> [Effect] {
        guard token == state.playback.token, state.playback.phase != .idle else { return [] }
        switch report {
        case .rendered:
            state.playback.framesRendered += 1
            guard !state.playback.firstFramePresented else { return [] }
            return PlayerReducer.reduce(&state, .firstFrame, now: now)
        case .renderedMore(let count):
            state.playback.framesRendered += count
        case .dropped:
            state.playback.framesDropped += 1
        case .resent:
            state.playback.framesDropped = max(0, state.playback.framesDropped - 1)
        }
        return []
    }

    /// Segments the program found for the current load (`token`).
    static func segmentsFound(_ state: inout ShellState, _ segments: [Segment], token: Int) -> [Effect] {
        guard token == state.playback.token else { return [] }
        state.playback.givenSegments += segments
        return []
    }

    /// Nothing plays: the load is given up and its token retired (reports
    /// that still come for it are ignored).
    static func stop(_ state: inout ShellState) {
        state.playback.phase = .idle
        state.playback.token = state.newToken()
    }

    /// Nothing plays and nothing of the load is shown: as `stop`, and the
    /// picture it had is forgotten (the passcode prompt covers it).
    static func stopAndForgetPicture(_ state: inout ShellState) {
        stop(&state)
        state.playback.videoConfigured = false
        state.playback.firstFramePresented = false
    }

    /// The held picture of the channel before is let go of (the poster
    /// delay passed, a failure, the prompt).
    static func releaseHeldPicture(_ state: inout ShellState) {
        state.playback.holdsPreviousPicture = false
    }

    /// Makes `items[index]` what plays full screen (nil: nothing does), with
    /// `playback` when a load another player made comes with it. The one
    /// writer of `current`: the channel left, when it was being watched,
    /// becomes the previous channel (`PreviousChannelReducer.leaving`).
    static func makeCurrent(_ state: inout ShellState, _ index: Int?, playback: PlaybackState? = nil) {
        PreviousChannelReducer.leaving(&state, for: index)
        state.current = index
        if let playback { state.playback = playback }
    }

    /// Asks for a seek to `position`: shown there at once, the player told by
    /// the caller's `.seek` effect.
    static func seek(_ state: inout ShellState, to position: Double) {
        state.playback.position = position
        state.playback.seekPending = true
    }

    /// The player said it cannot seek (`PlayerReport.cannotSeek`) while a
    /// seek was pending: it refused it (a film from a server that sends
    /// only whole files, a place outside what it holds) and plays on where
    /// it was, restarting nothing, so the seek would stay pending and every
    /// position it tells be ignored, the bar held at the target (and that
    /// place saved). Where it plays is shown again; a film's viewer is told
    /// why.
    static func seekRefused(_ state: inout ShellState, playingAt position: Double?) -> [Effect] {
        guard state.playback.seekPending else { return [] }
        let target = state.playback.position
        state.playback.seekPending = false
        state.playback.position = position
        guard !state.isLive, let target else { return [] }
        state.chrome.notice = "“\(state.title)” cannot go to \(formatTime(target)): its server sends only whole files."
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
    }

    /// Playback goes on (after a seek that was paused, a speed change).
    static func resume(_ state: inout ShellState) {
        state.playback.paused = false
    }

    /// Paused by the shell, not the viewer (under the prompt behind live).
    static func pause(_ state: inout ShellState) {
        state.playback.paused = true
    }
}

extension PlaybackReducer {
    /// What the load is rated, from the lineup, the guide and the policy
    /// (the restrictions feature decides; playback keeps it with the load).
    static func rate(_ state: inout ShellState, ratings: [ContentRating], programmeStart: Double?, restricted: Bool) {
        state.playback.ratings = ratings
        state.playback.programmeStart = programmeStart
        state.playback.restricted = restricted
    }

    /// The file's own ratings, once the player has opened it: kept, and
    /// added to the load's.
    static func addFileRatings(_ state: inout ShellState, _ fileRatings: [ContentRating]) {
        state.playback.fileRatings = fileRatings
        for rating in fileRatings where !state.playback.ratings.contains(rating) { state.playback.ratings.append(rating) }
    }

    /// Whether the load is restricted, decided again on its ratings.
    static func markRestricted(_ state: inout ShellState, _ restricted: Bool) {
        state.playback.restricted = restricted
    }

    /// The load failed and is being retried: nothing of it is held on screen.
    static func failForRetry(_ state: inout ShellState) {
        state.playback.phase = .failed
        state.playback.holdsPreviousPicture = false
    }

    /// The load is open again (the next stream of the same flip).
    static func markLoading(_ state: inout ShellState) {
        state.playback.phase = .loading
    }

    /// A live buffer the player reported or a seek in it moved.
    static func track(_ state: inout ShellState, liveBuffer: LiveBuffer?) {
        state.playback.liveBuffer = liveBuffer
    }

    /// Sets the playback speed (the overlay's speed menu).
    static func setSpeed(_ state: inout ShellState, _ speed: Double) {
        state.playback.speed = speed
    }

    /// A warm neighbour's paused load becomes the full-screen one: it plays
    /// from now on, counted from its first frame full screen. `request`:
    /// the `replaceContent` request it answers once it plays (nil: none, or
    /// answered already). `holdingPicture`: a load still under way keeps
    /// the picture of what played on screen until its first frame (as a
    /// cold load does, `posterDelay` at most).
    static func adoptWarm(_ state: inout ShellState, _ playback: PlaybackState, request: Int? = nil, holdingPicture: Bool = false) {
        state.playback = playback
        state.playback.paused = false
        state.playback.firstFramePresented = false
        state.playback.holdsPreviousPicture = holdingPicture
        state.playback.framesRendered = 0
        state.playback.framesDropped = 0
        state.playback.contentRequest = request
    }
}
