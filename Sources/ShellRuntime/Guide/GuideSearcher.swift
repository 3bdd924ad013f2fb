import Foundation
import GuideStore
import Logging
import MediaModel
import ShellCore

/// Searches the stored guide off the run loop, on a serial queue of its
/// own, and posts each answer as `Action.guideSearchResults`. Only the
/// newest text waiting is searched (typing fast asks once for what was
/// typed last). `search` from any thread.
final class GuideSearcher: @unchecked Sendable {
    private let store: GuideStore
    private let inbox: ActionInbox
    private let logger: Logger
    private let queue = DispatchQueue(label: "tvshell.guide-search")
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
