import ShellView

/// Turns rgb0 frames into terminal escapes: one upper half-block a cell (the
/// top pixel as foreground, the bottom as background), only for cells whose
/// colours changed since they were last written, reusing SGR state along runs.
///
/// Not thread-safe; owned by the render loop. Pure apart from its memory of
/// what it last wrote.
public struct VideoBlitter {
    public let mode: ColorMode
    /// Colour bits dropped per channel before comparing and writing (direct
    /// mode): fewer bytes for changes the eye cannot tell.
    public var quantizeMask: UInt32 = 0xFCFCFC
    public private(set) var columns = 0
    public private(set) var rows = 0
    private var top: [UInt32] = []
    private var bottom: [UInt32] = []
    private var valid: [Bool] = []

    public init(mode: ColorMode) { self.mode = mode }

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
    ///   - pixels: `columns` × `2·rows` rgb0 pixels, `stride` bytes a row.
    ///   - isVideo: whether the cell at an index (`y·columns + x`) shows video;
    ///     other cells belong to the UI and are neither written nor remembered.
    /// - Returns: the bytes, wrapped in save/restore cursor (which also keeps
    ///   the UI's attributes); empty when nothing changed.
    public mutating func encode(
        pixels: UnsafeRawPointer, stride: Int, columns: Int, rows: Int, isVideo: (Int) -> Bool
    ) -> [UInt8] {
        if columns != self.columns || rows != self.rows {
            self.columns = columns
            self.rows = rows
            top = Array(repeating: 0, count: columns * rows)
            bottom = top
            valid = Array(repeating: false, count: columns * rows)
        }
        var out: [UInt8] = []
        out.reserveCapacity(columns * rows * 4)
        var cursorX = -1, cursorY = -1
        var currentFG: UInt32 = .max, currentBG: UInt32 = .max
        let mask = mode == .direct ? quantizeMask : 0xFFFFFF
        for y in 0..<rows {
            let upper = pixels.advanced(by: 2 * y * stride).assumingMemoryBound(to: UInt8.self)
            let lower = pixels.advanced(by: (2 * y + 1) * stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<columns {
                let index = y * columns + x
                guard isVideo(index) else { continue }
                let t = (UInt32(upper[4 * x]) << 16 | UInt32(upper[4 * x + 1]) << 8 | UInt32(upper[4 * x + 2])) & mask
                let b = (UInt32(lower[4 * x]) << 16 | UInt32(lower[4 * x + 1]) << 8 | UInt32(lower[4 * x + 2])) & mask
                if valid[index] && top[index] == t && bottom[index] == b { continue }
                top[index] = t
                bottom[index] = b
                valid[index] = true
                if cursorX != x || cursorY != y {
                    out.append(contentsOf: [0x1B, 0x5B])
                    appendDecimal(&out, y + 1)
                    out.append(0x3B)
                    appendDecimal(&out, x + 1)
                    out.append(0x48)
                }
                if t == b || mode == .palette16 && paletteIndex(t) == paletteIndex(b) {
                    if currentBG != b || mode != .direct && paletteIndex(currentBG) != paletteIndex(b) {
                        appendSGR(&out, background: b)
                        currentBG = b
                    }
                    out.append(0x20)
                } else {
                    let needFG = currentFG != t, needBG = currentBG != b
                    if needFG && needBG {
                        appendSGR(&out, foreground: t, background: b)
                    } else if needFG {
                        appendSGR(&out, foreground: t)
                    } else if needBG {
                        appendSGR(&out, background: b)
                    }
                    currentFG = t
                    currentBG = b
                    out.append(contentsOf: [0xE2, 0x96, 0x80])
                }
                cursorX = x + 1
                cursorY = y
            }
        }
        guard !out.isEmpty else { return [] }
        return [0x1B, 0x37] + out + [0x1B, 0x38]
    }

    private func paletteIndex(_ c: UInt32) -> Int {
        let rgb = RGB(hex: c)
        return mode == .palette16 ? ColorQuantizer.ansi16(rgb) : ColorQuantizer.xterm256(rgb)
    }

    private func appendSGR(_ out: inout [UInt8], foreground: UInt32? = nil, background: UInt32? = nil) {
        out.append(contentsOf: [0x1B, 0x5B])
        if let foreground {
            appendColor(&out, foreground, base: 38, ansiBase: 30)
        }
        if let background {
            if foreground != nil { out.append(0x3B) }
            appendColor(&out, background, base: 48, ansiBase: 40)
        }
        out.append(0x6D)
    }

    private func appendColor(_ out: inout [UInt8], _ c: UInt32, base: Int, ansiBase: Int) {
        switch mode {
        case .direct:
            appendDecimal(&out, base)
            out.append(contentsOf: [0x3B, 0x32, 0x3B])
            appendDecimal(&out, Int(c >> 16 & 0xFF))
            out.append(0x3B)
            appendDecimal(&out, Int(c >> 8 & 0xFF))
            out.append(0x3B)
            appendDecimal(&out, Int(c & 0xFF))
        case .palette256:
            appendDecimal(&out, base)
            out.append(contentsOf: [0x3B, 0x35, 0x3B])
            appendDecimal(&out, ColorQuantizer.xterm256(RGB(hex: c)))
        case .palette16:
            let i = ColorQuantizer.ansi16(RGB(hex: c))
            appendDecimal(&out, i < 8 ? ansiBase + i : ansiBase + 60 + i - 8)
        }
    }
}

@inline(__always)
func appendDecimal(_ out: inout [UInt8], _ value: Int) {
    if value >= 1000 {
        appendDecimal(&out, value / 1000)
        let rest = value % 1000
        out.append(UInt8(48 + rest / 100))
        out.append(UInt8(48 + (rest / 10) % 10))
        out.append(UInt8(48 + rest % 10))
        return
    }
    if value >= 100 { out.append(UInt8(48 + value / 100)) }
    if value >= 10 { out.append(UInt8(48 + (value / 10) % 10)) }
    out.append(UInt8(48 + value % 10))
}
