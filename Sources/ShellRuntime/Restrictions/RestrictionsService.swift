import Dispatch
import Foundation
import Logging
import MediaModel
import ShellCore

/// The runtime's side of parental restrictions: checks passcodes off the run
/// loop, keeps the lockout and audit log through the backend, and answers
/// early authorization requests.
///
/// Run-loop thread only (the passcode check itself runs through `offLoop`,
/// a global queue by default, and posts its answer to the inbox).
package final class RestrictionsService {
    let authorizer: RestrictionsAuthorizer
    private let backend: (any RestrictionsBackend)?
    private let inbox: ActionInbox
    private let logger: Logger
    private let clock: any ShellClock
    private let offLoop: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// Where the last key came from, for the audit log.
    package var inputSource = "keyboard"

    package init(backend: (any RestrictionsBackend)?, inbox: ActionInbox, clock: any ShellClock, logger: Logger,
         offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global(qos: .userInitiated).async(execute: $0) }) {
        self.backend = backend
        self.inbox = inbox
        self.clock = clock
        self.logger = logger
        self.offLoop = offLoop
        authorizer = RestrictionsAuthorizer(post: { [inbox] in inbox.post($0) })
    }

    /// Performs a restrictions effect; false for any other effect.
    func perform(_ effect: Effect) -> Bool {
        switch effect {
        case .verifyPasscode(let attempt):
            let backend = self.backend
            let inbox = self.inbox
            let clock = self.clock
            offLoop {
                let correct = backend?.verify(passcode: attempt.code) ?? false
                inbox.post(.passcodeChecked(attempt: attempt.id, correct: correct, wallClock: clock.wallClock(), at: clock.now()))
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
            inbox.post(.wallClock(clock.wallClock(), at: clock.now()))
        default:
            return false
        }
        return true
    }
}
