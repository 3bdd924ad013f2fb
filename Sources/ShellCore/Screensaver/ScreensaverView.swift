import MediaModel

/// The screen saver (`ScreensaverState.showing`): black, the clock, and
/// under it what is paused ("Paused · The Film"), dim, in a block that
/// drifts a cell a minute across the whole screen and a row every two
/// (`RadioCardDrift`), so nothing stays lit in one place. Pure.
enum ScreensaverView {
    static func screen(_ state: ShellState, theme: Theme, width: Int, height: Int, context: ViewContext) -> Screen {
        var screen = Screen(width: width, height: height, fill: Cell(" ", style: Style(background: RGB(0, 0, 0))))
        let style = Style(foreground: theme.secondaryText, background: RGB(0, 0, 0))
        var lines: [(String, Style)] = []
        if state.wallClock > 0 { lines.append((context.clock(state.wallClock), style.bolded())) }
        if state.screen == .player, state.playback.paused, state.currentItem != nil {
            lines.append((truncate("Paused" + (theme.glyphs.isASCII ? " - " : " · ") + state.title, toWidth: max(1, width - 2),
                                   ellipsis: theme.glyphs.ellipsis), style))
        }
        guard !lines.isEmpty else { return screen }
        let block = lines.map { columnWidth(of: $0.0) }.max() ?? 0
        let spareX = max(0, width - 2 - block), spareY = max(0, height - 2 - lines.count)
        let drift = RadioCardDrift.offset(minute: Int((state.wallClock / 60).rounded(.down)), x: 0...spareX, y: 0...spareY)
        for (row, (text, lineStyle)) in lines.enumerated() {
            // Each line centred in the block.
            let x = 1 + drift.x + (block - columnWidth(of: text)) / 2
            screen.put(text, x: x, y: 1 + drift.y + row, style: lineStyle)
        }
        if theme.glyphs.isASCII { screen.limitToConsoleCharacters() }
        return screen
    }
}
