import Canvas

/// Turns rgb0 frames into terminal escapes, cell by cell: each cell's pixels
/// become one glyph of its `CellShape` in one or two colours.
///
/// Bytes are spent only where the picture changed: a cell is rewritten only
/// when one of its pixels drifts more than `tolerance` (per channel) from
/// what the terminal shows, so every pixel on screen stays within
/// `tolerance` of the frame. A colour that close to the current SGR pen is
/// drawn with the pen, so runs of near colours share one SGR. Skipped cells
/// are crossed with relative cursor moves. In the palette modes the colours
/// are dithered palette indices, compared exactly.
///
/// Not thread-safe; owned by the render loop. Pure apart from its memory of
/// what it last wrote.
public struct VideoBlitter {
    public let mode: ColorMode
    public let shape: CellShape
    /// Largest per-channel difference (0–255) drawn as "the same colour" in
    /// direct mode. 0 is lossless; the default was chosen by measuring
    /// (`tvshell-bench quantisation`).
    public var tolerance: Int
    public private(set) var columns = 0
    public private(set) var rows = 0
    /// Where the blitter's first cell is on the screen (a window's top left).
    public var origin: (x: Int, y: Int) = (0, 0)
    /// What each pixel shows (cell-major: `cell · pixelsPerCell + k`): an
    /// RGB colour, or a palette index.
    private var shown: [UInt32] = []
    private var valid: [Bool] = []
    private let out = EscapeBuffer()
    private let glyphs: [[UInt8]]
    private let palette: PaletteMapper

    /// The tolerance used unless configured: 4 steps of 255 a channel.
    public static let defaultTolerance = 4

    public init(mode: ColorMode, shape: CellShape = .halfBlock, tolerance: Int = VideoBlitter.defaultTolerance) {
        self.mode = mode
        self.shape = shape
        self.tolerance = tolerance
        palette = PaletteMapper(mode: mode)
        glyphs = (0..<(1 << shape.pixelsPerCell)).map { mask in
            mask == 0 || mask == (1 << shape.pixelsPerCell) - 1 ? [0x20] : shape.glyph(mask)
        }
    }

    /// The pixel size libmpv must render for `columns` × `rows` cells.
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (columns * shape.pixelsAcross, rows * shape.pixelsDown)
    }

    /// The colour pixel (`x`, `y`) shows after the last `encode` (RGB, or a
    /// palette index), nil if never written; for measuring what quantisation costs.
    public func shownPixel(x: Int, y: Int) -> UInt32? {
        let cell = (y / shape.pixelsDown) * columns + x / shape.pixelsAcross
        guard cell < valid.count, valid[cell] else { return nil }
        return shown[cell * shape.pixelsPerCell + (y % shape.pixelsDown) * shape.pixelsAcross + x % shape.pixelsAcross]
    }

    /// Forgets everything written (after a resize or a full redraw).
    public mutating func invalidateAll() {
        for i in valid.indices { valid[i] = false }
    }

    /// Forgets row `y` (the UI layer rewrote it).
    public mutating func invalidate(row y: Int) {
        guard y >= 0, y < rows else { return }
        for i in (y * columns)..<((y + 1) * columns) { valid[i] = false }
    }

    /// Escapes that bring the terminal's video cells up to date with the frame.
    ///
    /// - Parameters:
    ///   - pixels: `pixelSize(columns:rows:)` rgb0 pixels, `stride` bytes a row.
    ///   - isVideo: whether each cell (`y·columns + x`) shows video; other
    ///     cells belong to the UI and are neither written nor remembered.
    ///     Empty means every cell.
    /// - Returns: the bytes, wrapped in save/restore cursor (which also keeps
    ///   the UI's attributes); empty when nothing changed. Valid until the
    ///   next call.
    public mutating func encode(
        pixels: UnsafeRawPointer, stride: Int, columns: Int, rows: Int, isVideo: [Bool] = []
    ) -> UnsafeRawBufferPointer {
        if columns != self.columns || rows != self.rows {
            self.columns = columns
            self.rows = rows
            shown = Array(repeating: 0, count: columns * rows * shape.pixelsPerCell)
            valid = Array(repeating: false, count: columns * rows)
        }
        out.reset()
        out.reserve(16)
        out.append(0x1B, 0x37)
        let everyCell = isVideo.count != columns * rows
        // The memory is moved out for the pass so the loop works on plain
        // pointers (no bounds or uniqueness checks a pixel).
        var shown = self.shown, valid = self.valid
        self.shown = []
        self.valid = []
        shown.withUnsafeMutableBufferPointer { shown in
            valid.withUnsafeMutableBufferPointer { valid in
                isVideo.withUnsafeBufferPointer { isVideo in
                    encodeCells(pixels.assumingMemoryBound(to: UInt8.self), stride: stride, shown: shown.baseAddress!, valid: valid.baseAddress!,
                                isVideo: everyCell ? nil : isVideo.baseAddress!)
                }
            }
        }
        self.shown = shown
        self.valid = valid
        guard out.count > 2 else {
            out.reset()
            return out.bytes
        }
        out.append(0x1B, 0x38)
        return out.bytes
    }

    /// `encode`'s pass over the cells, on the blitter's memory of what each
    /// pixel shows and which cells it knows.
    private func encodeCells(_ pixels: UnsafePointer<UInt8>, stride: Int, shown: UnsafeMutablePointer<UInt32>, valid: UnsafeMutablePointer<Bool>,
                             isVideo: UnsafePointer<Bool>?) {
        let across = shape.pixelsAcross, down = shape.pixelsDown, perCell = shape.pixelsPerCell
        let t = mode == .direct ? Int32(tolerance) : 0
        var pen = Pen()
        var cursorX = -1, cursorY = -1
        // Half blocks in direct colour: an unchanged cell is known from its
        // two pixels, without fitting.
        let quickHalfBlocks = shape == .halfBlock && mode == .direct
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * perCell) { scratch in
            let source = scratch.baseAddress!, wanted = source + perCell
            for y in 0..<rows {
                out.reserve(columns * 52 + 16)
                for x in 0..<columns {
                    let cell = y * columns + x
                    if let isVideo, !isVideo[cell] { continue }
                    if quickHalfBlocks && valid[cell] {
                        let upper = pixels + 2 * y * stride + 4 * x
                        let lower = upper + stride
                        let top = UInt32(upper[0]) << 16 | UInt32(upper[1]) << 8 | UInt32(upper[2])
                        let bottom = UInt32(lower[0]) << 16 | UInt32(lower[1]) << 8 | UInt32(lower[2])
                        if near(top, shown[2 * cell], t) && near(bottom, shown[2 * cell + 1], t) { continue }
                    }
                    for dy in 0..<down {
                        let row = pixels + (y * down + dy) * stride + 4 * x * across
                        for dx in 0..<across {
                            source[dy * across + dx] = UInt32(row[4 * dx]) << 16 | UInt32(row[4 * dx + 1]) << 8 | UInt32(row[4 * dx + 2])
                        }
                    }
                    let look = fit(source, count: perCell, x: x, y: y, into: wanted)
                    let base = cell * perCell
                    if valid[cell] {
                        var same = true
                        for k in 0..<perCell where !near(wanted[k], shown[base + k], t) {
                            same = false
                            break
                        }
                        if same { continue }
                    }
                    valid[cell] = true
                    moveCursor(from: &cursorX, &cursorY, to: x, y)
                    let drawn = draw(look, pen: &pen, tolerance: t)
                    for k in 0..<perCell {
                        shown[base + k] = look.mask & (1 << k) != 0 ? drawn.foreground : drawn.background
                    }
                    cursorX = x + 1
                }
            }
        }
    }

    // MARK: - Cells

    /// A cell's look: pixels in `mask` take `foreground`, the others `background`.
    private struct Look {
        var mask: Int
        var foreground: UInt32
        var background: UInt32
    }

    /// The current SGR colours (`.max` when unknown).
    private struct Pen {
        var foreground: UInt32 = .max
        var background: UInt32 = .max
    }

    /// Splits a cell's pixels into at most two colours (by luma around the
    /// mean; averages of each side), mapped to the palette in palette modes,
    /// and writes each pixel's resulting colour to `wanted`.
    @inline(__always)
    private func fit(_ source: UnsafeMutablePointer<UInt32>, count: Int, x: Int, y: Int, into wanted: UnsafeMutablePointer<UInt32>) -> Look {
        var look: Look
        if count == 2 {
            look = Look(mask: 1, foreground: source[0], background: source[1])
        } else {
            var luma = 0
            for k in 0..<count { luma += Self.luma(source[k]) }
            var mask = 0
            for k in 0..<count where Self.luma(source[k]) * count > luma { mask |= 1 << k }
            let full = (1 << count) - 1
            look = Look(mask: mask, foreground: Self.average(source, count: count, mask: mask),
                        background: Self.average(source, count: count, mask: ~mask & full))
            if mask == 0 { look.foreground = look.background }
            if mask == full { look.background = look.foreground }
        }
        if mode != .direct {
            let px = x * shape.pixelsAcross, py = y * shape.pixelsDown
            look.foreground = palette.index(look.foreground, x: px, y: py)
            look.background = palette.index(look.background, x: px, y: py + shape.pixelsDown - 1)
        }
        for k in 0..<count { wanted[k] = look.mask & (1 << k) != 0 ? look.foreground : look.background }
        return look
    }

    @inline(__always)
    private static func luma(_ c: UInt32) -> Int {
        Int(c >> 16 & 0xFF) * 2 + Int(c >> 8 & 0xFF) * 5 + Int(c & 0xFF)
    }

    private static func average(_ source: UnsafeMutablePointer<UInt32>, count: Int, mask: Int) -> UInt32 {
        var r = 0, g = 0, b = 0, n = 0
        for k in 0..<count where mask & (1 << k) != 0 {
            r += Int(source[k] >> 16 & 0xFF)
            g += Int(source[k] >> 8 & 0xFF)
            b += Int(source[k] & 0xFF)
            n += 1
        }
        guard n > 0 else { return 0 }
        return UInt32((r + n / 2) / n) << 16 | UInt32((g + n / 2) / n) << 8 | UInt32((b + n / 2) / n)
    }

    /// Whether every channel of `a` is within `t` of `b`; never for the
    /// unknown pen (`.max`).
    @inline(__always)
    private func near(_ a: UInt32, _ b: UInt32, _ t: Int32) -> Bool {
        if a == b { return true }
        if t == 0 || (a | b) >> 24 != 0 { return false }
        let dr = Int32(a >> 16 & 0xFF) - Int32(b >> 16 & 0xFF)
        let dg = Int32(a >> 8 & 0xFF) - Int32(b >> 8 & 0xFF)
        let db = Int32(a & 0xFF) - Int32(b & 0xFF)
        return dr <= t && dr >= -t && dg <= t && dg >= -t && db <= t && db >= -t
    }

    /// Writes the cell at the cursor, reusing the pen where it is close
    /// enough and choosing the glyph or its complement, whichever needs fewer
    /// colour changes. Returns the colours the cell now shows.
    @inline(__always)
    private func draw(_ look: Look, pen: inout Pen, tolerance t: Int32) -> Look {
        let full = (1 << shape.pixelsPerCell) - 1
        let one = look.mask == 0 || look.mask == full || near(look.foreground, look.background, t)
        if one {
            let bg = near(look.foreground, pen.background, t) && near(look.background, pen.background, t)
                ? pen.background : look.background
            if bg != pen.background {
                sgr(foreground: nil, background: bg)
                pen.background = bg
            }
            out.append(0x20)
            return Look(mask: 0, foreground: bg, background: bg)
        }
        let fgA = near(look.foreground, pen.foreground, t) ? pen.foreground : look.foreground
        let bgA = near(look.background, pen.background, t) ? pen.background : look.background
        let fgB = near(look.background, pen.foreground, t) ? pen.foreground : look.background
        let bgB = near(look.foreground, pen.background, t) ? pen.background : look.foreground
        let costA = (fgA != pen.foreground ? 1 : 0) + (bgA != pen.background ? 1 : 0)
        let costB = (fgB != pen.foreground ? 1 : 0) + (bgB != pen.background ? 1 : 0)
        let drawn = costB < costA
            ? Look(mask: ~look.mask & full, foreground: fgB, background: bgB)
            : Look(mask: look.mask, foreground: fgA, background: bgA)
        let needFG = drawn.foreground != pen.foreground, needBG = drawn.background != pen.background
        if needFG || needBG {
            sgr(foreground: needFG ? drawn.foreground : nil, background: needBG ? drawn.background : nil)
            pen = Pen(foreground: drawn.foreground, background: drawn.background)
        }
        for byte in glyphs[drawn.mask] { out.append(byte) }
        return costB < costA
            ? Look(mask: look.mask, foreground: drawn.background, background: drawn.foreground)
            : drawn
    }

    /// Moves the cursor to (`x`, `y`): nothing when it is there, a relative
    /// move forward along a row, an absolute one otherwise.
    @inline(__always)
    private func moveCursor(from cursorX: inout Int, _ cursorY: inout Int, to x: Int, _ y: Int) {
        if cursorY == y && cursorX == x { return }
        out.append(0x1B, 0x5B)
        if cursorY == y && cursorX >= 0 && x > cursorX {
            if x - cursorX > 1 { out.decimal(x - cursorX) }
            out.append(0x43)
        } else {
            out.decimal(y + 1 + origin.y)
            out.append(0x3B)
            out.decimal(x + 1 + origin.x)
            out.append(0x48)
        }
        cursorX = x
        cursorY = y
    }

    @inline(__always)
    private func sgr(foreground: UInt32?, background: UInt32?) {
        out.append(0x1B, 0x5B)
        if let foreground { colour(foreground, base: 38, ansiBase: 30) }
        if let background {
            if foreground != nil { out.append(0x3B) }
            colour(background, base: 48, ansiBase: 40)
        }
        out.append(0x6D)
    }

    @inline(__always)
    private func colour(_ c: UInt32, base: Int, ansiBase: Int) {
        switch mode {
        case .direct:
            out.decimal(base)
            out.append(0x3B, 0x32)
            out.append(0x3B)
            out.decimal(Int(c >> 16 & 0xFF))
            out.append(0x3B)
            out.decimal(Int(c >> 8 & 0xFF))
            out.append(0x3B)
            out.decimal(Int(c & 0xFF))
        case .palette256:
            out.decimal(base)
            out.append(0x3B, 0x35)
            out.append(0x3B)
            out.decimal(Int(c))
        case .palette16:
            out.decimal(c < 8 ? ansiBase + Int(c) : ansiBase + 60 + Int(c) - 8)
        }
    }
}
