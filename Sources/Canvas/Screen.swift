/// A whole frame in memory: `width`×`height` cells. Views draw into it; the
/// terminal writes only the cells that differ from the previous frame.
/// A value; build it on any thread.
public struct Screen: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// The video windows drawn, bottom-up (a later one covers an earlier one).
    public private(set) var windows: [VideoWindow] = []
    /// The images placed over cells, bottom-up.
    public private(set) var images: [ImagePlacement] = []

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Fills a rectangle (clipped) with `cell`.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with cell: Cell) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let stride = width
        cells.withUnsafeMutableBufferPointer { buffer in
            for row in y0..<y1 { (buffer.baseAddress! + row * stride + x0).update(repeating: cell, count: x1 - x0) }
        }
    }

    /// Per row: whether it differs from the same row of `other` (every row,
    /// when the sizes differ). Reads the cells in place, without copying them.
    public func rowsDiffering(from other: Screen) -> [Bool] {
        guard other.width == width, other.height == height else { return Array(repeating: true, count: height) }
        let w = width
        return cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                (0..<height).map { y in
                    let start = y * w
                    return (start..<(start + w)).contains { mine[$0] != theirs[$0] }
                }
            }
        }
    }

    /// Per cell, row by row: whether the full-screen video shows there.
    public var videoMask: [Bool] {
        cells.withUnsafeBufferPointer { cells in cells.map { $0.isVideo && $0.inset == nil } }
    }

    /// Opens a window for `window.inset`'s picture (clipped to the screen);
    /// one of each inset at most: a second replaces the first's record.
    public mutating func place(_ window: VideoWindow) {
        let x0 = max(0, window.x), y0 = max(0, window.y)
        let x1 = min(width, window.x + window.width), y1 = min(height, window.y + window.height)
        guard x0 < x1, y0 < y1 else { return }
        fill(x: x0, y: y0, width: x1 - x0, height: y1 - y0, with: .window(window.inset))
        windows.removeAll { $0.inset == window.inset }
        windows.append(VideoWindow(window.inset, x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// The largest rectangle of `window`'s cells that still show its
    /// picture (nil: none does). An output that lays a window's picture as
    /// one rectangle (the TV's bitmaps) lays this part of it, so what was
    /// drawn over the rest (a dialog over the guide's preview, a badge over
    /// a view's corner) stays on top, as in the terminal.
    public func uncoveredPart(of window: VideoWindow) -> VideoWindow? {
        // Row by row, each column's run of uncovered cells up to that row;
        // the largest rectangle under each row's runs (a stack of rising runs).
        var runs = Array(repeating: 0, count: window.width)
        var best: VideoWindow?
        var bestArea = 0
        for row in 0..<window.height {
            for column in 0..<window.width {
                let shows = self[window.x + column, window.y + row].inset == window.inset
                runs[column] = shows ? runs[column] + 1 : 0
            }
            var rising: [Int] = []
            for column in 0...window.width {
                let height = column < window.width ? runs[column] : 0
                while let top = rising.last, runs[top] >= height {
                    rising.removeLast()
                    let left = rising.last.map { $0 + 1 } ?? 0
                    let area = runs[top] * (column - left)
                    if area > bestArea {
                        bestArea = area
                        best = VideoWindow(window.inset, x: window.x + left, y: window.y + row - runs[top] + 1, width: column - left, height: runs[top])
                    }
                }
                rising.append(column)
            }
        }
        return best
    }

    /// Lays the cells of a rectangle whose background is `background` over
    /// the picture: their panel goes, the picture shows through around
    /// their text (`Cell.isOverPicture`), its colour looked up in
    /// `foregrounds` (kept when not there). Cells of another background (a
    /// badge, a button) stay as they are.
    public mutating func layOverPicture(x: Int, y: Int, width w: Int, height h: Int, background: RGB?, foregrounds: [RGB: RGB] = [:]) {
        for row in max(0, y)..<min(height, y + h) {
            for col in max(0, x)..<min(width, x + w) {
                let cell = self[col, row]
                guard !cell.isVideo, cell.style.background == background, !cell.style.reverse else { continue }
                var style = cell.style.with(background: nil)
                if let foreground = style.foreground, let over = foregrounds[foreground] { style = style.with(foreground: over) }
                self[col, row] = Cell(cell.character, style: style, isVideo: true, isContinuation: cell.isContinuation)
            }
        }
    }

    /// Places an image over its cells (clipped to the screen).
    public mutating func place(image: ImagePlacement) {
        let x0 = max(0, image.x), y0 = max(0, image.y)
        let x1 = min(width, image.x + image.width), y1 = min(height, image.y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        images.append(ImagePlacement(key: image.key, x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Writes `text` from (x, y) with `style`, clipped to the screen and to
    /// `maxWidth` columns; a flag as its letters (`regionalIndicatorLetters`).
    /// Returns the column after the last cell written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let limit = min(width, maxWidth.map { x + $0 } ?? width)
        var col = x
        for ch in text {
            let w = columnWidth(of: ch)
            if w == 0 { continue }
            if col + w > limit { break }
            if !ch.isASCII, let letters = regionalIndicatorLetters(ch) {
                for (offset, letter) in letters.enumerated() where col + offset >= 0 { self[col + offset, y] = Cell(letter, style: style) }
            } else if col >= 0 {
                self[col, y] = Cell(ch, style: style)
                if w == 2 { self[col + 1, y] = Cell(" ", style: style, isContinuation: true) }
            }
            col += w
        }
        return col
    }

    /// Writes `text` centred on row `y` within [x, x + width).
    public mutating func putCentered(_ text: String, y: Int, style: Style, x: Int = 0, width w: Int? = nil) {
        let span = w ?? width
        let clipped = truncate(text, toWidth: span)
        let start = x + max(0, (span - columnWidth(of: clipped)) / 2)
        put(clipped, x: start, y: y, style: style, maxWidth: span)
    }

    /// The frame as text, one line a row; video cells show as `videoMark`,
    /// a window's as `windowMark`. For golden snapshots.
    public func text(videoMark: Character = "~", windowMark: Character = "%") -> String {
        var lines: [String] = []
        lines.reserveCapacity(height)
        for row in 0..<height {
            var line = ""
            for col in 0..<width {
                let cell = cells[row * width + col]
                if cell.isContinuation { continue }
                line.append(cell.inset != nil ? windowMark : cell.isVideo ? videoMark : cell.character)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
