import MediaModel
import ShellCore
import ShellRuntime
import ShellTesting
import Testing

/// One step of a random session: what a user, the player, the delegate, the
/// clock and automation clients may do.
enum SessionStep: Equatable, CustomStringConvertible {
    case press(RemoteCommand)
    /// Four digits on the prompt.
    case code(String)
    case advance(Double)
    case report(PlayerReport)
    /// A report of the picture's or the preview's player.
    case slotReport(PlayerSlot, PlayerReport)
    /// How the delegate answers the flips asked from now on.
    case delegateAnswers(ScriptedDelegate.Answer)
    /// The completions the delegate kept are called.
    case answerKept(Bool)
    case ipcChannel(Int)
    case ipcPlay
    case quitRequested(QuitSource)
    case playerRestarted
    /// The restrictions file changed under the running shell.
    case restrictionsChanged(RestrictionsChange)
    /// The sleep timer set (socket, overlay) for this many seconds.
    case sleep(Double)
    /// The TV went to standby (HDMI-CEC).
    case televisionOff
    /// The TV switched to the box (HDMI-CEC).
    case televisionOn
    /// Another lineup switched to (the fleet's `lineup`): the same
    /// channels, the last first.
    case openLineup

    var description: String {
        switch self {
        case .press(let c): "press(\(c))"
        case .code(let c): "code(\(c))"
        case .advance(let s): "advance(\(s))"
        case .report(let r): "report(\(r))"
        case .slotReport(let slot, let r): "report(\(r), in: .\(slot))"
        case .delegateAnswers(let a): "delegate(\(a))"
        case .answerKept(let ok): "answerKept(\(ok))"
        case .ipcChannel(let n): "ipcChannel(\(n))"
        case .ipcPlay: "ipcPlay"
        case .quitRequested(let s): "quit(\(s))"
        case .playerRestarted: "playerRestarted"
        case .restrictionsChanged(let change): "restrictionsChanged(\(change.policy.mode), tv \(change.policy.tv.label), new passcode \(change.passcodeChanged))"
        case .sleep(let seconds): "sleep(\(seconds))"
        case .openLineup: "openLineup"
        case .televisionOff: "televisionOff"
        case .televisionOn: "televisionOn"
        }
    }
}

enum SessionGenerator {
    static let commands: [RemoteCommand] = [
        .left, .right, .right, .left, .up, .down, .select, .menu, .playPause, .channelUp, .channelDown, .guide, .info, .quit,
        .digit(1), .digit(2), .digit(3), .digit(4), .frameBack,
        .pictureInPicture, .pictureInPicture, .closePicture, .movePicture, .swapPicture, .pictureForward, .multiview,
        .previousChannel, .live, .whatDidTheySay, .record, .favourite, .search, .help, .dayForward, .pause, .play,
    ]
    static let delays: [Double] = [0.05, 0.12, 0.5, 2, 2.5, 5, 10.5, 30, 61]
    static let reports: [PlayerReport] = [
        .started, .preloaded(ratings: []), .preloaded(ratings: [tvMA]), .videoConfigured, .playing, .playing, .firstFrame,
        .failed(reason: "loading failed"), .ended, .buffering(true), .buffering(false), .position(12),
    ]

    /// Settings a parent may switch to while the shell runs.
    static let policies: [RestrictionPolicy] = [
        RestrictionPolicy(mode: .passcode, tv: .upTo(tvPG), hasPasscode: true),
        RestrictionPolicy(mode: .off, tv: .upTo(tvPG), hasPasscode: true),
        RestrictionPolicy(mode: .deny, tv: .upTo(tvPG), hasPasscode: true),
        RestrictionPolicy(mode: .passcode, tv: .allowNone, hasPasscode: true),
        RestrictionPolicy(mode: .passcode, tv: .allowAll, unrated: .restrict, hasPasscode: true),
    ]

    static func steps(seed: UInt64, count: Int) -> [SessionStep] {
        var rng = SeededGenerator(seed: seed)
        var steps: [SessionStep] = []
        for _ in 0..<count {
            let roll = Int.random(in: 0..<105, using: &rng)
            let step: SessionStep = switch roll {
            case 0..<38: .press(commands.randomElement(using: &rng)!)
            case 38..<44: .code(Bool.random(using: &rng) ? "1234" : "9999")
            case 44..<60: .advance(delays.randomElement(using: &rng)!)
            case 60..<74: .report(reports.randomElement(using: &rng)!)
            case 74..<80: .slotReport(Bool.random(using: &rng) ? .picture : .preview, reports.randomElement(using: &rng)!)
            case 80..<84: .delegateAnswers([.atOnce, .later, .twice, .never, .withoutReplacing].randomElement(using: &rng)!)
            case 84..<89: .answerKept(Bool.random(using: &rng))
            case 89..<93: .ipcChannel(Int.random(in: 1...4, using: &rng))
            case 93..<94: .ipcPlay
            case 94..<97: .quitRequested([.key, .ipc, .interrupt, .terminate, .hangup].randomElement(using: &rng)!)
            case 97..<99: .restrictionsChanged(RestrictionsChange(policy: policies.randomElement(using: &rng)!, passcodeChanged: Bool.random(using: &rng)))
            case 99: .playerRestarted
            case 100..<102: .sleep([5, 70].randomElement(using: &rng)!)
            case 102: .televisionOff
            case 103: .televisionOn
            default: .openLineup
            }
            steps.append(step)
        }
        return steps
    }
}

/// Runs `steps` on an embedded shell and checks, after every reduced action,
/// the invariants the shell promises. Returns the first violation.
enum SessionChecker {
    nonisolated(unsafe) static var debugPrint = false
    static func firstViolation(_ steps: [SessionStep], kiosk: Bool) -> String? {
        let delegate = SwitchableDelegate()
        var violation: String?
        var started = 0, completed = 0
        var promptBefore: PasscodePrompt?
        /// A shell started afresh (at the start, and after it quit as it may).
        func start() -> EmbeddedShell {
            var state = restricted(kiosk: kiosk)
            state.settings.retries = kiosk ? 2 : 0
            let shell = EmbeddedShell(state, delegate: delegate)
            started = 0
            completed = 0
            promptBefore = nil
            shell.check = { action, effects, after in
                if debugPrint { print("ACTION \(action)\n  EFFECTS \(effects)\n  FLIP \(String(describing: after.live.flip)) DEST \(after.screen)") }
                defer { promptBefore = after.prompt }
                guard violation == nil else { return }
                violation = check(action, effects, after, started: &started, completed: &completed, promptBefore: promptBefore)
            }
            shell.send(.wallClock(shell.clock.wallClock(), at: shell.clock.now()))
            shell.send(.playIndex(Int(kiosk ? 0 : 2), at: shell.clock.now()))
            return shell
        }
        var shell = start()
        for (index, step) in steps.enumerated() {
            if shell.quit {
                _ = delegate.takeKept()
                shell = start()
            }
            perform(step, on: shell, delegate: delegate)
            if let violation { return "step \(index) \(step): \(violation)" }
            if shell.state.live.flip == nil && started != completed {
                return "step \(index) \(step): \(started) flips started, \(completed) ended, none under way"
            }
        }
        return violation
    }

    private static func perform(_ step: SessionStep, on shell: EmbeddedShell, delegate: SwitchableDelegate) {
        switch step {
        case .press(let command): shell.press(command)
        case .code(let code): shell.type(code)
        case .advance(let seconds): shell.advance(by: seconds)
        case .report(let report): shell.report(report)
        case .slotReport(let slot, let report): shell.report(report, in: slot)
        case .delegateAnswers(let answer): delegate.answer = answer
        case .answerKept(let ok):
            for completion in delegate.takeKept() { completion(ok) }
            shell.runPending()
        case .ipcChannel(let number): shell.send(.playIndex(number - 1, at: shell.clock.now()))
        case .ipcPlay: shell.send(.playItem(MediaItem.fromLocation("/media/film.mkv"), at: shell.clock.now()))
        case .quitRequested(let source): shell.send(.quitRequested(source))
        case .playerRestarted: shell.send(.playerRestarted(at: shell.clock.now()))
        case .restrictionsChanged(let change): shell.send(.restrictionsChanged(change, wallClock: shell.clock.wallClock(), at: shell.clock.now()))
        case .sleep(let seconds): shell.send(.sleep(.after(seconds), at: shell.clock.now()))
        case .televisionOff: shell.send(.televisionOff)
        case .televisionOn: shell.send(.televisionOn(at: shell.clock.now()))
        case .openLineup:
            guard shell.state.prompt == nil else { return }
            shell.send(.open(Array(shell.state.items.filter { !$0.id.hasPrefix("recording:") }.reversed()), at: shell.clock.now()))
        }
    }

    private static func check(_ action: Action, _ effects: [Effect], _ after: ShellState, started: inout Int, completed: inout Int,
                              promptBefore before: PasscodePrompt?) -> String? {
        let policy = after.restrictions.policy
        for effect in effects {
            switch effect {
            case .load(let item, _):
                let ratings = item.contentRating.map { [$0] } ?? []
                if policy.restricts(ratings) && after.restrictions.grant?.itemID != item.id {
                    return "\(item.title) loaded without its passcode after \(action)"
                }
            case .continueLoad(let token):
                // With restrictions off nothing is held (the flag may still say what was).
                if token == after.playback.token, policy.mode != .off, after.playback.restricted,
                   after.restrictions.grant?.itemID != after.currentItem?.id {
                    return "a restricted load let go without its passcode after \(action)"
                }
            case .slot(let slot, .load(let item, _)):
                let ratings = item.contentRating.map { [$0] } ?? []
                // A multiview view's code is its own (`MultiviewState.View.grant`).
                let view = PlayerSlot.views.firstIndex(of: slot).flatMap { n in after.multiview.flatMap { $0.views.indices.contains(n) ? $0.views[n] : nil } }
                if policy.restricts(ratings) && after.restrictions.grant?.itemID != item.id && view?.grant?.itemID != item.id {
                    return "\(item.title) loaded in the \(slot) player without its passcode after \(action)"
                }
            case .slot(let slot, .continueLoad(let token)):
                let playback = slot == .picture ? after.picture.pip?.playback : after.picture.preview?.playback
                let index = slot == .picture ? after.picture.pip?.index : after.picture.preview?.index
                let granted = index.map { after.restrictions.grant?.itemID == after.items[$0].id } ?? false
                if playback?.token == token, policy.restricts(playback?.ratings ?? []), !granted {
                    return "a restricted \(slot) load let go after \(action)"
                }
            case .emit(.flipStarted): started += 1
            case .emit(.flipCompleted): completed += 1
            case .quit where after.kiosk:
                var allowed = false
                if case .quitRequested(let source) = action, source == .terminate || source == .hangup { allowed = true }
                if case .passcodeChecked(_, true, _, _) = action, before?.isAdmin == true { allowed = true }
                if !allowed { return "the kiosk quit on \(action)" }
            default: break
            }
        }
        let tokens = [after.playback.token, after.picture.pip?.playback.token, after.picture.preview.flatMap { $0.playback.token == 0 ? nil : $0.playback.token }]
            .compactMap { $0 }
        if Set(tokens).count != tokens.count { return "two players share a load token \(tokens) after \(action)" }
        if case .restrictionsChanged = action, let open = forbiddenStillOpen(after) { return "\(open) after \(action)" }
        if let open = openWhileAsleep(after) { return "asleep with \(open) after \(action)" }
        let fellAsleep = switch action {
        case .televisionOff, .timerFired(.sleepNow, _): after.sleep.asleep
        default: false
        }
        if fellAsleep, after.restrictions.grant != nil {
            return "the passcode given before the sleep still covers \(after.restrictions.grant!.itemID)"
        }
        if let pip = after.picture.pip, !after.items.indices.contains(pip.index) { return "the picture's item is gone after \(action)" }
        if completed > started { return "more flips ended (\(completed)) than started (\(started)) after \(action)" }
        if let flip = after.live.flip, flip.failure == nil, started != completed + 1 {
            return "flip under way, but \(started) started and \(completed) ended after \(action)"
        }
        if let before, before.isContent {
            let now = after.prompt
            var answered = false
            switch action {
            case .passcodeChecked: answered = true
            case .command(.menu, _): answered = true
            // A channel key zaps on past a channel's prompt, to a flip (the
            // item is still not opened: the load check above holds).
            case .command(.left, _):
                answered = after.screen == .interstitial && after.live.flip != nil && before.digits.isEmpty
            case .command(.right, _), .command(.channelUp, _), .command(.channelDown, _):
                answered = after.screen == .interstitial && after.live.flip != nil
            case .restrictionsChanged: answered = after.restrictions.policy.effectiveMode == .deny
            // Asleep, the screen is dark: the prompt goes with what it held (nothing of it opened).
            case .timerFired(.sleepNow, _), .televisionOff: answered = after.sleep.asleep
            default: break
            }
            if now == nil {
                if !answered { return "the prompt for \(before.item.title) went away on \(action)" }
            } else if now?.item.id != before.item.id && !answered {
                return "the prompt for \(before.item.title) became one for \(now!.item.title) on \(action)"
            }
            if now == nil, case .passcodeChecked(_, false, _, _) = action, after.restrictions.lockedUntil == nil {
                return "a wrong code took the prompt down without a lockout"
            }
        }
        return nil
    }
}

extension SessionChecker {
    /// What a sleeping shell still has open (its screen dark, nobody
    /// watching), or nil.
    static func openWhileAsleep(_ state: ShellState) -> String? {
        guard state.sleep.asleep else { return nil }
        if state.playback.phase != .idle { return "the full-screen player \(state.playback.phase)" }
        if state.prompt != nil { return "the prompt up" }
        if state.multiview != nil { return "multiview" }
        if state.picture.pip != nil { return "the picture in picture" }
        if let preview = state.picture.preview, preview.playback.token != 0 { return "the preview" }
        if !state.warm.players.isEmpty { return "\(state.warm.players.count) warm players" }
        if state.live.flip != nil { return "a flip" }
        return nil
    }

    /// What the restrictions now forbid that is still open without its
    /// passcode: the full-screen load (no prompt over it), the picture, the
    /// preview or a warm neighbour; nil when nothing is.
    static func forbiddenStillOpen(_ state: ShellState) -> String? {
        let policy = state.restrictions.policy
        func forbidden(_ index: Int, _ ratings: [ContentRating]) -> Bool {
            let item = state.items[index]
            let known = (item.contentRating.map { [$0] } ?? []) + ratings
            return policy.mode != .off && policy.restricts(known) && state.restrictions.grant?.itemID != item.id
        }
        if state.prompt == nil, let index = state.current, [.loading, .playing, .ended].contains(state.playback.phase),
           forbidden(index, state.playback.ratings) {
            return "\(state.items[index].title) still plays full screen"
        }
        if let pip = state.picture.pip, pip.blocked == nil, forbidden(pip.index, pip.playback.ratings) {
            return "\(state.items[pip.index].title) still plays in the picture"
        }
        if let preview = state.picture.preview, preview.playback.token != 0, forbidden(preview.index, preview.playback.ratings) {
            return "\(state.items[preview.index].title) still plays in the preview"
        }
        if let warm = state.warm.players.values.first(where: { forbidden($0.index, $0.playback.ratings) }) {
            return "\(state.items[warm.index].title) is still warm"
        }
        return nil
    }
}

/// A delegate whose way of answering the test switches as it goes.
final class SwitchableDelegate: ShellDelegate {
    var answer: ScriptedDelegate.Answer = .atOnce
    private var kept: [@Sendable (Bool) -> Void] = []

    func skipToNextChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        flip(shell, request, completion)
    }

    func skipToPreviousChannel(_ shell: ShellControl, request: FlipRequest, completion: @escaping @Sendable (Bool) -> Void) {
        flip(shell, request, completion)
    }

    private func flip(_ shell: ShellControl, _ request: FlipRequest, _ completion: @escaping @Sendable (Bool) -> Void) {
        if answer != .withoutReplacing {
            shell.replaceContent(with: request.target) { [weak self] ok in
                guard let self, self.answer == .later else { return }
                self.kept.append({ _ in completion(ok) })
            }
        }
        switch answer {
        case .atOnce: completion(true)
        case .twice:
            completion(true)
            completion(false)
        case .later, .withoutReplacing: kept.append(completion)
        case .never: break
        }
    }

    func takeKept() -> [@Sendable (Bool) -> Void] {
        defer { kept.removeAll() }
        return kept
    }
}
