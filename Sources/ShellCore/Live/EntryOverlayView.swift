import MediaModel

/// Over every screen: the channel number being typed (top right), a
/// reminder that came up (top centre) and a short notice (bottom centre,
/// moved up clear of `content`: the focused programme's details, a panel).
enum EntryOverlayView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, content: PanelContent) {
        if state.guide.remindersDue.count > 1 {
            drawReminders(into: &screen, state: state, theme: theme)
        } else if let reminder = state.guide.reminderDue {
            drawReminder(into: &screen, reminder, state: state, theme: theme)
        }
        if let entry = state.live.channelEntry {
            let text = " \(entry.digits)_ "
            let width = max(10, columnWidth(of: text) + 4)
            let x = screen.width - width - 2
            let style = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
            screen.fill(x: x, y: 1, width: width, height: 3, with: Cell(" ", style: style))
            screen.putCentered(text, y: 2, style: style, x: x, width: width)
        }
        if let notice = state.chrome.notice.map(URLRedaction.redactingURLs(in:)) {
            let width = min(screen.width - 4, columnWidth(of: notice) + 6)
            let lines = wrap(notice, width: width - 4, maxLines: 4, ellipsis: theme.glyphs.ellipsis)
            let x = (screen.width - width) / 2
            let lowest = screen.height - 7 - lines.count
            let top = stride(from: lowest, through: 1, by: -1).first {
                content.isClear(PictureLayout.Rect(x: x, y: $0, width: width, height: lines.count + 2))
            } ?? lowest
            let style = Style(foreground: theme.text, background: theme.barBackground, bold: true)
            screen.fill(x: x, y: top, width: width, height: lines.count + 2, with: Cell(" ", style: style))
            for (i, line) in lines.enumerated() {
                screen.putCentered(line, y: top + 1 + i, style: style, x: x, width: width)
            }
        }
    }

    /// Several due at once: "◷ 2 programmes start in 1 min", each title on
    /// its channel (the focused one marked), what the keys do.
    private static func drawReminders(into screen: inout Screen, state: ShellState, theme: Theme) {
        let ascii = theme.glyphs.isASCII
        let due = state.guide.remindersDue
        let first = due.map(\.start).min() ?? state.wallClock
        let minutes = Int(((first - state.wallClock) / 60).rounded(.up))
        let when = minutes > 0 ? "in \(minutes) min" : "now"
        let dot = ascii ? " - " : " · "
        var lines = ["\(theme.glyphs.reminder) \(due.count) programmes start \(when)"]
        for (index, reminder) in due.enumerated() {
            lines.append((index == state.guide.reminderFocus ? (ascii ? "> " : "▸ ") : "  ") + reminder.title + " on " + reminder.channelName)
        }
        lines.append(state.chrome.keyLabels.hint([.init(nil, ascii ? "UP/DOWN" : "↑↓", "choose"), .init(.select, "ENTER", "watch"), .init(.menu, "ESC", "dismiss")],
                                                  separator: dot))
        let width = min(screen.width - 4, (lines.map(columnWidth(of:)).max() ?? 0) + 6)
        let x = (screen.width - width) / 2
        let style = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
        let rows = min(lines.count, max(3, screen.height - 4))
        screen.fill(x: x, y: 1, width: width, height: rows + 2, with: Cell(" ", style: style))
        for (i, line) in lines.prefix(rows).enumerated() {
            screen.put(truncate(line, toWidth: width - 4, ellipsis: theme.glyphs.ellipsis), x: x + 2, y: 2 + i, style: style)
        }
    }

    /// "Reminder · in 1 min" / the title on its channel / what ENTER and
    /// ESC do.
    private static func drawReminder(into screen: inout Screen, _ reminder: Reminder, state: ShellState, theme: Theme) {
        let ascii = theme.glyphs.isASCII
        let minutes = Int(((reminder.start - state.wallClock) / 60).rounded(.up))
        let when = minutes > 0 ? "in \(minutes) min" : "now"
        let lines = [
            "\(theme.glyphs.reminder) Reminder" + (ascii ? " - " : " · ") + "starts \(when)",
            reminder.title + " on " + reminder.channelName,
            state.chrome.keyLabels.hint([.init(.select, "ENTER", "watch"), .init(.menu, "ESC", "dismiss")], separator: ascii ? " - " : " · "),
        ]
        let width = min(screen.width - 4, (lines.map(columnWidth(of:)).max() ?? 0) + 6)
        let x = (screen.width - width) / 2
        let style = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
        screen.fill(x: x, y: 1, width: width, height: lines.count + 2, with: Cell(" ", style: style))
        for (i, line) in lines.enumerated() {
            screen.putCentered(truncate(line, toWidth: width - 4, ellipsis: theme.glyphs.ellipsis), y: 2 + i, style: style, x: x, width: width)
        }
    }
}
