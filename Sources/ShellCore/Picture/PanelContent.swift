
/// The cells of a screen the picture in picture must not hide: a panel's
/// content (the guide's details and preview, the info panel, the transport
/// bar, a card), the focused row; and those it should not hide where it can
/// go elsewhere (a list's other rows: `avoid`). Built by `ShellView` as the
/// screen below the picture is drawn; read by `PictureLayout.placement`.
/// Pure value.
public struct PanelContent: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Made at the first cell kept (most frames keep none: no picture).
    private var kept: [Bool] = []
    /// Made at the first cell avoided.
    private var avoided: [Bool] = []

    /// Whether some cell is avoided (not only kept).
    public var avoids: Bool { !avoided.isEmpty }

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    private mutating func mark(_ index: Int) {
        if kept.isEmpty { kept = Array(repeating: false, count: columns * rows) }
        kept[index] = true
    }

    /// Keeps `rect` clear (clipped to the screen).
    public mutating func keep(_ rect: PictureLayout.Rect) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(columns, rect.x + rect.width), y1 = min(rows, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { for x in x0..<x1 { mark(y * columns + x) } }
    }

    /// Keeps row `row` clear from column `x` for `width` cells (the whole row by default).
    public mutating func keep(row: Int, x: Int = 0, width: Int? = nil) {
        keep(PictureLayout.Rect(x: x, y: row, width: width ?? columns - x, height: 1))
    }

    /// Keeps clear every cell of `screen` in `rect` that shows something:
    /// text, or a background other than `background` — not the full-screen
    /// video, which is what the picture may cover.
    public mutating func keepDrawn(_ screen: Screen, in rect: PictureLayout.Rect, background: RGB) {
        forEachDrawn(screen, in: rect, background: background) { mark($0) }
    }

    /// Avoids every cell of `screen` in `rect` that shows something (as
    /// `keepDrawn` sees it): the picture goes where it hides none of them
    /// when some place (at some size) allows, else as if they were not.
    public mutating func avoidDrawn(_ screen: Screen, in rect: PictureLayout.Rect, background: RGB) {
        forEachDrawn(screen, in: rect, background: background) { index in
            if avoided.isEmpty { avoided = Array(repeating: false, count: columns * rows) }
            avoided[index] = true
        }
    }

    private func forEachDrawn(_ screen: Screen, in rect: PictureLayout.Rect, background: RGB, _ body: (Int) -> Void) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(columns, screen.width, rect.x + rect.width), y1 = min(rows, screen.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let cell = screen[x, y]
                if cell.isVideo && cell.inset == nil && cell.character == " " { continue }
                if cell.character != " " || (cell.style.background ?? background) != background { body(y * columns + x) }
            }
        }
    }

    /// Whether no cell of `rect` is kept, nor, `avoiding`, avoided (a
    /// rectangle off the screen is not clear).
    public func isClear(_ rect: PictureLayout.Rect, avoiding: Bool = false) -> Bool {
        guard rect.x >= 0, rect.y >= 0, rect.x + rect.width <= columns, rect.y + rect.height <= rows else { return false }
        return !marks(kept, rect) && !(avoiding && marks(avoided, rect))
    }

    /// Whether `cells` (empty: none marked) mark a cell of `rect`, which is
    /// on the screen.
    private func marks(_ cells: [Bool], _ rect: PictureLayout.Rect) -> Bool {
        guard !cells.isEmpty else { return false }
        for y in rect.y..<(rect.y + rect.height) {
            let start = y * columns + rect.x
            if cells[start..<(start + rect.width)].contains(true) { return true }
        }
        return false
    }
}
