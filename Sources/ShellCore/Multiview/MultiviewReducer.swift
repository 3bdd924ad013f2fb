import MediaModel

/// Multiview: `M` on a live channel (playing, or selected on the home
/// screen or the guide's list) shows it and up to three more (the
/// favourites, else the channels after it) two by two, each playing in its
/// own player at its window's size (a channel warm as a neighbour keeps its
/// player: no second load); the arrows move the focus and the sound
/// with it; ENTER or ESC makes the focused one full screen (its player
/// moves to the main slot: no second load), the others likely next stay
/// warm and the rest stop. A
/// restricted channel is never opened in a view before its passcode: ENTER
/// on its view asks for it there, and the channel opens in the view once it
/// is given (ESC makes it full screen, asking as any restricted load); a
/// view past `[live] max_connections` says so and stays empty.
enum MultiviewReducer {
    static let most = 4

    /// Why multiview cannot start now; nil when it can.
    static func impossibility(_ state: ShellState) -> String? {
        if state.prompt != nil { return "the passcode prompt is up" }
        if state.live.flip != nil { return "a channel change is under way" }
        guard state.screen == .player, let item = state.currentItem, item.isLive, state.playback.phase == .playing else {
            return "it shows live channels: play one first"
        }
        if state.playback.restricted { return "restricted content does not go into a view" }
        if !state.settings.secondPictures { return "this output shows no second picture" }
        return nil
    }

    /// On the home screen or the guide's list with a live channel selected
    /// (and no prompt or flip under way, on an output that shows second
    /// pictures): that channel and those `defaultChannels` picks; nil
    /// otherwise (multiview then starts only from a channel playing).
    static func fromList(_ state: ShellState) -> [Int]? {
        guard state.screen == .home || (state.screen == .guide && state.guide.grid == nil), state.prompt == nil, state.live.flip == nil,
              state.settings.secondPictures, state.items.indices.contains(state.navigation.homeSelection),
              state.items[state.navigation.homeSelection].isLive else { return nil }
        return defaultChannels(state, current: state.navigation.homeSelection)
    }

    /// The channels of a multiview started from `current`: it, then the
    /// favourites, then the channels after it, live and numbered, four at most.
    static func defaultChannels(_ state: ShellState, current: Int) -> [Int] {
        let ring = state.channelRing.filter { state.items[$0].isLive }
        let favourites = ring.filter { state.isFavourite($0) && $0 != current }
        let start = ring.firstIndex(of: current) ?? 0
        let after = (1..<max(1, ring.count)).map { ring[(start + $0) % ring.count] }
        var chosen = [current]
        for index in favourites + after where !chosen.contains(index) && chosen.count < most { chosen.append(index) }
        return chosen
    }

    /// Starts multiview with `channels` (indices of `items`; nil: the
    /// current channel and those `defaultChannels` picks).
    static func start(_ state: inout ShellState, channels: [Int]?, now: Instant) -> [Effect] {
        guard state.multiview == nil else { return promote(&state, now: now) }
        let channels = channels ?? fromList(state)
        if let why = impossibility(state), channels == nil || state.prompt != nil || state.live.flip != nil {
            state.chrome.notice = "Multiview: \(why)"
            return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 4)]
        }
        let current = state.screen == .player && state.playback.phase == .playing && !state.playback.restricted ? state.current : nil
        var chosen = channels ?? current.map { defaultChannels(state, current: $0) } ?? []
        chosen = chosen.reduce(into: []) { list, index in
            if state.items.indices.contains(index), state.items[index].isLive, !list.contains(index), list.count < most { list.append(index) }
        }
        guard !chosen.isEmpty else { return [] }
        var effects: [Effect] = PictureReducer.close(&state, reason: "closed") + FlipReducer.abandon(&state)
        // The channel playing keeps its player: it moves to its view.
        let kept = current.flatMap { chosen.firstIndex(of: $0) }
        var views = chosen.map { MultiviewState.View(index: $0) }
        if let kept {
            views[kept].playback = state.playback
            var idle = PlaybackState()
            idle.token = state.newToken()
            state.multiview = MultiviewState(views: views)
            PlaybackReducer.makeCurrent(&state, nil, playback: idle)
            effects.append(.exchangePlayers(.main, PlayerSlot.views[kept]))
        } else {
            if state.playback.phase != .idle { effects.append(.stop) }
            state.retire(state.playback.token)
            var idle = PlaybackState()
            idle.token = state.newToken()
            state.multiview = MultiviewState(views: views)
            PlaybackReducer.makeCurrent(&state, nil, playback: idle)
        }
        state.multiview?.focus = kept ?? 0
        // The picker row starts at the first channel not on screen.
        let ring = state.channelRing.filter { state.items[$0].isLive }
        if let free = ring.first(where: { !chosen.contains($0) }) { state.multiview?.choice = free }
        state.live.recovery = nil
        state.clearChrome()
        NavigationReducer.go(&state, to: .player)
        effects += [.cancelTimer(.transportHide), .cancelTimer(.hintHide), .cancelTimer(.stall), .cancelTimer(.programmeBoundary)]
        for view in views.indices where view != kept { effects += handOn(&state, view: view) ?? open(&state, view: view) }
        effects += sound(state) + boundaryTimer(state)
        let numbers = chosen.compactMap { state.items[$0].number }
        return effects + [.emit(.multiviewStarted(channels: numbers))]
    }

    /// View `view`'s channel is warm (a neighbour opened paused): the warm
    /// player moves to the view and plays on from its buffer's live edge,
    /// muted, with no second load. Nil when it is not warm (or is
    /// restricted now): the view opens it.
    static func handOn(_ state: inout ShellState, view: Int) -> [Effect]? {
        guard let multiview = state.multiview, multiview.views.indices.contains(view) else { return nil }
        let index = multiview.views[view].index
        guard let (slot, warm) = state.warm.players.first(where: { $0.value.index == index && $0.value.playback.phase == .playing }),
              !RestrictionReducer.stopsNow(state, index) else { return nil }
        state.warm.players[slot] = nil
        var playback = warm.playback
        playback.paused = false
        state.multiview?.views[view].playback = playback
        let to = PlayerSlot.views[view]
        var effects: [Effect] = [.exchangePlayers(slot, to), .slot(to, .mute(true)), .slot(to, .pause(false))]
        if let buffer = playback.liveBuffer, let position = playback.position, buffer.end - 1 - position > 1 {
            effects.append(.slot(to, .seekBy(buffer.end - 1 - position)))
        }
        return effects
    }

    /// Opens view `view`'s channel in its player, unless it is restricted
    /// or past the connection cap (the view then says why).
    static func open(_ state: inout ShellState, view: Int) -> [Effect] {
        guard var multiview = state.multiview, multiview.views.indices.contains(view) else { return [] }
        let item = state.items[multiview.views[view].index]
        var entry = MultiviewState.View(index: multiview.views[view].index)
        entry.grant = multiview.views[view].grant
        let ratings = RestrictionReducer.knownRatings(state, item)
        if state.restrictions.policy.restricts(ratings), !covered(state, entry) {
            entry.restricted = state.restrictions.policy.reason(ratings)?.code ?? "not rated"
            entry.grant = nil
        } else if let why = state.connectionLimit(open: openStreams(state)) {
            entry.blocked = why
        }
        entry.playback.token = state.newToken()
        multiview.views[view] = entry
        state.multiview = multiview
        guard entry.opened else { return [] }
        state.multiview?.views[view].playback.phase = .loading
        return [.slot(PlayerSlot.views[view], .load(item, token: entry.playback.token)), .slot(PlayerSlot.views[view], .mute(true))]
    }

    /// Whether the last passcode, or the one given for the view, covers
    /// `entry`'s channel airing the programme on now. The view's names the
    /// programme airing when it was given (`unlocked`) and, as the last
    /// passcode does (`RestrictionReducer.judged`), covers the end of a
    /// held one still on the picture before it.
    static func covered(_ state: ShellState, _ entry: MultiviewState.View) -> Bool {
        let item = state.items[entry.index]
        let start = RestrictionReducer.programmeStart(state, item)
        if RestrictionReducer.covered(state, item, programmeStart: start) { return true }
        guard let grant = entry.grant, grant.itemID == item.id else { return false }
        return grant.programmeStart == start || grant.programmeStart == RestrictionReducer.grantedProgrammeStart(state, item)
    }

    /// ENTER on the focused view, its channel restricted: the passcode
    /// prompt for it, over multiview (in deny mode, or with no passcode,
    /// the view is made full screen, where the refusal says why).
    static func ask(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let multiview = state.multiview else { return [] }
        let entry = multiview.views[multiview.focus]
        guard entry.restricted != nil, state.restrictions.policy.effectiveMode != .deny else { return promote(&state, now: now) }
        let item = state.items[entry.index]
        let prompt = PasscodePrompt(purpose: .view(multiview.focus, token: entry.playback.token), item: item,
                                    ratings: RestrictionReducer.knownRatings(state, item))
        return PasscodeReducer.show(&state, prompt)
    }

    /// The passcode was given for view `view` (its playback `token`): its
    /// channel opens there, and multiview is back on screen. A view changed
    /// meanwhile (or multiview gone) opens nothing.
    static func unlocked(_ state: inout ShellState, view: Int, token: Int, item: MediaItem) -> [Effect] {
        guard let multiview = state.multiview else {
            NavigationReducer.go(&state, to: .home)
            return []
        }
        NavigationReducer.go(&state, to: .player)
        guard multiview.views.indices.contains(view), multiview.views[view].playback.token == token,
              state.items[multiview.views[view].index].id == item.id else { return [] }
        let grant = RestrictionsState.Grant(itemID: item.id, token: nil, programmeStart: RestrictionReducer.grantedProgrammeStart(state, item))
        state.multiview?.views[view].grant = grant
        return open(&state, view: view) + sound(state) + boundaryTimer(state)
    }

    /// Streams open besides the views being opened: the main player, the
    /// other features' and the views opened so far.
    static func openStreams(_ state: ShellState) -> Int {
        state.openStreams + (state.multiview?.views.filter { $0.opened && $0.playback.phase != .idle }.count ?? 0)
    }

    /// The sound on the focused view only.
    static func sound(_ state: ShellState) -> [Effect] {
        guard let multiview = state.multiview else { return [] }
        return multiview.views.indices.filter { multiview.views[$0].opened }.map { view in
            .slot(PlayerSlot.views[view], .mute(view != multiview.focus || state.settings.muted))
        }
    }

    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard var multiview = state.multiview else { return nil }
        let count = multiview.views.count
        if multiview.choosing { return choose(&state, command, now: now) }
        switch command {
        case .left, .right, .up, .down:
            let moved = neighbour(of: multiview.focus, count: count, layout: multiview.layout, command: command)
            if command == .down, moved == multiview.focus {
                // Below the bottom views: the picker row.
                multiview.choosing = true
                state.multiview = multiview
                return []
            }
            guard moved != multiview.focus else { return [] }
            multiview.focus = moved
            state.multiview = multiview
            return sound(state)
        case .movePicture:
            multiview.layout = multiview.layout.next
            state.multiview = multiview
            return []
        case .channelUp, .channelDown:
            return change(&state, by: command == .channelUp ? 1 : -1)
        case .swapPicture:
            return put(&state, multiview.choice, replacing: true)
        case .select where multiview.views[multiview.focus].restricted != nil:
            return ask(&state, now: now)
        case .select, .menu, .multiview:
            return promote(&state, now: now)
        default:
            return []
        }
    }

    /// The picker row's keys: LEFT / RIGHT along its layout button and the
    /// channels after it, round; ENTER on a channel puts it on screen (a
    /// view of its own while there are fewer than four, else in the focused
    /// view), on the layout button switches the layout (the row stays);
    /// UP or ESC back to the views.
    static func choose(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        guard let multiview = state.multiview else { return [] }
        let ring = state.channelRing.filter { state.items[$0].isLive }
        switch command {
        case .left, .right:
            guard let at = ring.firstIndex(of: multiview.choice) ?? ring.indices.first else { return [] }
            let right = command == .right
            if multiview.onLayout {
                state.multiview?.onLayout = false
                state.multiview?.choice = right ? ring[0] : ring[ring.count - 1]
            } else if right ? at == ring.count - 1 : at == 0 {
                state.multiview?.onLayout = true
            } else {
                state.multiview?.choice = ring[at + (right ? 1 : -1)]
            }
            return []
        case .select where multiview.onLayout:
            state.multiview?.layout = multiview.layout.next
            return []
        case .select, .swapPicture:
            guard !multiview.onLayout else { return [] }
            state.multiview?.choosing = false
            return put(&state, multiview.choice, replacing: command == .swapPicture || multiview.views.count >= most)
        case .up, .menu:
            state.multiview?.choosing = false
            state.multiview?.onLayout = false
            return []
        default:
            return []
        }
    }

    /// Puts channel `index` on screen: the focus goes to it when a view
    /// shows it already; else it opens in a new view (`replacing` false,
    /// fewer than four) or in the focused view, whose channel stops.
    static func put(_ state: inout ShellState, _ index: Int, replacing: Bool) -> [Effect] {
        guard var multiview = state.multiview, state.items.indices.contains(index), state.items[index].isLive else { return [] }
        if let shown = multiview.views.firstIndex(where: { $0.index == index }) {
            multiview.focus = shown
            state.multiview = multiview
            return sound(state)
        }
        var effects: [Effect] = []
        if replacing || multiview.views.count >= most {
            let focused = multiview.views[multiview.focus]
            if focused.opened { effects.append(.slot(PlayerSlot.views[multiview.focus], .stop)) }
            state.retire(focused.playback.token)
            multiview.views[multiview.focus] = MultiviewState.View(index: index)
        } else {
            multiview.views.append(MultiviewState.View(index: index))
            multiview.focus = multiview.views.count - 1
        }
        state.multiview = multiview
        return effects + open(&state, view: multiview.focus) + sound(state) + boundaryTimer(state)
    }

    /// The view the focus moves to from `focus` with an arrow.
    static func neighbour(of focus: Int, count: Int, layout: MultiviewState.Layout, command: RemoteCommand) -> Int {
        let target: Int
        switch layout {
        case .grid:
            // 0 1 / 2 3
            switch command {
            case .left: target = focus % 2 == 1 ? focus - 1 : focus
            case .right: target = focus % 2 == 0 ? focus + 1 : focus
            case .up: target = focus >= 2 ? focus - 2 : focus
            default: target = focus < 2 ? focus + 2 : focus
            }
        case .onePlusThree:
            // 0 | 1 / 2 / 3
            switch command {
            case .left: target = 0
            case .right: target = focus == 0 ? 1 : focus
            case .up: target = focus > 1 ? focus - 1 : focus
            default: target = focus >= 1 ? focus + 1 : focus
            }
        }
        return target < count ? target : focus
    }

    /// The focused view shows the next (or previous) channel not on
    /// screen; its player loads it.
    static func change(_ state: inout ShellState, by step: Int) -> [Effect] {
        guard let multiview = state.multiview else { return [] }
        let ring = state.channelRing.filter { state.items[$0].isLive }
        let shown = Set(multiview.views.map(\.index))
        guard let at = ring.firstIndex(of: multiview.views[multiview.focus].index), ring.count > shown.count else { return [] }
        var next = at
        repeat { next = (next + step + ring.count) % ring.count } while shown.contains(ring[next])
        let slot = PlayerSlot.views[multiview.focus]
        var effects: [Effect] = multiview.views[multiview.focus].opened ? [.slot(slot, .stop)] : []
        state.retire(multiview.views[multiview.focus].playback.token)
        state.multiview?.views[multiview.focus] = MultiviewState.View(index: ring[next])
        effects += open(&state, view: multiview.focus) + sound(state) + boundaryTimer(state)
        return effects
    }

    /// The focused view full screen: its player takes the main slot (no
    /// second load). The other views playing whose channels are likely next
    /// (`WarmReducer.candidates`: the neighbours, a favourite…) become warm
    /// players, paused and muted, so a zap back to one is at once; the rest
    /// stop. Warm players may open at once: it has played in its view. A
    /// view that shows nothing (restricted, not opened, failed, or still
    /// opening where it is not taken over) is played as any channel (a
    /// restricted one asks for the passcode).
    static func promote(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let multiview = state.multiview else { return [] }
        let focused = multiview.views[multiview.focus]
        // Its player is taken over unless it failed, or is still opening
        // where the settings keep such a load from being taken over (the
        // TV output: `ShellSettings.takeOverLoading`).
        let takes = focused.opened && focused.playback.phase != .failed
            && (focused.playback.phase == .playing || state.settings.takeOverLoading)
        var effects: [Effect] = []
        var others: [(view: Int, entry: MultiviewState.View)] = []
        for (view, entry) in multiview.views.enumerated() where view != multiview.focus || !takes {
            others.append((view, entry))
        }
        state.multiview = nil
        let item = state.items[focused.index]
        guard takes else {
            for (view, entry) in others {
                if entry.opened { effects.append(.slot(PlayerSlot.views[view], .stop)) }
                state.retire(entry.playback.token)
            }
            effects.append(.emit(.multiviewStopped(channel: item.number)))
            return effects + PlaybackReducer.play(&state, index: focused.index, now: now)
        }
        state.retire(state.playback.token)
        if let grant = focused.grant {
            // The passcode given in the view goes on covering it full screen.
            state.restrictions.grant = RestrictionsState.Grant(itemID: grant.itemID, token: focused.playback.token, programmeStart: grant.programmeStart)
        }
        PlaybackReducer.makeCurrent(&state, focused.index, playback: focused.playback)
        state.navigation.homeSelection = focused.index
        state.clearChrome()
        NavigationReducer.go(&state, to: .player)
        state.chrome.transportVisible = true
        effects += [.exchangePlayers(.main, PlayerSlot.views[multiview.focus]), .slot(.main, .mute(state.settings.muted))]
            + TrackChoiceReducer.tracksListed(&state)
        state.warm.allowed = focused.playback.token
        state.warm.refused = []
        effects += keepWarm(&state, others)
        effects.append(.emit(.multiviewStopped(channel: item.number)))
        effects.append(.startTimer(.transportHide, after: state.settings.transportHideDelay))
        return effects + RestrictionReducer.boundaryTimer(state)
    }

    /// The views left when one goes full screen: each playing one whose
    /// channel `WarmReducer.candidates` wants moves to a free warm slot,
    /// paused (already muted); the others stop.
    private static func keepWarm(_ state: inout ShellState, _ views: [(view: Int, entry: MultiviewState.View)]) -> [Effect] {
        let wanted = WarmReducer.candidates(state)
        var effects: [Effect] = []
        for (view, entry) in views {
            let slot = PlayerSlot.views[view]
            if entry.opened, entry.playback.phase == .playing, let reason = wanted.first(where: { $0.index == entry.index })?.reason,
               let warm = PlayerSlot.warm.first(where: { state.warm.players[$0] == nil }) {
                var playback = entry.playback
                playback.paused = true
                state.warm.players[warm] = WarmPlayer(index: entry.index, playback: playback, reason: reason)
                effects += [.exchangePlayers(slot, warm), .slot(warm, .pause(true)), .slot(warm, .mute(true))]
                continue
            }
            if entry.opened { effects.append(.slot(slot, .stop)) }
            state.retire(entry.playback.token)
        }
        return effects
    }

    /// Multiview ends for something else to play full screen (a channel
    /// typed, the socket's `play`): every view stops.
    static func end(_ state: inout ShellState) -> [Effect] {
        guard let multiview = state.multiview else { return [] }
        state.multiview = nil
        var effects: [Effect] = []
        for (view, entry) in multiview.views.enumerated() {
            if entry.opened { effects.append(.slot(PlayerSlot.views[view], .stop)) }
            state.retire(entry.playback.token)
        }
        return effects + [.emit(.multiviewStopped(channel: nil))]
    }

    /// Stops every view whose channel is forbidden now (the restrictions
    /// changed while it ran, or its programme now is rated over the
    /// limits) and not covered by the last passcode: its player stops at
    /// once and its frame says "Restricted". Returns what it stopped, with
    /// the rating's label; the effects are added to `effects`.
    static func recheck(_ state: inout ShellState, effects: inout [Effect]) -> [(MediaItem, String)] {
        guard let multiview = state.multiview, state.restrictions.policy.mode != .off else { return [] }
        var stopped: [(MediaItem, String)] = []
        for (view, entry) in multiview.views.enumerated() where entry.opened {
            let item = state.items[entry.index]
            let ratings = RestrictionReducer.knownRatings(state, item) + entry.playback.fileRatings
            guard state.restrictions.policy.restricts(ratings), !covered(state, entry) else { continue }
            let label = state.restrictions.policy.reason(ratings)?.code ?? "not rated"
            state.retire(entry.playback.token)
            var blocked = MultiviewState.View(index: entry.index)
            blocked.restricted = label
            blocked.playback.token = state.newToken()
            state.multiview?.views[view] = blocked
            effects.append(.slot(PlayerSlot.views[view], .stop))
            stopped.append((item, label))
        }
        return stopped
    }

    /// A new wall-clock time: a view whose programme is now rated over the
    /// limits stops (as the picture in picture does).
    static func wallClockChanged(_ state: inout ShellState) -> [Effect] {
        var effects: [Effect] = []
        _ = recheck(&state, effects: &effects)
        return effects + boundaryTimer(state)
    }

    /// With restrictions on, a timer for the first end among the open
    /// views' programmes (the main player's timer, idle in multiview), to
    /// check the next ones then, not at the next tick.
    static func boundaryTimer(_ state: ShellState) -> [Effect] {
        guard let multiview = state.multiview, state.restrictions.policy.mode != .off, state.wallClock > 0 else { return [] }
        let now = state.wallClock
        let ends = multiview.views.filter(\.opened).compactMap { RestrictionReducer.judgementEnds(state, state.items[$0.index], at: now) }.filter { $0 > now }
        guard let first = ends.min() else { return [] }
        return [.startTimer(.programmeBoundary, after: RestrictionReducer.boundaryDelay(first - now))]
    }

    /// A view's live buffer filled its room on disk (`PlayerReport.bufferFull`):
    /// its channel opens again, a new buffer from now, once it has played
    /// and holds `TimeshiftReducer.shortestRestartedBuffer` (an evening of
    /// four views wrote four streams to the disk until it was full).
    private static func bufferFull(_ state: inout ShellState, slot: PlayerSlot) -> [Effect] {
        guard let view = PlayerSlot.views.firstIndex(of: slot), let entry = state.multiview?.views[safe: view], entry.playback.phase == .playing,
              let buffer = entry.playback.liveBuffer, buffer.end - buffer.start >= TimeshiftReducer.shortestRestartedBuffer else { return [] }
        state.retire(entry.playback.token)
        state.multiview?.views[view].playback.phase = .idle
        return open(&state, view: view) + sound(state)
    }

    /// A view's player report: a held load goes on, a buffer that filled
    /// its room on disk starts again; the rest is the shared playback
    /// bookkeeping (nil).
    static func report(_ state: inout ShellState, slot: PlayerSlot, _ report: PlayerReport) -> [Effect]? {
        if case .bufferFull = report { return bufferFull(&state, slot: slot) }
        guard case .preloaded(let ratings, _) = report, let view = PlayerSlot.views.firstIndex(of: slot),
              let entry = state.multiview?.views[safe: view] else { return nil }
        // The file's own ratings count too: a view rated over the limits
        // stops here, before anything of it is decoded.
        state.multiview?.views[view].playback.fileRatings = ratings
        var effects: [Effect] = []
        _ = recheck(&state, effects: &effects)
        guard state.multiview?.views[safe: view]?.opened == true else { return effects }
        return effects + [.slot(slot, .continueLoad(token: entry.playback.token))]
    }
}
