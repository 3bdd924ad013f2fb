import Foundation
import GuideStore
import Logging
import ShellCore

/// Keeps the shell's guide fresh on a thread of its own: refreshes the store
/// from the plan's sources when it is stale (at start, then whenever it ages
/// past `maximumAge`), and reloads the window of programmes the shell holds
/// every half hour (the shell starts with a narrower one, read before its
/// first frame). It only posts actions (`guideStatus`, `guideWindowLoaded`) to
/// the inbox; it never touches the state. `start` and `stop` from the
/// run-loop thread.
final class GuideService: @unchecked Sendable {
    private let plan: GuidePlan
    private let inbox: ActionInbox
    private let logger: Logger
    private let wake = DispatchSemaphore(value: 0)
    private let lock = PThreadMutex()
    private var stopping = false
    private var thread: Thread?

    init(plan: GuidePlan, inbox: ActionInbox, logger: Logger) {
        self.plan = plan
        self.inbox = inbox
        self.logger = logger
    }

    func start() {
        let thread = Thread { [self] in self.run() }
        thread.name = "tvshell-guide"
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    /// Asks the thread to end after what it is doing; does not wait for a
    /// refresh under way (the process may exit around it: the store is only
    /// ever replaced whole).
    func stop() {
        lock.withLock { stopping = true }
        wake.signal()
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func run() {
        var status = plan.store.status()
        var lastProblem: String? = status?.problem
        while !isStopping {
            let now = Date().timeIntervalSince1970
            let signature = GuideStore.signature(of: plan.targets)
            if !plan.sources.isEmpty, status?.isStale(sources: plan.sources, lineup: signature, now: now, maximumAge: plan.maximumAge) ?? true {
                inbox.post(.guideStatus(GuideStatus(refreshed: status?.refreshed, refreshing: true, problem: lastProblem)))
                let download = GuideDownload(sources: plan.sources)
                do {
                    let report = try GuideBuilder.refresh(
                        path: plan.store.path, targets: plan.targets, inputs: download.inputs, lineupLocation: plan.lineupLocation)
                    lastProblem = report.problem
                    for source in report.sources {
                        for problem in source.problems.prefix(20) { logger.warning("\(source.label): \(problem)") }
                    }
                    logger.info("guide refreshed: \(report.channelsMatched) of \(report.channels) channels matched, \(report.programmes) programmes, \(String(format: "%.1f", report.seconds)) s\(report.replaced ? "" : ", not replaced")\(report.changed == 0 ? ", unchanged (0 programmes changed)" : "")")
                } catch {
                    lastProblem = "the guide store could not be written: \(error)"
                    logger.error("\(lastProblem!)")
                }
                if let fresh = plan.store.status(), fresh.refreshed != status?.refreshed {
                    status = fresh
                } else {
                    status = GuideStoreStatus(
                        refreshed: now, sources: plan.sources, lineup: signature, channelsMatched: status?.channelsMatched ?? 0,
                        programmes: status?.programmes ?? 0, problem: lastProblem)
                }
                if isStopping { return }
                loadWindow()
                inbox.post(.guideStatus(GuideStatus(refreshed: plan.store.status()?.refreshed, refreshing: false, problem: lastProblem)))
            } else {
                loadWindow()
                inbox.post(.guideStatus(GuideStatus(refreshed: status?.refreshed, refreshing: false, problem: lastProblem)))
            }
            let untilStale = (status?.refreshed ?? now) + plan.maximumAge - Date().timeIntervalSince1970
            let sleep = max(5, min(1800, untilStale))
            _ = wake.wait(timeout: .now() + sleep)
        }
    }

    private func loadWindow() {
        let window = GuideWindow.around(Date().timeIntervalSince1970)
        do {
            inbox.post(.guideWindowLoaded(try plan.store.window(from: window.from, to: window.to), window))
        } catch {
            logger.info("no stored guide yet: \(error)")
        }
    }
}
