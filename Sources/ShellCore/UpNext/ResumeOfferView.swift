
/// "Resume from 1:12:40" (focused first) and "Play from the beginning",
/// under the title, before anything of the film is loaded.
enum ResumeOfferView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme) {
        guard let offer = state.upNext.resumeOffer else { return }
        let base = Style(foreground: theme.text, background: theme.background)
        let focused = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        let middle = screen.height / 2
        let resume = " \(theme.glyphs.play) Resume from \(formatTime(offer.position)) "
        let beginning = " Play from the beginning "
        screen.fill(x: 0, y: middle, width: screen.width, height: 3, with: Cell(" ", style: base))
        screen.putCentered(resume, y: middle, style: offer.focus == 0 ? focused : base)
        screen.putCentered(beginning, y: middle + 2, style: offer.focus == 1 ? focused : base)
    }
}
