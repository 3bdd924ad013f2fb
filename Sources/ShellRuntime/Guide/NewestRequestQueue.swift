import Foundation

/// Runs `work` on a serial queue of its own for the newest request only: a
/// request that comes while another waits replaces it (typing fast
/// searches once, for what was typed last). `submit` from any thread.
final class NewestRequestQueue<Request: Sendable>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var waiting: Request?
    private let work: @Sendable (Request) -> Void

    init(label: String, work: @escaping @Sendable (Request) -> Void) {
        queue = DispatchQueue(label: label)
        self.work = work
    }

    func submit(_ request: Request) {
        let schedule = lock.withLock {
            let idle = waiting == nil
            waiting = request
            return idle
        }
        if schedule { queue.async { self.drain() } }
    }

    private func drain() {
        guard let request = lock.withLock({ () -> Request? in
            defer { waiting = nil }
            return waiting
        }) else { return }
        work(request)
    }
}

/// A guide search asked: the text, programmes not over by `from`, at most `limit`.
struct GuideSearchRequest: Sendable {
    let text: String
    let from: Double
    let limit: Int
}
