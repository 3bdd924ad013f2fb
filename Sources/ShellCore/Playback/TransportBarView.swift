import MediaModel

/// The transport bar at the bottom: title, scrub bubble, (fine ruler),
/// progress bar with the scrub head, elapsed / remaining or LIVE. On a live
/// channel: the programme on now beside the channel, and (with no buffer
/// to scrub) a line through that programme, its times and what is next.
enum TransportBarView {
    /// Whether the bar is drawn over `state`'s screen.
    static func isShown(_ state: ShellState) -> Bool {
        state.screen != .passcode && (state.chrome.transportVisible || state.scrub != nil || state.playback.paused)
    }

    /// What the bar shows of the playback position on a screen `width`
    /// columns wide; `draw` draws exactly this, so two positions with equal
    /// faces draw the same bar.
    static func face(_ state: ShellState, width: Int) -> TransportFace {
        let barWidth = width - 2 * margin
        let duration = state.playback.duration ?? 0, position = state.playback.position ?? 0
        if state.isLive {
            guard let range = state.seekRange else { return TransportFace(filled: 0, elapsed: "", remaining: "") }
            let span = max(range.upperBound - range.lowerBound, 0.001)
            let filled = Int((min(max((position - range.lowerBound) / span, 0), 1) * Double(barWidth)).rounded())
            return TransportFace(filled: filled, elapsed: behindLabel(state.behindLive ?? 0), remaining: "")
        }
        let filled = duration > 0 ? Int((min(max(position / duration, 0), 1) * Double(barWidth)).rounded()) : 0
        let shown = state.scrub?.target ?? position
        return TransportFace(filled: filled, elapsed: formatTime(shown),
                             remaining: duration > 0 ? "-" + formatTime(max(0, duration - shown)) : "--:--")
    }

    private static let margin = 2

    /// "−2:14 behind live", or "" at the live edge (less than a second behind).
    static func behindLabel(_ behind: Double) -> String {
        behind < 1 ? "" : "−\(formatTime(behind)) behind live"
    }

    /// The column of the scrub head on a screen `width` columns wide (nil:
    /// not scrubbing).
    static func headColumn(_ state: ShellState, width: Int) -> Int? {
        guard let scrub = state.scrub else { return nil }
        let barWidth = width - 2 * margin
        if state.isLive, let range = state.seekRange {
            let span = max(range.upperBound - range.lowerBound, 0.001)
            return margin + Int(((scrub.target - range.lowerBound) / span * Double(barWidth - 1)).rounded())
        }
        let duration = state.playback.duration ?? 0
        return duration > 0 ? margin + Int((scrub.target / duration * Double(barWidth - 1)).rounded()) : margin
    }

    /// The rows the bar takes at the bottom of the screen.
    static func rows(_ state: ShellState) -> Int { state.scrub?.mode == .fine ? 6 : 5 }

    static func draw(into screen: inout Screen, state: ShellState, theme: Theme, context: ViewContext = ViewContext(picture: .terminal)) {
        let rows = rows(state)
        let top = screen.height - rows
        let barWidth = screen.width - 2 * margin
        let base = Style(foreground: theme.text, background: theme.barBackground)
        screen.fill(x: 0, y: top, width: screen.width, height: rows, with: Cell(" ", style: base))

        let p = state.playback
        let live = state.isLive
        let range = state.seekRange
        let timeshift = live && range != nil
        let duration = p.duration ?? 0
        let face = face(state, width: screen.width)
        var row = top

        let icon = p.paused ? theme.glyphs.pause : theme.glyphs.play
        var status = String(icon)
        if let scrub = state.scrub { status = scrub.mode == .fine ? "FINE" : "SCRUB" }
        let statusWidth = columnWidth(of: status)
        screen.put(status, x: screen.width - margin - statusWidth, y: row, style: base.with(foreground: theme.secondaryText))
        var title = state.title
        if let number = state.currentItem?.number { title = "\(number)  \(title)" }
        let (now, next) = live ? (state.currentItem.map { state.shownNowNext($0) } ?? (nil, nil)) : (nil, nil)
        let dot = theme.glyphs.isASCII ? " - " : " · "
        if let now { title += dot + now.title }
        screen.put(truncate(title, toWidth: barWidth - statusWidth - 2, ellipsis: theme.glyphs.ellipsis), x: margin, y: row, style: base.bolded())
        row += 1

        let headColumn = headColumn(state, width: screen.width)
        if let scrub = state.scrub, let headColumn {
            let label = timeshift
                ? "−" + formatTime(max(0, (range?.upperBound ?? 0) - scrub.target), tenths: scrub.mode == .fine)
                : formatTime(scrub.target, tenths: scrub.mode == .fine)
            let width = columnWidth(of: label) + 2
            let x = min(max(margin, headColumn - width / 2), screen.width - margin - width)
            screen.put(" \(label) ", x: x, y: row, style: Style(foreground: theme.selectionText, background: theme.scrubHead, bold: true))
        }
        row += 1

        if let scrub = state.scrub, scrub.mode == .fine {
            drawFineRuler(into: &screen, y: row, x: margin, width: barWidth, target: scrub.target, bounds: range ?? 0...max(0, duration), theme: theme,
                          breaks: p.segments.filter { $0.kind == .commercial })
            row += 1
        }

        if live && !timeshift {
            // How far into the programme on now (the whole line without one).
            var filled = barWidth
            if let now, let stop = now.stop, stop > now.start, state.wallClock > 0 {
                filled = Int((min(max((state.wallClock - now.start) / (stop - now.start), 0), 1) * Double(barWidth)).rounded())
            }
            screen.put(String(repeating: theme.glyphs.fill, count: max(0, filled)), x: margin, y: row, style: base.with(foreground: theme.liveBadge))
            screen.put(String(repeating: theme.glyphs.track, count: max(0, barWidth - filled)), x: margin + filled, y: row,
                       style: base.with(foreground: theme.progressTrack))
        } else if timeshift {
            let filled = face.filled
            screen.put(String(repeating: theme.glyphs.fill, count: filled), x: margin, y: row, style: base.with(foreground: theme.liveBadge))
            screen.put(String(repeating: theme.glyphs.track, count: max(0, barWidth - filled)), x: margin + filled, y: row, style: base.with(foreground: theme.progressTrack))
            if let headColumn {
                screen.put(String(theme.glyphs.head), x: headColumn, y: row, style: base.with(foreground: theme.scrubHead).bolded())
            }
        } else {
            let filled = face.filled
            screen.put(String(repeating: theme.glyphs.fill, count: filled), x: margin, y: row, style: base.with(foreground: theme.progressFill))
            screen.put(String(repeating: theme.glyphs.track, count: max(0, barWidth - filled)), x: margin + filled, y: row, style: base.with(foreground: theme.progressTrack))
            drawBreaks(into: &screen, state: state, y: row, width: barWidth, duration: duration, theme: theme)
            if let headColumn {
                screen.put(String(theme.glyphs.head), x: headColumn, y: row, style: base.with(foreground: theme.scrubHead).bolded())
            }
        }
        row += 1

        if live && !face.elapsed.isEmpty {
            screen.put(face.elapsed, x: margin, y: row, style: base)
            let hint = "l  LIVE"
            screen.put(hint, x: screen.width - margin - columnWidth(of: hint), y: row, style: base.with(foreground: theme.secondaryText))
        } else if live {
            var x = screen.put(" LIVE ", x: margin, y: row, style: Style(foreground: RGB(hex: 0xFFFFFF), background: theme.liveBadge, bold: true))
            if let now, let stop = now.stop {
                let dash = theme.glyphs.isASCII ? "-" : "–"
                x = screen.put("  " + context.clock(now.start) + dash + context.clock(stop), x: x, y: row, style: base)
            }
            if let next {
                let label = "Next " + context.clock(next.start) + "  " + next.title
                let room = screen.width - margin - x - 4
                if room >= 12 {
                    let shown = truncate(label, toWidth: room, ellipsis: theme.glyphs.ellipsis)
                    screen.put(shown, x: screen.width - margin - columnWidth(of: shown), y: row, style: base.with(foreground: theme.secondaryText))
                }
            }
        } else {
            screen.put(face.elapsed, x: margin, y: row, style: base)
            if let active = state.segments.activeBreak {
                var left = "Ad · \(formatTime(max(0, active.end - (p.position ?? active.start)).rounded(.up))) left"
                if let pending = state.segments.pendingTarget { left += " · then \(formatTime(pending))" }
                screen.putCentered(left, y: row, style: base.with(foreground: theme.interstitial).bolded(), x: margin, width: barWidth)
            } else if let pending = state.segments.pendingTarget {
                screen.putCentered("then \(formatTime(pending))", y: row, style: base.with(foreground: theme.secondaryText), x: margin, width: barWidth)
            }
            screen.put(face.remaining, x: screen.width - margin - columnWidth(of: face.remaining), y: row, style: base.with(foreground: theme.secondaryText))
        }
    }

    /// The ad breaks over the progress line, in the theme's interstitial colour.
    static func drawBreaks(into screen: inout Screen, state: ShellState, y: Int, width: Int, duration: Double, theme: Theme) {
        guard duration > 0, width > 1 else { return }
        for segment in state.playback.segments where segment.kind == .commercial {
            let first = Int((segment.start / duration * Double(width - 1)).rounded())
            let last = max(first, Int((segment.end / duration * Double(width - 1)).rounded()) - 1)
            for col in first...min(last, width - 1) {
                screen[margin + col, y] = Cell(theme.glyphs.fill, style: Style(foreground: theme.interstitial, background: theme.barBackground))
            }
        }
    }

    /// A zoomed ruler: a quarter second a column, a tick each second, a major
    /// tick each five, the head fixed in the middle.
    static func drawFineRuler(into screen: inout Screen, y: Int, x: Int, width: Int, target: Double, bounds: ClosedRange<Double>, theme: Theme,
                              breaks: [Segment] = []) {
        let scale = 0.25
        let center = width / 2
        let base = Style(foreground: theme.secondaryText, background: theme.barBackground)
        for col in 0..<width {
            let t = target + Double(col - center) * scale
            let glyph: Character
            if !bounds.contains(t) {
                glyph = " "
            } else {
                let second = (t / scale).rounded() * scale
                let isWhole = abs(second - second.rounded()) < 0.001
                if isWhole && second.rounded().truncatingRemainder(dividingBy: 5) == 0 { glyph = theme.glyphs.rulerMajor }
                else if isWhole { glyph = theme.glyphs.rulerMinor }
                else { glyph = theme.glyphs.rulerBlank }
            }
            let inBreak = breaks.contains { $0.contains(t) }
            screen.put(String(glyph), x: x + col, y: y, style: inBreak ? base.with(foreground: theme.interstitial) : base)
        }
        screen.put(String(theme.glyphs.pointer), x: x + center, y: y, style: Style(foreground: theme.scrubHead, background: theme.barBackground, bold: true))
    }
}

/// The position-dependent part of the transport bar: how many columns of
/// the progress bar are filled and the two time labels.
public struct TransportFace: Equatable, Sendable {
    let filled: Int
    let elapsed: String
    let remaining: String
}
