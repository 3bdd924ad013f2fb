import MediaModel

/// The swipe-down info panel at the top: tabs (Info, Previous Programmes on
/// a channel with catch-up, Chapters, Subtitles, Audio), then the tab's
/// content; focus runs along the tabs, then the items.
enum InfoPanelView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        let height = min(11, screen.height - 6)
        let base = Style(foreground: theme.text, background: theme.barBackground)
        let dim = base.with(foreground: theme.secondaryText)
        let focusStyle = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        screen.fill(x: 0, y: 0, width: screen.width, height: height, with: Cell(" ", style: base))
        var x = 2
        let tabs = OverlayModel.infoTabs(state)
        for (index, tab) in tabs.enumerated() {
            let label = " \(tab.rawValue) "
            let style = index == state.chrome.overlayFocus ? focusStyle : (tab == state.chrome.infoTab ? base.bolded() : dim)
            x = screen.put(label, x: x, y: 1, style: style) + 2
        }
        let items = OverlayModel.infoItems(state)
        let width = screen.width - 4
        switch state.chrome.infoTab {
        case .info:
            drawInfo(into: &screen, state: state, base: base, dim: dim, width: width, height: height, context: context)
            // On the bottom row (DOWN focuses the first, ENTER acts): the
            // picture's keys after its mark while one is up, then the sleep
            // timer (ENTER goes on to its next choice; its next choice shown
            // where there is room).
            var x = 2
            let end = 2 + max(4, width - 18)
            for (index, item) in items.enumerated() where x < end {
                if index == 0, case .picture = item.activation {
                    x = screen.put(theme.glyphs.isASCII ? "[P]" : "▣", x: x, y: height - 1, style: dim, maxWidth: end - x) + 1
                }
                if case .sleep = item.activation, index > 0 { x += 1 }
                let whole = " " + item.title + (item.subtitle.map { "  " + $0 } ?? "") + " "
                let label = columnWidth(of: whole) <= end - x ? whole : " " + item.title + " "
                guard end - x >= 4 else { break }
                x = screen.put(truncate(label, toWidth: end - x, ellipsis: theme.glyphs.ellipsis), x: x, y: height - 1,
                               style: tabs.count + index == state.chrome.overlayFocus ? focusStyle : (item.isCurrent ? base.bolded() : dim)) + 1
            }
        case .previous:
            drawProgrammes(items, into: &screen, focus: state.chrome.overlayFocus - tabs.count, styles: (base, dim, focusStyle),
                           width: width, height: height, theme: theme, context: context)
        case .chapters, .subtitles, .audio:
            if items.isEmpty, 3 < height - 1 {
                screen.put("None", x: 2, y: 3, style: dim)
            }
            var cx = 2, cy = 3
            for (index, item) in items.enumerated() where cy < height - 1 {
                let focused = index + tabs.count == state.chrome.overlayFocus
                let mark = item.isCurrent ? "● " : "  "
                var label = mark + item.title
                if let subtitle = item.subtitle { label += "  " + subtitle }
                label = " " + truncate(label, toWidth: max(4, width - 2), ellipsis: theme.glyphs.ellipsis) + " "
                let w = columnWidth(of: label)
                if cx + w > screen.width - 2 {
                    cx = 2
                    cy += 2
                    if cy >= height - 1 { break }
                }
                screen.put(label, x: cx, y: cy, style: focused ? focusStyle : base)
                cx += w + 2
            }
        }
        let close = (theme.glyphs.isASCII ? "UP / " : "▲ / ") + (state.chrome.keyLabels.key(.menu, keyboard: "ESC") ?? "ESC") + " close"
        screen.put(close, x: screen.width - 16, y: height - 1, style: dim)
    }

    /// The archive's programmes, one a row ("Mon 20:00  Title"), scrolled
    /// so the focused one shows; the one playing is marked.
    private static func drawProgrammes(_ items: [OverlayItem], into screen: inout Screen, focus: Int, styles: (Style, Style, Style),
                                       width: Int, height: Int, theme: Theme, context: ViewContext) {
        let (base, dim, focusStyle) = styles
        guard !items.isEmpty else {
            if 3 < height - 1 { screen.put("Nothing in the archive yet", x: 2, y: 3, style: dim) }
            return
        }
        let rows = max(0, height - 4)
        guard rows > 0 else { return }
        let first = min(max(0, focus - rows + 1), max(0, items.count - rows))
        for (row, index) in (first..<min(items.count, first + rows)).enumerated() {
            let item = items[index]
            let when = item.time.map { context.dayAndClock($0) } ?? ""
            let mark = item.isCurrent ? "● " : "  "
            let label = " " + truncate(mark + when + "  " + item.title, toWidth: max(4, width - 2), ellipsis: theme.glyphs.ellipsis) + " "
            screen.put(label, x: 2, y: 3 + row, style: index == focus ? focusStyle : (item.isCurrent ? base.bolded() : base))
        }
        if first + rows < items.count {
            screen.put("\(items.count - first - rows) earlier", x: 2, y: height - 1, style: dim)
        }
    }

    /// The Info tab's lines, from row 3 down to the panel's bottom row
    /// (its keys): the title, its facts, a line apart what is on now and
    /// next, the summary in the rows left. A panel too short for them all
    /// (a short terminal or a split pane) keeps the title, then now, then
    /// next, then the facts, in that order, without the blank line; nothing
    /// is drawn below the panel, over the picture.
    private static func drawInfo(into screen: inout Screen, state: ShellState, base: Style, dim: Style, width: Int, height: Int, context: ViewContext) {
        guard let item = state.currentItem else { return }
        var heading = state.title
        if let number = item.number { heading = "\(number)  \(heading)" }
        var facts: [String] = []
        if let rating = item.rating { facts.append(rating) }
        if let group = item.group { facts.append(group) }
        if let duration = state.playback.duration, !state.isLive { facts.append(formatTime(duration)) }
        if let disc = item.disc { facts.append(disc.name) }
        if state.isLive { facts.append("LIVE") }
        let (now, next) = state.shownNowNext(item)
        // Each line with its rank: the lowest ranks stay when rows are few.
        var lines: [(text: String, style: Style, rank: Int)] = [(heading, base.bolded(), 0), (facts.joined(separator: " · "), dim, 3)]
        if let now { lines.append((InterstitialView.line("Now", now, context), base, 1)) }
        if let next { lines.append((InterstitialView.line("Next", next, context), dim, 2)) }
        let top = 3, rows = max(0, height - 1 - top)
        let kept = Set(lines.map(\.rank).sorted().prefix(rows))
        lines.removeAll { !kept.contains($0.rank) }
        // The blank line after the title and its facts, before what
        // follows (now and next, or the summary), where there is a row for it.
        let summary = now?.summary ?? item.summary
        let apart = lines.count >= 2 && (lines.count > 2 || summary != nil) && lines.count < rows
        var y = top
        for (index, line) in lines.enumerated() {
            if apart && index == 2 { y += 1 }
            screen.put(truncate(line.text, toWidth: width), x: 2, y: y, style: line.style)
            y += 1
        }
        if apart && lines.count == 2 { y += 1 }
        if let summary, y < height - 1 {
            for line in wrap(summary, width: width, maxLines: max(1, height - 1 - y)) {
                screen.put(line, x: 2, y: y, style: base)
                y += 1
            }
        }
    }
}
