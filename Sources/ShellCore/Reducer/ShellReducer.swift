import MediaModel

/// The shell's reducer: `reduce(&state, action) -> [Effect]`. Pure: no I/O, no
/// clock (time comes in the actions). Any thread may call it on its own state.
public enum ShellReducer {
    public static func reduce(_ state: inout ShellState, _ action: Action) -> [Effect] {
        let before = PreviewReducer.target(state)
        let watched = state.playback.phase == .playing || state.playback.firstFramePresented ? state.current : nil
        let effects = reduceAction(&state, action)
        if case .open = action {} else { PreviousChannelReducer.follow(&state, before: watched) }
        return effects + ProposalImageReducer.follow(&state) + PreviewReducer.follow(&state, before: before) + WarmReducer.follow(&state)
    }

    private static func reduceAction(_ state: inout ShellState, _ action: Action) -> [Effect] {
        switch action {
        case .command(let command, let now):
            return reduceCommand(&state, command, now: now) + armIdleReturn(state)
        case .open(let items, let now):
            guard !items.isEmpty, state.prompt == nil else { return [] }
            state.items = items
            state.navigation.homeSelection = 0
            state.live.previousChannel = nil
            return play(&state, index: 0, now: now)
        case .playIndex(let index, let now):
            guard state.items.indices.contains(index) else { return [] }
            return play(&state, index: index, now: now)
        case .player(let report, let token, let now):
            switch state.slot(forToken: token) {
            case .main:
                guard state.playback.phase != .idle else { return [] }
                return PlayerReducer.reduce(&state, report, now: now)
            case .some(let slot):
                return SecondaryPlaybackReducer.report(&state, slot: slot, report, now: now)
            case nil:
                return []
            }
        case .frame(let report, let token, let now):
            if let slot = state.slot(forToken: token), slot != .main {
                SecondaryPlaybackReducer.frame(&state, slot: slot, report)
                return []
            }
            guard token == state.playback.token, state.playback.phase != .idle else { return [] }
            switch report {
            case .rendered:
                state.playback.framesRendered += 1
                guard !state.playback.firstFramePresented else { return [] }
                return PlayerReducer.reduce(&state, .firstFrame, now: now)
            case .dropped:
                state.playback.framesDropped += 1
            case .resent:
                state.playback.framesDropped = max(0, state.playback.framesDropped - 1)
            }
            return []
        case .timerFired(let timer, let now):
            return reduceTimer(&state, timer, now: now)
        case .quitRequested(let source):
            return requestQuit(&state, source: source)
        case .flipCompleted(let token, let success, let now):
            return FlipReducer.complete(&state, token: token, success: success, now: now)
        case .replaceContent(let item, let request, let now):
            guard state.prompt == nil else {
                return request.map { [.finishContentRequest(request: $0, success: false)] } ?? []
            }
            let index = state.items.firstIndex { $0.id == item.id && $0.url == item.url } ?? add(&state, item)
            return play(&state, index: index, now: now, keepFlip: true, request: request)
        case .playItem(let item, let now):
            guard state.prompt == nil else { return [] }
            let index = state.items.firstIndex { $0.url == item.url } ?? add(&state, item)
            return play(&state, index: index, now: now)
        case .interstitialProvided(let token, let interstitial):
            guard state.live.flip?.token == token else { return [] }
            state.live.flip?.interstitial = interstitial
            return []
        case .customOverlayItems(let items):
            state.chrome.customOverlay = items
            if state.chrome.overlay == .custom { state.chrome.overlayFocus = min(state.chrome.overlayFocus, max(0, (items?.count ?? 1) - 1)) }
            return []
        case .transportMenus(let menus):
            state.chrome.customMenus = menus
            return []
        case .logoLoaded(let url, let image):
            state.guide.logos[url] = image
            return []
        case .wallClock(let time, let now):
            state.wallClock = time
            return RestrictionReducer.wallClockChanged(&state, now: now) + PictureReducer.recheckProgramme(&state)
                + ReminderReducer.wallClockChanged(&state, now: now)
        case .guideLoaded(let guide):
            state.guide.programmes = guide
            state.guide.window = nil
            return []
        case .guideWindowLoaded(let guide, let window):
            state.guide.programmes = guide
            state.guide.window = window
            state.guide.windowWanted = nil
            return GuideGridReducer.ensureWindow(&state)
        case .guideStatus(let status):
            state.guide.status = status
            return []
        case .passcodeChecked(let attempt, let correct, let wallClock, let now):
            return PasscodeReducer.checked(&state, attempt: attempt, correct: correct, wallClock: wallClock, now: now)
        case .authorizationRequested(let item, let request):
            return PasscodeReducer.requested(&state, item: item, request: request)
        case .showNotice(let text):
            state.chrome.notice = text
            return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 4)]
        case .playerRestarted(let now):
            guard let current = state.current, state.playback.phase != .idle else { return [] }
            if state.prompt != nil { return RestrictionReducer.reloadAfterPrompt(&state) }
            guard state.screen == .player || state.screen == .interstitial else { return [] }
            return play(&state, index: state.live.recovery?.index ?? current, now: now)
        case .restrictionsChanged(let change, let wallClock, let now):
            state.wallClock = wallClock
            return RestrictionsChangeReducer.changed(&state, change, now: now)
        case .authorizationCancelled(let request, let now):
            return PasscodeReducer.requestCancelled(&state, request: request, now: now)
        case .display(let size):
            state.display = size
            return []
        case .pictureRestoreAnswered(let token, let restored, let now):
            return PictureReducer.restoreAnswered(&state, token: token, restored: restored, now: now)
        case .startPicture(let now):
            guard state.picture.pip == nil else { return [] }
            return PictureReducer.start(&state, now: now)
        case .stopPicture(let now):
            return PictureReducer.restore(&state, now: now)
        case .nowPlaying(let request, let now):
            return NowPlayingReducer.reduce(&state, request, now: now)
        case .libraryLoaded(let points):
            state.upNext.resumePoints = points
            state.settings.rememberPositions = true
            return startPending(&state, now: Instant(seconds: 0))
        case .libraryLists(let favourites, let reminders):
            state.guide.favourites = Set(favourites)
            state.guide.reminders = reminders.sorted { ($0.start, $0.channel) < ($1.start, $1.channel) }
            return []
        case .searchEdit(let edit):
            return GuideSearchReducer.edit(&state, edit)
        case .guideSearchResults(let text, let programmes):
            return GuideSearchReducer.results(&state, text: text, programmes)
        case .libraryUnavailable:
            return startPending(&state, now: Instant(seconds: 0))
        case .playWhenLibraryReady(let index, _):
            guard state.items.indices.contains(index) else { return [] }
            state.upNext.startPending = index
            return [.startTimer(.libraryWait, after: state.settings.libraryWait)]
        case .contentProposalProvided(let proposal, let token):
            guard token == state.playback.token else { return [] }
            state.upNext.programProposal = proposal
            return []
        case .programActions(let actions, let token):
            return SegmentReducer.programActions(&state, actions, token: token)
        case .programSettings(let linear, let offers):
            state.settings.linearBreaks = state.settings.linearBreaks && linear
            state.settings.askProgramForActions = offers
            return []
        case .segmentsFound(let segments, let token):
            guard token == state.playback.token else { return [] }
            state.playback.givenSegments += segments
            return []
        }
    }

    /// The start item that waited for the library plays now (once).
    static func startPending(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let index = state.upNext.startPending else { return [] }
        state.upNext.startPending = nil
        return [.cancelTimer(.libraryWait)] + play(&state, index: index, now: now)
    }

    /// Appends `item` to what can be played; its index.
    private static func add(_ state: inout ShellState, _ item: MediaItem) -> Int {
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
        var requestEffects: [Effect] = []
        if state.upNext.startPending != nil {
            state.upNext.startPending = nil
            requestEffects.append(.cancelTimer(.libraryWait))
        }
        if !keepFlip, request == nil, let pip = state.picture.pip, pip.index == index, pip.blocked == nil {
            return requestEffects + PictureReducer.restore(&state, now: now)
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
        let offer = state.live.flip == nil && request == nil ? ResumeReducer.offer(state, index: index) : nil
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
        var effects: [Effect] = saved + [
            .cancelTimer(.errorAdvance),
            .load(state.playable(index), token: state.playback.token),
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
        state.current = index
        state.navigation.homeSelection = index
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

    static func requestQuit(_ state: inout ShellState, source: QuitSource) -> [Effect] {
        if state.kiosk && source == .key { return PasscodeReducer.askToQuitKiosk(&state) }
        if state.kiosk && source != .terminate && source != .hangup { return [] }
        state.quitting = true
        return ResumeReducer.save(&state) + [.quit]
    }

    private static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        if command == .quit { return requestQuit(&state, source: .key) }
        if state.screen != .passcode, let effects = ReminderReducer.reduceCommand(&state, command, now: now) { return effects }
        if state.screen != .passcode, let effects = PictureReducer.reduceCommand(&state, command, now: now) { return effects }
        if let effects = GuideSearchReducer.reduceCommand(&state, command, now: now) { return effects }
        switch command {
        case .favourite: return FavouritesReducer.toggle(&state)
        case .previousChannel: return PreviousChannelReducer.go(&state, now: now)
        case .search where state.screen == .home || state.screen == .guide: return GuideSearchReducer.open(&state)
        default: break
        }
        if let effects = GuideGridReducer.reduceCommand(&state, command, now: now) { return effects }
        if state.screen != .passcode, let effects = ChannelEntryReducer.reduce(&state, command, now: now) { return effects }
        switch state.screen {
        case .player:
            return TransportReducer.reduce(&state, command, now: now)
        case .error:
            return reduceError(&state, command, now: now)
        case .home, .guide:
            return reduceHome(&state, command, now: now)
        case .interstitial where state.live.flip == nil:
            if command == .menu { return goHome(&state) }
            return []
        case .interstitial:
            return FlipReducer.reduceCommand(&state, command, now: now)
        case .passcode:
            return PasscodeReducer.reduceCommand(&state, command, now: now)
        }
    }

    /// Dismisses the player or error screen back to the home screen (the
    /// guide, for `guide`).
    static func goHome(_ state: inout ShellState, guide: Bool = false) -> [Effect] {
        let ended = FlipReducer.abandon(&state) + dropContentRequest(&state) + ResumeReducer.save(&state)
        NavigationReducer.go(&state, to: guide ? .guide : .home)
        state.guide.grid = nil
        state.guide.search = nil
        state.chrome.hintVisible = false
        state.chrome.overlay = .none
        state.scrub = nil
        state.chrome.transportVisible = false
        state.playback.phase = .idle
        state.playback.token = state.newToken()
        state.live.recovery = nil
        state.segments.contextualAction = nil
        return ended + [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop] + PictureReducer.unmuteForHome(&state)
            + armIdleReturn(state)
    }

    /// On the home screen or guide of a kiosk, each key restarts the wait
    /// before the start item plays again.
    static func armIdleReturn(_ state: ShellState) -> [Effect] {
        guard let delay = state.settings.idleReturnDelay, state.screen == .home || state.screen == .guide else { return [] }
        return [.startTimer(.idleReturn, after: delay)]
    }
}
