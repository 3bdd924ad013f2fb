/// A thin frame around a window, in the theme's glyphs.
enum FrameBox {
    static func draw(into screen: inout Screen, x: Int, y: Int, width: Int, height: Int, style: Style, unicode: Bool) {
        let (h, v, tl, tr, bl, br): (Character, Character, Character, Character, Character, Character) =
            unicode ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
        for col in (x + 1)..<(x + width - 1) {
            screen[col, y] = Cell(h, style: style)
            screen[col, y + height - 1] = Cell(h, style: style)
        }
        for row in (y + 1)..<(y + height - 1) {
            screen[x, row] = Cell(v, style: style)
            screen[x + width - 1, row] = Cell(v, style: style)
        }
        screen[x, y] = Cell(tl, style: style)
        screen[x + width - 1, y] = Cell(tr, style: style)
        screen[x, y + height - 1] = Cell(bl, style: style)
        screen[x + width - 1, y + height - 1] = Cell(br, style: style)
    }
}
