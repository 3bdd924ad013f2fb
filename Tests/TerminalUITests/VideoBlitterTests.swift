import Foundation
import Canvas
import ShellProbes
import Testing
@testable import TerminalUI

/// An rgb0 image for `columns` × `rows` half-block cells.
private func image(columns: Int, rows: Int, stride: Int? = nil, _ color: (Int, Int) -> UInt32) -> (bytes: [UInt8], stride: Int) {
    rgb0Image(width: columns, height: rows * 2, stride: stride, color)
}

private func encodeBytes(_ blitter: inout VideoBlitter, _ img: (bytes: [UInt8], stride: Int), columns: Int, rows: Int, mask: [Bool] = []) -> [UInt8] {
    img.bytes.withUnsafeBytes { raw in
        Array(blitter.encode(pixels: raw.baseAddress!, stride: img.stride, columns: columns, rows: rows, isVideo: mask))
    }
}

private func encode(_ blitter: inout VideoBlitter, _ img: (bytes: [UInt8], stride: Int), columns: Int, rows: Int, mask: [Bool] = []) -> String {
    String(decoding: encodeBytes(&blitter, img, columns: columns, rows: rows, mask: mask), as: UTF8.self)
}

private func channelError(_ a: UInt32, _ b: UInt32) -> Int {
    max(abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)), abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)), abs(Int(a & 0xFF) - Int(b & 0xFF)))
}

@Suite("Video blitter")
struct VideoBlitterTests {
    @Test("one half-block a cell: top pixel foreground, bottom pixel background, wrapped in save/restore cursor")
    func exactCells() {
        var b = VideoBlitter(mode: .direct, tolerance: 0)
        let img = image(columns: 2, rows: 1) { x, y in
            x == 0 ? (y == 0 ? 0xFF0000 : 0x0000FF) : 0x00FF00
        }
        let out = encode(&b, img, columns: 2, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[48;2;0;255;0m \u{1B}8")
    }

    @Test("an unchanged frame writes nothing; one changed cell writes only that cell")
    func onlyChanges() {
        var b = VideoBlitter(mode: .direct)
        var img = image(columns: 4, rows: 2) { _, _ in 0x808080 }
        _ = encode(&b, img, columns: 4, rows: 2)
        #expect(encode(&b, img, columns: 4, rows: 2).isEmpty)
        img = image(columns: 4, rows: 2) { x, y in x == 2 && y == 3 ? 0xFFFFFF : 0x808080 }
        let out = encode(&b, img, columns: 4, rows: 2)
        #expect(out == "\u{1B}7\u{1B}[2;3H\u{1B}[38;2;128;128;128;48;2;255;255;255m▀\u{1B}8")
    }

    @Test("a drift within the tolerance writes nothing; one beyond it rewrites the cell")
    func toleranceSkips() {
        var b = VideoBlitter(mode: .direct, tolerance: 4)
        _ = encode(&b, image(columns: 3, rows: 1) { _, _ in 0x404040 }, columns: 3, rows: 1)
        #expect(encode(&b, image(columns: 3, rows: 1) { _, _ in 0x444140 }, columns: 3, rows: 1).isEmpty)
        #expect(encode(&b, image(columns: 3, rows: 1) { _, _ in 0x3C3C3C }, columns: 3, rows: 1).isEmpty)
        #expect(!encode(&b, image(columns: 3, rows: 1) { x, _ in x == 1 ? 0x454040 : 0x404040 }, columns: 3, rows: 1).isEmpty)
    }

    @Test("every pixel on screen stays within the tolerance of every frame (slow drifts, noise, cuts), and tolerance 0 is exact",
          arguments: [0, 2, 4, 8])
    func quantisationBound(tolerance: Int) {
        let columns = 24, rows = 8
        var b = VideoBlitter(mode: .direct, tolerance: tolerance)
        var screen = CellScreenModel(columns: columns, rows: rows)
        var random = SeededGenerator(seed: UInt64(tolerance) + 7)
        var base = (0..<(columns * rows * 2)).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0xFFFFFF }
        for frame in 0..<40 {
            if frame == 20 {
                base = base.map { _ in UInt32(truncatingIfNeeded: random.next()) & 0xFFFFFF }
            }
            base = base.map { c in
                let step = UInt32(frame % 3)
                let r = min(255, (c >> 16 & 0xFF) + step), g = (c >> 8 & 0xFF) ^ UInt32(random.next() % 3), bl = c & 0xFF
                return r << 16 | g << 8 | bl
            }
            let img = image(columns: columns, rows: rows) { x, y in base[y * columns + x] }
            screen.apply(encodeBytes(&b, img, columns: columns, rows: rows))
            var worst = 0
            for y in 0..<(rows * 2) {
                for x in 0..<columns {
                    worst = max(worst, channelError(screen.pixel(x, y)!, base[y * columns + x]))
                }
            }
            #expect(worst <= tolerance, "frame \(frame): a pixel is \(worst) off")
        }
    }

    @Test("cells the UI covers are neither written nor remembered; an invalidated row is repainted")
    func maskAndInvalidate() {
        var b = VideoBlitter(mode: .direct)
        let img = image(columns: 3, rows: 2) { _, _ in 0x202020 }
        let first = encode(&b, img, columns: 3, rows: 2, mask: [true, true, true, false, false, false])
        #expect(first.contains("[1;1H") && !first.contains("[2;"))
        let second = encode(&b, img, columns: 3, rows: 2)
        #expect(second.contains("[2;1H") && !second.contains("[1;1H"), "uncovered row 2 is drawn, row 1 is known")
        b.invalidate(row: 0)
        let third = encode(&b, img, columns: 3, rows: 2)
        #expect(third.contains("[1;1H") && !third.contains("[2;"))
    }

    @Test("SGR state is reused along a run of colours within the tolerance")
    func sgrReuse() {
        var b = VideoBlitter(mode: .direct, tolerance: 4)
        let img = image(columns: 8, rows: 1) { x, y in y == 0 ? 0xC00000 + UInt32(x % 3) << 16 : 0x0000C0 - UInt32(x % 4) }
        let out = encode(&b, img, columns: 8, rows: 1)
        #expect(out.components(separatedBy: "38;2;").count == 2)
        #expect(out.components(separatedBy: "48;2;").count == 2)
        #expect(out.components(separatedBy: "▀").count == 9)
    }

    @Test("skipped cells along a row are crossed with a relative move")
    func relativeMoves() {
        var b = VideoBlitter(mode: .direct)
        _ = encode(&b, image(columns: 10, rows: 1) { _, _ in 0 }, columns: 10, rows: 1)
        let out = encode(&b, image(columns: 10, rows: 1) { x, _ in x == 1 || x == 2 || x == 7 ? 0xFFFFFF : 0 }, columns: 10, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;2H\u{1B}[48;2;255;255;255m  \u{1B}[4C \u{1B}8")
    }

    @Test("the lower half block is used when it saves a colour change")
    func lowerHalf() {
        var b = VideoBlitter(mode: .direct, tolerance: 0)
        let img = image(columns: 2, rows: 1) { x, y in x == 0 ? (y == 0 ? 0xFF0000 : 0x0000FF) : (y == 0 ? 0x0000FF : 0xFF0000) }
        let out = encode(&b, img, columns: 2, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▄\u{1B}8")
    }

    @Test("a stride wider than the row (mpv's 64-byte alignment) is honoured")
    func stride() {
        var b = VideoBlitter(mode: .direct)
        let img = image(columns: 3, rows: 1, stride: 64) { x, _ in x == 2 ? 0xFF00FF : 0 }
        let out = encode(&b, img, columns: 3, rows: 1)
        #expect(out.hasSuffix("\u{1B}[48;2;255;0;255m \u{1B}8"))
    }

    @Test("quadrant cells: 2×2 pixels split into two colours, drawn with the matching glyph")
    func quadrants() {
        var b = VideoBlitter(mode: .direct, shape: .quadrant, tolerance: 0)
        #expect(b.pixelSize(columns: 3, rows: 2) == (6, 4))
        let img = rgb0Image(width: 2, height: 2) { x, y in x == y ? 0xFFFFFF : 0x000080 }
        let out = encode(&b, img, columns: 1, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;2;255;255;255;48;2;0;0;128m▚\u{1B}8")
    }

    @Test("sextant cells: 2×3 pixels; the glyph table follows Unicode's order, halves and blanks are block elements")
    func sextants() {
        #expect(CellShape.sextant.glyph(1) == Array("\u{1FB00}".utf8))
        #expect(CellShape.sextant.glyph(20) == Array("\u{1FB13}".utf8))
        #expect(CellShape.sextant.glyph(21) == Array("▌".utf8))
        #expect(CellShape.sextant.glyph(22) == Array("\u{1FB14}".utf8))
        #expect(CellShape.sextant.glyph(42) == Array("▐".utf8))
        #expect(CellShape.sextant.glyph(62) == Array("\u{1FB3B}".utf8))
        var b = VideoBlitter(mode: .direct, shape: .sextant, tolerance: 0)
        #expect(b.pixelSize(columns: 2, rows: 2) == (4, 6))
        let img = rgb0Image(width: 2, height: 3) { _, y in y == 0 ? 0xFFFF00 : 0x102030 }
        let out = encode(&b, img, columns: 1, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;2;255;255;0;48;2;16;32;48m\u{1FB02}\u{1B}8")
    }

    @Test("quadrant and sextant pictures keep every two-colour cell within the tolerance of its fitted colours",
          arguments: [CellShape.quadrant, .sextant])
    func fittedShapes(shape: CellShape) {
        let columns = 12, rows = 5
        let (w, h) = (columns * shape.pixelsAcross, rows * shape.pixelsDown)
        var b = VideoBlitter(mode: .direct, shape: shape, tolerance: 0)
        var screen = CellScreenModel(columns: columns, rows: rows, shape: shape)
        let img = rgb0Image(width: w, height: h) { x, y in (x + y) % 3 == 0 ? 0xE0E0E0 : 0x203040 }
        screen.apply(encodeBytes(&b, img, columns: columns, rows: rows))
        for y in 0..<h {
            for x in 0..<w {
                #expect(screen.pixel(x, y) == ((x + y) % 3 == 0 ? 0xE0E0E0 : 0x203040), "pixel \(x),\(y)")
            }
        }
    }

    @Test("256-colour fallback uses palette indices")
    func palette256() {
        var b = VideoBlitter(mode: .palette256)
        let out = encode(&b, image(columns: 1, rows: 1) { _, y in y == 0 ? 0xFF0000 : 0x000000 }, columns: 1, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;5;196;48;5;16m▀\u{1B}8")
    }

    /// The mean error of each 4×4 block's average shown colour against the
    /// source, over a horizontal gradient.
    private func gradientError(_ mode: ColorMode, _ palette: [UInt32: UInt32]) -> (dithered: Double, bands: Int) {
        let columns = 64, rows = 8
        var b = VideoBlitter(mode: mode)
        var screen = CellScreenModel(columns: columns, rows: rows)
        let colour = { (x: Int) -> UInt32 in UInt32(x * 4) << 16 | UInt32(x * 2) << 8 | 0x30 }
        screen.apply(encodeBytes(&b, image(columns: columns, rows: rows) { x, _ in colour(x) }, columns: columns, rows: rows))
        var error = 0.0, blocks = 0
        for bx in Swift.stride(from: 0, to: columns, by: 4) {
            for by in Swift.stride(from: 0, to: rows * 2, by: 4) {
                var r = 0, g = 0
                for y in by..<(by + 4) {
                    for x in bx..<(bx + 4) {
                        let c = palette[screen.pixel(x, y)!]!
                        r += Int(c >> 16 & 0xFF)
                        g += Int(c >> 8 & 0xFF)
                    }
                }
                let source = colour(bx) >> 16 & 0xFF + 6, sourceG = colour(bx) >> 8 & 0xFF + 3
                error += abs(Double(r) / 16 - Double(source)) + abs(Double(g) / 16 - Double(sourceG))
                blocks += 1
            }
        }
        let distinctRows = Set((0..<(rows * 2)).map { y in (0..<columns).map { screen.pixel($0, y)! } }).count
        return (error / Double(blocks), distinctRows)
    }

    private static let xterm256: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        let levels: [UInt32] = [0, 95, 135, 175, 215, 255]
        for i in 0..<216 { table[UInt32(16 + i)] = levels[i / 36] << 16 | levels[i / 6 % 6] << 8 | levels[i % 6] }
        for i in 0..<24 { let v = UInt32(8 + 10 * i); table[UInt32(232 + i)] = v << 16 | v << 8 | v }
        return table
    }()

    @Test("256- and 16-colour fallbacks are dithered: blocks average close to the gradient instead of banding")
    func dithering() {
        let (error256, rows256) = gradientError(.palette256, Self.xterm256)
        #expect(error256 < 12, "mean block error \(error256)")
        #expect(rows256 > 1, "ordered dithering varies along columns too")
        let ansi: [UInt32] = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                              0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
        let (error16, _) = gradientError(.palette16, Dictionary(uniqueKeysWithValues: ansi.enumerated().map { (UInt32($0.offset), $0.element) }))
        var plain = 0.0
        for x in Swift.stride(from: 0, to: 64, by: 4) {
            let r = x * 4 + 6, g = x * 2 + 3
            let nearest = ansi[ColorQuantizer.ansi16(RGB(UInt8(r), UInt8(g), 0x30))]
            plain += abs(Double(nearest >> 16 & 0xFF) - Double(r)) + abs(Double(nearest >> 8 & 0xFF) - Double(g))
        }
        plain /= 16
        #expect(error16 < plain * 0.75, "dithered \(error16) against nearest-colour \(plain)")
    }

    @Test("colour quantiser picks the nearest cube or grey entry")
    func quantizer() {
        #expect(ColorQuantizer.xterm256(RGB(255, 0, 0)) == 196)
        #expect(ColorQuantizer.xterm256(RGB(0, 0, 0)) == 16)
        #expect(ColorQuantizer.xterm256(RGB(128, 128, 128)) == 244)
        #expect(ColorQuantizer.xterm256(RGB(255, 255, 255)) == 231)
        #expect(ColorQuantizer.ansi16(RGB(250, 10, 10)) == 9)
        for index in 16..<256 {
            let colour = ColorQuantizer.xterm256Color(index)
            #expect(colour.hex == Self.xterm256[UInt32(index)], "entry \(index)")
            #expect(ColorQuantizer.xterm256(colour) == index, "entry \(index) is its own nearest")
        }
        #expect((0..<16).allSatisfy { ColorQuantizer.ansi16(ColorQuantizer.ansi16Color($0)) == $0 })
    }

    @Test("colour mode detection from COLORTERM, terminfo RGB and colour count")
    func detection() {
        #expect(ColorMode.detect(colorterm: "truecolor", hasRGBFlag: false, colors: 256) == .direct)
        #expect(ColorMode.detect(colorterm: nil, hasRGBFlag: true, colors: 256) == .direct)
        #expect(ColorMode.detect(colorterm: nil, hasRGBFlag: false, colors: 16_777_216) == .direct)
        #expect(ColorMode.detect(colorterm: nil, hasRGBFlag: false, colors: 256) == .palette256)
        #expect(ColorMode.detect(colorterm: nil, hasRGBFlag: false, colors: 8) == .palette16)
    }

    @Test("key decoding to mpv names")
    func keys() {
        #expect(KeyDecoder.character(13) == .key("ENTER"))
        #expect(KeyDecoder.character(27) == .key("ESC"))
        #expect(KeyDecoder.character(127) == .key("BS"))
        #expect(KeyDecoder.character(32) == .key("SPACE"))
        #expect(KeyDecoder.character(113) == .key("q"))
        #expect(KeyDecoder.character(44) == .key(","))
        #expect(KeyDecoder.functionKey(0o405) == .key("RIGHT"))
        #expect(KeyDecoder.functionKey(0o523) == .key("PGUP"))
        #expect(KeyDecoder.functionKey(0o632) == .resize)
    }
}
