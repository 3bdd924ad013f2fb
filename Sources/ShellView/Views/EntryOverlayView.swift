import ShellCore

/// Over every screen: the channel number being typed (top right) and a
/// short notice (bottom centre).
enum EntryOverlayView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        if let entry = state.channelEntry {
            let text = " \(entry.digits)_ "
            let width = max(10, columnWidth(of: text) + 4)
            let x = screen.width - width - 2
            let style = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
            screen.fill(x: x, y: 1, width: width, height: 3, with: Cell(" ", style: style))
            screen.putCentered(text, y: 2, style: style, x: x, width: width)
        }
        if let notice = state.notice {
            let text = " \(notice) "
            let width = min(screen.width - 4, columnWidth(of: text) + 4)
            let x = (screen.width - width) / 2
            let style = Style(foreground: theme.text, background: theme.barBackground, bold: true)
            screen.fill(x: x, y: screen.height - 8, width: width, height: 3, with: Cell(" ", style: style))
            screen.putCentered(text, y: screen.height - 7, style: style, x: x, width: width)
        }
    }
}
