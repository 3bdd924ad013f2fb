import Foundation
import Logging

/// The loop of a keeper that awaits something on this machine a box
/// started without (`AccountWait`: an account in `accounts.toml`;
/// `MediaWait`: folders with media): on a thread of its own, `look` every
/// `interval` seconds (sooner when `wake` is signalled) until `stopped`;
/// each new reason it gives is logged and told (`unread`) once, the one at
/// the start (`reason`) already told; the first thing found goes to
/// `found`, and the thread ends.
enum LookingAgain {
    /// Why a look found nothing, in the words the home screen shows.
    struct Reason: Error {
        let words: String
    }

    static func start<Found>(name: String, reason: String, interval: Double, wake: DispatchSemaphore, logger: Logger,
                             stopped: @escaping @Sendable () -> Bool, look: @escaping @Sendable () -> Result<Found, Reason>,
                             unread: @escaping @Sendable (String) -> Void, found: @escaping @Sendable (Found) -> Void) {
        let thread = Thread {
            var last = reason
            while !stopped() {
                if wake.wait(timeout: .now() + interval) == .success, stopped() { return }
                switch look() {
                case .success(let thing):
                    found(thing)
                    return
                case .failure(let reason):
                    guard reason.words != last else { continue }
                    last = reason.words
                    logger.warning("\(reason.words); looked at again every \(Int(interval)) s")
                    unread(reason.words)
                }
            }
        }
        thread.name = name
        thread.start()
    }
}
