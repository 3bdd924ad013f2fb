import Canvas

/// A banner sent to the box ("Breakfast is served until 10:00"): shown
/// across the top of every screen, the passcode prompt's included, for the
/// seconds it was sent with; a new one replaces it. Pure.
enum MessageBanner {
    /// At most this many lines; longer text ends in an ellipsis.
    static let maxLines = 3

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
        let lines = wrap(message, width: max(1, screen.width - 4), maxLines: maxLines, ellipsis: theme.glyphs.ellipsis)
        let style = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
        screen.fill(x: 0, y: 0, width: screen.width, height: lines.count + 2, with: Cell(" ", style: style))
        for (i, line) in lines.enumerated() {
            screen.putCentered(line, y: 1 + i, style: style)
        }
    }
}
