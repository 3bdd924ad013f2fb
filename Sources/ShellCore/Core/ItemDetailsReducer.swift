import MediaModel

/// Details a source gives for items (`Action.itemDetails`: an Xtream film's
/// rating and plot) fill in what the items with that id lack — a summary,
/// a rating (the strictest given) — and never replace what the lineup said.
/// A rating known this way stops the item before it is opened next time;
/// one that comes while the item plays, is held, warm or previewed (its
/// source answered after the hook gave up waiting) stops it there at once
/// and asks, as a change of the restrictions does. Pure.
enum ItemDetailsReducer {
    static func apply(_ state: inout ShellState, id: String, _ details: ItemDetails, now: Instant) -> [Effect] {
        var items = state.items
        var changed = false
        var rated = false
        for index in items.indices where items[index].id == id {
            if items[index].summary == nil, let summary = details.summary, !summary.isEmpty {
                items[index].summary = summary
                changed = true
            }
            if items[index].contentRating == nil, items[index].rating == nil,
               let strictest = details.ratings.max(by: { ($0.rank ?? -1) < ($1.rank ?? -1) }) {
                items[index].contentRating = strictest
                items[index].rating = strictest.code
                changed = true
                rated = true
            }
        }
        guard changed else { return [] }
        state.items = items
        guard rated, state.restrictions.policy.mode != .off else { return [] }
        var stopped: [StoppedContent] = []
        let effects = RestrictionsChangeReducer.stopForbidden(&state, now: now, stopped: &stopped)
        return effects + stopped.map { item in
            .audit(AuditEntry(kind: .stopped, title: item.title, itemID: item.id, rating: item.rating, time: state.wallClock,
                              detail: "rated by its source while open: \(item.place.rawValue)", source: "details"))
        }
    }
}
