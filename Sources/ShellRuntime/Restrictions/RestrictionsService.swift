import Dispatch
import Foundation
import Logging
import MediaModel
import ShellCore

/// The runtime's side of parental restrictions: checks passcodes off the run
/// loop, keeps the lockout and audit log through the backend, answers early
/// authorization requests, and holds a delegate's `replaceContent`
/// completion while the passcode for its item is asked.
///
/// Run-loop thread only (the passcode check itself runs on a global queue
/// and posts its answer to the inbox).
final class RestrictionsService {
    let authorizer: RestrictionsAuthorizer
    private let backend: (any RestrictionsBackend)?
    private let inbox: ActionInbox
    private let logger: Logger
    /// Where the last key came from, for the audit log.
    var inputSource = "keyboard"
    /// A `replaceContent` completion waiting for the passcode of `itemID`.
    private var gated: (itemID: String, completion: (Bool) -> Void)?

    init(backend: (any RestrictionsBackend)?, inbox: ActionInbox, logger: Logger) {
        self.backend = backend
        self.inbox = inbox
        self.logger = logger
        authorizer = RestrictionsAuthorizer(post: { [inbox] in inbox.post($0) })
    }

    /// Performs a restrictions effect; false for any other effect.
    func perform(_ effect: Effect) -> Bool {
        switch effect {
        case .verifyPasscode(let attempt):
            let backend = self.backend
            let inbox = self.inbox
            DispatchQueue.global(qos: .userInitiated).async {
                let correct = backend?.verify(passcode: attempt.code) ?? false
                inbox.post(.passcodeChecked(attempt: attempt.id, correct: correct, wallClock: Date().timeIntervalSince1970, at: MonotonicClock.now()))
            }
        case .persistLockout(let failures, let lockedUntil):
            do { try backend?.persistLockout(failures: failures, lockedUntil: lockedUntil) } catch {
                logger.error("could not store the passcode lockout: \(error)")
            }
        case .audit(let entry):
            logger.notice("restrictions: \(entry.kind.rawValue) for “\(entry.title)”\(entry.detail.map { " (\($0))" } ?? "")")
            do { try backend?.audit(entry, via: inputSource) } catch {
                logger.error("could not write the restrictions audit log: \(error)")
            }
        case .finishAuthorization(let request, let result):
            authorizer.finish(request, result)
        case .requestWallClock:
            inbox.post(.wallClock(Date().timeIntervalSince1970, at: MonotonicClock.now()))
        default:
            return false
        }
        return true
    }

    /// A delegate replaced the content with `item`, and the passcode is asked
    /// before it loads: its completion waits for the load (or the refusal).
    func hold(_ completion: @escaping (Bool) -> Void, for item: MediaItem) {
        gated?.completion(false)
        gated = (item.id, completion)
    }

    /// The completion held for `item`, now that it loads.
    func takeCompletion(for item: MediaItem) -> ((Bool) -> Void)? {
        guard let held = gated, held.itemID == item.id else { return nil }
        gated = nil
        return held.completion
    }

    /// `item` will not play: its held completion says so.
    func refused(_ item: MediaItem) {
        takeCompletion(for: item)?(false)
    }
}
