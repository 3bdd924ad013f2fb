
/// The Up Next card, bottom right: "Up Next", the next title, the
/// countdown, and Play Now / Cancel (the focused one highlighted); with the
/// proposal's preview image at its left once the `.preview` player shows it.
enum UpNextView {
    /// The image's place on the card, in cells (16:9 with 1:2 cells).
    static let imageSize = (width: 16, height: 4)
    /// The card's text part: 40 cells, and at least 34 beside the image
    /// (the TV's grid is 60 cells wide).
    static let textWidth = (most: 40, least: 34)

    /// The card's first line: "Up Next", or "Still watching? Up Next" when
    /// the card waits for a key (`UpNextState.stillWatching`).
    static func heading(_ state: ShellState) -> String {
        state.upNext.card?.stillWatching == true ? "Still watching? Up Next" : "Up Next"
    }

    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        guard let card = state.upNext.card, card.phase == .presented else { return }
        let base = Style(foreground: theme.text, background: theme.barBackground)
        let focused = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        let image = state.upNext.proposalImage
        let showsImage = context.videoInTerminal && (image?.phase == .playing || image?.firstFramePresented == true)
            && screen.width >= textWidth.least + imageSize.width + 6
        let imageWidth = showsImage ? imageSize.width + 2 : 0
        let width = min(screen.width - 4, textWidth.most + imageWidth), height = 6
        let x = screen.width - width - 2, y = max(1, screen.height - height - 6)
        screen.fill(x: x, y: y, width: width, height: height, with: Cell(" ", style: base))
        if showsImage {
            screen.place(VideoWindow(.preview, x: x + 2, y: y + 1, width: imageSize.width, height: imageSize.height))
        }
        let left = x + imageWidth
        let textWidth = width - imageWidth
        screen.put(heading(state), x: left + 2, y: y + 1, style: card.stillWatching ? base.bolded() : base.with(foreground: theme.secondaryText))
        if card.automatic {
            let count = "in \(card.secondsLeft) s"
            screen.put(count, x: x + width - 2 - columnWidth(of: count), y: y + 1, style: base.with(foreground: theme.accent).bolded())
        }
        screen.put(truncate(card.proposal.title, toWidth: textWidth - 4, ellipsis: theme.glyphs.ellipsis), x: left + 2, y: y + 2, style: base.bolded())
        let play = " \(theme.glyphs.play) Play Now ", cancel = " Cancel "
        let next = screen.put(play, x: left + 2, y: y + 4, style: card.focus == 0 ? focused : base)
        screen.put(cancel, x: next + 2, y: y + 4, style: card.focus == 1 ? focused : base)
    }
}
