import MediaModel

/// The passcode prompt: four digits, checked by the runtime against the
/// stored hash; wrong ones counted, and after `ShellSettings.passcodeAttempts`
/// of them the prompt locks for a growing delay (the counter and lock are
/// persisted). The right passcode lets the item play; ESC or a lockout
/// cancels it and dismisses the player (back to the previous channel after a
/// flip). Also answers early authorization requests.
enum PasscodeReducer {
    /// Puts `prompt` up, covering everything.
    static func show(_ state: inout ShellState, _ prompt: PasscodePrompt) -> [Effect] {
        NavigationReducer.go(&state, to: .passcode(prompt))
        state.clearChrome()
        state.live.channelEntry = nil
        var effects: [Effect] = [.requestWallClock]
        if !prompt.isAdmin { effects.append(.emit(.restrictionsAuthorizationRequested(item: prompt.item, rating: prompt.reason(under: state.restrictions.policy)?.code))) }
        if state.live.flip != nil && prompt.isContent { effects += [.cancelTimer(.flipTimeout), .cancelTimer(.spinner)] }
        if state.restrictions.lockedUntil != nil { effects.append(.startTimer(.lockoutTick, after: 1)) }
        return effects
    }

    /// Keys on the prompt: digits, LEFT to take one back, ESC to cancel.
    static func reduceCommand(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        guard var prompt = state.prompt else { return ShellReducer.goHome(&state) }
        switch command {
        case .digit(let digit):
            guard prompt.checking == nil, !state.restrictions.isLocked(at: state.wallClock) else { return [] }
            prompt.digits.append(digit)
            prompt.message = nil
            guard prompt.digits.count == 4 else {
                NavigationReducer.go(&state, to: .passcode(prompt))
                return []
            }
            state.restrictions.attemptCounter += 1
            let attempt = PasscodeAttempt(id: state.restrictions.attemptCounter, code: prompt.digits.map(String.init).joined())
            prompt.digits = []
            prompt.checking = attempt.id
            NavigationReducer.go(&state, to: .passcode(prompt))
            return [.verifyPasscode(attempt)]
        case .left where !prompt.digits.isEmpty:
            guard prompt.checking == nil else { return [] }
            prompt.digits.removeLast()
            NavigationReducer.go(&state, to: .passcode(prompt))
            return []
        case .left, .channelDown:
            return flipOn(&state, step: -1, now: now)
        case .right, .channelUp:
            return flipOn(&state, step: 1, now: now)
        case .menu:
            return dismiss(&state, kind: .cancelled, now: now)
        default:
            return []
        }
    }

    /// A channel key on a channel's prompt: the viewer zaps on past the
    /// restricted channel. The prompt goes (its item is not played), and
    /// the flip moves on from it, its way back (a failure, ESC on the next
    /// prompt) being the last channel that played.
    static func flipOn(_ state: inout ShellState, step: Int, now: Instant) -> [Effect] {
        guard let prompt = state.prompt, prompt.isContent, prompt.checking == nil, !state.channelRing.isEmpty,
              let index = state.items.firstIndex(where: { $0.id == prompt.item.id }), state.lineupIndex.ringPosition(of: index) != nil else { return [] }
        let label = prompt.reason(under: state.restrictions.policy)?.code
        var effects: [Effect] = [
            .cancelTimer(.lockoutTick),
            .audit(AuditEntry(kind: .cancelled, title: prompt.item.title, itemID: prompt.item.id, rating: label, time: state.wallClock, detail: "flipped past")),
            .emit(.restrictionsAuthorization(item: prompt.item, rating: label, granted: false, reason: "cancelled")),
        ]
        switch prompt.purpose {
        case .held, .behind: effects.append(.stop)
        default: break
        }
        effects += PlaybackReducer.dropContentRequest(&state)
        let origin = state.live.flip?.origin ?? prompt.origin
        NavigationReducer.go(&state, to: .home)
        effects += FlipReducer.request(&state, step: step, now: now)
        if let origin, var flip = state.live.flip {
            flip.origin = origin
            state.live.flip = flip
        }
        return effects
    }

    /// The runtime's answer for passcode `attempt`.
    static func checked(_ state: inout ShellState, attempt: Int, correct: Bool, wallClock: Double, now: Instant) -> [Effect] {
        state.wallClock = wallClock
        guard var prompt = state.prompt, prompt.checking == attempt else { return [] }
        prompt.checking = nil
        let label = prompt.reason(under: state.restrictions.policy)?.code
        func entry(_ kind: AuditEntry.Kind, _ detail: String? = nil) -> Effect {
            .audit(AuditEntry(kind: kind, title: prompt.item.title, itemID: prompt.item.id, rating: label, time: wallClock, detail: detail))
        }
        if correct {
            state.restrictions.failures = 0
            state.restrictions.lockedUntil = nil
            var effects: [Effect] = [.cancelTimer(.lockoutTick), .persistLockout(failures: 0, lockedUntil: nil), entry(.granted)]
            if !prompt.isAdmin { effects.append(.emit(.restrictionsAuthorization(item: prompt.item, rating: label, granted: true, reason: nil))) }
            return effects + grant(&state, prompt, now: now)
        }
        state.restrictions.failures += 1
        let failures = state.restrictions.failures
        let attempts = state.settings.passcodeAttempts
        if failures >= attempts {
            let delays = state.settings.lockoutDelays
            let delay = delays.isEmpty ? 60 : delays[min(failures - attempts, delays.count - 1)]
            state.restrictions.lockedUntil = wallClock + delay
            NavigationReducer.go(&state, to: .passcode(prompt))
            let effects: [Effect] = [
                .persistLockout(failures: failures, lockedUntil: wallClock + delay),
                entry(.wrongPasscode, "wrong passcode \(failures)"),
                entry(.lockedOut, "locked for \(formatTime(delay))"),
            ]
            return effects + dismiss(&state, kind: .lockedOut, now: now)
        }
        let left = attempts - failures
        prompt.message = "Wrong passcode. \(left) more \(left == 1 ? "try" : "tries") before the prompt locks."
        NavigationReducer.go(&state, to: .passcode(prompt))
        // What the prompt asks for may have ended while the code was checked.
        return [.persistLockout(failures: failures, lockedUntil: state.restrictions.lockedUntil), entry(.wrongPasscode, "wrong passcode \(failures)")]
            + RestrictionReducer.promptOutlived(&state, now: now) + RestrictionReducer.promptLiftTimer(state)
    }

    /// The right passcode: the item plays (or the early request is granted).
    private static func grant(_ state: inout ShellState, _ prompt: PasscodePrompt, now: Instant) -> [Effect] {
        let settings = state.settings
        switch prompt.purpose {
        case .play(let index):
            state.restrictions.grant = RestrictionsState.Grant(
                itemID: prompt.item.id, token: nil, programmeStart: RestrictionReducer.grantedProgrammeStart(state, prompt.item))
            return playPrompted(&state, index: index, now: now)
        case .held(let token):
            guard token == state.playback.token else {
                guard let index = state.current else {
                    NavigationReducer.go(&state, to: .home)
                    return []
                }
                state.restrictions.grant = RestrictionsState.Grant(
                    itemID: prompt.item.id, token: nil, programmeStart: RestrictionReducer.grantedProgrammeStart(state, prompt.item))
                return playPrompted(&state, index: index, now: now)
            }
            state.restrictions.grant = RestrictionsState.Grant(
                itemID: prompt.item.id, token: token,
                programmeStart: prompt.item.isLive ? RestrictionReducer.grantedProgrammeStart(state, prompt.item) : state.playback.programmeStart)
            if state.live.flip != nil {
                NavigationReducer.go(&state, to: .interstitial)
                return [.continueLoad(token: token)] + flipTimers(state)
            }
            NavigationReducer.go(&state, to: .player)
            state.chrome.transportVisible = true
            return [.continueLoad(token: token), .startTimer(.transportHide, after: settings.transportHideDelay)] + RecoveryReducer.loadStarted(state)
        case .behind(let token):
            // The programme on screen, the one paused at (the playback's).
            state.restrictions.grant = RestrictionsState.Grant(itemID: prompt.item.id, token: token, programmeStart: state.playback.programmeStart)
            NavigationReducer.go(&state, to: .player)
            guard let index = state.current else { return ShellReducer.goHome(&state) }
            // The stream went meanwhile: it opens again, at its live edge, through the gate.
            guard token == state.playback.token, state.playback.phase == .playing else { return PlaybackReducer.play(&state, index: index, now: now) }
            PlaybackReducer.resume(&state)
            return [.setPause(false)] + RestrictionReducer.boundaryTimer(state) + TransportReducer.showTransport(&state)
        case .early(let request, let returnTo):
            state.restrictions.preAuthorized.insert(prompt.item.id)
            return [.finishAuthorization(request: request, .granted)] + restore(&state, returnTo, now: now)
        case .quitKiosk(let returnTo):
            NavigationReducer.go(&state, to: returnTo)
            state.quitting = true
            return ResumeReducer.saveBoth(&state) + [.quit]
        case .view(let view, let token):
            return MultiviewReducer.unlocked(&state, view: view, token: token, item: prompt.item)
        }
    }

    /// The item a prompt held back plays (the passcode given, or what it
    /// asked for over): through the gate again, a flip under way kept, its
    /// timers started again (the prompt stopped them), the early request
    /// answered when it plays.
    static func playPrompted(_ state: inout ShellState, index: Int, now: Instant) -> [Effect] {
        let timers = flipTimers(state)
        NavigationReducer.go(&state, to: .player)
        return PlaybackReducer.play(&state, index: index, now: now, keepFlip: state.live.flip != nil, request: state.playback.contentRequest) + timers
    }

    /// A flip's timeout and spinner, started again after its prompt.
    private static func flipTimers(_ state: ShellState) -> [Effect] {
        state.live.flip == nil ? [] : [
            .startTimer(.flipTimeout, after: state.settings.flipTimeout), .startTimer(.spinner, after: state.settings.spinnerInterval),
        ]
    }

    /// `q` in a kiosk: the admin passcode, or a word on how to set one.
    static func askToQuitKiosk(_ state: inout ShellState) -> [Effect] {
        guard state.prompt == nil else { return [] }
        guard state.restrictions.policy.hasPasscode else {
            state.chrome.notice = "Kiosk mode: quitting needs the admin passcode (set one with tvshell restrictions set-passcode)"
            return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
        }
        let item = MediaItem(id: "kiosk", title: "Quit kiosk mode", url: "")
        return show(&state, PasscodePrompt(purpose: .quitKiosk(returnTo: state.destination), item: item, ratings: []))
    }

    /// ESC or a lockout: the restricted item does not play. The player is
    /// dismissed, or after a flip the previous channel comes back.
    static func dismiss(_ state: inout ShellState, kind: AuditEntry.Kind, now: Instant) -> [Effect] {
        guard let prompt = state.prompt else { return [] }
        NavigationReducer.go(&state, to: .home)
        let label = prompt.reason(under: state.restrictions.policy)?.code
        let lockedOut = kind == .lockedOut
        var effects: [Effect] = [.cancelTimer(.lockoutTick)]
        if !lockedOut {
            effects.append(.audit(AuditEntry(kind: .cancelled, title: prompt.item.title, itemID: prompt.item.id, rating: label, time: state.wallClock)))
        }
        if !prompt.isAdmin {
            effects.append(.emit(.restrictionsAuthorization(
                item: prompt.item, rating: label, granted: false, reason: lockedOut ? "too many wrong passcodes" : "cancelled")))
        }
        if lockedOut, let until = state.restrictions.lockedUntil {
            state.chrome.notice = "Too many wrong passcodes: locked for \(formatTime(until - state.wallClock))"
            effects.append(.startTimer(.noticeHide, after: state.settings.noticeDelay))
        }
        if case .early(let request, let returnTo) = prompt.purpose {
            return effects + [.finishAuthorization(request: request, lockedOut ? .denied : .cancelled)] + restore(&state, returnTo, now: now)
        }
        if case .quitKiosk(let returnTo) = prompt.purpose {
            return effects + restore(&state, returnTo, now: now)
        }
        if case .view = prompt.purpose {
            // Back to multiview, the view still showing nothing.
            NavigationReducer.go(&state, to: state.multiview == nil ? .home : .player)
            return effects
        }
        effects += PlaybackReducer.dropContentRequest(&state)
        if case .behind = prompt.purpose, let index = state.current {
            return effects + RestrictionReducer.skipHeld(&state, index: index, skipped: label, now: now)
        }
        if let flip = state.live.flip {
            state.live.flip = nil
            effects += [.cancelTimer(.flipTimeout), .cancelTimer(.flipSettle), .cancelTimer(.flipFailureShown), .cancelTimer(.spinner)]
            if flip.failure == nil {
                effects.append(.emit(.flipCompleted(target: ChannelRef(state.items[flip.target]), success: false, superseded: false)))
            }
            return effects + PlaybackReducer.play(&state, index: flip.origin, now: now)
        }
        if let origin = prompt.origin, state.items.indices.contains(origin) {
            return effects + PlaybackReducer.play(&state, index: origin, now: now)
        }
        return effects + ShellReducer.goHome(&state)
    }

    /// An early request's or the admin's prompt closed: back to the screen
    /// under it, as it is now (a stream may have failed meanwhile), or to
    /// what was asked to play while it was up.
    static func restore(_ state: inout ShellState, _ under: Destination, now: Instant) -> [Effect] {
        NavigationReducer.go(&state, to: .home)
        if let index = state.restrictions.afterPrompt {
            state.restrictions.afterPrompt = nil
            if state.items.indices.contains(index) { return PlaybackReducer.play(&state, index: index, now: now) }
        }
        let covered = under == .player || (under == .interstitial && state.live.flip == nil && state.live.recovery == nil)
        guard covered else {
            NavigationReducer.go(&state, to: under)
            return []
        }
        switch state.playback.phase {
        case .failed:
            NavigationReducer.go(&state, to: .error(state.playback.failure ?? ShellError(title: "Could not play “\(state.title)”", reason: "playback failed")))
        case .idle: NavigationReducer.go(&state, to: .home)
        default: NavigationReducer.go(&state, to: .player)
        }
        return []
    }

    /// A second of the lockout: ask for the time, to redraw the countdown.
    static func tick(_ state: inout ShellState) -> [Effect] {
        guard state.prompt != nil, state.restrictions.lockedUntil != nil else { return [] }
        return [.requestWallClock, .startTimer(.lockoutTick, after: 1)]
    }

    /// An early authorization request (before presenting `item`).
    static func requested(_ state: inout ShellState, item: MediaItem, request: Int) -> [Effect] {
        let policy = state.restrictions.policy
        let ratings = RestrictionReducer.knownRatings(state, item)
        if !policy.restricts(ratings) || state.restrictions.preAuthorized.contains(item.id) {
            return [.finishAuthorization(request: request, .granted)]
        }
        guard state.prompt == nil, state.screen != .interstitial else {
            return [.finishAuthorization(request: request, .cancelled)]
        }
        if policy.effectiveMode == .deny {
            let label = policy.reason(ratings)?.code
            return [
                .audit(AuditEntry(kind: .denied, title: item.title, itemID: item.id, rating: label, time: state.wallClock,
                                  detail: policy.mode == .deny ? "deny mode" : "no passcode is set")),
                .emit(.restrictionsAuthorization(item: item, rating: label, granted: false, reason: "restricted")),
                .finishAuthorization(request: request, .denied),
            ]
        }
        return show(&state, PasscodePrompt(purpose: .early(request: request, returnTo: state.destination), item: item, ratings: ratings))
    }

    /// The caller of an early request cancelled it.
    static func requestCancelled(_ state: inout ShellState, request: Int, now: Instant) -> [Effect] {
        guard let prompt = state.prompt, case .early(request, let returnTo) = prompt.purpose else { return [] }
        return [.cancelTimer(.lockoutTick), .finishAuthorization(request: request, .cancelled)] + restore(&state, returnTo, now: now)
    }
}
