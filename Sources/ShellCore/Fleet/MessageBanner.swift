import Canvas

/// A banner sent to the box ("Breakfast is served until 10:00"): shown
/// across the top of every screen, the passcode prompt's included, for the
/// seconds it was sent with; a new one replaces it. Pure.
enum MessageBanner {
    /// At most this many lines on a screen `height` rows high: all but the
    /// bottom four rows (and the band's own two), so the socket's longest
    /// message (500 characters) is whole on the TV's 60 × 18 grid; three at
    /// least. Longer text ends in an ellipsis.
    static func maxLines(height: Int) -> Int {
        max(3, height - 6)
    }

    static func show(_ state: inout ShellState, _ text: String?, seconds: Double) -> [Effect] {
        guard let text, !text.isEmpty, seconds > 0 else {
            state.chrome.message = nil
            return [.cancelTimer(.messageHide)]
        }
        state.chrome.message = text
        return [.startTimer(.messageHide, after: seconds)]
    }

    /// Drawn last, over everything: a band in the accent colour from the
    /// top row down, the text centred in it.
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        guard let message = state.chrome.message else { return }
        let lines = wrap(message, width: max(1, screen.width - 4), maxLines: maxLines(height: screen.height), ellipsis: theme.glyphs.ellipsis)
        let style = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
        screen.fill(x: 0, y: 0, width: screen.width, height: lines.count + 2, with: Cell(" ", style: style))
        for (i, line) in lines.enumerated() {
            screen.putCentered(line, y: 1 + i, style: style)
        }
    }
}
