import MediaModel

/// The record dialog: a card in the middle of any screen with the channel
/// and programme above its choices, the focused one highlighted ("Record
/// for ‹ 1 h ›" shows its length with arrows).
enum RecordDialogView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        guard let dialog = state.recordings.dialog, state.items.indices.contains(dialog.channel) else { return }
        let item = state.items[dialog.channel]
        let base = Style(foreground: theme.text, background: theme.barBackground)
        let dim = base.with(foreground: theme.secondaryText)
        let focused = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        let heading = dialog.programme.map { state.shown($0, on: item).title } ?? item.title
        var when = item.title
        if let programme = dialog.programme {
            let start = formatDayAndClock(programme.start, utcOffset: state.settings.utcOffset(at: programme.start))
            when += "  \(start)" + (programme.stop.map { "–" + formatClock($0, utcOffset: state.settings.utcOffset(at: $0)) } ?? "")
        }
        let labels = dialog.choices.map { dialog.label($0, utcOffset: state.settings.utcOffset, change: state.settings.utcOffsetChange, ascii: theme.glyphs.isASCII) }
        let widest = max(columnWidth(of: heading), columnWidth(of: when), labels.map(columnWidth(of:)).max() ?? 0)
        let width = min(screen.width - 4, max(36, widest + 6))
        let step = screen.height - 2 >= labels.count * 2 + 4 ? 2 : 1
        let height = min(screen.height - 2, labels.count * step + 4)
        let x = (screen.width - width) / 2
        let y = max(1, (screen.height - height) / 2)
        screen.fill(x: x, y: y, width: width, height: height, with: Cell(" ", style: base))
        screen.put(truncate(heading, toWidth: width - 4, ellipsis: theme.glyphs.ellipsis), x: x + 2, y: y + 1, style: base.bolded())
        screen.put(truncate(when, toWidth: width - 4, ellipsis: theme.glyphs.ellipsis), x: x + 2, y: y + 2, style: dim)
        for (row, text) in labels.enumerated() {
            let line = y + 4 + row * step
            guard line < y + height else { break }
            let style = row == dialog.focus ? focused : base
            let shown = " " + truncate(text, toWidth: width - 6, ellipsis: theme.glyphs.ellipsis) + " "
            screen.put(shown, x: x + 2, y: line, style: style)
        }
    }

}
