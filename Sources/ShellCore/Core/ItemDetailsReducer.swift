import MediaModel

/// Details a source gives for items (`Action.itemDetails`: an Xtream film's
/// rating and plot) fill in what the items with that id lack — a summary,
/// a rating (the strictest given) — and never replace what the lineup said.
/// A rating known this way stops the item before it is opened next time;
/// one that comes while the item plays, is held, warm or previewed (its
/// source answered after the hook gave up waiting) stops it there at once
/// and asks, as a change of the restrictions does. Pure.
enum ItemDetailsReducer {
    /// The items are changed where they are (`ShellState.fillDetails`): a
    /// copy of them all for each answer was 70 MB with a provider's 350 000,
    /// and indexing them again 0.4 s.
    static func apply(_ state: inout ShellState, id: String, _ details: ItemDetails, now: Instant) -> [Effect] {
        var changed = false
        var rated = false
        let strictest = details.ratings.max(by: { ($0.rank ?? -1) < ($1.rank ?? -1) })
        for index in state.items.indices where state.items[index].id == id {
            if state.items[index].summary == nil, let summary = details.summary, !summary.isEmpty {
                state.fillDetails(of: index) { $0.summary = summary }
                changed = true
            }
            if state.items[index].contentRating == nil, state.items[index].rating == nil, let strictest {
                state.fillDetails(of: index) {
                    $0.contentRating = strictest
                    $0.rating = strictest.code
                }
                changed = true
                rated = true
            }
        }
        guard changed else { return [] }
        guard rated, state.restrictions.policy.mode != .off else { return [] }
        var stopped: [StoppedContent] = []
        let effects = RestrictionsChangeReducer.stopForbidden(&state, now: now, stopped: &stopped)
        return effects + stopped.map { item in
            .audit(AuditEntry(kind: .stopped, title: item.title, itemID: item.id, rating: item.rating, time: state.wallClock,
                              detail: "rated by its source while open: \(item.place.rawValue)", source: "details"))
        }
    }
}
