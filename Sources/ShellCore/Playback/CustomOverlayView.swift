
/// The swipe-up custom overlay: a row of focusable cards at the bottom of
/// the picture, scrolled to keep the focused card in view; the cards beyond
/// peek in from the edges. Pure; the render calls it.
enum CustomOverlayView {
    static let cardWidth = 24

    /// On the TV (`ViewContext.chromeOverPicture`) the panel has a row
    /// above its heading, as the info panel has above its tabs, so the
    /// heading does not sit on the panel's edge.
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        let items = OverlayModel.customItems(state)
        let margin = context.chromeOverPicture ? 1 : 0
        let height = 7 + margin
        let panel = screen.height - height
        let base = Style(foreground: theme.text, background: theme.barBackground)
        screen.fill(x: 0, y: panel, width: screen.width, height: height, with: Cell(" ", style: base))
        let top = panel + margin
        let heading = state.isLive && state.chrome.customOverlay == nil ? "Channels" : "More"
        screen.put(heading, x: 2, y: top, style: base.bolded())
        let close = (theme.glyphs.isASCII ? "DOWN / " : "▼ / ") + (state.chrome.keyLabels.key(.menu, keyboard: "ESC") ?? "ESC") + " close"
        screen.put(close, x: screen.width - 18, y: top, style: base.with(foreground: theme.secondaryText))
        let perScreen = max(1, (screen.width - 4) / (cardWidth + 1))
        let first = min(max(0, state.chrome.overlayFocus - perScreen / 2), max(0, items.count - perScreen))
        for (offset, item) in items.dropFirst(first).prefix(perScreen).enumerated() {
            let index = first + offset
            drawCard(item, focused: index == state.chrome.overlayFocus, x: 2 + offset * (cardWidth + 1), width: cardWidth, top: top,
                     into: &screen, theme: theme)
        }
        // More cards than the row holds peek in from the edges, as tvOS's
        // rows do: the next card cut by the screen's right edge, a sliver
        // of the one before at the left, with an arrow in it.
        let after = first + perScreen
        if after < items.count {
            let x = 2 + perScreen * (cardWidth + 1)
            drawCard(items[after], focused: false, x: x, width: screen.width - x, top: top, into: &screen, theme: theme, clipped: true)
        }
        if first > 0 {
            let sliver = Style(foreground: theme.secondaryText, background: theme.background)
            screen.fill(x: 0, y: top + 2, width: 1, height: 4, with: Cell(" ", style: sliver))
            screen.put(theme.glyphs.isASCII ? "<" : "‹", x: 0, y: top + 3, style: sliver)
        }
    }

    /// One card, `width` columns from `x`; a `clipped` card runs off the
    /// screen's edge, its words cut there without an ellipsis.
    private static func drawCard(_ item: OverlayItem, focused: Bool, x: Int, width: Int, top: Int, into screen: inout Screen, theme: Theme,
                                 clipped: Bool = false) {
        guard width > 0 else { return }
        let style = focused
            ? Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
            : Style(foreground: theme.text, background: theme.background)
        screen.fill(x: x, y: top + 2, width: width, height: 4, with: Cell(" ", style: style))
        let marker = item.isCurrent ? String(theme.glyphs.play) + " " : ""
        let room = width - 2
        func words(_ text: String) -> String { clipped ? text : truncate(text, toWidth: room, ellipsis: theme.glyphs.ellipsis) }
        screen.put(words(marker + item.title), x: x + 1, y: top + 3, style: style, maxWidth: clipped ? width - 1 : room)
        if let subtitle = item.subtitle {
            screen.put(words(subtitle), x: x + 1, y: top + 4, style: focused ? style : style.with(foreground: theme.secondaryText),
                       maxWidth: clipped ? width - 1 : room)
        }
    }
}
