import Foundation
import GuideStore
import Logging
import MediaModel
import ShellCore

/// Keeps the shell's guide fresh on one thread of its own: refreshes the
/// store from the plan's sources when it is stale (at start, then whenever it
/// ages past `maximumAge`), and reloads the window of programmes the shell
/// holds every half hour (the shell starts with a narrower one, read before
/// its first frame). A refresh that had a problem (a source that could not be
/// downloaded) is tried again sooner: after 5 minutes, then twice as long
/// each time, at most an hour, never later than `maximumAge`. It only posts
/// actions (`guideStatus`, `guideWindowLoaded`) to the inbox; it never
/// touches the state.
///
/// One thread for the shell's life: a plan given while it runs (`replace`:
/// channels gained, another lineup, another source) is taken after the
/// refresh under way, never beside it, so two refreshes never download into
/// the same cached file or write the store at once. A plan of other sources
/// (a guide pushed by the socket or the fleet) does not wait for a download
/// of the old ones: that download is given up within a second. `start`, `replace` and
/// `stop` from the run-loop thread.
final class GuideService: @unchecked Sendable {
    private let inbox: ActionInbox
    private let logger: Logger
    private let cacheDirectory: String
    private let firstRetry: Double
    private let wake = DispatchSemaphore(value: 0)
    private let lock = PThreadMutex()
    private var stopping = false
    private var current: GuidePlan
    private var thread: Thread?

    /// `firstRetry`: seconds before a refresh with a problem is tried again
    /// the first time (tests make it short).
    init(plan: GuidePlan, inbox: ActionInbox, logger: Logger, cacheDirectory: String = GuideDownload.defaultCacheDirectory(),
         firstRetry: Double = 300) {
        current = plan
        self.firstRetry = firstRetry
        self.inbox = inbox
        self.logger = logger
        self.cacheDirectory = cacheDirectory
    }

    func start() {
        let thread = Thread { [self] in self.run() }
        thread.name = "tvshell-guide"
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    /// Gives the thread another plan: taken at once when it waits, else
    /// after the refresh under way (which finishes with the plan it began
    /// with). It refreshes at once when the sources or channels changed.
    func replace(_ plan: GuidePlan) {
        lock.withLock { current = plan }
        wake.signal()
    }

    /// Asks the thread to end after what it is doing; does not wait for a
    /// refresh under way (the process may exit around it: the store is only
    /// ever replaced whole).
    func stop() {
        lock.withLock { stopping = true }
        wake.signal()
    }

    /// The system clock was set: the thread wakes now to judge the store's
    /// age and read the window again around the new time (else up to half
    /// an hour later). Any thread.
    func clockWasSet() {
        wake.signal()
    }

    private var isStopping: Bool { lock.withLock { stopping } }
    private var plan: GuidePlan { lock.withLock { current } }

    /// How long after a refresh with a problem the next one is tried:
    /// `failures` in a row (1 or more) give `first` (5 minutes), then twice
    /// as long each time, at most an hour, never more than `maximumAge`.
    static func retryDelay(failures: Int, maximumAge: Double, first: Double = 300) -> Double {
        min(maximumAge, min(3600, first * pow(2, Double(min(20, max(0, failures - 1))))))
    }

    private func run() {
        var plan = self.plan
        var status = plan.store.status()
        var lastProblem: String? = status?.problem
        var failures = status?.problem == nil ? 0 : 1
        var retryAt = status.flatMap { $0.problem == nil ? nil : $0.refreshed + Self.retryDelay(failures: 1, maximumAge: plan.maximumAge, first: firstRetry) }
        while !isStopping {
            let given = self.plan
            if given.store.path != plan.store.path {
                status = given.store.status()
                lastProblem = status?.problem
                failures = status?.problem == nil ? 0 : 1
                retryAt = status.flatMap { $0.problem == nil ? nil : $0.refreshed + Self.retryDelay(failures: 1, maximumAge: given.maximumAge, first: firstRetry) }
            }
            plan = given
            let now = Date().timeIntervalSince1970
            let signature = GuideStore.signature(of: plan.targets)
            let stale = status?.isStale(sources: plan.sources, lineup: signature, now: now, maximumAge: plan.maximumAge) ?? true
            if !plan.sources.isEmpty, stale || retryAt.map({ now >= $0 }) == true {
                inbox.post(.guideStatus(GuideStatus(refreshed: status?.refreshed, refreshing: true, problem: lastProblem)))
                let (problem, superseded) = refresh(plan)
                if superseded { continue }
                lastProblem = problem
                if let fresh = plan.store.status(), fresh.refreshed != status?.refreshed {
                    status = fresh
                } else {
                    status = GuideStoreStatus(
                        refreshed: now, sources: plan.sources, lineup: signature, channelsMatched: status?.channelsMatched ?? 0,
                        programmes: status?.programmes ?? 0, problem: lastProblem)
                }
                failures = lastProblem == nil ? 0 : failures + 1
                retryAt = lastProblem == nil ? nil : now + Self.retryDelay(failures: failures, maximumAge: plan.maximumAge, first: firstRetry)
                if isStopping { return }
                loadWindow(plan)
                inbox.post(.guideStatus(GuideStatus(refreshed: plan.store.status()?.refreshed, refreshing: false, problem: lastProblem)))
            } else {
                loadWindow(plan)
                inbox.post(.guideStatus(GuideStatus(refreshed: status?.refreshed, refreshing: false, problem: lastProblem)))
            }
            let untilStale = (status?.refreshed ?? now) + plan.maximumAge - Date().timeIntervalSince1970
            let untilRetry = retryAt.map { $0 - Date().timeIntervalSince1970 } ?? .infinity
            let sleep = max(min(5, firstRetry), min(1800, untilStale, untilRetry))
            _ = wake.wait(timeout: .now() + sleep)
        }
    }

    /// Downloads the plan's sources and rebuilds the store from them; the
    /// problem, if the refresh had one. `superseded`: a plan of other
    /// sources came (or a stop) while it downloaded, and the store was left
    /// as it was.
    private func refresh(_ plan: GuidePlan) -> (problem: String?, superseded: Bool) {
        let superseded: @Sendable () -> Bool = { [self] in isStopping || self.plan.sources != plan.sources }
        let download = GuideDownload(sources: plan.sources, cacheDirectory: cacheDirectory, cancelled: superseded)
        if superseded() {
            logger.info("guide refresh from \(plan.sources.map { URLRedaction.redact($0) }.joined(separator: ", ")) given up: other sources were given")
            return (nil, true)
        }
        do {
            let report = try GuideBuilder.refresh(
                path: plan.store.path, targets: plan.targets, inputs: download.inputs, lineupLocation: plan.lineupLocation)
            for source in report.sources {
                for problem in source.problems.prefix(20) { logger.warning("\(source.label): \(problem)") }
            }
            logger.info("guide refreshed: \(report.channelsMatched) of \(report.channels) channels matched, \(report.programmes) programmes, \(String(format: "%.1f", report.seconds)) s\(report.replaced ? "" : ", not replaced")\(report.changed == 0 ? ", unchanged (0 programmes changed)" : "")")
            return (report.problem, false)
        } catch {
            let problem = "the guide store could not be written: \(error)"
            logger.error("\(problem)")
            return (problem, false)
        }
    }

    private func loadWindow(_ plan: GuidePlan) {
        let window = GuideWindow.around(Date().timeIntervalSince1970)
        do {
            inbox.post(.guideWindowLoaded(try plan.store.window(from: window.from, to: window.to), window))
        } catch {
            logger.info("no stored guide yet: \(error)")
        }
    }
}
