import MediaModel

/// The guide's grid: channels down, half-hour columns across, a mark at
/// now, the focused programme highlighted and its details in a panel below.
/// Restricted programmes show as "Restricted (TV-MA)" with no title or
/// details. Laid out by `GuideGridLayout`, as the reducer scrolls.
enum GuideGridView {
    /// Draws the grid, keeping the focused row and the details panel (with
    /// its preview) clear of the picture in picture (`content`).
    static func draw(into screen: inout Screen, state: ShellState, grid: GuideGrid, theme: Theme, context: ViewContext, content: inout PanelContent) {
        let rows = GuideGridReducer.rows(state)
        let layout = GuideGridLayout(columns: screen.width, rows: screen.height, channels: rows.count)
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        let selected = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        let airing = Style(foreground: theme.text, background: theme.barBackground)
        let ascii = theme.glyphs.isASCII
        let wall = state.wallClock

        screen.put("Guide", x: 2, y: 1, style: base.bolded())
        screen.put(context.dayAndClock(grid.time).split(separator: " ").first.map(String.init) ?? "", x: 9, y: 1, style: dim)
        if wall > 0 {
            let clock = context.clock(wall)
            screen.put(clock, x: screen.width - 2 - clock.count, y: 1, style: dim)
        }

        let left = layout.nameWidth + 2
        let cellsPerSecond = Double(layout.slotWidth) / 1800
        func x(_ time: Double) -> Int { left + Int(((time - grid.start) * cellsPerSecond).rounded(.down)) }
        let end = grid.start + layout.span
        for slot in 0..<layout.slots {
            let t = grid.start + Double(slot) * 1800
            screen.put(context.clock(t), x: left + slot * layout.slotWidth + 1, y: layout.headerRow, style: dim)
        }
        let nowX = wall >= grid.start && wall < end ? x(wall) : nil
        if let nowX, screen[nowX, layout.headerRow - 1].character == " " {
            screen.put(String(theme.glyphs.pointer), x: nowX, y: layout.headerRow - 1, style: base.with(foreground: theme.accent))
        }

        // What plays (full screen or in the picture) is marked by its number.
        let playing = Set([state.current, state.picture.pip?.index].compactMap { $0 })
        for (offsetRow, channel) in rows.dropFirst(grid.top).prefix(layout.channelRows).enumerated() {
            let y = layout.headerRow + 1 + offsetRow
            let item = state.items[channel]
            let number = item.number.map(String.init) ?? ""
            let name = truncate(item.title, toWidth: layout.nameWidth - 5, ellipsis: theme.glyphs.ellipsis)
            let focusedChannel = channel == grid.channel
            screen.put(String(repeating: " ", count: max(0, 4 - number.count)) + number, x: 0, y: y, style: focusedChannel ? base.bolded() : dim)
            if playing.contains(channel) {
                screen.put(ascii ? ">" : "▶", x: 4, y: y, style: base.with(foreground: theme.accent).bolded())
            }
            screen.put(name, x: 5, y: y, style: focusedChannel ? base.bolded() : base, maxWidth: layout.nameWidth - 5)
            if state.isFavourite(channel) {
                screen.put(String(theme.glyphs.favourite), x: layout.nameWidth, y: y, style: base.with(foreground: theme.accent))
            }
            var t = grid.start
            var titles: [Range<Int>] = []
            while t < end {
                let cell = GuideGridReducer.cell(state, channel: channel, at: t)
                let from = max(x(max(cell.start, grid.start)), left), to = min(x(min(cell.stop, end)), screen.width)
                let isFocus = focusedChannel && cell.start <= grid.time && grid.time < cell.stop
                let past = wall > 0 && cell.stop <= wall
                let style = isFocus ? selected : (cell.start <= wall && wall < cell.stop ? airing : past ? dim : base)
                if to > from {
                    screen.fill(x: from, y: y, width: to - from, height: 1, with: Cell(" ", style: style))
                    screen.put(ascii ? "|" : "▏", x: from, y: y, style: isFocus ? selected : dim)
                    var title = cell.programme.map { state.shown($0, on: item).title } ?? ""
                    if let programme = cell.programme, state.hasReminder(channel: programme.channel, start: programme.start) {
                        title = String(theme.glyphs.reminder) + " " + title
                    }
                    if to - from > 2, !title.isEmpty {
                        let continued = cell.start < grid.start ? (ascii ? "<" : "‹") : ""
                        let shown = truncate(continued + title, toWidth: to - from - 2, ellipsis: theme.glyphs.ellipsis)
                        screen.put(shown, x: from + 1, y: y, style: isFocus ? selected : (cell.programme == nil ? dim : style), maxWidth: to - from - 2)
                        titles.append((from + 1)..<(from + 1 + columnWidth(of: shown)))
                    }
                }
                if isFocus { content.keep(row: y) }
                t = max(cell.stop, t + 60)
            }
            // The line at now, where no title's text is (a space inside a
            // title is the title's).
            if let nowX, nowX > left, screen[nowX, y].character == " ", !titles.contains(where: { $0.contains(nowX) }) {
                screen.put(ascii ? ":" : "┊", x: nowX, y: y, style: Style(foreground: theme.accent, background: screen[nowX, y].style.background))
            }
        }
        var previewVideo: PictureLayout.Rect?
        if state.picture.preview?.index == grid.channel,
           let video = PictureLayout.gridPreviewVideo(columns: screen.width, rows: screen.height, channels: rows.count) {
            drawPreview(into: &screen, state: state, video: video, theme: theme, context: context)
            previewVideo = video
        }
        let room = pictureRoom(state: state, screen: screen, layout: layout, content: content, besidePreview: previewVideo != nil)
        // The details' text: right of the picture's room when it is on the
        // left, and left of the preview or the picture's room on the right.
        let detailsX = room.map { $0.isRight ? 2 : $0.width + 1 } ?? 2
        let detailsEnd = min(previewVideo.map { $0.x - 2 } ?? screen.width - 2, room.map { $0.isRight ? screen.width - $0.width - 1 : screen.width - 2 } ?? screen.width)
        drawDetails(into: &screen, state: state, grid: grid, layout: layout, x: detailsX, width: detailsEnd - detailsX, theme: theme, context: context)
        content.keep(detailsPanel(layout: layout, screen: screen, leaving: room))
        let wide = screen.width >= 120
        let labels = state.chrome.keyLabels
        // A remote pages with its channel keys (CH+ / CH-).
        let pageKeys = labels.isRemote ? [labels.key(.channelUp, keyboard: ""), labels.key(.channelDown, keyboard: "")].compactMap { $0 }.joined(separator: "/") : "PGUP/PGDN"
        // A remote's day keys are its ⏮ / ⏭ (frame steps in the player).
        let remoteDays = [labels.key(.frameBack, keyboard: ""), labels.key(.frameForward, keyboard: "")].compactMap { $0 }.joined(separator: "/")
        let day: [KeyLabels.Item] = !labels.isRemote ? [.init(.dayForward, "< >", "day")] : remoteDays.isEmpty ? [] : [.init(nil, remoteDays, "day")]
        let page: [KeyLabels.Item] = pageKeys.isEmpty ? [] : [.init(nil, pageKeys, "page")]
        let keys: [KeyLabels.Item] = [
            .init(.select, "ENTER", "watch/remind"), .init(.help, "?", "keys"), .init(.favourite, "f", "favourite"), .init(.search, "/", "search"),
            .init(.pictureInPicture, "p", "picture"), .init(.guide, "g", "list"),
        ]
        let items: [KeyLabels.Item] = switch (ascii, wide) {
        case (true, true): [.init(nil, "UP/DOWN", "channel"), .init(nil, "LEFT/RIGHT", "programme")] + page + day + keys
        case (true, false): [.init(nil, "arrows", "move")] + keys + day
        case (false, true): [.init(nil, "↑↓", "channel"), .init(nil, "←→", "programme")] + page + day + keys
        case (false, false): [.init(nil, "↑↓←→", "move")] + keys + day
        }
        let hint = labels.hint(items, separator: ascii ? " - " : " · ")
        screen.put(truncate(hint, toWidth: screen.width - 4, ellipsis: theme.glyphs.ellipsis), x: 2, y: screen.height - 1, style: dim)
    }

    /// The columns at one end of the details panel the picture in picture
    /// is given (its frame and a cell beside it) when the grid leaves it
    /// no other room: a TV's 60 × 18 cells have 8 channel rows above the
    /// panel, and with the focus on one in the middle no picture fits
    /// above or below it. Its own side, or the left when the preview has
    /// the right; nil when the picture fits elsewhere (a terminal's larger
    /// grid) or nowhere.
    private static func pictureRoom(state: ShellState, screen: Screen, layout: GuideGridLayout, content: PanelContent,
                                    besidePreview: Bool) -> (isRight: Bool, width: Int)? {
        guard let pip = state.picture.pip else { return nil }
        var whole = content
        whole.keep(detailsPanel(layout: layout, screen: screen, leaving: nil))
        guard PictureLayout.placement(columns: screen.width, rows: screen.height, corner: pip.corner, content: whole).frame == nil else { return nil }
        let isRight = pip.corner.isRight && !besidePreview
        for video in PictureLayout.pictureVideoSizes(columns: screen.width, rows: screen.height) {
            let room = (isRight: isRight, width: video.columns + 3)
            var trial = content
            trial.keep(detailsPanel(layout: layout, screen: screen, leaving: room))
            if PictureLayout.placement(columns: screen.width, rows: screen.height, corner: pip.corner, content: trial).frame != nil { return room }
        }
        return nil
    }

    /// The details panel the picture must not hide: all of it, or all but
    /// the picture's `room` at one end.
    private static func detailsPanel(layout: GuideGridLayout, screen: Screen, leaving room: (isRight: Bool, width: Int)?) -> PictureLayout.Rect {
        let width = screen.width - (room?.width ?? 0)
        return PictureLayout.Rect(x: room.map { $0.isRight ? 0 : $0.width } ?? 0, y: layout.detailsTop, width: width, height: layout.detailHeight)
    }

    /// The focused channel's preview at the right of the details: its video
    /// once it plays (muted), else why not (restricted, no room, tuning).
    private static func drawPreview(into screen: inout Screen, state: ShellState, video: PictureLayout.Rect, theme: Theme, context: ViewContext) {
        guard let preview = state.picture.preview else { return }
        if preview.restricted == nil, preview.playback.phase != .failed, preview.playback.phase == .playing || preview.playback.firstFramePresented,
           context.videoInTerminal {
            screen.place(VideoWindow(.preview, x: video.x, y: video.y, width: video.width, height: video.height))
            return
        }
        let card = Style(foreground: theme.text, background: theme.barBackground)
        screen.fill(x: video.x, y: video.y, width: video.width, height: video.height, with: Cell(" ", style: card))
        let message = if let restricted = preview.restricted {
            "Restricted (\(restricted))"
        } else if preview.withheld != nil {
            "No preview"
        } else if preview.playback.phase == .failed {
            ShellError.unavailableNow
        } else if !context.videoInTerminal {
            "Previewing"
        } else {
            "Tuning" + String(theme.glyphs.ellipsis)
        }
        screen.putCentered(truncate(message, toWidth: video.width, ellipsis: theme.glyphs.ellipsis), y: video.y + video.height / 2, style: card.bolded(),
                           x: video.x, width: video.width)
    }

    /// The focused programme: when, where, title and episode, rating and
    /// categories, and its description, in `width` cells from column `x`,
    /// under a rule across the screen.
    private static func drawDetails(
        into screen: inout Screen, state: ShellState, grid: GuideGrid, layout: GuideGridLayout, x: Int, width: Int, theme: Theme, context: ViewContext
    ) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        let top = layout.detailsTop
        screen.put(String(repeating: theme.glyphs.isASCII ? "-" : "─", count: screen.width - 2), x: 1, y: top, style: dim)
        let item = state.items[grid.channel]
        let cell = GuideGridReducer.focused(state, grid)
        let when = context.dayAndClock(cell.start) + "–" + context.clock(cell.stop)
        screen.put(truncate("\(when)  \(item.number.map { "\($0) " } ?? "")\(item.title)", toWidth: width, ellipsis: theme.glyphs.ellipsis),
                   x: x, y: top + 1, style: dim)
        guard let original = cell.programme else {
            screen.put("No programme listed", x: x, y: top + 2, style: base.bolded())
            return
        }
        let programme = state.shown(original, on: item)
        var title = programme.title
        if let subtitle = programme.subtitle, !subtitle.isEmpty { title += ": " + subtitle }
        if let episode = programme.episode, !episode.isEmpty { title += "  (\(episode))" }
        if state.hasReminder(channel: original.channel, start: original.start) { title = String(theme.glyphs.reminder) + " " + title }
        screen.put(truncate(title, toWidth: width, ellipsis: theme.glyphs.ellipsis), x: x, y: top + 2, style: base.bolded(), maxWidth: width)
        let rating = ContentRating.strictest(original.ratings.compactMap(\.resolved))?.code ?? original.ratings.first?.value
        let facts = ([rating].compactMap { $0 } + [programme.categories.joined(separator: ", ")].filter { !$0.isEmpty }).joined(separator: "  ·  ")
        if !facts.isEmpty { screen.put(truncate(facts, toWidth: width, ellipsis: theme.glyphs.ellipsis), x: x, y: top + 3, style: dim) }
        if let summary = programme.summary, !summary.isEmpty {
            for (index, line) in wrap(summary, width: width, maxLines: layout.detailHeight - 4, ellipsis: theme.glyphs.ellipsis).enumerated() {
                screen.put(line, x: x, y: top + 4 + index, style: base)
            }
        }
    }
}
