import Foundation
import ShellCore

/// Whether a refresh of the lineup waits to be shown
/// (`ShellState.pendingRefresh`), for the keepers' threads: they make
/// nothing new into items while one waits (`LineupRefresher`,
/// `AccountRefresher`; they only keep the copy or the stored lists fresh),
/// so a big lineup is never held three times over (shown, waiting, parsed).
/// The store tells it of every action on the run loop; `isWaiting` may be
/// read from any thread.
final class RefreshWaiting: StateObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting = false
    /// The run loop's last value, so the lock is taken only on a change.
    private var seen = false

    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        let now = state.pendingRefresh != nil
        guard now != seen else { return }
        seen = now
        lock.withLock { waiting = now }
        // The items it replaced (a big lineup's hundreds of MB, freed on
        // this thread) go back to the system.
        if !now { MemoryPolicy.trimSoon() }
    }

    var isWaiting: Bool { lock.withLock { waiting } }
}
