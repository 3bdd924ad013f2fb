import MediaModel

/// The guide's search line and its results, over the guide: the text
/// typed, then a row for each channel or film found by name (its kind, its
/// number and name, a channel's programme on now), then one a programme, by
/// time (day and time, channel, with the numbers right-aligned,
/// title, episode; a mark where a reminder is set), the focused one
/// highlighted, a line that says what ENTER does with it.
enum GuideSearchView {
    /// Draws the search, keeping the search line and the focused row clear
    /// of the picture in picture (`content`).
    static func draw(into screen: inout Screen, state: ShellState, search: GuideSearch, theme: Theme, context: ViewContext,
                     content: inout PanelContent) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        let ascii = theme.glyphs.isASCII
        screen.fill(x: 0, y: 1, width: screen.width, height: screen.height - 1, with: Cell(" ", style: base))
        screen.put("Guide", x: 2, y: 1, style: base.bolded())
        screen.put("Search", x: 9, y: 1, style: dim)
        if state.wallClock > 0 {
            let clock = context.clock(state.wallClock)
            screen.put(clock, x: screen.width - 2 - clock.count, y: 1, style: dim)
        }
        let field = Style(foreground: theme.text, background: theme.barBackground, bold: true)
        let width = screen.width - 4
        screen.fill(x: 2, y: 3, width: width, height: 1, with: Cell(" ", style: field))
        let cursor = ascii ? "_" : "▏"
        screen.put(truncate("Search: " + search.text + cursor, toWidth: width - 2, ellipsis: theme.glyphs.ellipsis), x: 3, y: 3, style: field,
                   maxWidth: width - 2)
        drawKeyboard(into: &screen, search: search, theme: theme, y: 4, x: 3, width: width - 2)
        let top = 6
        let visible = max(1, screen.height - top - 3)
        var status: String?
        let guide = GuideSearchReducer.hasGuide(state)
        if search.text.allSatisfy(\.isWhitespace) {
            status = guide ? "Type a channel's name or number, a title, or words of a description" : "Type a channel's name or number, or a film's name"
        } else if search.searching && search.count == 0 {
            status = ascii ? "Searching..." : "Searching…"
        } else if search.count == 0 {
            let quoted = (ascii ? "\"" : "“") + search.text + (ascii ? "\"" : "”")
            status = guide ? "Nothing in the lineup or the guide matches " + quoted : "No channel or film is called " + quoted + " (there is no guide to search)"
        }
        if let status { screen.put(truncate(status, toWidth: width, ellipsis: theme.glyphs.ellipsis), x: 3, y: top, style: dim) }
        content.keep(row: 3, x: 2, width: width)
        content.keep(row: 4, x: 2, width: width)
        let first = min(max(0, search.focus - visible / 2), max(0, search.count - visible))
        let rows = first..<min(search.count, first + visible)
        // The channel column: wider on a wide screen, its numbers right-aligned to the widest shown.
        let channelWidth = max(18, min(28, (width - 30) / 2))
        let titleX = 16 + channelWidth
        let titleWidth = width + 2 - titleX
        let numberWidth = rows.compactMap { channelItem(of: search.entry($0), state: state)?.number.map { String($0).count } }.max() ?? 0
        func channel(_ item: MediaItem?, or fallback: String, width: Int) -> String {
            let number = item?.number.map(String.init) ?? ""
            let pad = numberWidth == 0 ? "" : String(repeating: " ", count: numberWidth - number.count) + number + " "
            return pad + truncate(item?.title ?? fallback, toWidth: max(1, width - pad.count), ellipsis: theme.glyphs.ellipsis)
        }
        for row in rows {
            let y = top + row - first
            let focused = row == search.focus
            let style = focused ? Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true) : base
            screen.fill(x: 2, y: y, width: width, height: 1, with: Cell(" ", style: style))
            if focused { content.keep(row: y, x: 2, width: width) }
            guard case .programme(let programme)? = search.entry(row) else {
                if case .item(let index)? = search.entry(row), state.items.indices.contains(index) {
                    let found = state.items[index]
                    screen.put(found.isLive ? "Channel" : "Film", x: 3, y: y, style: focused ? style : dim)
                    // A channel's programme on now, where the guide has one, in the programmes' column.
                    if found.isLive, let now = state.shownNowNext(found).now, titleWidth >= 12 {
                        screen.put(channel(found, or: "", width: channelWidth), x: 14, y: y, style: style, maxWidth: channelWidth)
                        screen.put(truncate(now.title, toWidth: titleWidth, ellipsis: theme.glyphs.ellipsis), x: titleX, y: y,
                                   style: focused ? style : dim, maxWidth: titleWidth)
                    } else {
                        screen.put(channel(found, or: "", width: width - 12), x: 14, y: y, style: style, maxWidth: width - 12)
                    }
                }
                continue
            }
            let item = state.itemIndex(guideChannel: programme.channel).map { state.items[$0] }
            let when = context.dayAndClock(programme.start)
            var title = programme.title
            if let subtitle = programme.subtitle, !subtitle.isEmpty { title += ": " + subtitle }
            if state.hasReminder(channel: programme.channel, start: programme.start) { title = String(theme.glyphs.reminder) + " " + title }
            if programme.start <= state.wallClock, state.wallClock < (programme.stop ?? .infinity) { title += ascii ? "  (on now)" : "  · on now" }
            if state.hasEndedWithoutArchive(programme) { title += ascii ? "  (ended)" : "  · ended" }
            screen.put(when, x: 3, y: y, style: focused ? style : dim)
            screen.put(channel(item, or: programme.channel, width: channelWidth), x: 14, y: y, style: focused ? style : dim, maxWidth: channelWidth)
            screen.put(truncate(title, toWidth: titleWidth, ellipsis: theme.glyphs.ellipsis), x: titleX, y: y, style: style, maxWidth: titleWidth)
        }
        let enter: String
        let labels = state.chrome.keyLabels
        let ok = labels.key(.select, keyboard: "ENTER") ?? "ENTER"
        if case .item(let index)? = search.entry(search.focus) {
            enter = ok + (state.items.indices.contains(index) && state.items[index].isLive ? " watch" : " play")
        } else if case .programme(let programme)? = search.entry(search.focus) {
            let wall = state.wallClock
            if programme.start <= wall && wall < (programme.stop ?? .infinity) {
                enter = ok + " watch"
            } else if programme.start > wall {
                enter = ok + (state.hasReminder(channel: programme.channel, start: programme.start) ? " remove the reminder" : " remind me")
            } else {
                enter = state.hasEndedWithoutArchive(programme) ? "" : ok + " play from the archive"
            }
        } else {
            enter = ""
        }
        let dot = ascii ? " - " : " · "
        // BS deletes a letter typed on a keyboard; a remote types and deletes on the keyboard row.
        let close = (labels.key(.menu, keyboard: "ESC") ?? "ESC") + " close"
        let hint = search.onKeyboard
            ? [ascii ? "LEFT/RIGHT letters" : "←→ letters", ok + " type", search.count == 0 ? "" : (ascii ? "DOWN results" : "↓ results"), close]
                .filter { !$0.isEmpty }.joined(separator: dot)
            : [ascii ? "UP/DOWN choose" : "↑↓ choose", enter, labels.isRemote ? "" : "BS delete", close].filter { !$0.isEmpty }.joined(separator: dot)
        screen.put(truncate(hint, toWidth: screen.width - 4, ellipsis: theme.glyphs.ellipsis), x: 2, y: screen.height - 1, style: dim)
    }

    /// The channel or film a row names: the item found by name, or a
    /// programme's channel.
    private static func channelItem(of entry: GuideSearch.Entry?, state: ShellState) -> MediaItem? {
        switch entry {
        case .item(let index)?: state.items.indices.contains(index) ? state.items[index] : nil
        case .programme(let programme)?: state.itemIndex(guideChannel: programme.channel).map { state.items[$0] }
        case nil: nil
        }
    }

    /// The on-screen keyboard's row at `y`, from `x`, at most `width`
    /// cells: the letters, the digits, space and delete, the focused key
    /// highlighted while the keyboard has the focus; narrower than the
    /// row, the part around the focused key.
    private static func drawKeyboard(into screen: inout Screen, search: GuideSearch, theme: Theme, y: Int, x: Int, width: Int) {
        guard width > 0 else { return }
        let ascii = theme.glyphs.isASCII
        var keys: [(label: String, x: Int)] = []
        var column = 0
        for key in OnScreenKey.all {
            let label: String
            switch key {
            case .character(let c):
                label = String(c)
                if c == "0" { column += 1 }
            case .space:
                label = "space"
                column += 2
            case .delete:
                label = ascii ? "del" : "⌫"
                column += 2
            }
            keys.append((label, column))
            column += label.count
        }
        let key = min(max(0, search.key), keys.count - 1)
        let shift = column <= width ? 0 : min(max(0, keys[key].x + keys[key].label.count + 2 - width), column - width)
        let plain = Style(foreground: search.onKeyboard ? theme.text : theme.secondaryText, background: theme.background)
        let focused = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        for (index, entry) in keys.enumerated() {
            let at = entry.x - shift
            guard at >= 0, at + entry.label.count <= width else { continue }
            screen.put(entry.label, x: x + at, y: y, style: search.onKeyboard && index == key ? focused : plain)
        }
    }
}
