/// The volume badge (`ChromeState.volumeBadge`), top right over any
/// screen, where the player's other badges go (reaching one column further
/// right: over the home screen's and the guide's clock, not beside it).
/// Pure.
enum VolumeBadgeView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        guard let badge = state.chrome.volumeBadge else { return }
        let text = " \(badge) "
        let x = max(1, screen.width - columnWidth(of: text) - 2)
        screen.put(text, x: x, y: 1, style: Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true))
    }
}
