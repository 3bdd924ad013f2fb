import MediaModel

/// Parental settings changed while the shell runs (`Action.restrictionsChanged`):
/// the new policy is in force at once. A change that is stricter, or a new
/// passcode, takes back what the passcode was given for; then everything the
/// new settings forbid stops and asks, as a rating rise does: the full-screen
/// item (the prompt covers it, its player stopped; behind live, paused where
/// it is), the picture (closed),
/// the guide's preview (stopped, the pane says why), warm neighbours (closed)
/// and an Up Next card proposing it (put away, its image gone). A prompt up
/// stays, or becomes the refusal in deny mode. A change that loosens lifts
/// nothing already denied: that is chosen again.
enum RestrictionsChangeReducer {
    static func changed(_ state: inout ShellState, _ change: RestrictionsChange, now: Instant) -> [Effect] {
        let old = state.restrictions.policy
        state.restrictions.policy = change.policy
        if change.revokesGrants(from: old) {
            state.restrictions.grant = nil
            state.restrictions.preAuthorized = []
        }
        var stopped: [StoppedContent] = []
        var effects = prompt(&state, change, now: now)
        effects += stopForbidden(&state, now: now, stopped: &stopped)
        let policy = change.policy
        let settings = "mode \(policy.mode.rawValue)\(policy.effectiveMode != policy.mode ? " (acts as \(policy.effectiveMode.rawValue): no passcode set)" : ""); "
            + "\(policy.limitsDescription); unrated \(policy.unrated.rawValue)\(change.passcodeChanged ? "; passcode changed" : "")"
        effects.append(.audit(AuditEntry(kind: .applied, title: "restrictions", itemID: "settings", rating: nil, time: state.wallClock,
                                         detail: settings, source: "file")))
        for item in stopped {
            effects.append(.audit(AuditEntry(kind: .stopped, title: item.title, itemID: item.id, rating: item.rating, time: state.wallClock,
                                             detail: "restrictions changed: \(item.place.rawValue)", source: "file")))
        }
        return effects + [.emit(.restrictionsChanged(policy, passcodeChanged: change.passcodeChanged, stopped: stopped))]
    }

    /// Everything the policy in force forbids now, by the ratings known now,
    /// stops and asks: the full-screen item, the picture, the guide's
    /// preview, warm neighbours, an Up Next card, multiview's views. Each
    /// is added to `stopped`. Also called when a source rates an item while
    /// it plays (`ItemDetailsReducer`).
    static func stopForbidden(_ state: inout ShellState, now: Instant, stopped: inout [StoppedContent]) -> [Effect] {
        var effects = main(&state, now: now, stopped: &stopped)
        effects += picture(&state, stopped: &stopped)
        effects += preview(&state, stopped: &stopped)
        effects += warm(&state, stopped: &stopped)
        effects += upNext(&state, stopped: &stopped)
        for (item, label) in MultiviewReducer.recheck(&state, effects: &effects) {
            stopped.append(StoppedContent(place: .multiview, id: item.id, title: item.title, rating: label))
        }
        return effects
    }

    /// Whether `item`, known by `ratings`, is forbidden now and not covered
    /// by the passcode given last; the label of the rating over the limits
    /// when it is.
    private static func forbidden(_ state: ShellState, _ item: MediaItem, ratings: [ContentRating], at time: Double? = nil) -> String? {
        let policy = state.restrictions.policy
        guard policy.mode != .off, policy.restricts(ratings),
              !RestrictionReducer.covered(state, item, programmeStart: RestrictionReducer.programmeStart(state, item, at: time)) else { return nil }
        return policy.reason(ratings)?.code ?? "not rated"
    }

    /// `known` and `more`, each rating once.
    private static func union(_ known: [ContentRating], _ more: [ContentRating]) -> [ContentRating] {
        known + more.filter { !known.contains($0) }
    }

    /// A prompt up stays. In deny mode (or with the passcode gone) a prompt
    /// for content becomes the refusal, an early request is denied, and a
    /// multiview view's prompt closes back to multiview; a new
    /// passcode drops the code being checked (its answer is for the old one).
    private static func prompt(_ state: inout ShellState, _ change: RestrictionsChange, now: Instant) -> [Effect] {
        guard var prompt = state.prompt else { return [] }
        if change.passcodeChanged, prompt.checking != nil || !prompt.digits.isEmpty {
            prompt.checking = nil
            prompt.digits = []
            prompt.message = "The passcode was changed: enter the new one."
            NavigationReducer.go(&state, to: .passcode(prompt))
        }
        guard state.restrictions.policy.effectiveMode == .deny, !prompt.isAdmin else { return [] }
        let label = prompt.reason(under: state.restrictions.policy)?.code
        var effects: [Effect] = [.cancelTimer(.lockoutTick)]
        if case .early(let request, let returnTo) = prompt.purpose {
            let why = state.restrictions.policy.mode == .deny ? "deny mode" : "no passcode is set"
            effects += [
                .audit(AuditEntry(kind: .denied, title: prompt.item.title, itemID: prompt.item.id, rating: label, time: state.wallClock, detail: why)),
                .emit(.restrictionsAuthorization(item: prompt.item, rating: label, granted: false, reason: "restricted")),
                .finishAuthorization(request: request, .denied),
            ]
            return effects + PasscodeReducer.restore(&state, returnTo, now: now)
        }
        if case .view = prompt.purpose {
            let why = state.restrictions.policy.mode == .deny ? "deny mode" : "no passcode is set"
            NavigationReducer.go(&state, to: state.multiview == nil ? .home : .player)
            return effects + [
                .audit(AuditEntry(kind: .denied, title: prompt.item.title, itemID: prompt.item.id, rating: label, time: state.wallClock, detail: why)),
                .emit(.restrictionsAuthorization(item: prompt.item, rating: label, granted: false, reason: "restricted")),
            ]
        }
        switch prompt.purpose {
        case .held, .behind:
            effects.append(.stop)
            PlaybackReducer.stop(&state)
        case .play, .early, .quitKiosk, .view:
            break
        }
        return effects + PlaybackReducer.dropContentRequest(&state) + RestrictionReducer.deny(&state, item: prompt.item, ratings: prompt.ratings)
    }

    /// The full-screen item (loading, playing, at its end, or waiting on its
    /// resume offer): forbidden now, it stops and the prompt covers it
    /// (behind live, it pauses where it is under the prompt); under
    /// an early request's or the admin's prompt it stops and is asked for
    /// once that prompt closes. Allowed, it plays on, its programme watched.
    /// A failed load (its retry goes through the gate) only has its flags
    /// follow the new policy.
    private static func main(_ state: inout ShellState, now: Instant, stopped: inout [StoppedContent]) -> [Effect] {
        guard state.prompt?.isContent != true, let index = state.current, let item = state.currentItem, state.playback.phase != .idle else { return [] }
        let shown = state.shownTime
        let ratings = union(RestrictionReducer.knownRatings(state, item, at: shown), state.playback.fileRatings)
        let start = RestrictionReducer.programmeStart(state, item, at: shown)
        let showing = [.loading, .playing, .ended].contains(state.playback.phase)
        guard showing, let label = forbidden(state, item, ratings: ratings, at: shown) else {
            PlaybackReducer.rate(&state, ratings: ratings, programmeStart: start, restricted: state.restrictions.policy.restricts(ratings))
            return showing ? RestrictionReducer.boundaryTimer(state) : []
        }
        stopped.append(StoppedContent(place: .player, id: item.id, title: item.title, rating: label))
        if state.prompt != nil { return RestrictionReducer.reloadAfterPrompt(&state) }
        var effects: [Effect] = state.live.recovery == nil ? [] : [.cancelTimer(.retry), .cancelTimer(.stall)]
        if let flip = state.live.flip, flip.target != index { effects += FlipReducer.abandon(&state) }
        state.live.recovery = nil
        if state.screen == .player, state.live.flip == nil, RestrictionReducer.isBehindLive(state) {
            // Behind live: paused where it is, under the prompt, the buffer kept.
            PlaybackReducer.rate(&state, ratings: ratings, programmeStart: start, restricted: true)
            return effects + RestrictionReducer.reachedBehind(&state, index: index, now: now)
        }
        return effects + RestrictionReducer.block(&state, index: index, request: state.playback.contentRequest, ratings: ratings, programmeStart: start)
    }

    /// The picture, forbidden now, closes (a picture already blocked stays so).
    private static func picture(_ state: inout ShellState, stopped: inout [StoppedContent]) -> [Effect] {
        let shown = state.pictureShownTime
        guard let pip = state.picture.pip, pip.blocked == nil, let item = state.pictureItem,
              let label = forbidden(state, item, ratings: union(RestrictionReducer.knownRatings(state, item, at: shown), pip.playback.ratings), at: shown)
        else { return [] }
        stopped.append(StoppedContent(place: .pip, id: item.id, title: item.title, rating: label))
        return PictureReducer.close(&state, reason: "restricted")
    }

    /// The guide's preview, forbidden now, stops; the pane says why.
    private static func preview(_ state: inout ShellState, stopped: inout [StoppedContent]) -> [Effect] {
        guard var preview = state.picture.preview, preview.restricted == nil, let item = state.items[safe: preview.index],
              let label = forbidden(state, item, ratings: union(RestrictionReducer.knownRatings(state, item), preview.playback.ratings)) else { return [] }
        let token = preview.playback.token
        preview.restricted = label
        preview.withheld = nil
        preview.playback = PlaybackState()
        state.picture.preview = preview
        guard token != 0 else { return [] }
        stopped.append(StoppedContent(place: .preview, id: item.id, title: item.title, rating: label))
        state.retire(token)
        return [.slot(.preview, .stop)]
    }

    /// Warm neighbours forbidden now close, and are not opened again for
    /// this load.
    private static func warm(_ state: inout ShellState, stopped: inout [StoppedContent]) -> [Effect] {
        var effects: [Effect] = []
        for slot in PlayerSlot.warm {
            guard let warm = state.warm.players[slot], let item = state.items[safe: warm.index],
                  let label = forbidden(state, item, ratings: union(RestrictionReducer.knownRatings(state, item), warm.playback.ratings)) else { continue }
            stopped.append(StoppedContent(place: .warm, id: item.id, title: item.title, rating: label))
            state.retire(warm.playback.token)
            state.warm.players[slot] = nil
            state.warm.refused.insert(warm.index)
            effects.append(.slot(slot, .stop))
        }
        return effects
    }

    /// An Up Next card up for an item forbidden now is put away (its
    /// countdown stops, its image goes); at the end it comes back, and
    /// taking it asks for the passcode.
    private static func upNext(_ state: inout ShellState, stopped: inout [StoppedContent]) -> [Effect] {
        guard let card = state.upNext.card, card.phase == .presented else { return [] }
        let item = card.proposal.item
        guard let label = forbidden(state, item, ratings: RestrictionReducer.knownRatings(state, item)) else { return [] }
        stopped.append(StoppedContent(place: .upNext, id: item.id, title: item.title, rating: label))
        state.upNext.card?.phase = .deferred
        return [.cancelTimer(.upNextTick), .emit(.contentProposal(id: item.id, outcome: "deferred"))]
    }
}
