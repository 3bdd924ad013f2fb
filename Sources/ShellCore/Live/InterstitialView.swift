import MediaModel

/// The channel interstitial: up the instant a flip starts, until the new
/// channel plays or has failed. Number, name, logo (initials), what is on
/// now and next, a spinner, or why it failed. Not interactive.
enum InterstitialView {
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext) {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        let width = min(screen.width - 4, 64)
        let x = (screen.width - width) / 2
        let spin = theme.glyphs.isASCII ? Character(["|", "/", "-", "\\"][state.chrome.spinnerFrame % 4]) : spinner[state.chrome.spinnerFrame % spinner.count]
        if let flip = state.live.flip, state.items.indices.contains(flip.target) {
            screen.fill(x: 0, y: 0, width: screen.width, height: screen.height, with: Cell(" ", style: base))
            if let custom = flip.interstitial {
                drawCustom(custom, into: &screen, state: state, theme: theme, x: x, width: width)
                return
            }
            let item = state.items[flip.target]
            let arrow = flip.direction == .next ? "▶" : "◀"
            let footer: [(String, Style)] = flip.failure.map { failure in
                wrap(URLRedaction.redactingURLs(in: failure), width: width, maxLines: 3, ellipsis: theme.glyphs.ellipsis).map { ($0, base.with(foreground: theme.error)) }
                    + wrap(URLRedaction.redactingURLs(in: Self.plain(flip.failureReason ?? "")), width: width, maxLines: 2, ellipsis: theme.glyphs.ellipsis)
                    .map { ($0, dim) }
            } ?? [("\(spin) Tuning" + String(theme.glyphs.ellipsis), dim)]
            let picture = state.warmFlipTarget != nil && context.videoInTerminal ? livePictureSize(screen: screen, width: width) : nil
            drawCard(item, header: "\(arrow)  \(item.number.map(String.init) ?? "")", footer: footer, picture: picture,
                     into: &screen, state: state, theme: theme, context: context, x: x, width: width)
        } else if let recovery = state.live.recovery, state.items.indices.contains(recovery.index) {
            screen.fill(x: 0, y: 0, width: screen.width, height: screen.height, with: Cell(" ", style: base))
            let item = state.items[recovery.index]
            let health = state.live.streamHealth[recovery.index]
            var detail: [String] = recovery.attempt > 0 ? ["try \(recovery.attempt)"] : []
            if item.streamCount > 1 { detail.append("stream \((health?.stream ?? 0) + 1) of \(item.streamCount)") }
            let footer: [(String, Style)] = [
                ("\(spin) Reconnecting" + String(theme.glyphs.ellipsis) + (detail.isEmpty ? "" : " (\(detail.joined(separator: ", ")))"), base),
            ] + wrap(URLRedaction.redactingURLs(in: Self.plain(recovery.reason)), width: width, maxLines: 2, ellipsis: theme.glyphs.ellipsis).map { ($0, dim) }
            drawCard(item, header: item.number.map(String.init) ?? "", footer: footer,
                     into: &screen, state: state, theme: theme, context: context, x: x, width: width)
        }
    }

    /// Why a channel is being reconnected, as a viewer reads it: tvshell's
    /// own reasons ("the stream stalled") as they are, the player's text
    /// (with a colon) in plain words, or not at all.
    static func plain(_ reason: String) -> String {
        PlainFailure.own(reason) ?? PlainFailure.sentence(reason) ?? ""
    }

    /// The size in cells of a warm target's picture in the card: a 16:9
    /// frame (square pixels, two to a cell) at most 40 columns wide and a
    /// third of the screen high; nil when the screen is too small for one.
    static func livePictureSize(screen: Screen, width: Int) -> (columns: Int, rows: Int)? {
        let rows = min(screen.height / 3, (min(width - 8, 40) * 9 + 16) / 32)
        guard screen.height >= 20, rows >= 4 else { return nil }
        return (rows * 32 / 9, rows)
    }

    /// The channel card: header, a warm target's picture or the logo or
    /// initials, name, group, now / next, then the footer lines (spinner,
    /// failure, reconnecting; a radio's "Audio only").
    /// Returns the row after its last line. `down` moves it down (up when
    /// below 0) from its place.
    @discardableResult
    static func drawCard(
        _ item: MediaItem, header: String, footer: [(String, Style)], picture: (columns: Int, rows: Int)? = nil,
        into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext, x: Int, width: Int, down: Int = 0
    ) -> Int {
        let base = Style(foreground: theme.text, background: theme.background)
        let dim = base.with(foreground: theme.secondaryText)
        var y = cardTop(screen: screen, picture: picture) + down
        screen.putCentered(header, y: y, style: base.with(foreground: theme.accent).bolded(), x: x, width: width)
        y += 2
        if let picture {
            screen.place(VideoWindow(.interstitial, x: x + (width - picture.columns) / 2, y: y, width: picture.columns, height: picture.rows))
            y += picture.rows + 1
        } else if let url = item.logo, let image = state.guide.logos[url], screen.height >= 24 {
            drawLogo(image, key: url, into: &screen, x: x + (width - image.width) / 2, y: y, background: theme.background)
            y += (image.height + 1) / 2 + 1
        } else {
            let logo = initials(item.title)
            let logoStyle = Style(foreground: theme.selectionText, background: theme.accent, bold: true)
            let logoX = x + (width - 8) / 2
            screen.fill(x: logoX, y: y, width: 8, height: 3, with: Cell(" ", style: logoStyle))
            screen.putCentered(logo, y: y + 1, style: logoStyle, x: logoX, width: 8)
            y += 4
        }
        screen.putCentered(item.title, y: y, style: base.bolded(), x: x, width: width)
        y += 1
        if let group = item.group {
            screen.putCentered(group, y: y, style: dim, x: x, width: width)
        }
        y += 2
        // Now and Next centred as one block, so their times stand in one column.
        let (now, next) = state.shownNowNext(item)
        let lines = [("Now", now, base), ("Next", next, dim)].compactMap { label, programme, style in
            programme.map { (truncate(line(label, $0, context), toWidth: width), style) }
        }
        let left = x + max(0, (width - (lines.map { columnWidth(of: $0.0) }.max() ?? 0)) / 2)
        for (text, style) in lines {
            screen.put(text, x: left, y: y, style: style, maxWidth: width - (left - x))
            y += 1
        }
        y += 1
        for (text, style) in footer {
            screen.putCentered(text, y: y, style: style, x: x, width: width)
            y += 1
        }
        return y
    }

    /// The channel card's first row on `screen` (its header's).
    static func cardTop(screen: Screen, picture: (columns: Int, rows: Int)?) -> Int {
        max(1, screen.height / 2 - 6 - (picture.map { ($0.rows - 3) / 2 + 1 } ?? 0))
    }

    /// A logo as upper half-blocks: the top pixel in the foreground, the
    /// bottom one behind; transparent pixels take the background.
    static func drawLogo(_ image: LogoImage, key: String, into screen: inout Screen, x: Int, y: Int, background: RGB) {
        screen.place(image: ImagePlacement(key: key, x: x, y: y, width: image.width, height: (image.height + 1) / 2))
        func color(_ px: Int, _ py: Int) -> RGB {
            guard py < image.height else { return background }
            let (r, g, b, a) = image.pixel(px, py)
            guard a >= 128 else { return background }
            return RGB(r, g, b)
        }
        for row in 0..<((image.height + 1) / 2) {
            for col in 0..<image.width {
                let top = color(col, 2 * row), bottom = color(col, 2 * row + 1)
                screen[x + col, y + row] = Cell("▀", style: Style(foreground: top, background: bottom))
            }
        }
    }

    /// The delegate's interstitial: its title, subtitle and lines, then the
    /// spinner or the failure.
    static func drawCustom(_ custom: ChannelInterstitial, into screen: inout Screen, state: ShellState, theme: Theme, x: Int, width: Int) {
        let base = Style(foreground: theme.text, background: theme.background)
        var y = max(1, screen.height / 2 - 3 - custom.lines.count / 2)
        screen.putCentered(custom.title, y: y, style: base.bolded(), x: x, width: width)
        y += 1
        if let subtitle = custom.subtitle {
            screen.putCentered(subtitle, y: y, style: base.with(foreground: theme.secondaryText), x: x, width: width)
            y += 1
        }
        y += 1
        for line in custom.lines {
            screen.putCentered(line, y: y, style: base, x: x, width: width)
            y += 1
        }
        y += 1
        if let failure = state.live.flip?.failure {
            for text in wrap(URLRedaction.redactingURLs(in: failure), width: width, maxLines: 3, ellipsis: theme.glyphs.ellipsis) {
                screen.putCentered(text, y: y, style: base.with(foreground: theme.error), x: x, width: width)
                y += 1
            }
        } else if custom.showsSpinner {
            screen.putCentered(String(spinner[state.chrome.spinnerFrame % spinner.count]), y: y, style: base.with(foreground: theme.secondaryText), x: x, width: width)
        }
    }

    /// "Now   20:00–20:30  Title": the labels padded alike, so the times of
    /// Now and Next lines stand in one column.
    static func line(_ label: String, _ p: Programme, _ context: ViewContext) -> String {
        let stop = p.stop.map { "–" + context.clock($0) } ?? ""
        let label = label + String(repeating: " ", count: max(0, 4 - label.count))
        var text = "\(label)  \(context.clock(p.start))\(stop)  \(p.title)"
        if let rating = p.ratings.first { text += "  [\(rating.value)]" }
        return text
    }

    /// Up to three initials of a channel name ("Late Night Bars" → "LNB").
    static func initials(_ name: String) -> String {
        let words = name.split { !$0.isLetter && !$0.isNumber }
        let letters = words.prefix(3).compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? "TV" : letters.joined()
    }
}
