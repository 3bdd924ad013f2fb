import Catalog
import Foundation
import Library
import Logging
import MediaModel
import ShellCore

/// Performs the reducer's effects on the ports (player, timers, automation,
/// delegate, restrictions) and is the `ShellControl` delegates are handed.
/// It never reduces: whatever an effect produces (a delegate replacing the
/// content at once, a completion, an interstitial) is sent to the store,
/// which reduces it after the current effect list.
///
/// Run-loop thread only; completions handed to delegates may be called from
/// any thread (they post to the inbox).
public final class EffectInterpreter: ShellControl {
    let store: Store
    let timers: ShellTimers
    let clock: any ShellClock
    package let restrictions: RestrictionsService
    private let inbox: ActionInbox
    private let logger: Logger
    /// Takes part in channel flips; `builtInDelegate` when nil.
    public weak var delegate: ShellDelegate?
    private let builtInDelegate = LineupPlayerDelegate()
    /// The player in a slot, if one runs there; `startPlayer` makes one
    /// (false when it cannot); `exchangePlayers` moves them between slots.
    package var player: (PlayerSlot) -> (any PlayerPort)? = { _ in nil }
    package var startPlayer: (PlayerSlot) -> Bool = { _ in false }
    package var exchangePlayers: (PlayerSlot, PlayerSlot) -> Void = { _, _ in }
    /// Where positions and plays are kept (nil: nowhere).
    package var library: LibraryWriter?
    /// Searches the stored guide; the answer comes back as an action
    /// (nothing without a stored guide).
    package var searchGuide: (_ text: String, _ from: Double, _ limit: Int) -> Void = { _, _, _ in }
    /// Reads the stored guide's window around a time; it comes back as an
    /// action (nothing without a stored guide).
    package var loadGuideWindow: (_ around: Double) -> Void = { _ in }
    /// Where events go (nil: nowhere but the log).
    package var automation: (any AutomationPort)?
    /// Starts loading a channel logo (by path or URL).
    var loadLogo: (String) -> Void = { _ in }
    /// Completions of `replaceContent`, by the request id the reducer answers.
    private var contentCompletions: [Int: (Bool) -> Void] = [:]
    private var contentRequestCounter = 0

    package init(store: Store, timers: ShellTimers, clock: any ShellClock, inbox: ActionInbox, restrictions: RestrictionsService, logger: Logger) {
        self.store = store
        self.timers = timers
        self.clock = clock
        self.inbox = inbox
        self.restrictions = restrictions
        self.logger = logger
        store.perform = { [unowned self] in self.perform($0) }
    }

    // MARK: - ShellControl

    /// Plays `item` in place of what plays. Its completion is called once,
    /// on the run loop, when the reducer answers the request: the item
    /// plays, failed, was refused (restricted and not authorized, or a
    /// passcode prompt is up) or was replaced before it played.
    public func replaceContent(with item: MediaItem, completion: ((Bool) -> Void)?) {
        var request: Int?
        if let completion {
            contentRequestCounter += 1
            request = contentRequestCounter
            contentCompletions[contentRequestCounter] = completion
        }
        store.send(.replaceContent(item.resolvingRating(), request: request, at: clock.now()))
    }

    public func setCustomOverlay(_ items: [OverlayItem]?) {
        store.send(.customOverlayItems(items))
    }

    public func setTransportBarMenus(_ menus: [TransportMenu]) {
        store.send(.transportMenus(menus))
    }

    public var restrictionsAuthorizer: RestrictionsAuthorizer { restrictions.authorizer }

    public var runLoop: ShellRunLoop { ShellRunLoop(inbox: inbox) }

    /// `replaceContent` requests not answered yet (for tests).
    public var openContentRequests: Int { contentCompletions.count }

    // MARK: - Effects

    /// Carries out one effect. Without a player (libmpv could not be
    /// started again) player effects do nothing, except a load, which tries
    /// to start one and fails (so recovery retries) when it cannot. What
    /// loads full screen has its sound on (its player may have been a muted
    /// picture's or preview's before).
    func perform(_ effect: Effect) {
        if restrictions.perform(effect) { return }
        do {
            switch effect {
            case .load(let item, let token), .loadFrom(let item, let token, _):
                var start: Double?
                if case .loadFrom(_, _, let from) = effect { start = from }
                logger.info("load \(item.url)\(start.map { " from \($0) s" } ?? "")")
                if let logo = item.logo { loadLogo(logo) }
                if player(.main) == nil { _ = startPlayer(.main) }
                do {
                    guard let player = player(.main) else { throw RuntimeError.playerUnavailable }
                    try player.setMuted(false)
                    try player.load(item, token: token, start: start)
                    findSegments(of: item, token: token)
                } catch {
                    store.send(.player(.failed(reason: "\(error)"), token: token, at: clock.now()))
                }
            case .stop:
                try player(.main)?.stop()
            case .setPause(let paused):
                try player(.main)?.setPause(paused)
            case .seek(let position, let exact):
                try player(.main)?.seek(to: position, exact: exact)
            case .seekBy(let offset):
                try player(.main)?.seek(by: offset)
            case .frameStep(let forward):
                try player(.main)?.frameStep(forward: forward)
            case .selectTrack(let kind, let id):
                try player(.main)?.selectTrack(kind, id: id)
            case .setSpeed(let speed):
                try player(.main)?.setSpeed(speed)
            case .continueLoad(let token):
                player(.main)?.continueLoad(token: token)
            case .overlayActivated(let id):
                delegate?.customOverlayActivated(self, id: id)
            case .menuActivated(let menu, let choice):
                delegate?.transportBarMenuItemActivated(self, menu: menu, choice: choice)
            case .askContextualActions(let position, let token):
                store.send(.programActions(delegate?.contextualActions(self, at: position) ?? [], token: token))
            case .programActionActivated(let id):
                delegate?.contextualActionActivated(self, id: id)
            case .startTimer(let id, let delay):
                timers.start(id, after: delay)
            case .cancelTimer(let id):
                timers.cancel(id)
            case .emit(let event):
                broadcast(event)
            case .requestFlip(let request):
                requestFlip(request)
            case .finishContentRequest(let request, let success):
                contentCompletions.removeValue(forKey: request)?(success)
            case .savePosition(let item, let position, let duration, let watched):
                guard let library else { break }
                library.submit(.position(SavedPosition(key: ItemIdentity.key(for: item), title: item.title, url: item.url, position: position,
                                                       duration: duration, watched: watched, updated: Date().timeIntervalSince1970)))
                automation?.broadcast(event: "position-saved", fields: ["id": item.id, "position": position])
            case .recordPlay(let item, let live):
                library?.submit(.play(HistoryEntry(key: ItemIdentity.key(for: item), title: item.title, url: item.url, live: live,
                                                   started: Date().timeIntervalSince1970)))
            case .saveFavourite(let key, let name, let on):
                library?.submit(.favourite(FavouriteChannel(key: key, name: name, added: Date().timeIntervalSince1970), on: on))
            case .saveReminder(let reminder, let on):
                library?.submit(.reminder(SavedReminder(channel: reminder.channel, start: reminder.start, title: reminder.title,
                                                        channelName: reminder.channelName), on: on))
            case .searchGuide(let text, let from, let limit):
                searchGuide(text, from, limit)
            case .loadGuideWindow(let time):
                loadGuideWindow(time)
            case .slot(let slot, let command):
                try perform(command, on: slot)
            case .exchangePlayers(let a, let b):
                exchangePlayers(a, b)
            case .notifyPicture(let notice):
                notifyPicture(notice)
            case .restorePictureInterface(let token):
                restorePictureInterface(token: token)
            case .quit, .verifyPasscode, .persistLockout, .audit, .finishAuthorization, .requestWallClock:
                break
            }
        } catch {
            logger.error("\(effect): \(error)")
        }
    }

    /// Segments learnt beside the load: the sidecar file of a local file and
    /// the delegate's; sent as an action (a broken sidecar is told as a notice).
    private func findSegments(of item: MediaItem, token: Int) {
        var found: [Segment] = []
        if let path = SegmentsSidecar.path(for: item.url), let text = try? String(contentsOfFile: path, encoding: .utf8) {
            do {
                found += try SegmentsSidecar.parse(text, path: path)
            } catch {
                logger.warning("\(error)")
                store.send(.showNotice("Segments ignored: \(error)"))
            }
        }
        found += (delegate?.segments(for: item) ?? []).map { var s = $0; s.source = .library; return s }
        if !found.isEmpty { store.send(.segmentsFound(found, token: token)) }
        if let proposal = delegate?.nextContentProposal(self, after: item) { store.send(.contentProposalProvided(proposal, token: token)) }
        if let url = URL(string: item.url), ["http", "https"].contains(url.scheme ?? ""), url.path.hasSuffix(".m3u8") {
            let inbox = self.inbox
            let logger = self.logger
            DispatchQueue.global().async {
                let breaks = Self.hlsBreaks(url)
                if let problem = breaks.problem { logger.warning("ad breaks of \(url): \(problem)") }
                if !breaks.segments.isEmpty { inbox.post(.segmentsFound(breaks.segments, token: token)) }
            }
        }
    }

    /// The ad breaks an HLS stream's playlist announces (its first
    /// variant's, for a master playlist). Any thread; blocks on the network.
    private static func hlsBreaks(_ url: URL) -> (segments: [Segment], problem: String?) {
        do {
            var playlistURL = url
            var text = InputLoader.text(try InputLoader.load(url.absoluteString, timeout: 10))
            if let variant = HLSSegments.firstVariant(in: text, base: url) {
                playlistURL = variant
                text = InputLoader.text(try InputLoader.load(playlistURL.absoluteString, timeout: 10))
            }
            return (HLSSegments.breaks(in: text), nil)
        } catch {
            return ([], "\(error)")
        }
    }

    /// A command for the player in `slot`; a load makes one there if
    /// needed (and fails, as a report, when it cannot).
    private func perform(_ command: SlotCommand, on slot: PlayerSlot) throws {
        switch command {
        case .load(let item, let token):
            logger.info("load \(item.url) (\(slot.rawValue))")
            open(in: slot, token: token) { try $0.load(item, token: token) }
        case .stop: try player(slot)?.stop()
        case .pause(let paused): try player(slot)?.setPause(paused)
        case .seekBy(let offset): try player(slot)?.seek(by: offset)
        case .mute(let muted):
            if player(slot) == nil, slot != .main { _ = startPlayer(slot) }
            try player(slot)?.setMuted(muted)
        case .continueLoad(let token): player(slot)?.continueLoad(token: token)
        case .loadStill(let url, let token):
            logger.info("show \(url) (\(slot.rawValue))")
            open(in: slot, token: token) { try $0.loadStill(url, token: token) }
        case .loadPaused(let item, let token):
            logger.info("warm \(item.url) (\(slot.rawValue))")
            open(in: slot, token: token) { try $0.loadPaused(item, token: token) }
        }
    }

    /// Runs `load` on the player in `slot`, made first if there is none; a
    /// failure comes back as the load's `failed` report.
    private func open(in slot: PlayerSlot, token: Int, _ load: (any PlayerPort) throws -> Void) {
        if player(slot) == nil { _ = startPlayer(slot) }
        do {
            guard let player = player(slot) else { throw RuntimeError.playerUnavailable }
            try load(player)
        } catch {
            store.send(.player(.failed(reason: "\(error)"), token: token, at: clock.now()))
        }
    }

    /// Tells the delegate how the picture starts and stops.
    private func notifyPicture(_ notice: PictureNotice) {
        guard let delegate else { return }
        switch notice {
        case .willStart: delegate.pictureInPictureWillStart(self)
        case .didStart: delegate.pictureInPictureDidStart(self)
        case .failedToStart(let reason): delegate.pictureInPictureFailedToStart(self, error: PictureInPictureError(reason: reason))
        case .willStop: delegate.pictureInPictureWillStop(self)
        case .didStop: delegate.pictureInPictureDidStop(self)
        }
    }

    /// Asks the delegate to restore its interface for the picture's stop;
    /// its completion (any thread, once in effect) comes back as an action.
    /// Without a delegate the interface is the shell's own: restored at once.
    private func restorePictureInterface(token: Int) {
        let inbox = self.inbox
        let clock = self.clock
        guard let delegate else {
            store.send(.pictureRestoreAnswered(token: token, restored: true, at: clock.now()))
            return
        }
        delegate.restoreUserInterfaceForPictureInPictureStop(self) { restored in
            inbox.post(.pictureRestoreAnswered(token: token, restored: restored, at: clock.now()))
        }
    }

    // MARK: - Picture in picture (ShellControl)

    public func startPictureInPicture() {
        store.send(.startPicture(at: clock.now()))
    }

    public func stopPictureInPicture() {
        store.send(.stopPicture(at: clock.now()))
    }

    public var isPictureInPicturePossible: Bool {
        PictureInPicturePossibility.reason(store.state) == nil
    }

    public var isPictureInPictureActive: Bool { store.state.picture.pip != nil }

    /// Tells the reducer what the delegate asks of playback (at start, and
    /// when a delegate is set).
    package func delegateChanged() {
        guard let delegate else { return }
        store.send(.programSettings(requiresLinearPlayback: delegate.requiresLinearPlayback, offersContextualActions: delegate.offersContextualActions))
    }

    /// Asks the delegate to replace the content with the flip's target. Its
    /// completion, from any thread and at any time, becomes a tokened action.
    private func requestFlip(_ request: FlipRequest) {
        let target = delegate ?? builtInDelegate
        let inbox = self.inbox
        let clock = self.clock
        let token = request.token
        let completion: @Sendable (Bool) -> Void = { ok in
            inbox.post(.flipCompleted(token: token, success: ok, at: clock.now()))
        }
        logger.info("flip \(request.direction.rawValue) to \(request.target.title)")
        switch request.direction {
        case .next: target.skipToNextChannel(self, request: request, completion: completion)
        case .previous: target.skipToPreviousChannel(self, request: request, completion: completion)
        }
    }

    private func broadcast(_ event: ShellEvent) {
        switch event {
        case .playbackStarted(let title, _):
            logger.info("playback started: \(title)")
        case .error(let title, let reason, _):
            logger.error("\(title): \(reason)")
        case .flipStarted:
            askForInterstitial()
        case .flipCompleted(let target, let success, let superseded):
            logger.info("flip to \(target.name): \(success ? "done" : superseded ? "superseded" : "failed")")
        case .streamSwitched(let channel, let from, let to, let count, let reason, let url):
            logger.warning("\(channel.name): stream \(from + 1) of \(count) failed (\(reason)); switched to stream \(to + 1): \(url)")
        case .restrictionsAuthorizationRequested(let item, _):
            delegate?.playbackRestrictionsAuthorizationRequested(self, item: item)
        case .restrictionsAuthorization(let item, _, let granted, let reason):
            if granted {
                delegate?.playbackRestrictionsAuthorizationGranted(self, item: item)
            } else {
                delegate?.playbackRestrictionsAuthorizationDenied(self, item: item, reason: reason ?? "restricted")
            }
        case .restrictionsChanged(let policy, _, let stopped):
            delegate?.playbackRestrictionsChanged(self, policy: policy, stopped: stopped)
        case .contentProposal(let id, let outcome):
            delegate?.contentProposal(self, id: id, outcome: outcome)
            switch outcome {
            case "accepted": delegate?.contentProposalAccepted(self, id: id)
            case "rejected": delegate?.contentProposalRejected(self, id: id)
            default: delegate?.contentProposalDeferred(self, id: id)
            }
        case .endFile, .pipStarted, .pipStopped, .pipRestored, .contextualActionShown, .contextualAction, .interstitialStarted, .interstitialFinished,
             .contentProposalPresented:
            break
        }
        automation?.broadcast(event: event.name, fields: event.fields)
    }

    /// Asks the delegate for its interstitial for the flip just started, and
    /// starts loading the target's logo.
    private func askForInterstitial() {
        let state = store.state
        guard let flip = state.live.flip else { return }
        let target = state.items[flip.target]
        if let logo = target.logo { loadLogo(logo) }
        guard let delegate else { return }
        let custom = flip.direction == .next
            ? delegate.nextChannelInterstitial(self, target: target)
            : delegate.previousChannelInterstitial(self, target: target)
        if let custom { store.send(.interstitialProvided(token: flip.token, custom)) }
    }
}
