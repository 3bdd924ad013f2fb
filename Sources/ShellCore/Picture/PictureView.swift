
/// The picture in picture: its video in a window, framed, the title on the
/// top edge, and on the bottom edge a LIVE badge or a progress line with
/// the time, "paused" and "muted" when so. Drawn over whatever screen is
/// up, except the passcode prompt, where the screen's panels leave room
/// (`PictureLayout.placement`); when none is left, a marker on the top
/// row says it plays on behind them.
enum PictureView {
    /// Draws the picture clear of `content`; returns where it went (nil
    /// without a picture).
    @discardableResult
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext, content: PanelContent) -> PictureSpot? {
        guard let pip = state.picture.pip, let item = state.pictureItem else { return nil }
        let (placed, spot) = PictureLayout.placement(columns: screen.width, rows: screen.height, corner: pip.corner, content: content)
        guard let frame = placed else {
            drawMarker(into: &screen, title: item.title, corner: pip.corner, theme: theme)
            return spot
        }
        let unicode = theme.glyphs != .ascii
        let edge = Style(foreground: theme.secondaryText, background: theme.barBackground)
        FrameBox.draw(into: &screen, x: frame.x, y: frame.y, width: frame.width, height: frame.height, style: edge, unicode: unicode)
        let inner = PictureLayout.Rect(x: frame.x + 1, y: frame.y + 1, width: frame.width - 2, height: frame.height - 2)
        let showsVideo = context.videoInTerminal && pip.blocked == nil && (pip.playback.firstFramePresented || pip.playback.phase == .playing)
        if showsVideo {
            screen.place(VideoWindow(.picture, x: inner.x, y: inner.y, width: inner.width, height: inner.height))
        } else {
            let base = Style(foreground: theme.text, background: theme.barBackground)
            screen.fill(x: inner.x, y: inner.y, width: inner.width, height: inner.height, with: Cell(" ", style: base))
            let message: String
            if let blocked = pip.blocked {
                message = "Restricted (\(blocked))"
            } else if !context.videoInTerminal {
                message = context.picture == .window ? "In mpv's window" : "Audio only"
            } else {
                message = pip.playback.phase == .ended ? "Ended" : "Loading" + String(theme.glyphs.ellipsis)
            }
            screen.putCentered(message, y: inner.y + inner.height / 2, style: base, x: inner.x, width: inner.width)
        }
        let title = " " + truncate(item.title, toWidth: max(1, frame.width - 6), ellipsis: theme.glyphs.ellipsis) + " "
        screen.put(title, x: frame.x + 2, y: frame.y, style: edge.with(foreground: theme.text).bolded())
        bottomEdge(into: &screen, state: state, pip: pip, frame: frame, theme: theme, style: edge)
        return spot
    }

    /// No room: "▣ Picture behind: TITLE" on the top row, at the side asked for.
    private static func drawMarker(into screen: inout Screen, title: String, corner: PictureCorner, theme: Theme) {
        let mark = theme.glyphs.isASCII ? "[P]" : "▣"
        let room = max(8, screen.width / 2)
        let text = " " + truncate("\(mark) Picture behind: \(title)", toWidth: room, ellipsis: theme.glyphs.ellipsis) + " "
        let x = corner.isRight ? screen.width - columnWidth(of: text) - 1 : 1
        screen.put(text, x: x, y: 0, style: Style(foreground: theme.text, background: theme.barBackground, bold: true))
    }

    /// LIVE, or the progress line with the elapsed time; then paused / muted.
    private static func bottomEdge(into screen: inout Screen, state: ShellState, pip: PictureInPicture, frame: PictureLayout.Rect,
                                   theme: Theme, style: Style) {
        let y = frame.y + frame.height - 1
        var x = frame.x + 2
        var flags: [String] = []
        if pip.playback.paused { flags.append(theme.glyphs.isASCII ? "paused" : "‖ paused") }
        if pip.muted { flags.append("muted") }
        let tail = flags.isEmpty ? "" : " " + flags.joined(separator: " · ") + " "
        let right = frame.x + frame.width - 2 - columnWidth(of: tail)
        if !tail.isEmpty { screen.put(tail, x: right, y: y, style: style) }
        let live = state.pictureItem?.isLive == true || (pip.playback.phase == .playing && !pip.playback.seekable && pip.playback.duration == nil)
        if live {
            screen.put(" LIVE ", x: x, y: y, style: Style(foreground: RGB(hex: 0xFFFFFF), background: theme.liveBadge, bold: true))
            return
        }
        guard let duration = pip.playback.duration, duration > 0 else { return }
        let elapsed = " " + formatTime(pip.playback.position ?? 0) + " "
        x = screen.put(elapsed, x: x, y: y, style: style.with(foreground: theme.text))
        let width = right - x - 1
        guard width >= 4 else { return }
        let filled = Int((min(max((pip.playback.position ?? 0) / duration, 0), 1) * Double(width)).rounded(.down))
        for i in 0..<width {
            let on = i < filled
            screen[x + i, y] = Cell(on ? theme.glyphs.fill : theme.glyphs.track,
                                    style: style.with(foreground: on ? theme.progressFill : theme.progressTrack))
        }
    }
}
