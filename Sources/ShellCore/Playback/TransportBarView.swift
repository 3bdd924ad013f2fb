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

    /// What the bar shows of the playback position, the duration and the
    /// live buffer on a screen `width` columns wide; `draw` draws these from
    /// exactly this, so two states with equal faces (and equal otherwise)
    /// draw the same bar.
    static func face(_ state: ShellState, width: Int) -> TransportFace {
        let barWidth = width - 2 * margin
        let duration = state.playback.duration ?? 0, position = state.playback.position ?? 0
        let range = state.seekRange
        var face: TransportFace
        if state.isLive {
            if let range {
                let span = max(range.upperBound - range.lowerBound, 0.001)
                let filled = Int((min(max((position - range.lowerBound) / span, 0), 1) * Double(barWidth)).rounded())
                face = TransportFace(filled: filled, elapsed: behindLabel(state.behindLive ?? 0), remaining: "")
                face.timeshift = true
            } else {
                face = TransportFace(filled: 0, elapsed: "", remaining: "")
            }
        } else {
            let filled = duration > 0 ? Int((min(max(position / duration, 0), 1) * Double(barWidth)).rounded()) : 0
            let shown = state.scrub?.target ?? position
            face = TransportFace(filled: filled, elapsed: formatTime(shown),
                                 remaining: duration > 0 ? "-" + formatTime(max(0, duration - shown)) : "--:--")
            face.breaks = breakColumns(state.playback.segments, duration: duration, width: barWidth)
            if let active = state.segments.activeBreak {
                face.breakLeft = formatTime(max(0, active.end - (state.playback.position ?? active.start)).rounded(.up))
            }
        }
        if let scrub = state.scrub {
            face.head = headColumn(state, width: width)
            face.headLabel = face.timeshift
                ? "−" + formatTime(max(0, (range?.upperBound ?? 0) - scrub.target), tenths: scrub.mode == .fine)
                : formatTime(scrub.target, tenths: scrub.mode == .fine)
            if scrub.mode == .fine {
                face.ruler = rulerColumns(target: scrub.target, bounds: range ?? 0...max(0, duration), width: barWidth,
                                          breaks: state.playback.segments.filter { $0.kind == .commercial })
            }
        }
        return face
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
        let face = face(state, width: screen.width)
        let timeshift = face.timeshift
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

        let headColumn = face.head
        if let headColumn {
            let width = columnWidth(of: face.headLabel) + 2
            let x = min(max(margin, headColumn - width / 2), screen.width - margin - width)
            screen.put(" \(face.headLabel) ", x: x, y: row, style: Style(foreground: theme.selectionText, background: theme.scrubHead, bold: true))
        }
        row += 1

        if let scrub = state.scrub, let ruler = face.ruler {
            drawFineRuler(into: &screen, y: row, x: margin, target: scrub.target, columns: ruler, theme: theme)
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
            for columns in face.breaks {
                for col in columns {
                    screen[margin + col, row] = Cell(theme.glyphs.fill, style: Style(foreground: theme.interstitial, background: theme.barBackground))
                }
            }
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
            if let breakLeft = face.breakLeft {
                var left = "Ad · \(breakLeft) left"
                if let pending = state.segments.pendingTarget { left += " · then \(formatTime(pending))" }
                screen.putCentered(left, y: row, style: base.with(foreground: theme.interstitial).bolded(), x: margin, width: barWidth)
            } else if let pending = state.segments.pendingTarget {
                screen.putCentered("then \(formatTime(pending))", y: row, style: base.with(foreground: theme.secondaryText), x: margin, width: barWidth)
            }
            screen.put(face.remaining, x: screen.width - margin - columnWidth(of: face.remaining), y: row, style: base.with(foreground: theme.secondaryText))
        }
    }

    /// The columns of a progress line `width` columns wide the ad breaks
    /// of `segments` mark.
    static func breakColumns(_ segments: [Segment], duration: Double, width: Int) -> [ClosedRange<Int>] {
        guard duration > 0, width > 1 else { return [] }
        return segments.filter { $0.kind == .commercial }.compactMap { segment in
            let first = Int((segment.start / duration * Double(width - 1)).rounded())
            let last = min(max(first, Int((segment.end / duration * Double(width - 1)).rounded()) - 1), width - 1)
            return first <= last ? first...last : nil
        }
    }

    /// Seconds a column of the fine ruler covers.
    static let rulerScale = 0.25

    /// The fine ruler's columns on a line `width` columns wide, the head
    /// fixed in the middle at `target`: those inside `bounds` (the others
    /// are blank) and those in one of `breaks`.
    static func rulerColumns(target: Double, bounds: ClosedRange<Double>, width: Int, breaks: [Segment]) -> TransportFace.Ruler {
        var ruler = TransportFace.Ruler(inside: nil, inBreak: [])
        for col in 0..<max(0, width) {
            let t = target + Double(col - width / 2) * rulerScale
            if bounds.contains(t) { ruler.inside = (ruler.inside?.lowerBound ?? col)...col }
            if breaks.contains(where: { $0.contains(t) }) { ruler.inBreak.append(col) }
        }
        return ruler
    }

    /// A zoomed ruler (`rulerColumns`): a tick each second, a major tick
    /// each five, the head fixed in the middle.
    static func drawFineRuler(into screen: inout Screen, y: Int, x: Int, target: Double, columns ruler: TransportFace.Ruler, theme: Theme) {
        let width = screen.width - 2 * x
        let center = width / 2
        let base = Style(foreground: theme.secondaryText, background: theme.barBackground)
        for col in 0..<max(0, width) {
            let t = target + Double(col - center) * rulerScale
            let glyph: Character
            if ruler.inside?.contains(col) != true {
                glyph = " "
            } else {
                let second = (t / rulerScale).rounded() * rulerScale
                let isWhole = abs(second - second.rounded()) < 0.001
                if isWhole && second.rounded().truncatingRemainder(dividingBy: 5) == 0 { glyph = theme.glyphs.rulerMajor }
                else if isWhole { glyph = theme.glyphs.rulerMinor }
                else { glyph = theme.glyphs.rulerBlank }
            }
            screen.put(String(glyph), x: x + col, y: y, style: ruler.inBreak.contains(col) ? base.with(foreground: theme.interstitial) : base)
        }
        screen.put(String(theme.glyphs.pointer), x: x + center, y: y, style: Style(foreground: theme.scrubHead, background: theme.barBackground, bold: true))
    }
}

/// The part of the transport bar the playback position, the duration and
/// the live buffer make: how many columns of the progress bar are filled,
/// the time labels, the scrub head, the ad breaks' marks and the fine ruler.
public struct TransportFace: Equatable, Sendable {
    let filled: Int
    let elapsed: String
    let remaining: String
    /// The bar is over a live channel's timeshift buffer.
    var timeshift = false
    /// The scrub head's column and the label of its bubble (nil: not scrubbing).
    var head: Int?
    var headLabel = ""
    /// The progress line's columns each ad break marks (VOD).
    var breaks: [ClosedRange<Int>] = []
    /// The time left of the ad break playing ("0:12"); nil outside one.
    var breakLeft: String?
    /// The fine ruler (fine scrubbing only).
    var ruler: Ruler?

    /// The fine ruler's columns that are inside what may be sought, and
    /// those in an ad break.
    struct Ruler: Equatable, Sendable {
        var inside: ClosedRange<Int>?
        var inBreak: [Int]
    }
}
