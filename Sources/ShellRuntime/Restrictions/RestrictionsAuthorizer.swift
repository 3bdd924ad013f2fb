import Catalog
import MediaModel
import ShellCore
import Synchronization

/// Early authorization requests (`AVPlayerItem.requestPlaybackRestrictionsAuthorization`):
/// ask for the passcode for an item before presenting it. Any thread or task
/// may call it; the prompt is shown by the shell's run loop. Cancelling the
/// calling task dismisses the prompt and answers `.cancelled`.
public final class RestrictionsAuthorizer: Sendable {
    private let post: @Sendable (Action) -> Void
    private let pending = Mutex<[Int: CheckedContinuation<AuthorizationResult, Never>]>([:])
    private let counter = Mutex(0)

    init(post: @escaping @Sendable (Action) -> Void) {
        self.post = post
    }

    /// `.granted` when `item` is not restricted or the right passcode was
    /// entered (its next play then does not ask again); `.denied` in deny
    /// mode or after a lockout; `.cancelled` on ESC, task cancellation, or
    /// when the shell stops.
    public func requestPlaybackRestrictionsAuthorization(for item: MediaItem) async -> AuthorizationResult {
        let id = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let post = self.post
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AuthorizationResult, Never>) in
                let cancelled = pending.withLock { table -> Bool in
                    if Task.isCancelled { return true }
                    table[id] = continuation
                    return false
                }
                if cancelled {
                    continuation.resume(returning: .cancelled)
                } else {
                    post(.authorizationRequested(item.resolvingRating(), request: id))
                }
            }
        } onCancel: {
            if let continuation = pending.withLock({ $0.removeValue(forKey: id) }) {
                continuation.resume(returning: .cancelled)
                post(.authorizationCancelled(request: id, at: MonotonicClock.now()))
            }
        }
    }

    /// The shell's answer for request `id` (run-loop thread).
    func finish(_ id: Int, _ result: AuthorizationResult) {
        pending.withLock { $0.removeValue(forKey: id) }?.resume(returning: result)
    }

    /// The shell stopped: every open request is cancelled.
    func cancelAll() {
        let open = pending.withLock { table -> [CheckedContinuation<AuthorizationResult, Never>] in
            defer { table.removeAll() }
            return Array(table.values)
        }
        for continuation in open { continuation.resume(returning: .cancelled) }
    }
}
