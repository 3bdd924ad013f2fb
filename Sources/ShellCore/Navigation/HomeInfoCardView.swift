import MediaModel

/// The selected item's card over the bottom of the home screen or the
/// guide's list (`i`): its number and title, its rating, group, disc and LIVE
/// (what is left of a film left part way), what is on now and next (a
/// live channel), and the description — the programme's on now, else the
/// item's own (an Xtream film's plot); none for an item over the
/// restrictions' limits.
enum HomeInfoCardView {
    /// Rows the card takes at the bottom of a screen `height` rows high (0:
    /// none), above the hint line.
    static func rows(_ state: ShellState, height: Int) -> Int {
        guard state.navigation.homeInfo, state.items.indices.contains(state.navigation.homeSelection) else { return 0 }
        return max(0, min(9, height / 2 - 1))
    }

    /// Draws it in the `rows` above the hint line, `width` wide from the left.
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext, rows: Int, width: Int) {
        guard rows >= 3 else { return }
        let item = state.items[state.navigation.homeSelection]
        let top = screen.height - 2 - rows
        let base = Style(foreground: theme.text, background: theme.barBackground)
        let dim = base.with(foreground: theme.secondaryText)
        let inner = max(4, width - 6)
        screen.fill(x: 1, y: top, width: width - 2, height: rows, with: Cell(" ", style: base))
        var y = top + 1
        let heading = (item.number.map { "\($0)  " } ?? "") + item.title
        screen.put(truncate(heading, toWidth: inner, ellipsis: theme.glyphs.ellipsis), x: 3, y: y, style: base.bolded())
        var facts: [String] = []
        if let rating = item.rating { facts.append(rating) }
        if let group = item.group { facts.append(group) }
        if let disc = item.disc { facts.append(disc.name) }
        if item.isLive { facts.append("LIVE") }
        if let progress = ContinueWatching.progress(state, index: state.navigation.homeSelection) { facts.append(progress.left) }
        if !facts.isEmpty, y + 1 < top + rows {
            y += 1
            screen.put(truncate(facts.joined(separator: theme.glyphs.isASCII ? " - " : " · "), toWidth: inner, ellipsis: theme.glyphs.ellipsis),
                       x: 3, y: y, style: dim)
        }
        y += 1
        let (now, next) = state.shownNowNext(item)
        for (label, programme, style) in [("Now", now, base), ("Next", next, dim)] {
            guard let programme, y < top + rows - 1 else { continue }
            screen.put(truncate(InterstitialView.line(label, programme, context), toWidth: inner, ellipsis: theme.glyphs.ellipsis), x: 3, y: y, style: style)
            y += 1
        }
        // An item over the limits keeps its own description to itself, as
        // its programmes do (`shownNowNext` masks theirs).
        let withheld = state.restrictedLabel(item)
        if let withheld, y < top + rows - 1 {
            screen.put(truncate("\(withheld): its description is not shown", toWidth: inner, ellipsis: theme.glyphs.ellipsis), x: 3, y: y, style: dim)
        } else if let summary = now?.summary ?? item.summary, y < top + rows - 1 {
            for line in wrap(summary, width: inner, maxLines: top + rows - 1 - y) {
                screen.put(line, x: 3, y: y, style: base)
                y += 1
            }
        }
        let labels = state.chrome.keyLabels
        let close = [labels.key(.info, keyboard: "i"), labels.key(.menu, keyboard: "ESC")].compactMap { $0 }.joined(separator: " / ") + " close"
        screen.put(close, x: max(3, width - 3 - close.count), y: top + rows - 1, style: dim)
    }
}
