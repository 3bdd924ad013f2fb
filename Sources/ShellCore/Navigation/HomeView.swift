import MediaModel

/// The guide / home screen: the items grouped as the lineup groups them,
/// numbered, with what is on now and next; the selection highlighted and
/// kept in view.
enum HomeView {
    private enum Row {
        case header(String)
        /// An item's row; `inContinue`: under Continue Watching.
        case item(Int, inContinue: Bool)
    }

    /// Draws the list (and, on the guide with previews on, the preview pane
    /// right of it), keeping the selected row, what the pane shows and the
    /// problem line clear of the picture in picture (`content`), and the
    /// list's other rows where the picture has room elsewhere.
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext, content: inout PanelContent) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        screen.put(state.screen == .guide ? "Guide" : "tvshell", x: 2, y: 1, style: base.bolded())
        let count = "\(state.items.count) items"
        screen.put(count, x: 12, y: 1, style: dim)
        var clockX = screen.width - 2
        if state.wallClock > 0 {
            let clock = context.clock(state.wallClock)
            clockX -= clock.count
            screen.put(clock, x: clockX, y: 1, style: dim)
        }
        if let status = guideStatusText(state, theme: theme, context: context) {
            let x = 12 + count.count + 2
            let width = clockX - 2 - x
            if width > 8 {
                screen.put(truncate(status, toWidth: width, ellipsis: theme.glyphs.ellipsis), x: x, y: 1, style: dim, maxWidth: width)
            }
        }

        // Continue Watching's rows, then the lineup's (`LineupIndex.rows`,
        // made once): only the rows on screen are looked at.
        var continuing: [Row] = []
        let resumable = ContinueWatching.items(state)
        if !resumable.isEmpty {
            continuing.append(.header("Continue watching"))
            continuing += resumable.map { .item($0, inContinue: true) }
        }
        let lineupRows = state.lineupIndex.rows
        // A lineup of no groups has a header below Continue Watching's
        // rows: its items read as more of them without one.
        if !continuing.isEmpty, case .item = lineupRows.first { continuing.append(.header("All")) }
        let rowCount = continuing.count + lineupRows.count
        func row(_ n: Int) -> Row {
            if n < continuing.count { return continuing[n] }
            switch lineupRows[n - continuing.count] {
            case .header(let group): return .header(group)
            case .item(let index): return .item(index, inContinue: false)
            }
        }
        let pane = state.screen == .guide && state.settings.previewDelay != nil
            ? PictureLayout.previewPane(columns: screen.width, rows: screen.height) : nil
        let right = pane.map { $0.x - 1 } ?? screen.width
        let inContinue = state.navigation.homeInContinue && resumable.contains(state.navigation.homeSelection)
        let selection = state.navigation.homeSelection
        let selectedRow = inContinue ? (resumable.firstIndex(of: selection).map { $0 + 1 } ?? 0)
            : state.lineupIndex.rowOfItem.indices.contains(selection) ? continuing.count + state.lineupIndex.rowOfItem[selection] : 0
        let listTop = 3
        let card = HomeInfoCardView.rows(state, height: screen.height)
        let visible = max(1, screen.height - listTop - 2 - card)
        let first = min(max(0, selectedRow - visible / 2), max(0, rowCount - visible))
        /// The right column of a row: health, rating, LIVE.
        func tail(_ index: Int) -> String {
            let item = state.items[index]
            var tail = item.isLive ? "LIVE" : ""
            if let rating = item.rating { tail = tail.isEmpty ? rating : "\(rating)  \(tail)" }
            if let mark = healthMark(state, index: index, theme: theme) { tail = tail.isEmpty ? mark : "\(mark)  \(tail)" }
            return tail
        }
        // One width for that column, so every row's programme text stops at
        // the same place (measured on the rows shown: a lineup may be huge).
        let shown = (first..<min(rowCount, first + visible)).map(row)
        let tailColumn = shown.compactMap { row -> Int? in if case .item(let i, _) = row { columnWidth(of: tail(i)) } else { nil } }.max() ?? 0
        // Channel names (and films with their progress) as wide as the
        // longest shown (up to half the row or 32 cells): the programme
        // column gets the rest. A row with nothing shown there (a film not
        // begun, a channel the guide lists nothing on, or any row where the
        // programmes have no room) takes the width of both.
        let shownItems = shown.compactMap { row -> Int? in if case .item(let i, _) = row { i } else { nil } }
        let listed = shownItems.filter { state.items[$0].isLive || ContinueWatching.progress(state, index: $0) != nil }
        let longestName = (listed.isEmpty ? shownItems : listed).map { columnWidth(of: state.items[$0].title) }.max() ?? 10
        let nameWidth = max(10, min(longestName, min(32, (right - 20) / 2)))
        for (offset, row) in shown.enumerated() {
            let y = listTop + offset
            switch row {
            case .header(let group):
                screen.put(group.uppercased(), x: 2, y: y, style: dim.bolded())
            case .item(let index, let continuing):
                let item = state.items[index]
                let selected = index == state.navigation.homeSelection && continuing == inContinue
                if selected { content.keep(row: y, x: 1, width: right - 2) }
                let style = selected ? Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true) : base
                screen.fill(x: 1, y: y, width: right - 2, height: 1, with: Cell(" ", style: style))
                let number = item.number.map { String($0) } ?? ""
                screen.put(number, x: 2 + max(0, 4 - number.count), y: y, style: style)
                let tail = tail(index)
                let tailWidth = columnWidth(of: tail)
                screen.put(tail, x: right - 3 - tailWidth, y: y, style: selected ? style : dim)
                let (now, next) = state.shownNowNext(item)
                let listingX = 8 + nameWidth + 2
                let listingWidth = right - 3 - tailColumn - 2 - listingX
                let listed = (now != nil || next != nil) && listingWidth > 8
                // A film left part way: how far, and what is left of it,
                // where a channel's programmes go; its title keeps what the
                // words leave (they move right for a long title, up to its
                // own rating), and the words go where they have no room.
                let rowEnd = right - 3 - tailWidth - 2
                let progress = item.isLive ? nil : ContinueWatching.progress(state, index: index).flatMap { progress in
                    rowEnd - listingX >= columnWidth(of: progress.left) ? progress : nil
                }
                let titleWidth: Int
                if let progress {
                    titleWidth = max(nameWidth, min(columnWidth(of: item.title), rowEnd - 2 - columnWidth(of: progress.left) - 8))
                } else {
                    titleWidth = item.isLive && listed ? nameWidth : max(nameWidth, rowEnd - 8)
                }
                screen.put(truncate(item.title, toWidth: titleWidth, ellipsis: theme.glyphs.ellipsis), x: 8, y: y, style: style)
                if state.isFavourite(index) {
                    screen.put(String(theme.glyphs.favourite), x: 7, y: y, style: selected ? style : base.with(foreground: theme.accent))
                }
                var listing = now.map { $0.title } ?? ""
                if let next {
                    let more = listing.isEmpty ? "next: \(next.title)" : "  \(theme.glyphs.isASCII ? ">" : "▸") \(next.title)"
                    // What is next only where a word of it fits: never "▸ Te…".
                    if listing.isEmpty || columnWidth(of: listing) + min(columnWidth(of: more), 10) <= listingWidth { listing += more }
                }
                if listed {
                    screen.put(truncate(listing, toWidth: listingWidth, ellipsis: theme.glyphs.ellipsis), x: listingX, y: y,
                               style: selected ? style : dim, maxWidth: listingWidth)
                } else if let progress {
                    let x = max(listingX, 8 + min(titleWidth, columnWidth(of: item.title)) + 2)
                    drawProgress(progress, into: &screen, x: x, y: y, width: rowEnd - x, style: selected ? style : dim, theme: theme)
                }
            }
        }
        if state.items.isEmpty, let reason = state.lineupWait {
            drawWait(reason: reason, media: state.lineupWaitIsMedia, into: &screen, top: listTop + 1, width: right, theme: theme)
        }
        if card > 0 {
            HomeInfoCardView.draw(into: &screen, state: state, theme: theme, context: context, rows: card, width: right)
            content.keep(PictureLayout.Rect(x: 1, y: screen.height - 2 - card, width: right - 2, height: card))
        }
        let ascii = theme.glyphs.isASCII
        // With no channels (a lineup awaited) only the keys that do something.
        let keys: [KeyLabels.Item] = state.items.isEmpty ? [.init(.help, "?", "keys")] : [
            .init(nil, ascii ? "UP/DOWN" : "↑↓", "select"), .init(.select, "ENTER", "play"), .init(.help, "?", "keys"), .init(.guide, "g", "guide"),
            .init(.search, "/", "search"), .init(.favourite, "f", "favourite"), .init(.pictureInPicture, "p", "picture"), .init(.info, "i", "info"),
            .init(nil, ascii ? "0-9" : "0–9", "channel"),
        ]
        let hint = state.chrome.keyLabels.hint(keys + (state.kiosk ? [] : [.init(.quit, "q", "quit")]), separator: ascii ? " - " : " · ")
        screen.put(truncate(hint, toWidth: screen.width - 4, ellipsis: theme.glyphs.ellipsis), x: 2, y: screen.height - 1, style: dim)
        if let problem = healthLine(state, index: state.navigation.homeSelection, context: context) ?? state.guide.status?.problem.map({ "Guide: " + URLRedaction.redactingURLs(in: $0) }) {
            screen.put(truncate(problem, toWidth: right - 4, ellipsis: theme.glyphs.ellipsis), x: 2, y: screen.height - 2,
                       style: base.with(foreground: theme.error), maxWidth: right - 4)
            content.keep(row: screen.height - 2, x: 2, width: min(right - 4, columnWidth(of: problem)))
        }
        // With a picture up, the list's other rows are avoided: it goes
        // where it hides none of them (below a short list, the preview
        // pane's empty part) when it can. The cells are looked at only then
        // (most frames have no picture).
        let picture = state.picture.pip != nil
        if picture {
            content.avoidDrawn(screen, in: PictureLayout.Rect(x: 1, y: listTop, width: right - 2, height: visible), background: theme.background)
        }
        if let pane {
            PreviewPaneView.draw(into: &screen, state: state, theme: theme, context: context, pane: pane)
            if picture {
                // Its title, video and lines' rows kept (drawn or not, so
                // the picture stays put as the selection moves); its left
                // edge avoided; its empty part below them free for the picture.
                content.keep(row: pane.y, x: pane.x, width: pane.width)
                content.keep(PictureLayout.previewVideo(in: pane))
                content.keep(PreviewPaneView.lines(in: pane))
                content.avoidDrawn(screen, in: PictureLayout.Rect(x: pane.x, y: pane.y, width: 1, height: pane.height), background: theme.background)
            } else {
                content.keep(pane)
            }
        }
    }

    /// In place of the list while a box awaits its lineup (`LineupWait`):
    /// what is missing, why, and that nobody needs to do anything.
    /// `media`: the media paths given are awaited, not a lineup.
    private static func drawWait(reason: String, media: Bool, into screen: inout Screen, top: Int, width: Int, theme: Theme) {
        let base = Style(foreground: theme.text, background: theme.background)
        let room = max(1, width - 8)
        screen.put(truncate(media ? "Nothing to play yet" : "No channels yet", toWidth: room, ellipsis: theme.glyphs.ellipsis), x: 4, y: top,
                   style: base.bolded())
        let words = media
            ? "\(URLRedaction.redactingURLs(in: reason)). It is looked at again by itself: what it holds comes up as soon as it is there."
            : "The lineup could not be read (\(URLRedaction.redactingURLs(in: reason))). "
                + "It is tried again by itself: the channels come up as soon as it can be read."
        let lines = wrap(words, width: room, maxLines: max(1, screen.height - 3 - top - 2), ellipsis: theme.glyphs.ellipsis)
        for (n, line) in lines.enumerated() {
            screen.put(line, x: 4, y: top + 2 + n, style: base.with(foreground: theme.secondaryText))
        }
    }

    /// A film's progress, as Apple TV's rows show it: a bar of 8 cells
    /// (what was watched in the accent colour) and "7 min left"; the words
    /// alone when both have no room.
    private static func drawProgress(_ progress: (fraction: Double, left: String), into screen: inout Screen, x: Int, y: Int, width: Int,
                                     style: Style, theme: Theme) {
        let bar = 8
        var words = x
        if bar + 1 + columnWidth(of: progress.left) <= width {
            let watched = min(bar, max(1, Int((progress.fraction * Double(bar)).rounded())))
            screen.put(String(repeating: theme.glyphs.fill, count: watched), x: x, y: y, style: style.with(foreground: theme.accent))
            screen.put(String(repeating: theme.glyphs.track, count: bar - watched), x: x + watched, y: y, style: style)
            words += bar + 1
        }
        screen.put(progress.left, x: words, y: y, style: style, maxWidth: width - (words - x))
    }

    /// The stored guide's refresh: "updating the guide…", or when it was
    /// last updated.
    private static func guideStatusText(_ state: ShellState, theme: Theme, context: ViewContext) -> String? {
        guard let status = state.guide.status else { return nil }
        let dot = theme.glyphs.isASCII ? "-" : "·"
        if status.refreshing { return "\(dot) updating the guide" + (theme.glyphs.isASCII ? "..." : "…") }
        guard let refreshed = status.refreshed else { return nil }
        let today = Int((state.wallClock + Double(context.offset(at: state.wallClock))) / 86400) == Int((refreshed + Double(context.offset(at: refreshed))) / 86400)
        let when = today || state.wallClock == 0
            ? context.clock(refreshed) : context.dayAndClock(refreshed)
        return "\(dot) guide updated \(when)"
    }

    /// A row's stream health: "⚠" after a failure, with the stream in use
    /// ("⚠ 2/3") on a channel with alternates; nil when none failed.
    private static func healthMark(_ state: ShellState, index: Int, theme: Theme) -> String? {
        guard let health = state.live.streamHealth[index], health.lastFailure != nil else { return nil }
        let mark = theme.glyphs.isASCII ? "!" : "⚠"
        let count = state.items[index].streamCount
        return count > 1 ? "\(mark) \(health.stream + 1)/\(count)" : mark
    }

    /// The selected channel's health in words: the stream in use and its
    /// last failure.
    private static func healthLine(_ state: ShellState, index: Int, context: ViewContext) -> String? {
        guard state.items.indices.contains(index), let health = state.live.streamHealth[index], let failure = health.lastFailure else { return nil }
        let count = state.items[index].streamCount
        let when = health.failedAt.map { " at " + context.clock($0) } ?? ""
        let reason = URLRedaction.redactingURLs(in: failure)
        let failed = count > 1 ? "stream \((health.lastFailedStream ?? 0) + 1) failed\(when): \(reason)" : "failed\(when): \(reason)"
        return count > 1 ? "Stream \(health.stream + 1) of \(count) in use · \(failed)" : failed.prefix(1).uppercased() + failed.dropFirst()
    }
}
