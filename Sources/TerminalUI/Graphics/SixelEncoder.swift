/// Frames as DEC sixel images: the 6×6×6 colour cube (216 registers),
/// ordered-dithered per channel like the 256-colour cells, six pixel rows a
/// band, each colour's run of sixels run-length encoded (`!n`). The image is
/// drawn at the top left in the terminal's own pixels (sixel cannot scale).
///
/// Not thread-safe; owned by the render loop.
public struct SixelEncoder {
    private let out = EscapeBuffer()
    /// Per band: for each colour, its sixel bits at each x (scratch).
    private var bits: [UInt8] = []
    /// Per colour, the span of x it touches in the current band (empty: min > max).
    private var minX: [Int] = Array(repeating: Int.max, count: 216)
    private var maxX: [Int] = Array(repeating: -1, count: 216)
    private static let levels = [0, 95, 135, 175, 215, 255]

    public init() {}

    /// The escapes for one frame of `width` × `height` rgb0 pixels (`stride`
    /// bytes a row). Valid until the next call.
    public mutating func encode(pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int, column: Int = 0, row: Int = 0) -> UnsafeRawBufferPointer {
        out.reset()
        out.append(Array("\u{1B}7\u{1B}[\(row + 1);\(column + 1)H".utf8))
        out.append(Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8))
        for i in 0..<216 {
            out.reserve(24)
            out.append(0x23)
            out.decimal(i)
            out.append(Array(";2;".utf8))
            out.decimal(Self.levels[i / 36] * 100 / 255)
            out.append(0x3B)
            out.decimal(Self.levels[i / 6 % 6] * 100 / 255)
            out.append(0x3B)
            out.decimal(Self.levels[i % 6] * 100 / 255)
        }
        if bits.count < 216 * width { bits = Array(repeating: 0, count: 216 * width) }
        let source = pixels.assumingMemoryBound(to: UInt8.self)
        var band = 0
        while band < height {
            for dy in 0..<min(6, height - band) {
                let y = band + dy
                let row = source + y * stride
                for x in 0..<width {
                    let c = PaletteMapper.cubeIndex(r: Int(row[4 * x]), g: Int(row[4 * x + 1]), b: Int(row[4 * x + 2]), x: x, y: y)
                    bits[c * width + x] |= 1 << dy
                    if x < minX[c] { minX[c] = x }
                    if x > maxX[c] { maxX[c] = x }
                }
            }
            var first = true
            for c in 0..<216 where maxX[c] >= 0 {
                if !first { out.append(0x24) }
                first = false
                emitRow(colour: c, width: width)
                minX[c] = .max
                maxX[c] = -1
            }
            out.append(0x2D)
            band += 6
        }
        out.append([0x1B, 0x5C, 0x1B, 0x38])
        return out.bytes
    }

    /// `#c` and the colour's sixels along the band (from the left edge to the
    /// last x it touches; the cursor starts each colour at the left), runs
    /// compressed; clears its bits for the next band.
    private mutating func emitRow(colour c: Int, width: Int) {
        out.reserve(8 + width * 2)
        out.append(0x23)
        out.decimal(c)
        let base = c * width
        let end = maxX[c] + 1
        var x = 0
        if minX[c] > 3 {
            out.append(0x21)
            out.decimal(minX[c])
            out.append(63)
            x = minX[c]
        }
        while x < end {
            let value = bits[base + x]
            var run = 1
            while x + run < end && bits[base + x + run] == value { run += 1 }
            out.reserve(8)
            if run > 3 {
                out.append(0x21)
                out.decimal(run)
                out.append(63 + value)
            } else {
                for _ in 0..<run { out.append(63 + value) }
            }
            for k in x..<(x + run) { bits[base + k] = 0 }
            x += run
        }
    }
}
