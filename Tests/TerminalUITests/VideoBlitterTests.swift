import Foundation
import ShellView
import Testing
@testable import TerminalUI

/// An rgb0 image of `columns` × `2·rows` pixels from a colour function.
private func image(columns: Int, rows: Int, stride: Int? = nil, _ color: (Int, Int) -> UInt32) -> (bytes: [UInt8], stride: Int) {
    let stride = stride ?? columns * 4
    var bytes = [UInt8](repeating: 0, count: stride * rows * 2)
    for y in 0..<(rows * 2) {
        for x in 0..<columns {
            let c = color(x, y)
            bytes[y * stride + 4 * x] = UInt8(c >> 16 & 0xFF)
            bytes[y * stride + 4 * x + 1] = UInt8(c >> 8 & 0xFF)
            bytes[y * stride + 4 * x + 2] = UInt8(c & 0xFF)
        }
    }
    return (bytes, stride)
}

private func encode(_ blitter: inout VideoBlitter, _ img: (bytes: [UInt8], stride: Int), columns: Int, rows: Int, mask: ((Int) -> Bool)? = nil) -> String {
    let out = img.bytes.withUnsafeBytes { raw in
        blitter.encode(pixels: raw.baseAddress!, stride: img.stride, columns: columns, rows: rows, isVideo: mask ?? { _ in true })
    }
    return String(decoding: out, as: UTF8.self)
}

@Suite("Video blitter")
struct VideoBlitterTests {
    @Test("one half-block a cell: top pixel foreground, bottom pixel background, wrapped in save/restore cursor")
    func exactCells() {
        var b = VideoBlitter(mode: .direct)
        let img = image(columns: 2, rows: 1) { x, y in
            x == 0 ? (y == 0 ? 0xFF0000 : 0x0000FF) : 0x00FF00
        }
        let out = encode(&b, img, columns: 2, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;2;252;0;0;48;2;0;0;252m▀\u{1B}[48;2;0;252;0m \u{1B}8")
    }

    @Test("an unchanged frame writes nothing; one changed cell writes only that cell")
    func onlyChanges() {
        var b = VideoBlitter(mode: .direct)
        var img = image(columns: 4, rows: 2) { _, _ in 0x808080 }
        _ = encode(&b, img, columns: 4, rows: 2)
        #expect(encode(&b, img, columns: 4, rows: 2).isEmpty)
        img = image(columns: 4, rows: 2) { x, y in x == 2 && y == 3 ? 0xFFFFFF : 0x808080 }
        let out = encode(&b, img, columns: 4, rows: 2)
        #expect(out == "\u{1B}7\u{1B}[2;3H\u{1B}[38;2;128;128;128;48;2;252;252;252m▀\u{1B}8")
    }

    @Test("differences below the quantisation step are not written")
    func quantisation() {
        var b = VideoBlitter(mode: .direct)
        _ = encode(&b, image(columns: 3, rows: 1) { _, _ in 0x404040 }, columns: 3, rows: 1)
        #expect(encode(&b, image(columns: 3, rows: 1) { _, _ in 0x434241 }, columns: 3, rows: 1).isEmpty)
        #expect(!encode(&b, image(columns: 3, rows: 1) { _, _ in 0x444444 }, columns: 3, rows: 1).isEmpty)
    }

    @Test("cells the UI covers are neither written nor remembered; an invalidated row is repainted")
    func maskAndInvalidate() {
        var b = VideoBlitter(mode: .direct)
        let img = image(columns: 3, rows: 2) { _, _ in 0x202020 }
        let first = encode(&b, img, columns: 3, rows: 2) { $0 < 3 }
        #expect(first.contains("[1;1H") && !first.contains("[2;"))
        let second = encode(&b, img, columns: 3, rows: 2)
        #expect(second.contains("[2;1H") && !second.contains("[1;1H"), "uncovered row 2 is drawn, row 1 is known")
        b.invalidate(row: 0)
        let third = encode(&b, img, columns: 3, rows: 2)
        #expect(third.contains("[1;1H") && !third.contains("[2;"))
    }

    @Test("SGR state is reused along a run of equal colours")
    func sgrReuse() {
        var b = VideoBlitter(mode: .direct)
        let img = image(columns: 8, rows: 1) { _, y in y == 0 ? 0xC00000 : 0x0000C0 }
        let out = encode(&b, img, columns: 8, rows: 1)
        #expect(out.components(separatedBy: "38;2;").count == 2)
        #expect(out.components(separatedBy: "▀").count == 9)
    }

    @Test("a stride wider than the row (mpv's 64-byte alignment) is honoured")
    func stride() {
        var b = VideoBlitter(mode: .direct)
        let img = image(columns: 3, rows: 1, stride: 64) { x, _ in x == 2 ? 0xFF00FF : 0 }
        let out = encode(&b, img, columns: 3, rows: 1)
        #expect(out.hasSuffix("\u{1B}[48;2;252;0;252m \u{1B}8"))
    }

    @Test("256-colour fallback uses palette indices")
    func palette256() {
        var b = VideoBlitter(mode: .palette256)
        let out = encode(&b, image(columns: 1, rows: 1) { _, y in y == 0 ? 0xFF0000 : 0x000000 }, columns: 1, rows: 1)
        #expect(out == "\u{1B}7\u{1B}[1;1H\u{1B}[38;5;196;48;5;16m▀\u{1B}8")
    }

    @Test("colour quantiser picks the nearest cube or grey entry")
    func quantizer() {
        #expect(ColorQuantizer.xterm256(RGB(255, 0, 0)) == 196)
        #expect(ColorQuantizer.xterm256(RGB(0, 0, 0)) == 16)
        #expect(ColorQuantizer.xterm256(RGB(128, 128, 128)) == 244)
        #expect(ColorQuantizer.xterm256(RGB(255, 255, 255)) == 231)
        #expect(ColorQuantizer.ansi16(RGB(250, 10, 10)) == 9)
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
