import Catalog
import Foundation
import Library
import Logging
import MediaModel
import ShellCore

/// Performs the reducer's effects on the ports (players, timers, automation,
/// the delegate, restrictions, the library, the stored guide, logos). It
/// never reduces and never calls back into the shell: whatever an effect
/// produces (a delegate replacing the content at once, a completion, an
/// interstitial) is sent to the store, which reduces it after the current
/// effect list. Delegates are handed `control`, the one `ShellControl`.
///
/// Run-loop thread only; completions handed to delegates may be called from
/// any thread (they post to the inbox).
public final class EffectInterpreter: EffectPerformer {
    let store: Store
    let timers: ShellTimers
    let clock: any ShellClock
    package let restrictions: RestrictionsService
    private let inbox: ActionInbox
    private let logger: Logger
    /// Takes part in channel flips; `builtInDelegate` when nil.
    public weak var delegate: ShellDelegate?
    private let builtInDelegate = LineupPlayerDelegate()
    /// The players by slot.
    private let players: any PlayerHost
    /// What delegates are handed.
    package let control: ShellController
    /// Where positions and plays are kept, once the library is open.
    package let library: LibrarySlot
    /// The stored guide's searches and windows (nil: no stored guide).
    package var guide: (any GuideQueries)?
    /// The TV's power (HDMI-CEC; nil without an adapter).
    var television: CECAdapter?
    /// The recordings scheduler (nil: recordings are off here).
    var recordings: RecordingService?
    /// Where events go (nil: nowhere but the log).
    package var automation: (any AutomationPort)?
    /// Scrub thumbnails (nil: none are shown).
    package var thumbnails: (any ThumbnailPort)?
    /// Loads channel logos (nil: none are shown).
    package var logos: (any LogoSource)?
    /// Keeps the volume and mute for the next start (nil: not kept).
    package var sound: SoundFile?
    /// Where the subtitles and audio chosen are kept (nil: nothing is remembered).
    package var tracks: TrackChoiceFile?

    package init(store: Store, players: any PlayerHost, timers: ShellTimers, clock: any ShellClock, inbox: ActionInbox,
                 restrictions: RestrictionsService, library: LibrarySlot = LibrarySlot(), logger: Logger) {
        self.store = store
        self.players = players
        self.timers = timers
        self.clock = clock
        self.inbox = inbox
        self.restrictions = restrictions
        self.library = library
        self.logger = logger
        control = ShellController(store: store, clock: clock, inbox: inbox, restrictions: restrictions)
    }

    private func player(_ slot: PlayerSlot) -> (any PlayerPort)? { players.player(in: slot) }
    private func startPlayer(_ slot: PlayerSlot) -> Bool { players.startPlayer(in: slot) }

    // MARK: - Effects

    /// Carries out one effect. Without a player (libmpv could not be
    /// started again) player effects do nothing, except a load, which tries
    /// to start one and fails (so recovery retries) when it cannot. What
    /// loads full screen has its sound on (its player may have been a muted
    /// picture's or preview's before).
    package func perform(_ effect: Effect) {
        if restrictions.perform(effect) { return }
        do {
            switch effect {
            case .load(let item, let token), .loadFrom(let item, let token, _):
                var start: Double?
                if case .loadFrom(_, _, let from) = effect { start = from }
                logger.info("load \(item.url)\(start.map { " from \($0) s" } ?? "")")
                if let logo = item.logo { logos?.load(logo) }
                if player(.main) == nil {
                    _ = startPlayer(.main)
                } else {
                    players.handOverMain(for: item, elsewhere: store.state.recordings.activeCount, cap: store.state.settings.maxConnections,
                                         speed: store.state.playback.speed)
                }
                players.giveAudio(to: .main)
                do {
                    guard let player = player(.main) else { throw RuntimeError.playerUnavailable }
                    try player.setMuted(store.state.settings.muted)
                    try player.setVolume(store.state.settings.volume)
                    try player.load(item, token: token, start: start)
                    findSegments(of: item, token: token)
                } catch {
                    store.send(.player(.failed(reason: "\(error)"), token: token, at: clock.now()))
                }
            case .stop:
                try player(.main)?.stop()
            case .televisionStandby:
                television?.standby()
            case .thumbnail(let request):
                thumbnails?.show(request)
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
            case .setVolume(let volume):
                for slot in PlayerSlot.allCases { try player(slot)?.setVolume(volume) }
            case .continueLoad(let token):
                player(.main)?.continueLoad(token: token)
            case .overlayActivated(let id):
                delegate?.customOverlayActivated(control, id: id)
            case .menuActivated(let menu, let choice):
                delegate?.transportBarMenuItemActivated(control, menu: menu, choice: choice)
            case .askContextualActions(let position, let token):
                store.send(.programActions(delegate?.contextualActions(control, at: position) ?? [], token: token))
            case .programActionActivated(let id):
                delegate?.contextualActionActivated(control, id: id)
            case .startTimer(let id, let delay):
                timers.start(id, after: WallClockTimers.delay(id, delay, told: store.state.wallClock, now: clock.wallClock))
            case .cancelTimer(let id):
                timers.cancel(id)
            case .emit(let event):
                broadcast(event)
            case .requestFlip(let request):
                requestFlip(request)
            case .finishContentRequest(let request, let success):
                control.finish(request: request, success: success)
            case .savePosition(let item, let position, let duration, let watched):
                guard let library = library.current else { break }
                library.submit(.positionOf(item, SavedPosition(key: "", title: item.title, url: URLRedaction.redact(item.url), position: position,
                                                               duration: duration, watched: watched, updated: Date().timeIntervalSince1970)))
                automation?.broadcast(event: "position-saved", fields: ["id": item.id, "position": position])
            case .recordPlay(let item, let live):
                guard let writer = library.current else { break }
                writer.submit(.playOf(item, HistoryEntry(key: "", title: item.title, url: URLRedaction.redact(item.url), live: live,
                                                         started: Date().timeIntervalSince1970)))
                if live { inbox.post(.watchCounts([item.channelKey: 1])) }
            case .keepSound(let volume, let muted):
                sound?.keep(SoundFile.Sound(volume: volume, muted: muted))
            case .keepTrackChoice(let choice):
                tracks?.keep(choice)
            case .saveFavourite(let key, let name, let on):
                library.current?.submit(.favourite(FavouriteChannel(key: key, name: name, added: Date().timeIntervalSince1970), on: on))
            case .saveReminder(let reminder, let on):
                library.current?.submit(.reminder(SavedReminder(channel: reminder.channel, start: reminder.start, title: reminder.title,
                                                        channelName: reminder.channelName), on: on))
            case .searchGuide(let text, let from, let limit):
                guide?.search(text, from: from, limit: limit)
            case .record(let request):
                if let recordings {
                    recordings.schedule(request)
                } else {
                    store.send(.showNotice("Recording is not available here"))
                }
            case .cancelRecording(let id):
                recordings?.cancel(id)
            case .loadGuideWindow(let time):
                guide?.loadWindow(around: time)
            case .slot(let slot, let command):
                try perform(command, on: slot)
            case .exchangePlayers(let a, let b):
                players.exchangePlayers(a, b)
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

    /// Segments learnt beside the load: the sidecar file of a local file
    /// (read off the run loop: a file on a share that does not answer would
    /// hold it) and the delegate's; sent as actions (a broken sidecar is told
    /// as a notice).
    private func findSegments(of item: MediaItem, token: Int) {
        if let path = SegmentsSidecar.path(for: item.url) {
            let inbox = self.inbox
            let logger = self.logger
            DispatchQueue.global().async {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
                do {
                    let found = try SegmentsSidecar.parse(text, path: path)
                    if !found.isEmpty { inbox.post(.segmentsFound(found, token: token)) }
                } catch {
                    logger.warning("\(error)")
                    inbox.post(.showNotice("Segments ignored: \(error)"))
                }
            }
        }
        let found = (delegate?.segments(for: item) ?? []).map { var s = $0; s.source = .library; return s }
        if !found.isEmpty { store.send(.segmentsFound(found, token: token)) }
        if let proposal = delegate?.nextContentProposal(control, after: item) { store.send(.contentProposalProvided(proposal, token: token)) }
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
            if !muted { players.giveAudio(to: slot) }
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
            try player.setVolume(store.state.settings.volume)
            try load(player)
        } catch {
            store.send(.player(.failed(reason: "\(error)"), token: token, at: clock.now()))
        }
    }

    /// Tells the delegate how the picture starts and stops.
    private func notifyPicture(_ notice: PictureNotice) {
        guard let delegate else { return }
        switch notice {
        case .willStart: delegate.pictureInPictureWillStart(control)
        case .didStart: delegate.pictureInPictureDidStart(control)
        case .failedToStart(let reason): delegate.pictureInPictureFailedToStart(control, error: PictureInPictureError(reason: reason))
        case .willStop: delegate.pictureInPictureWillStop(control)
        case .didStop: delegate.pictureInPictureDidStop(control)
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
        delegate.restoreUserInterfaceForPictureInPictureStop(control) { restored in
            inbox.post(.pictureRestoreAnswered(token: token, restored: restored, at: clock.now()))
        }
    }

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
        case .next: target.skipToNextChannel(control, request: request, completion: completion)
        case .previous: target.skipToPreviousChannel(control, request: request, completion: completion)
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
            delegate?.playbackRestrictionsAuthorizationRequested(control, item: item)
        case .restrictionsAuthorization(let item, _, let granted, let reason):
            if granted {
                delegate?.playbackRestrictionsAuthorizationGranted(control, item: item)
            } else {
                delegate?.playbackRestrictionsAuthorizationDenied(control, item: item, reason: reason ?? "restricted")
            }
        case .restrictionsChanged(let policy, _, let stopped):
            delegate?.playbackRestrictionsChanged(control, policy: policy, stopped: stopped)
        case .contentProposal(let id, let outcome):
            delegate?.contentProposal(control, id: id, outcome: outcome)
            switch outcome {
            case "accepted": delegate?.contentProposalAccepted(control, id: id)
            case "rejected": delegate?.contentProposalRejected(control, id: id)
            default: delegate?.contentProposalDeferred(control, id: id)
            }
        case .multiviewStarted(let channels):
            logger.info("multiview: channels \(channels.map(String.init).joined(separator: ", "))")
        case .recordingFailed(let recording):
            logger.warning("recording \(recording.id) of \(recording.title) failed: \(recording.reason ?? "")")
        case .endFile, .pipStarted, .pipStopped, .pipRestored, .contextualActionShown, .contextualAction, .interstitialStarted, .interstitialFinished,
             .multiviewStopped, .recordingStarted, .recordingFinished,
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
        if let logo = target.logo { logos?.load(logo) }
        guard let delegate else { return }
        let custom = flip.direction == .next
            ? delegate.nextChannelInterstitial(control, target: target)
            : delegate.previousChannelInterstitial(control, target: target)
        if let custom { store.send(.interstitialProvided(token: flip.token, custom)) }
    }
}
