import MediaModel

/// Details a source gives for items (`Action.itemDetails`: an Xtream film's
/// rating and plot) fill in what the items with that id lack — a summary,
/// a rating (the strictest given) — and never replace what the lineup said.
/// A rating known this way stops the item before it is opened next time;
/// the load playing now met it at its hook already. Pure.
enum ItemDetailsReducer {
    static func apply(_ state: inout ShellState, id: String, _ details: ItemDetails) {
        var items = state.items
        var changed = false
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
            }
        }
        if changed { state.items = items }
    }
}
