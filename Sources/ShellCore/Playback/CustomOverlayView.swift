
/// The swipe-up custom overlay: a row of focusable cards at the bottom of
/// the picture, scrolled to keep the focused card in view.
enum CustomOverlayView {
    static let cardWidth = 24

    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        let items = OverlayModel.customItems(state)
        let height = 7
        let top = screen.height - height
        let base = Style(foreground: theme.text, background: theme.barBackground)
        screen.fill(x: 0, y: top, width: screen.width, height: height, with: Cell(" ", style: base))
        let heading = state.isLive && state.chrome.customOverlay == nil ? "Channels" : "More"
        screen.put(heading, x: 2, y: top, style: base.bolded())
        let close = (theme.glyphs.isASCII ? "DOWN / " : "▼ / ") + (state.chrome.keyLabels.key(.menu, keyboard: "ESC") ?? "ESC") + " close"
        screen.put(close, x: screen.width - 18, y: top, style: base.with(foreground: theme.secondaryText))
        let perScreen = max(1, (screen.width - 4) / (cardWidth + 1))
        let first = min(max(0, state.chrome.overlayFocus - perScreen / 2), max(0, items.count - perScreen))
        for (offset, item) in items.dropFirst(first).prefix(perScreen).enumerated() {
            let index = first + offset
            let x = 2 + offset * (cardWidth + 1)
            let focused = index == state.chrome.overlayFocus
            let style = focused
                ? Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
                : Style(foreground: theme.text, background: theme.background)
            screen.fill(x: x, y: top + 2, width: cardWidth, height: 4, with: Cell(" ", style: style))
            let marker = item.isCurrent ? String(theme.glyphs.play) + " " : ""
            screen.put(truncate(marker + item.title, toWidth: cardWidth - 2, ellipsis: theme.glyphs.ellipsis), x: x + 1, y: top + 3, style: style)
            if let subtitle = item.subtitle {
                screen.put(truncate(subtitle, toWidth: cardWidth - 2, ellipsis: theme.glyphs.ellipsis), x: x + 1, y: top + 4,
                           style: focused ? style : style.with(foreground: theme.secondaryText))
            }
        }
    }
}
