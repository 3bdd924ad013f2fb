import Foundation
import GuideStore
import MediaModel
import ShellRuntime

/// The stored guide's first window (`GuidePlan.startWindow`), read on a
/// thread of its own while the lineup is parsed: it does not depend on the
/// lineup, and a 50 000-channel lineup and an 11 000-programme window each
/// take tens of milliseconds of the second start. The same thread then runs
/// `afterwards` (loading libmpv, which keeps any thread from starting while
/// it runs: the read starts one). Made and waited for on one thread (the
/// main thread of `play`).
final class StartWindowRead: @unchecked Sendable {
    /// nil: no usable store; else the window or why it could not be read.
    /// Written by the reading thread before `finished` is signalled, read
    /// only after it.
    private var outcome: Result<ProgrammeGuide, Error>?
    private let finished = DispatchSemaphore(value: 0)

    init(store: GuideStore, now: Double, afterwards: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            if store.status() != nil {
                let window = GuidePlan.startWindow(around: now)
                outcome = Result { try store.window(from: window.from, to: window.to) }
            }
            finished.signal()
            afterwards()
        }
    }

    /// Waits for the read: the window, nil when there is no usable store,
    /// or the error that kept it from being read.
    func result() -> Result<ProgrammeGuide, Error>? {
        finished.wait()
        finished.signal()
        return outcome
    }
}
