import Foundation
import MediaModel
import ShellCore

/// Asks an `ItemDetailsSource` for the item the home screen (or the guide's
/// list) focuses once the focus has rested on it for `rest` seconds, once
/// per item, one at a time on a queue of its own, so its rating and plot
/// are there before it is chosen (the source hands what it finds to the
/// shell: `ShellControl.setDetails`). Items the focus only passed over are
/// not asked for: holding DOWN through a provider's film list asked for
/// every film, dozens of requests a second and as many at once, and
/// providers' panels ban an address that floods them. `stateChanged`:
/// run-loop thread (a `StateObserver`).
final class DetailsPrefetcher: StateObserver, @unchecked Sendable {
    static let rest = 0.4
    private let source: any ItemDetailsSource
    private let queue = DispatchQueue(label: "tvshell.details-prefetch")
    private let lock = NSLock()
    /// Items asked for (or being asked for). Under the lock.
    private var asked: Set<String> = []
    /// The focused item, while it is one to ask for. Under the lock.
    private var resting: MediaItem?
    /// The focused item's id. Run-loop thread.
    private var focused: String?

    init(source: any ItemDetailsSource) {
        self.source = source
    }

    func stateChanged(by action: Action, effects: [Effect], to state: ShellState) {
        guard state.screen == .home || state.screen == .guide, state.guide.grid == nil,
              state.items.indices.contains(state.navigation.homeSelection) else { return }
        let item = state.items[state.navigation.homeSelection]
        guard item.id != focused else { return }
        focused = item.id
        let wanted = (item.summary == nil || item.contentRating == nil) && source.applies(to: item)
        lock.withLock { resting = wanted ? item : nil }
        guard wanted else { return }
        queue.asyncAfter(deadline: .now() + Self.rest) { [self] in ask(item.id) }
    }

    /// Asks for item `id` if the focus still rests on it and it was not
    /// asked for before. The queue's thread: one ask at a time.
    private func ask(_ id: String) {
        let item = lock.withLock { () -> MediaItem? in
            guard let item = resting, item.id == id, asked.insert(id).inserted else { return nil }
            return item
        }
        guard let item else { return }
        _ = source.details(for: item)
    }
}
