import Foundation
import GuideStore
import Logging
import MediaModel
import ShellCore

/// Reads the stored guide off the run loop for the screens: searches, on a
/// queue of their own, posted as `Action.guideSearchResults` (only the
/// newest text waiting is searched: `NewestRequestQueue`), and windows the
/// grid browses to, on another, posted as `Action.guideWindowLoaded`. Any
/// thread.
final class GuideReader: GuideQueries, @unchecked Sendable {
    private let store: GuideStore
    private let inbox: ActionInbox
    private let logger: Logger
    private let queue = DispatchQueue(label: "tvshell.guide-reader")
    private let searches: NewestRequestQueue<GuideSearchRequest>

    init(store: GuideStore, inbox: ActionInbox, logger: Logger) {
        self.store = store
        self.inbox = inbox
        self.logger = logger
        searches = NewestRequestQueue(label: "tvshell.guide-search") { request in
            var found: [Programme] = []
            do {
                found = try store.search(request.text, from: request.from, limit: request.limit)
            } catch {
                logger.warning("guide search for \(request.text.debugDescription): \(error)")
            }
            inbox.post(.guideSearchResults(text: request.text, found))
        }
    }

    func search(_ text: String, from: Double, limit: Int) {
        searches.submit(GuideSearchRequest(text: text, from: from, limit: limit))
    }

    /// Hours either side of now the programmes of every window read hold:
    /// a window the grid browses to, days away, still has what airs now and
    /// what a timeshift buffer holds, which the passcode gate and the
    /// screens of the channel playing read.
    static let nearNow = 6.0 * 3600

    func loadWindow(around time: Double) {
        let (store, inbox, logger) = (self.store, self.inbox, self.logger)
        queue.async {
            let window = GuideWindow.around(time)
            let now = Date().timeIntervalSince1970
            do {
                var guide = try store.window(from: window.from, to: window.to)
                if !window.contains(from: now - Self.nearNow, to: now + Self.nearNow) {
                    guide = guide.merged(with: try store.window(from: now - Self.nearNow, to: now + Self.nearNow))
                }
                inbox.post(.guideWindowLoaded(guide, window))
            } catch {
                logger.warning("the stored guide cannot be read: \(error)")
            }
        }
    }
}
