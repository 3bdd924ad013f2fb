import Catalog
import Foundation
import GuideStore
import MediaModel

/// What keeps a running shell's lineup fresh on a thread of its own: a
/// lineup URL's refresher (`LineupRefresher`), an account's
/// (`AccountRefresher`). Its methods may be called from any thread.
public protocol LineupKeeper: AnyObject, Sendable {
    /// Ends its thread before its next read; nothing it reads after is applied.
    func stop()
    /// The system clock was set: a read that failed is tried again now.
    func clockWasSet()
}

extension LineupRefresher: LineupKeeper {}
extension AccountRefresher: LineupKeeper {}

/// The keepers of the lineup: they are told when the clock is set, and
/// retired when another lineup replaces the items they keep (the fleet's
/// and the socket's `lineup`) — left running, a lineup URL read again
/// hours later would put the old lineup back over the one switched to
/// (channels found by their ids), and an account would go on signing in.
extension Shell {
    /// Keeps the lineup read from `location` (an http(s) URL) fresh: read
    /// again every `ShellConfiguration.lineupRefresh`, its changes shown once
    /// the viewer is only watching or browsing, the guide fetched for
    /// channels it gains. `shown`: its items as the shell shows them (before
    /// ratings are resolved); `fromCopy`: they came from the kept copy, the
    /// server not answering (read again soon); `bytes`: the
    /// `LineupRefresher.digest` of what they were parsed from. Main thread
    /// before `run()`, or the run loop.
    public func keepLineupFresh(from location: String, shown: [MediaItem], fromCopy: Bool, bytes: Int? = nil) {
        let runLoop = self.runLoop
        let refresher = LineupRefresher(location: location, copy: LineupCopy(), maximumAge: configuration.lineupRefresh, logger: logger,
                                        tell: { message in runLoop.perform { $0.showNotice(message) } },
                                        apply: lineupRefreshApplier(), waiting: isRefreshWaiting())
        keepFresh(refresher)
        refresher.start(shown: shown, fromCopy: fromCopy, bytes: bytes)
    }

    /// A box started without its lineup (`LineupWait`): its server could
    /// not be read (`reason`) and no copy of it was kept. The home screen
    /// says why; `location` is read again after 15 s, then twice as long
    /// each time (at most every 10 minutes, at once when the clock is set)
    /// until it answers with channels, which then open as `lineupArrival`
    /// says; the lineup is then kept fresh as any lineup URL. Main thread
    /// before `run()`.
    public func awaitLineup(from location: String, reason: String, guides: [String], guideMaximumAge: Double?,
                            start: ItemSelector?, fallback: ItemSelector?) {
        let unread = lineupUnread()
        unread(reason)
        let arrive = lineupArrival(location: location, guides: guides, guideMaximumAge: guideMaximumAge, start: start, fallback: fallback)
        let runLoop = self.runLoop
        let refresher = LineupRefresher(location: location, copy: LineupCopy(), maximumAge: configuration.lineupRefresh, logger: logger,
                                        tell: { message in runLoop.perform { $0.showNotice(message) } },
                                        apply: lineupRefreshApplier(), waiting: isRefreshWaiting(),
                                        arrived: { items, targets, guideURLs in arrive(items, targets, guideURLs, nil) }, unread: unread)
        keepFresh(refresher)
        refresher.startAwaiting()
    }

    /// For a keeper started without its lineup (`LineupWait`: a lineup URL,
    /// `awaitLineup`, or an account, `AccountRefresher.startAwaiting`): the
    /// function that tells the home screen why it is not here yet. The
    /// function returned may be called from any thread.
    public func lineupUnread() -> @Sendable (String) -> Void {
        let inbox = self.inbox
        return { reason in inbox.post(.lineupAwaited(reason: reason)) }
    }

    /// For a `MediaWait`: the function that tells the home screen why the
    /// media paths given hold nothing to play yet (`Action.mediaAwaited`).
    /// The function returned may be called from any thread.
    public func mediaUnread() -> @Sendable (String) -> Void {
        let inbox = self.inbox
        return { reason in inbox.post(.mediaAwaited(reason: reason)) }
    }

    /// For a keeper started without its lineup: the function that opens it
    /// when it comes, as a start would have — the channel `start` names
    /// (else the first) plays unless the start asked for the home screen,
    /// `fallback` (else, in a kiosk, the start) is the fallback — and keeps
    /// its guide from `guides`, else the guides it names (`guideURLs`),
    /// refreshed every `guideMaximumAge`, for its live channels
    /// (`location`: the lineup URL, for the guide's matching by
    /// `tvg-id`); the `connections` its account allows (nil: not said) cap
    /// `ShellSettings.maxConnections`. Unless another lineup replaced it
    /// meanwhile. Call on the main thread before `run()`, or on the run
    /// loop; the function returned may be called from any thread.
    public func lineupArrival(location: String?, guides: [String], guideMaximumAge: Double?, start: ItemSelector?, fallback: ItemSelector?)
        -> @Sendable (_ items: [MediaItem], _ targets: [GuideTarget], _ guideURLs: [String], _ connections: Int?) -> Void {
        let generation = lineupGeneration
        let arrive = RunLoopCall<([MediaItem], [GuideTarget], [String], Int?)> { [self] items, targets, guideURLs, connections in
            guard lineupGeneration == generation else {
                logger.info("the lineup awaited since the start came after another replaced it; it is dropped")
                return
            }
            let resolved = items.resolvingRatings()
            let first = start?.index(in: resolved)
            let second = fallback?.index(in: resolved) ?? (configuration.kiosk ? first ?? 0 : nil)
            dispatch(.lineupArrived(resolved, start: first, fallback: second, play: !configuration.startOnHome, connections: connections,
                                    at: MonotonicClock.now()))
            let sources = guides.isEmpty ? guideURLs : guides
            if guidePlan != nil {
                addGuideTargets(targets)
            } else if !sources.isEmpty, !targets.isEmpty {
                var plan = GuidePlan(store: GuideStore(path: configuration.guideStorePath ?? GuideStore.defaultPath()), targets: targets,
                                     sources: sources, lineupLocation: location)
                if let guideMaximumAge { plan.maximumAge = guideMaximumAge }
                logger.info("guide: kept for the lineup awaited since the start, from \(sources.map(URLRedaction.redact).joined(separator: ", "))")
                updateGuide(plan)
            }
        }
        let inbox = self.inbox
        return { items, targets, guideURLs, connections in inbox.post(work: { _ in arrive.call((items, targets, guideURLs, connections)) }) }
    }

    /// Adds `keeper` to those told when the clock is set and retired with
    /// the lineup (start it yourself). Main thread before `run()`, or the
    /// run loop.
    public func keepFresh(_ keeper: any LineupKeeper) {
        lineupKeepers.append(keeper)
    }

    /// For a keeper's thread: hands refreshed items (replacing the items
    /// with those ids) and the guide targets they bring to the run loop,
    /// unless the lineup was replaced meanwhile. Call on the main thread
    /// before `run()`, or on the run loop; the function returned may be
    /// called from any thread.
    public func lineupRefreshApplier() -> @Sendable (_ replacing: Set<String>, _ items: [MediaItem], _ targets: [GuideTarget]) -> Void {
        let generation = lineupGeneration
        let call = RunLoopCall<(Set<String>, [MediaItem], [GuideTarget])> { [self] ids, items, targets in
            guard lineupGeneration == generation else {
                logger.info("a refresh of the lineup replaced since is dropped")
                return
            }
            control.refreshItems(replacing: ids, with: items)
            addGuideTargets(targets)
        }
        let inbox = self.inbox
        return { ids, items, targets in inbox.post(work: { _ in call.call((ids, items, targets)) }) }
    }

    /// For a keeper's thread: whether a refresh it handed over still waits
    /// to be shown (then it makes nothing new into items). The function returned may
    /// be called from any thread.
    public func isRefreshWaiting() -> @Sendable () -> Bool {
        let flag = refreshWaiting
        return { flag.isWaiting }
    }

    /// Another lineup replaced the items: the keepers of the old one stop
    /// (a refresh of theirs already posted is dropped) and, when it was
    /// read from a URL, one keeps the new one fresh. Run loop.
    func lineupReplaced(by location: String, shown: [MediaItem]) {
        for keeper in lineupKeepers { keeper.stop() }
        lineupKeepers = []
        lineupGeneration += 1
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            keepLineupFresh(from: location, shown: shown, fromCopy: false)
        }
    }
}
