import Foundation
import MediaModel
import ShellCore

/// Asks an `ItemDetailsSource` for the item the home screen (or the guide's
/// list) focuses, once per item, on a thread of its own, so its rating and
/// plot are there before it is chosen (the source hands what it finds to
/// the shell: `ShellControl.setDetails`). Run-loop thread (a `StateObserver`).
final class DetailsPrefetcher: StateObserver {
    private let source: any ItemDetailsSource
    private var asked: Set<String> = []
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
        guard item.summary == nil || item.contentRating == nil, source.applies(to: item), asked.insert(item.id).inserted else { return }
        let source = self.source
        DispatchQueue.global().async { _ = source.details(for: item) }
    }
}
