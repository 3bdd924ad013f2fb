/// Multiview on the player screen: each view's picture in its window with
/// its channel's number, name and programme on the row above; the focused
/// view's row in the selection colours; a restricted view says so, and one
/// that could not open says why.
enum MultiviewView {
    /// Each view's rectangle (its label row, then its picture) on a screen
    /// of `width` × `height` cells, in the layout, the bottom two rows left
    /// for the picker row and the hint.
    static func cells(_ layout: MultiviewState.Layout, count: Int, width: Int, height: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
        let usable = max(2, height - 2)
        switch layout {
        case .grid:
            let w = width / 2, h = usable / 2
            return (0..<count).map { ($0 % 2 * w, $0 / 2 * h, $0 % 2 == 0 ? w : width - w, $0 / 2 == 0 ? h : usable - h) }
        case .onePlusThree:
            let big = width * 2 / 3, small = usable / 3
            return (0..<count).map { view in
                view == 0 ? (0, 0, big, usable) : (big, (view - 1) * small, width - big, view == 3 ? usable - 2 * small : small)
            }
        }
    }

    static func draw(into screen: inout Screen, state: ShellState, multiview: MultiviewState, theme: Theme, context: ViewContext) {
        let base = Style(foreground: theme.text, background: theme.background)
        screen.fill(x: 0, y: 0, width: screen.width, height: screen.height, with: Cell(" ", style: base))
        let rectangles = cells(multiview.layout, count: multiview.views.count, width: screen.width, height: screen.height)
        let dot = theme.glyphs.isASCII ? " - " : " · "
        for (view, entry) in multiview.views.enumerated() {
            let r = rectangles[view]
            guard r.width >= 4, r.height >= 2 else { continue }
            let item = state.items[entry.index]
            var label = (item.number.map { "\($0)  " } ?? "") + item.title
            if let now = state.shownNowNext(item, alsoGranted: entry.restricted == nil ? entry.grant : nil).now { label += dot + now.title }
            let focused = view == multiview.focus
            let labelStyle = focused ? Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
                : Style(foreground: theme.text, background: theme.barBackground)
            screen.fill(x: r.x, y: r.y, width: r.width, height: 1, with: Cell(" ", style: labelStyle))
            screen.put(" " + truncate(label, toWidth: r.width - 2, ellipsis: theme.glyphs.ellipsis), x: r.x, y: r.y, style: labelStyle)
            let picture = (x: r.x, y: r.y + 1, width: r.width, height: r.height - 1)
            let shows = context.videoInTerminal && entry.opened && entry.playback.phase != .failed
                && (entry.playback.firstFramePresented || entry.playback.phase == .playing)
            if shows {
                screen.place(VideoWindow([VideoInset.view0, .view1, .view2, .view3][view], x: picture.x, y: picture.y, width: picture.width, height: picture.height))
                continue
            }
            let message: String
            if let rating = entry.restricted {
                message = "Restricted (\(rating))"
            } else if let why = entry.blocked {
                message = "Not opened: \(why)"
            } else if entry.playback.phase == .failed {
                message = ShellError.unavailableNow
            } else if !context.videoInTerminal {
                message = context.picture == .window ? "In mpv's window" : "Audio only"
            } else {
                message = "Loading" + String(theme.glyphs.ellipsis)
            }
            let style = Style(foreground: theme.secondaryText, background: theme.background)
            screen.putCentered(truncate(message, toWidth: picture.width - 2, ellipsis: theme.glyphs.ellipsis), y: picture.y + picture.height / 2,
                               style: style, x: picture.x, width: picture.width)
        }
        drawPicker(into: &screen, state: state, multiview: multiview, theme: theme, y: screen.height - 2)
        let enter = multiview.views[multiview.focus].restricted == nil ? "full screen" : "passcode"
        let ascii = theme.glyphs.isASCII
        let items: [KeyLabels.Item] = multiview.choosing
            ? [.init(nil, ascii ? "LEFT/RIGHT" : "←→", multiview.onLayout ? "channels" : "channel"),
               .init(.select, "ENTER", multiview.onLayout ? "next layout" : "show it"), .init(nil, ascii ? "UP" : "↑", "the views")]
            : ascii ? [.init(nil, "arrows", "sound"), .init(.select, "ENTER", enter), .init(.movePicture, "m", "layout"),
                       .init(.swapPicture, "x", "put the channel below here"), .init(.menu, "ESC", "back")]
            : [.init(nil, "←↑↓→", "sound"), .init(.select, "ENTER", enter), .init(.movePicture, "m", "layout"), .init(nil, "↓", "channels, layout"),
               .init(.swapPicture, "x", "put it here"), .init(.menu, "ESC", "back")]
        let hint = " " + state.chrome.keyLabels.hint(items, separator: ascii ? " - " : " · ", between: ascii ? ": " : " ") + " "
        screen.putCentered(hint, y: screen.height - 1, style: Style(foreground: theme.secondaryText, background: theme.background))
    }

    /// The picker row: its layout button (naming the layout on screen),
    /// then the live channels from the highlighted one (from the first while
    /// the layout button is highlighted), which `x` (or ENTER in the row)
    /// puts on screen.
    static func drawPicker(into screen: inout Screen, state: ShellState, multiview: MultiviewState, theme: Theme, y: Int) {
        guard y >= 0 else { return }
        let ring = state.channelRing.filter { state.items[$0].isLive }
        guard let chosen = ring.firstIndex(of: multiview.choice) ?? ring.indices.first else { return }
        let at = multiview.onLayout ? 0 : chosen
        let bar = Style(foreground: theme.secondaryText, background: theme.barBackground)
        let highlight = Style(foreground: theme.selectionText, background: theme.selectionBackground, bold: true)
        screen.fill(x: 0, y: y, width: screen.width, height: 1, with: Cell(" ", style: bar))
        let shown = Set(multiview.views.map(\.index))
        let layout = theme.glyphs.isASCII ? (multiview.layout == .grid ? "2x2" : "1+3") : (multiview.layout == .grid ? "2×2" : "1+3")
        var x = screen.put(" Layout \(layout) ", x: 1, y: y, style: multiview.choosing && multiview.onLayout ? highlight : bar.with(foreground: theme.text)) + 1
        for offset in 0..<ring.count {
            let index = ring[(at + offset) % ring.count]
            let item = state.items[index]
            let label = " " + (item.number.map { "\($0) " } ?? "") + truncate(item.title, toWidth: 18, ellipsis: theme.glyphs.ellipsis) + " "
            guard x + columnWidth(of: label) < screen.width else { break }
            let style: Style
            if offset == 0 && !multiview.onLayout {
                style = multiview.choosing ? highlight : Style(foreground: theme.text, background: theme.barBackground, bold: true)
            } else {
                style = shown.contains(index) ? bar.with(foreground: theme.text) : bar
            }
            x = screen.put(label, x: x, y: y, style: style) + 1
        }
    }
}
