import ShellCore

/// A `Screen` as ASS events for mpv's OSD (`osd-overlay`, `format=ass-events`):
/// the TV output draws the shell's screens on mpv's own full-screen picture
/// from the same `render(state, theme, size)` the terminal shows. Each row's
/// runs of one background are filled boxes (ASS vector drawings), each run of
/// one text style is a positioned line in a monospaced font; video cells
/// (the picture's holes) are left clear, so the picture shows through.
/// Cells without a background of their own are black, as a terminal's are.
/// A screen with no full-screen picture (home, the guide, the passcode
/// prompt) is filled to the output's edges with its own background (that
/// of most cells along its border; black without one): nothing of a
/// picture paused under it (behind live, under the prompt) shows in the
/// safe area's margins, and no dark frame rings a light theme.
/// Pure; any thread.
public struct ASSFrame: Equatable, Sendable {
    /// The OSD's size in pixels (`res_x`, `res_y`).
    public var width: Int
    public var height: Int
    /// The grid's place on it: inside the safe area, cell by cell.
    public var left: Double
    public var top: Double
    public var cellWidth: Double
    public var cellHeight: Double
    /// The events, one a line.
    public var events: String

    /// The cell grid for an output of `width`×`height` pixels: `columns`
    /// across the safe area (all but `safeArea` of each edge, for a TV's
    /// overscan), as many rows as fit cells twice as tall as wide, less a
    /// little for line spacing.
    public static func grid(width: Int, height: Int, columns: Int = 60, safeArea: Double = 0.05) -> (columns: Int, rows: Int) {
        let usableWidth = Double(width) * (1 - 2 * safeArea)
        let usableHeight = Double(height) * (1 - 2 * safeArea)
        let cellWidth = usableWidth / Double(max(1, columns))
        return (max(1, columns), max(1, Int(usableHeight / (cellWidth * 1.8))))
    }

    /// The events drawing `screen` on an OSD of `width`×`height`, the grid
    /// centred in the safe area.
    public init(_ screen: Screen, width: Int, height: Int, safeArea: Double = 0.05, font: String = "DejaVu Sans Mono") {
        self.width = width
        self.height = height
        let usableWidth = Double(width) * (1 - 2 * safeArea)
        let usableHeight = Double(height) * (1 - 2 * safeArea)
        cellWidth = (usableWidth / Double(max(1, screen.width))).rounded(.down)
        cellHeight = (usableHeight / Double(max(1, screen.height))).rounded(.down)
        left = ((Double(width) - cellWidth * Double(screen.width)) / 2).rounded(.down)
        top = ((Double(height) - cellHeight * Double(screen.height)) / 2).rounded(.down)
        var lines: [String] = []
        if !screen.cells.contains(where: { $0.isVideo && $0.inset == nil }) {
            lines += Self.margins(width: Double(width), height: Double(height), left: left, top: top,
                                  right: left + cellWidth * Double(screen.width), bottom: top + cellHeight * Double(screen.height),
                                  colour: Self.borderBackground(screen))
        }
        let under = Self.underImages(screen)
        lines += Self.boxes(screen, under: under, left: left, top: top, cellWidth: cellWidth, cellHeight: cellHeight)
        lines += Self.texts(screen, under: under, left: left, top: top, cellWidth: cellWidth, cellHeight: cellHeight, font: font)
        events = lines.joined(separator: "\n")
    }

    /// What a cell's style draws: text colour, background (nil: clear), weight.
    static func colours(_ cell: Cell) -> (foreground: RGB, background: RGB?, bold: Bool, dim: Bool) {
        var foreground = cell.style.foreground ?? RGB(0xE8, 0xE8, 0xE8)
        var background: RGB? = cell.isVideo || cell.inset != nil ? nil : (cell.style.background ?? RGB(0, 0, 0))
        if cell.style.reverse {
            let swapped = background ?? RGB(0, 0, 0)
            background = foreground
            foreground = swapped
        }
        return (foreground, background, cell.style.bold, cell.style.dim)
    }

    /// The cells under placed images (`Screen.images`), each with the
    /// background the panel has there: that of the cell left of the image
    /// on its row (nil: clear, over the picture). The image itself is laid
    /// on as a bitmap; its drawing in cells is not drawn.
    static func underImages(_ screen: Screen) -> [Int: RGB?] {
        var under: [Int: RGB?] = [:]
        for image in screen.images {
            for row in image.y..<(image.y + image.height) {
                let panel: RGB? = image.x > 0 && under[row * screen.width + image.x - 1] == nil
                    ? colours(screen[image.x - 1, row]).background : nil
                for column in image.x..<(image.x + image.width) { under[row * screen.width + column] = panel }
            }
        }
        return under
    }

    /// ASS's colour: `&HBBGGRR&`.
    static func colour(_ rgb: RGB) -> String {
        func hex(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "&H" + hex(rgb.b) + hex(rgb.g) + hex(rgb.r) + "&"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// Rectangles of `colour` around the grid (`left`…`right`,
    /// `top`…`bottom`) out to the output's edges; none where the grid
    /// reaches them.
    static func margins(width: Double, height: Double, left: Double, top: Double, right: Double, bottom: Double, colour: RGB) -> [String] {
        let bands = [(0, 0, width, top), (0, bottom, width, height), (0, top, left, bottom), (right, top, width, bottom)]
        return bands.filter { $0.2 > $0.0 && $0.3 > $0.1 }.map { rectangle(x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3, colour: colour) }
    }

    /// The background most cells along `screen`'s border have (the theme's,
    /// as a rule: a panel or a hint line at one edge does not decide);
    /// black when none has one (video cells, images).
    static func borderBackground(_ screen: Screen) -> RGB {
        guard screen.width > 0, screen.height > 0 else { return RGB(0, 0, 0) }
        var counts: [RGB: Int] = [:]
        let border = (0..<screen.width).flatMap { [($0, 0), ($0, screen.height - 1)] }
            + (0..<screen.height).flatMap { [(0, $0), (screen.width - 1, $0)] }
        for (x, y) in border {
            if let background = colours(screen[x, y]).background { counts[background, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || $0.value == $1.value && colour($0.key) > colour($1.key) }?.key ?? RGB(0, 0, 0)
    }

    /// A filled rectangle in pixels, as an ASS vector drawing.
    static func rectangle(x0: Double, y0: Double, x1: Double, y1: Double, colour fill: RGB) -> String {
        "{\\an7\\pos(0,0)\\bord0\\shad0\\1c\(colour(fill))\\p1}m \(number(x0)) \(number(y0)) l \(number(x1)) \(number(y0)) l \(number(x1)) \(number(y1)) l \(number(x0)) \(number(y1)){\\p0}"
    }

    /// Each row's runs of one background, as filled rectangles; a run with
    /// the same run under it grows down into one rectangle (the transport
    /// bar's panel is one box, not one a row: fewer bitmaps for libass and
    /// mpv to blend).
    static func boxes(_ screen: Screen, under: [Int: RGB?], left: Double, top: Double, cellWidth: Double, cellHeight: Double) -> [String] {
        func background(_ x: Int, _ y: Int) -> RGB? {
            if let panel = under[y * screen.width + x] { return panel }
            return colours(screen[x, y]).background
        }
        struct Box { var x0: Int, x1: Int, y0: Int, y1: Int, colour: RGB }
        var done: [Box] = []
        var open: [Box] = []
        for y in 0..<screen.height {
            var row: [Box] = []
            var x = 0
            while x < screen.width {
                guard let colour = background(x, y) else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < screen.width, background(end, y) == colour { end += 1 }
                row.append(Box(x0: x, x1: end, y0: y, y1: y + 1, colour: colour))
                x = end
            }
            var next: [Box] = []
            for var box in row {
                if let index = open.firstIndex(where: { $0.x0 == box.x0 && $0.x1 == box.x1 && $0.colour == box.colour }) {
                    box.y0 = open[index].y0
                    open.remove(at: index)
                }
                next.append(box)
            }
            done += open
            open = next
        }
        done += open
        return done.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }.map { box in
            let x0 = left + Double(box.x0) * cellWidth, x1 = left + Double(box.x1) * cellWidth
            let y0 = top + Double(box.y0) * cellHeight, y1 = top + Double(box.y1) * cellHeight
            return rectangle(x0: x0, y0: y0, x1: x1, y1: y1, colour: box.colour)
        }
    }

    /// Each row's runs of one text style (spaces kept as hard spaces so the
    /// run keeps its cells), positioned at their first cell. Text laid over
    /// the picture (`Cell.isOverPicture`) is outlined in black so it reads
    /// on any picture, and its runs of line glyphs (the progress bar's ━ and
    /// ─) become thin rectangles: no panel, so little for mpv to blend.
    /// A glyph's advance in DejaVu Sans Mono as a share of the ASS font
    /// size: libass (as VSFilter) sizes a font by its ascent plus descent
    /// (1901 + 483 units), not by its em (2048), and the advance is 1233
    /// units. Runs are stretched by `\fscx` to exactly a cell a character,
    /// or a long run would end short of its cells and a frame's right edge
    /// would not line up from row to row.
    static let advancePerSize = 1233.0 / (1901.0 + 483.0)

    static func texts(_ screen: Screen, under: [Int: RGB?], left: Double, top: Double, cellWidth: Double, cellHeight: Double, font: String) -> [String] {
        let fontSize = (cellWidth / 0.6).rounded(.down)
        let size = number(fontSize)
        let stretch = number((cellWidth / (advancePerSize * fontSize) * 10000).rounded() / 100)
        let outline = number(max(1, (cellWidth / 10).rounded()))
        var lines: [String] = []
        for y in 0..<screen.height {
            var x = 0
            while x < screen.width {
                let cell = screen[x, y]
                let over = cell.isOverPicture
                if cell.character == " " || cell.isContinuation || (cell.isVideo && !over) || under.keys.contains(y * screen.width + x) {
                    x += 1
                    continue
                }
                let style = colours(cell)
                var text = ""
                var characters = ""
                var end = x
                var trailing = ""
                while end < screen.width {
                    let next = screen[end, y]
                    if next.inset != nil || (next.isVideo != over) || under.keys.contains(y * screen.width + end) { break }
                    if next.isContinuation { end += 1; continue }
                    if next.character == " " {
                        trailing += "\\h"
                        end += 1
                        continue
                    }
                    let nextStyle = colours(next)
                    guard nextStyle.foreground == style.foreground, nextStyle.bold == style.bold, nextStyle.dim == style.dim else { break }
                    // A wide character (CJK, emoji) is a line of its own at
                    // its cells: its font's advance is not two cells, so
                    // the text after it in the same line would drift.
                    let wide = columnWidth(of: next.character) == 2
                    if wide && end > x { break }
                    text += trailing + escape(next.character)
                    characters.append(next.character)
                    trailing = ""
                    end += 1
                    if wide { break }
                }
                let alpha = style.dim ? "\\1a&H60&" : ""
                let x0 = left + Double(x) * cellWidth, y0 = top + Double(y) * cellHeight
                if over, let thickness = lineThickness(characters, cellHeight: cellHeight) {
                    let x1 = x0 + Double(characters.count) * cellWidth
                    let top = (y0 + (cellHeight - thickness) / 2).rounded(), bottom = top + thickness
                    lines.append("{\\an7\\pos(0,0)\\bord1\\shad0\\3c&H000000&\\1c\(colour(style.foreground))\(alpha)\\p1}"
                                 + "m \(number(x0)) \(number(top)) l \(number(x1)) \(number(top)) l \(number(x1)) \(number(bottom)) l \(number(x0)) \(number(bottom)){\\p0}")
                } else {
                    let border = over ? "\\bord\(outline)\\3c&H000000&" : "\\bord0"
                    lines.append("{\\an7\\pos(\(number(x0)),\(number(y0)))\\fn\(font)\\fs\(size)\\fscx\(stretch)\(border)\\shad0\\q2\\1c\(colour(style.foreground))\(alpha)\(style.bold ? "\\b1" : "")}\(text)")
                }
                x = end
            }
        }
        return lines
    }

    /// How thick a run of only horizontal line glyphs is drawn (nil: it is
    /// text): a heavy line a fifth of the cell, a light one a twelfth.
    static func lineThickness(_ characters: String, cellHeight: Double) -> Double? {
        guard let first = characters.first, characters.allSatisfy({ $0 == first }) else { return nil }
        switch first {
        case "━": return max(2, (cellHeight / 5).rounded())
        case "─": return max(2, (cellHeight / 12).rounded())
        default: return nil
        }
    }

    /// A character as ASS text: its override braces and backslashes made
    /// literal, as mpv's own OSD does.
    static func escape(_ character: Character) -> String {
        switch character {
        case "\\": "\\\u{2060}"
        case "{": "\\{"
        case "}": "\\}"
        default: String(character)
        }
    }
}
