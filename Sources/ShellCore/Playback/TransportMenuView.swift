
/// The transport bar's menu row, just above the bar: a button a menu (the
/// focused one highlighted), and the open menu's choices in a box above its
/// button, the current one checked.
enum TransportMenuView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        guard let menu = state.chrome.transportMenu else { return }
        let menus = TransportMenuReducer.menus(state)
        let base = Style(foreground: theme.text, background: theme.barBackground)
        let focused = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        let y = screen.height - 6
        guard y >= 2 else { return }
        screen.fill(x: 0, y: y, width: screen.width, height: 1, with: Cell(" ", style: base))
        let arrow = theme.glyphs.isASCII ? "v" : "▾"
        var x = 2
        var buttonX: [Int] = []
        for (index, item) in menus.enumerated() {
            var label = item.title
            if item.id == "speed" { label += " \(OverlayModel.speedLabel(state.playback.speed))" }
            if !item.choices.isEmpty { label += " \(arrow)" }
            let text = " \(truncate(label, toWidth: 24, ellipsis: theme.glyphs.ellipsis)) "
            guard x + columnWidth(of: text) < screen.width - 1 else { break }
            buttonX.append(x)
            x = screen.put(text, x: x, y: y, style: index == menu.focus ? focused : base) + 1
        }
        guard let open = menu.open, menus.indices.contains(open), buttonX.indices.contains(open) else { return }
        let choices = menus[open].choices
        let check = theme.glyphs.isASCII ? "*" : "✓"
        let width = min(screen.width - 4, max(12, (choices.map { columnWidth(of: $0.title) }.max() ?? 8) + 6))
        let height = min(choices.count, y - 2)
        let left = min(buttonX[open], screen.width - width - 2)
        let first = min(max(0, menu.choice - height + 1), max(0, choices.count - height))
        for row in 0..<height {
            let index = first + row
            let choice = choices[index]
            let style = index == menu.choice ? focused : base
            let rowY = y - height + row
            screen.fill(x: left, y: rowY, width: width, height: 1, with: Cell(" ", style: style))
            screen.put((choice.isCurrent ? check : " ") + " " + truncate(choice.title, toWidth: width - 4, ellipsis: theme.glyphs.ellipsis),
                       x: left + 1, y: rowY, style: style)
        }
    }
}

