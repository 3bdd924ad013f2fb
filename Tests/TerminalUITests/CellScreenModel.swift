import Canvas
@testable import TerminalUI

/// A small terminal for tests: applies the blitter's escapes (save/restore
/// cursor, CUP, CUF, SGR colours) and its glyphs to a grid, and reads back
/// the colour each video pixel shows. Palette colours stay indices.
struct CellScreenModel {
    let columns: Int, rows: Int
    let shape: CellShape
    /// Per cell: the glyph's mask, foreground and background as written.
    private(set) var cells: [(mask: Int, fg: UInt32, bg: UInt32)?]
    private var x = 0, y = 0, fg: UInt32 = 0, bg: UInt32 = 0
    private let masks: [[UInt8]: Int]

    init(columns: Int, rows: Int, shape: CellShape = .halfBlock) {
        self.columns = columns
        self.rows = rows
        self.shape = shape
        cells = Array(repeating: nil, count: columns * rows)
        var masks: [[UInt8]: Int] = [[0x20]: 0]
        for mask in 1..<((1 << shape.pixelsPerCell) - 1) { masks[shape.glyph(mask)] = mask }
        self.masks = masks
    }

    /// The colour pixel (`px`, `py`) shows, nil when never written.
    func pixel(_ px: Int, _ py: Int) -> UInt32? {
        let cx = px / shape.pixelsAcross, cy = py / shape.pixelsDown
        guard let cell = cells[cy * columns + cx] else { return nil }
        let bit = (py % shape.pixelsDown) * shape.pixelsAcross + px % shape.pixelsAcross
        return cell.mask & (1 << bit) != 0 ? cell.fg : cell.bg
    }

    mutating func apply(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                let next = bytes[i + 1]
                if next == 0x37 || next == 0x38 { i += 2; continue }
                precondition(next == 0x5B, "unexpected escape")
                var j = i + 2
                while !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                csi(bytes[j], params)
                i = j + 1
                continue
            }
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            let glyph = Array(bytes[i..<(i + length)])
            guard let mask = masks[glyph] else { preconditionFailure("unknown glyph \(glyph)") }
            cells[y * columns + x] = (mask, fg, bg)
            x += 1
            i += length
        }
    }

    private mutating func csi(_ final: UInt8, _ p: [Int]) {
        switch final {
        case 0x48:
            y = p[0] - 1
            x = p[1] - 1
        case 0x43:
            x += max(p.first ?? 1, 1)
        case 0x6D:
            var k = 0
            while k < p.count {
                switch p[k] {
                case 38, 48:
                    let target = p[k]
                    let value: UInt32
                    if p[k + 1] == 2 {
                        value = UInt32(p[k + 2]) << 16 | UInt32(p[k + 3]) << 8 | UInt32(p[k + 4])
                        k += 5
                    } else {
                        value = UInt32(p[k + 2])
                        k += 3
                    }
                    if target == 38 { fg = value } else { bg = value }
                case 30...37: fg = UInt32(p[k] - 30); k += 1
                case 90...97: fg = UInt32(p[k] - 90 + 8); k += 1
                case 40...47: bg = UInt32(p[k] - 40); k += 1
                case 100...107: bg = UInt32(p[k] - 100 + 8); k += 1
                default: preconditionFailure("unexpected SGR \(p[k])")
                }
            }
        default:
            preconditionFailure("unexpected CSI \(final)")
        }
    }
}
