import MediaModel

/// Up Next: near the end of an item with a next one (the program's
/// proposal, else `NextItem`'s guess), a card proposes it with a countdown;
/// ENTER on Play Now (or the countdown reaching 0) plays it from the start,
/// Cancel or ESC lets this one finish and then goes home, LEFT / RIGHT /
/// scrubbing put the card away until the end. Never over the passcode
/// prompt, an overlay, the scrub head or an ad break. After
/// `ShellSettings.stillWatchingAfter` items the countdown played with no
/// key pressed (songs not counted: `playsSong`), the card asks "Still
/// watching?" with no countdown: the item ends paused under it, and the
/// screen saver and idle sleep take over.
enum UpNextReducer {
    /// The proposal for what plays: the program's, else the built-in guess.
    static func proposal(_ state: ShellState) -> ContentProposal? {
        guard state.settings.upNextEnabled, let index = state.current, state.screen == .player || state.screen == .passcode else { return nil }
        if let given = state.upNext.programProposal { return given }
        if let following = CatchupReducer.continuation(state) { return following }
        guard let next = NextItem.after(index, in: state.items) else { return nil }
        let item = state.items[next]
        return ContentProposal(title: item.title, item: item, automaticAcceptanceInterval: state.settings.upNextCountdown,
                               previewImage: item.artwork ?? (item.isLive ? nil : item.logo))
    }

    /// When the card comes up, in seconds of the current item.
    static func time(_ state: ShellState, _ proposal: ContentProposal) -> Double? {
        if let time = proposal.proposalTime { return time }
        if let credits = state.playback.segments.first(where: { $0.kind == .credits }) { return credits.start }
        return state.playback.duration.map { max(0, $0 - 20) }
    }

    static func canPresent(_ state: ShellState) -> Bool {
        state.screen == .player && state.prompt == nil && state.chrome.overlay == .none && state.scrub == nil && state.segments.activeBreak == nil
    }

    /// The position moved: the card comes up at its time.
    static func positionChanged(_ state: inout ShellState, to position: Double) -> [Effect] {
        guard state.upNext.card == nil, canPresent(state), let proposal = proposal(state), let time = time(state, proposal), position >= time else { return [] }
        return present(&state, proposal)
    }

    static func present(_ state: inout ShellState, _ proposal: ContentProposal) -> [Effect] {
        var card = UpNextState(proposal: proposal)
        card.phase = .presented
        let limit = state.settings.stillWatchingAfter
        card.stillWatching = !state.kiosk && limit > 0 && state.upNext.playedOnByItself >= limit
        state.upNext.card = card
        state.segments.contextualAction = nil
        var effects: [Effect] = [.cancelTimer(.contextualActionHide), .emit(.contentProposalPresented(title: proposal.title, id: proposal.item.id))]
        if card.automatic { effects.append(.startTimer(.upNextTick, after: 1)) }
        return effects
    }

    /// Whether what plays is sound alone (its tracks known, no moving
    /// pictures among them: a song, its album cover at most): an album
    /// playing on is listened to, and never asks "Still watching?".
    static func playsSong(_ state: ShellState) -> Bool {
        let tracks = state.playback.tracks
        return !tracks.isEmpty && !tracks.contains { $0.kind == .video && !$0.albumArt }
    }

    /// A second of the countdown.
    static func tick(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard var card = state.upNext.card, card.phase == .presented, card.automatic else { return [] }
        card.secondsLeft -= 1
        state.upNext.card = card
        guard card.secondsLeft <= 0 else { return [.startTimer(.upNextTick, after: 1)] }
        if !playsSong(state) { state.upNext.playedOnByItself += 1 }
        return accept(&state, now: now)
    }

    /// Keys while the card is up; nil for keys it leaves to the player.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard let card = state.upNext.card, card.phase == .presented else { return nil }
        switch command {
        case .up, .down:
            state.upNext.card?.focus = card.focus == 0 ? 1 : 0
            return []
        case .select:
            return card.focus == 0 ? accept(&state, now: now) : reject(&state)
        case .menu:
            return reject(&state)
        case .left, .right, .frameBack, .frameForward:
            state.upNext.card?.phase = .deferred
            return [.cancelTimer(.upNextTick), .emit(.contentProposal(id: card.proposal.item.id, outcome: "deferred"))]
                + KeyRouter.reduce(&state, command, now: now)
        default:
            return nil
        }
    }

    static func accept(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard let card = state.upNext.card else { return [] }
        let item = card.proposal.item
        let index = state.items.firstIndex { $0.id == item.id && $0.url == item.url } ?? {
            state.items.append(item)
            return state.items.count - 1
        }()
        // The card is still up as what played is saved: watched, at its credits.
        let effects = PlaybackReducer.play(&state, index: index, now: now)
        state.upNext.card = nil
        return [.cancelTimer(.upNextTick), .emit(.contentProposal(id: item.id, outcome: "accepted"))] + effects
    }

    static func reject(_ state: inout ShellState) -> [Effect] {
        guard let card = state.upNext.card else { return [] }
        state.upNext.card?.phase = .rejected
        return [.cancelTimer(.upNextTick), .emit(.contentProposal(id: card.proposal.item.id, outcome: "rejected"))]
    }

    /// The item ended: a rejected proposal goes home; one not taken yet (or
    /// put away) comes up now; nil when there is no proposal (the usual end).
    static func ended(_ state: inout ShellState, now: Instant) -> [Effect]? {
        if let card = state.upNext.card {
            switch card.phase {
            case .rejected: return ShellReducer.goHome(&state)
            case .presented: return []
            case .deferred, .waiting: return present(&state, card.proposal)
            }
        }
        guard state.prompt == nil, let proposal = proposal(state) else { return nil }
        return present(&state, proposal)
    }
}
