/// The scrub thumbnail: the frame under the head in a window just above
/// the transport bar, centred on the head, with the head's time under it.
public enum ThumbnailLayout {
    /// The thumbnail's size in cells on a screen `columns` wide: a fifth of
    /// its width (12 columns at least), 16:9 in cells twice as tall as wide.
    public static func size(columns: Int) -> (columns: Int, rows: Int) {
        let width = max(12, columns / 5)
        return (width, max(3, Int((Double(width) * 9 / 32).rounded())))
    }

    /// Where the window goes for `state` on a screen of `width` × `height`
    /// cells (nil: not scrubbing, or no room above the bar).
    static func window(_ state: ShellState, width: Int, height: Int) -> VideoWindow? {
        guard let head = TransportBarView.headColumn(state, width: width) else { return nil }
        let size = size(columns: width)
        let top = height - TransportBarView.rows(state) - 1 - size.rows
        guard top >= 2, size.columns + 4 <= width else { return nil }
        let x = min(max(2, head - size.columns / 2), width - 2 - size.columns)
        return VideoWindow(.thumbnail, x: x, y: top, width: size.columns, height: size.rows)
    }
}

enum ThumbnailView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        guard context.videoInTerminal, let scrub = state.scrub, state.thumbnail.picture != nil,
              let window = ThumbnailLayout.window(state, width: screen.width, height: screen.height) else { return }
        screen.place(window)
        let label = " " + formatTime(scrub.target, tenths: scrub.mode == .fine) + " "
        let style = Style(foreground: theme.text, background: theme.barBackground, bold: true)
        screen.fill(x: window.x, y: window.y + window.height, width: window.width, height: 1, with: Cell(" ", style: style))
        screen.putCentered(label, y: window.y + window.height, style: style, x: window.x, width: window.width)
    }
}
