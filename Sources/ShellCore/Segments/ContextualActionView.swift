
/// "Skip Intro" and its kin, bottom right, focused (ENTER takes it): within
/// its 8 s, and whenever the transport bar is up.
enum ContextualActionView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        // The Up Next card takes its place (and its keys) while it is up.
        guard let action = state.segments.contextualAction, !action.hidden || state.chrome.transportVisible, state.chrome.overlay == .none, state.scrub == nil,
              state.upNext.card?.phase != .presented else { return }
        let label = " \(action.title) "
        let width = columnWidth(of: label) + 2
        let barRows = state.chrome.transportVisible || state.playback.paused ? 5 : 0
        let y = screen.height - barRows - 3
        let x = screen.width - width - 2
        guard y >= 1, x >= 1 else { return }
        let style = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        screen.fill(x: x, y: y, width: width, height: 1, with: Cell(" ", style: style))
        screen.put(label, x: x + 1, y: y, style: style)
    }
}
