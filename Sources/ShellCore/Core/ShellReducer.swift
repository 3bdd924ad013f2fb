import MediaModel

/// The shell's reducer: `reduce(&state, action) -> [Effect]`. Pure: no I/O, no
/// clock (time comes in the actions). Any thread may call it on its own state.
///
/// Each action goes to the feature it is for; keys go through `KeyRouter`.
/// Then a waiting refresh may come in, a sleeping shell wakes for what
/// came to be seen (and the screen saver goes for it), a waiting notice
/// may come in, and the players beside the full-screen one are reconciled
/// with what the state now wants of them (`reconcilePlayers`).
public enum ShellReducer {
    public static func reduce(_ state: inout ShellState, _ action: Action) -> [Effect] {
        let previewTarget = PreviewReducer.target(state)
        var effects = reduceAction(&state, action)
        if state.pendingRefresh != nil, let now = refreshMoment(action) {
            effects += LineupReducer.applyRefresh(&state, now: now, after: action)
        }
        SleepReducer.wakeForWhatShows(&state)
        effects += ScreensaverReducer.settle(&state)
        if state.chrome.noticeFromBehind != nil || !state.chrome.noticesWaiting.isEmpty { effects += NoticeReducer.next(&state) }
        return effects + reconcilePlayers(&state, previewTargetBefore: previewTarget)
    }

    /// When a pending `ItemsRefresh` may be applied: after a key, a
    /// player's report, a timer, the refresh itself or a lineup awaited
    /// coming beside other items (actions that say when they happened).
    private static func refreshMoment(_ action: Action) -> Instant? {
        switch action {
        case .command(_, let now), .player(_, _, let now), .timerFired(_, let now), .refreshItems(_, _, let now),
             .lineupArrived(_, _, _, _, _, let now): now
        default: nil
        }
    }

    /// The one pass after every action, and why it stays one: the Up Next
    /// card's image, the guide's preview and the warm neighbours are
    /// players whose wanted content is derived from many features' state
    /// (the screen, the selection, the card, the restrictions, a flip, the
    /// prompt, the streams open). Asking every feature that changes one of
    /// those to start or stop them would spread each rule over a dozen
    /// files; here each is one function from state to the wanted player,
    /// and the player is brought to it, as a view follows its state. Each
    /// writes its own feature's state only (`upNext.proposalImage`,
    /// `picture.preview`, `warm`) and retires the tokens it stops.
    static func reconcilePlayers(_ state: inout ShellState, previewTargetBefore: Int?) -> [Effect] {
        ProposalImageReducer.reconcile(&state) + PreviewReducer.reconcile(&state, before: previewTargetBefore) + WarmReducer.reconcile(&state)
            + ThumbnailReducer.reconcile(&state)
    }

    private static func reduceAction(_ state: inout ShellState, _ action: Action) -> [Effect] {
        switch action {
        case .command(let command, let now):
            // Someone is watching: Up Next may play on by itself again.
            state.upNext.playedOnByItself = 0
            return KeyRouter.reduce(&state, command, now: now) + KioskReducer.armIdleReturn(state) + ScreensaverReducer.arm(state)
        case .open(let items, let now):
            return LineupReducer.open(&state, items: items, now: now) + ScreensaverReducer.arm(state)
        case .itemDetails(let id, let details, let now):
            return ItemDetailsReducer.apply(&state, id: id, details, now: now)
        case .refreshItems(let removing, let adding, _):
            LineupReducer.queue(&state, ItemsRefresh(removing: removing, adding: adding))
            return []
        case .lineupAwaited(let reason):
            LineupWait.awaited(&state, reason: reason)
            return []
        case .mediaAwaited(let reason):
            LineupWait.awaited(&state, reason: reason, media: true)
            return []
        case .lineupArrived(let items, let start, let fallback, let play, let connections, let now):
            return LineupWait.arrived(&state, items: items, start: start, fallback: fallback, play: play, connections: connections, now: now)
                + ScreensaverReducer.arm(state)
        case .playIndex(let index, let now):
            guard state.items.indices.contains(index) else { return [] }
            return PlaybackReducer.play(&state, index: index, now: now)
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
            return PlaybackReducer.frame(&state, report, token: token, now: now)
        case .timerFired(let timer, let now):
            return reduceTimer(&state, timer, now: now)
        case .quitRequested(let source):
            return KioskReducer.requestQuit(&state, source: source)
        case .flipCompleted(let token, let success, let now):
            return FlipReducer.complete(&state, token: token, success: success, now: now)
        case .replaceContent(let item, let request, let now):
            guard state.prompt == nil else {
                return request.map { [.finishContentRequest(request: $0, success: false)] } ?? []
            }
            let index = state.items.firstIndex { $0.id == item.id && $0.url == item.url } ?? PlaybackReducer.add(&state, item)
            return PlaybackReducer.play(&state, index: index, now: now, keepFlip: true, request: request)
        case .playItem(let item, let now):
            guard state.prompt == nil else { return [] }
            return PlaybackReducer.play(&state, adding: [item], now: now)
        case .playItems(let items, let now):
            guard state.prompt == nil else { return [] }
            return PlaybackReducer.play(&state, adding: items, now: now)
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
        case .utcOffset(let offset, let change):
            state.settings.utcOffset = offset
            state.settings.utcOffsetChange = change
            return []
        case .wallClock(let time, let now):
            TimeshiftReducer.clockMoved(&state, now: now)
            return GuideGridReducer.clockMoved(&state, to: time) + GuideSearchReducer.clockMoved(&state) + RestrictionReducer.wallClockChanged(&state, now: now)
                + PictureReducer.recheckProgramme(&state) + PreviewReducer.recheckProgramme(&state) + MultiviewReducer.wallClockChanged(&state)
                + ReminderReducer.wallClockChanged(&state, now: now) + SleepReducer.wallClockChanged(&state, now: now)
        case .guideLoaded(let guide):
            state.guide.programmes = guide
            state.guide.window = nil
            return RestrictionReducer.guideChanged(state)
        case .guideWindowLoaded(let guide, let window):
            state.guide.programmes = guide
            state.guide.window = window
            state.guide.windowWanted = nil
            return GuideGridReducer.ensureWindow(&state) + RestrictionReducer.guideChanged(state)
        case .guideStatus(let status):
            state.guide.status = status
            return []
        case .passcodeChecked(let attempt, let correct, let wallClock, let now):
            TimeshiftReducer.clockMoved(&state, now: now)
            return GuideGridReducer.clockMoved(&state, to: wallClock) + PasscodeReducer.checked(&state, attempt: attempt, correct: correct, wallClock: wallClock, now: now)
        case .authorizationRequested(let item, let request):
            return PasscodeReducer.requested(&state, item: item, request: request)
        case .showNotice(let text):
            return NoticeReducer.show(&state, text)
        case .thumbnail(let report):
            return ThumbnailReducer.report(&state, report)
        case .multiview(let channels, let now):
            return MultiviewReducer.start(&state, channels: channels, now: now)
        case .recordings(let list, let items):
            return RecordingsReducer.report(&state, list, items: items)
        case .recordRequested(let index, let start, let seconds):
            return RecordingsReducer.request(&state, index: index, start: start, seconds: seconds)
        case .sleep(let choice, let now):
            return SleepReducer.set(&state, choice, now: now)
        case .televisionOff:
            return SleepReducer.televisionOff(&state)
        case .televisionOn(let now):
            return SleepReducer.televisionOn(&state, now: now)
        case .showMessage(let text, let seconds):
            return MessageBanner.show(&state, text, seconds: seconds)
        case .keyLabels(let labels):
            state.chrome.keyLabels = labels
            return []
        case .playerRestarted(let now):
            guard let current = state.current, state.playback.phase != .idle else { return [] }
            if state.prompt != nil { return RestrictionReducer.reloadAfterPrompt(&state) }
            guard state.screen == .player || state.screen == .interstitial else { return [] }
            return PlaybackReducer.play(&state, index: state.live.recovery?.index ?? current, now: now)
        case .restrictionsChanged(let change, let wallClock, let now):
            TimeshiftReducer.clockMoved(&state, now: now)
            return GuideGridReducer.clockMoved(&state, to: wallClock) + RestrictionsChangeReducer.changed(&state, change, now: now)
        case .authorizationCancelled(let request, let now):
            return PasscodeReducer.requestCancelled(&state, request: request, now: now)
        case .display(let size):
            // A screen at last (the shell started): the screen saver's wait begins.
            let first = state.display == nil
            state.display = size
            return first ? ScreensaverReducer.arm(state) : []
        case .pictureDrawn(let spot):
            if state.picture.pip != nil { state.picture.pip?.spot = spot }
            return []
        case .pictureRestoreAnswered(let token, let restored, let now):
            return PictureReducer.restoreAnswered(&state, token: token, restored: restored, now: now)
        case .startPicture(let now):
            guard state.picture.pip == nil else { return [] }
            return PictureReducer.start(&state, now: now)
        case .stopPicture(let now):
            return PictureReducer.restore(&state, now: now)
        case .nowPlaying(let request, let now):
            // A phone's controls (MPRIS) are someone watching too.
            state.upNext.playedOnByItself = 0
            return NowPlayingReducer.reduce(&state, request, now: now)
        case .libraryLoaded(let points):
            state.upNext.resumePoints = points
            state.settings.rememberPositions = true
            return PlaybackReducer.startPending(&state, now: Instant(seconds: 0))
        case .watchCounts(let counts):
            state.live.watchCounts.merge(counts, uniquingKeysWith: +)
            return []
        case .libraryLists(let favourites, let reminders):
            state.guide.favourites = Set(favourites)
            // Reminders for channels this lineup does not have (set under
            // another) are dropped, with one notice.
            let kept = state.items.isEmpty ? reminders : reminders.filter { state.itemIndex(guideChannel: $0.channel) != nil }
            let dropped = reminders.filter { reminder in !kept.contains { $0.channel == reminder.channel && $0.start == reminder.start } }
            state.guide.reminders = kept.sorted { ($0.start, $0.channel) < ($1.start, $1.channel) }
            guard !dropped.isEmpty else { return [] }
            state.chrome.notice = dropped.count == 1
                ? "Reminder dropped: \(dropped[0].title) on \(dropped[0].channelName) is not in this lineup"
                : "\(dropped.count) reminders dropped: their channels are not in this lineup"
            return dropped.map { .saveReminder($0, on: false) } + [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
        case .searchEdit(let edit):
            return GuideSearchReducer.typed(&state, edit)
        case .guideSearchResults(let text, let programmes):
            return GuideSearchReducer.results(&state, text: text, programmes)
        case .libraryUnavailable:
            return PlaybackReducer.startPending(&state, now: Instant(seconds: 0))
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
            return PlaybackReducer.segmentsFound(&state, segments, token: token)
        }
    }

    /// Dismisses the player or error screen back to the home screen (the
    /// guide, for `guide`).
    static func goHome(_ state: inout ShellState, guide: Bool = false) -> [Effect] {
        let ended = FlipReducer.abandon(&state) + PlaybackReducer.dropContentRequest(&state) + ResumeReducer.save(&state)
        NavigationReducer.go(&state, to: guide ? .guide : .home)
        state.guide.grid = nil
        state.guide.search = nil
        state.chrome.hintVisible = false
        state.chrome.overlay = .none
        state.scrub = nil
        state.chrome.transportVisible = false
        PlaybackReducer.stop(&state)
        state.live.recovery = nil
        state.segments.contextualAction = nil
        return ended + [.cancelTimer(.transportHide), .cancelTimer(.errorAdvance), .stop] + PictureReducer.unmuteForHome(&state)
            + KioskReducer.armIdleReturn(state)
    }
}
