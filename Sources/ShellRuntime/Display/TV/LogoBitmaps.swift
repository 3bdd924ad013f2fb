import MediaModel

/// Channel logos at the TV's size (`size`² RGBA), by location: the loader
/// stores them from its threads, the TV presenter lays them on mpv's output
/// where the views place a logo. Any thread (locked).
final class LogoBitmaps: @unchecked Sendable {
    /// The side the TV's logos are decoded at.
    static let size = 128
    private let lock = PThreadMutex()
    private var images: [String: LogoImage] = [:]

    subscript(key: String) -> LogoImage? {
        lock.withLock { images[key] }
    }

    func store(_ image: LogoImage, for key: String) {
        lock.withLock { images[key] = image }
    }
}

extension LogoImage {
    /// The image at `side`² (a whole fraction of its own side), each pixel
    /// the mean of the block it covers, weighted by alpha.
    func reduced(to side: Int) -> LogoImage? {
        guard side > 0, width == height, width % side == 0 else { return nil }
        let block = width / side
        var out = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                var r = 0, g = 0, b = 0, a = 0
                for dy in 0..<block {
                    for dx in 0..<block {
                        let i = ((y * block + dy) * width + x * block + dx) * 4
                        let alpha = Int(rgba[i + 3])
                        r += Int(rgba[i]) * alpha
                        g += Int(rgba[i + 1]) * alpha
                        b += Int(rgba[i + 2]) * alpha
                        a += alpha
                    }
                }
                let o = (y * side + x) * 4
                if a > 0 {
                    out[o] = UInt8(r / a)
                    out[o + 1] = UInt8(g / a)
                    out[o + 2] = UInt8(b / a)
                }
                out[o + 3] = UInt8(a / (block * block))
            }
        }
        return LogoImage(width: side, height: side, rgba: out)
    }
}
