
/// The guide's preview pane, right of the list: the selected channel's
/// video once its preview plays (muted), else why not (restricted, loading,
/// not live), with the channel and what is on below.
enum PreviewPaneView {
    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext, pane: PictureLayout.Rect) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        screen.fill(x: pane.x, y: pane.y, width: pane.width, height: pane.height, with: Cell(" ", style: base))
        FrameBox.draw(into: &screen, x: pane.x, y: pane.y, width: pane.width, height: pane.height, style: dim, unicode: theme.glyphs != .ascii)
        screen.put(" Preview ", x: pane.x + 2, y: pane.y, style: dim.bolded())
        let video = PictureLayout.previewVideo(in: pane)
        guard state.items.indices.contains(state.navigation.homeSelection) else { return }
        let item = state.items[state.navigation.homeSelection]
        let preview = state.picture.preview?.index == state.navigation.homeSelection ? state.picture.preview : nil
        let card = Style(foreground: theme.text, background: theme.barBackground)
        // A preview that played and then failed shows why, not its last frame.
        if let preview, preview.restricted == nil, preview.playback.phase != .failed,
           preview.playback.phase == .playing || preview.playback.firstFramePresented, context.videoInTerminal {
            screen.place(VideoWindow(.preview, x: video.x, y: video.y, width: video.width, height: video.height))
        } else {
            screen.fill(x: video.x, y: video.y, width: video.width, height: video.height, with: Cell(" ", style: card))
            let message: String
            if let restricted = preview?.restricted {
                message = "Restricted (\(restricted))"
            } else if let withheld = preview?.withheld {
                message = "No preview: " + withheld
            } else if preview?.playback.phase == .failed {
                message = ShellError.unavailableNow
            } else if state.picture.pip?.index == state.navigation.homeSelection {
                message = "Playing in the picture"
            } else if !item.isLive {
                message = "\(state.chrome.keyLabels.key(.select, keyboard: "ENTER") ?? "ENTER") to play"
            } else if state.settings.previewDelay == nil {
                message = "Previews are off"
            } else if preview != nil, !context.videoInTerminal {
                message = "Previewing (sound off)"
            } else {
                message = preview == nil ? "" : "Tuning" + String(theme.glyphs.ellipsis)
            }
            screen.putCentered(message, y: video.y + video.height / 2, style: card.bolded(), x: video.x, width: video.width)
        }
        let width = pane.width - 4
        var y = lines(in: pane).y
        guard y < pane.y + pane.height - 1 else { return }
        let name = [item.number.map(String.init), item.title].compactMap { $0 }.joined(separator: "  ")
        screen.put(truncate(name, toWidth: width, ellipsis: theme.glyphs.ellipsis), x: pane.x + 2, y: y, style: base.bolded())
        y += 1
        if y < pane.y + pane.height - 1, let now = state.shownNowNext(item).now {
            screen.put(truncate(now.title, toWidth: width, ellipsis: theme.glyphs.ellipsis), x: pane.x + 2, y: y, style: dim)
        }
    }

    /// The rows under the video that hold the selection's lines (its name,
    /// what is on), after a blank row, within the pane's frame: kept clear
    /// of the picture in picture whether a line is drawn there or not, so
    /// the picture keeps its size and place as the selection moves.
    static func lines(in pane: PictureLayout.Rect) -> PictureLayout.Rect {
        let video = PictureLayout.previewVideo(in: pane)
        let top = video.y + video.height + 1
        return PictureLayout.Rect(x: pane.x + 1, y: top, width: pane.width - 2, height: max(0, min(2, pane.y + pane.height - 1 - top)))
    }
}
