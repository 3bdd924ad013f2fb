
/// The subtitle on screen now as text, where the picture is character cells
/// (`ViewContext.subtitlesAsText`): each line centred on its own band of
/// the bar's colour at the bottom of the picture, above the transport bar
/// or the hint when they are up; long lines wrapped, three at most (the
/// last ones).
enum SubtitleView {
    static func draw(_ text: String, into screen: inout Screen, state: ShellState, theme: Theme) {
        let width = max(8, screen.width - 8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            .flatMap { line in wrap(String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()), width: width, maxLines: 3,
                                    ellipsis: theme.glyphs.ellipsis) }
            .filter { !$0.isEmpty }
            .suffix(3)
        guard !lines.isEmpty else { return }
        var bottom = screen.height - 2
        if TransportBarView.isShown(state) {
            bottom = screen.height - TransportBarView.rows(state) - 2
        } else if state.chrome.hintVisible && state.chrome.overlay == .none {
            bottom = screen.height - 3
        }
        let style = Style(foreground: theme.text, background: theme.barBackground, bold: true)
        for (index, line) in lines.enumerated() {
            let y = bottom - (lines.count - 1 - index)
            guard y >= 0 else { continue }
            let band = " " + line + " "
            let x = max(0, (screen.width - columnWidth(of: band)) / 2)
            screen.put(band, x: x, y: y, style: style)
        }
    }

    /// While the bar is up (as the viewer chooses them), what says why
    /// subtitles chosen that are pictures (a Blu-ray's PGS, a DVD's or a
    /// DVB broadcast's bitmaps) show nothing here: mpv draws them where
    /// the picture has its pixels, and in character cells their letters
    /// would be a few pixels high. Nil otherwise.
    static func picturesNote(_ state: ShellState) -> String? {
        guard TransportBarView.isShown(state), state.chrome.overlay == .none,
              let track = state.playback.tracks.first(where: { $0.kind == .subtitle && $0.selected && $0.pictures }) else { return nil }
        return "“\(track.label)” subtitles are pictures, too small to read in character cells: they show on the TV (--video tv) and in kitty or sixel terminals"
    }
}
