import ShellCore

/// The home screen: what can be played, one row each, the selection
/// highlighted and kept in view.
enum HomeView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        screen.put("tvshell", x: 2, y: 1, style: base.bolded())
        screen.put("\(state.items.count) items", x: 12, y: 1, style: dim)
        let listTop = 3
        let visible = max(1, screen.height - listTop - 2)
        let first = min(max(0, state.homeSelection - visible / 2), max(0, state.items.count - visible))
        for (offset, item) in state.items.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            let selected = index == state.homeSelection
            let style = selected ? Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true) : base
            let y = listTop + offset
            screen.fill(x: 1, y: y, width: screen.width - 2, height: 1, with: Cell(" ", style: style))
            let number = item.number.map { String($0) } ?? ""
            screen.put(number, x: 2 + max(0, 4 - number.count), y: y, style: style)
            var tail = item.isLive ? "LIVE" : ""
            if let rating = item.rating { tail = tail.isEmpty ? rating : "\(rating)  \(tail)" }
            let tailWidth = columnWidth(of: tail)
            screen.put(tail, x: screen.width - 3 - tailWidth, y: y, style: selected ? style : dim)
            screen.put(truncate(item.title, toWidth: screen.width - 14 - tailWidth, ellipsis: theme.glyphs.ellipsis), x: 8, y: y, style: style)
        }
        let quit = state.kiosk ? "" : (theme.glyphs == .ascii ? " - q quit" : " · q quit")
        let hint = theme.glyphs == .ascii ? "UP/DOWN select - ENTER play" : "↑↓ select · ENTER play"
        screen.put(hint + quit, x: 2, y: screen.height - 1, style: dim)
    }
}
