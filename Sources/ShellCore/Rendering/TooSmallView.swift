/// The message shown when the terminal is below the minimum size.
enum TooSmallView {
    static func draw(into screen: inout Screen, theme: Theme) {
        let style = Style(foreground: theme.text, background: theme.background, bold: true)
        let lines = [
            "Terminal too small",
            "need \(ShellView.minimumWidth)×\(ShellView.minimumHeight), have \(screen.width)×\(screen.height)",
        ]
        let top = max(0, (screen.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            screen.putCentered(line, y: top + i, style: i == 0 ? style : Style(foreground: theme.secondaryText, background: theme.background))
        }
    }
}
