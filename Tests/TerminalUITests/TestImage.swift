/// An rgb0 image (4 bytes a pixel, `stride` bytes a row) from a colour
/// function of (x, y) giving 0xRRGGBB.
func rgb0Image(width: Int, height: Int, stride: Int? = nil, _ color: (Int, Int) -> UInt32) -> (bytes: [UInt8], stride: Int) {
    let stride = stride ?? width * 4
    var bytes = [UInt8](repeating: 0, count: stride * height)
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y)
            bytes[y * stride + 4 * x] = UInt8(c >> 16 & 0xFF)
            bytes[y * stride + 4 * x + 1] = UInt8(c >> 8 & 0xFF)
            bytes[y * stride + 4 * x + 2] = UInt8(c & 0xFF)
        }
    }
    return (bytes, stride)
}
