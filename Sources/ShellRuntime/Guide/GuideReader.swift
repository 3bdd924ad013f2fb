import Foundation
import GuideStore
import Logging
import MediaModel
import ShellCore

/// Reads the stored guide off the run loop for the screens, on a serial
/// queue of its own: searches, posted as `Action.guideSearchResults` (only
/// the newest text waiting is searched: typing fast asks once for what was
/// typed last), and windows the grid browses to, posted as
/// `Action.guideWindowLoaded`. Any thread.
final class GuideReader: GuideQueries, @unchecked Sendable {
    private let store: GuideStore
    private let inbox: ActionInbox
    private let logger: Logger
    private let queue = DispatchQueue(label: "tvshell.guide-reader")
    private let lock = PThreadMutex()
    private var waiting: (text: String, from: Double, limit: Int)?

    init(store: GuideStore, inbox: ActionInbox, logger: Logger) {
        self.store = store
        self.inbox = inbox
        self.logger = logger
    }

    func search(_ text: String, from: Double, limit: Int) {
        let schedule = lock.withLock {
            let idle = waiting == nil
            waiting = (text, from, limit)
            return idle
        }
        if schedule { queue.async { self.drain() } }
    }

    func loadWindow(around time: Double) {
        let (store, inbox, logger) = (self.store, self.inbox, self.logger)
        queue.async {
            let window = GuideWindow.around(time)
            do {
                inbox.post(.guideWindowLoaded(try store.window(from: window.from, to: window.to), window))
            } catch {
                logger.warning("the stored guide cannot be read: \(error)")
            }
        }
    }

    private func drain() {
        guard let request = lock.withLock({ () -> (text: String, from: Double, limit: Int)? in
            defer { waiting = nil }
            return waiting
        }) else { return }
        var found: [Programme] = []
        do {
            found = try store.search(request.text, from: request.from, limit: request.limit)
        } catch {
            logger.warning("guide search for \(request.text.debugDescription): \(error)")
        }
        inbox.post(.guideSearchResults(text: request.text, found))
    }
}
