import ShellCore

/// A live buffer's thumbnails: small copies of the main picture taken as
/// it plays (`ThumbnailService.noteMain`), by position in the main player's
/// time, for scrubbing back in the buffer, where no second player can
/// reach. Spaced by the buffer's length (a 2-second spacing up to 8
/// minutes of buffer, wider beyond, so about 240 cover any buffer), and
/// bounded in bytes, the oldest going first.
///
/// Run-loop thread only.
struct BufferSnapshots {
    private(set) var url: String?
    private(set) var snapshots: [(position: Double, image: ThumbnailImage)] = []
    private(set) var bytes = 0
    let limit: Int

    init(limit: Int = 16 << 20) {
        self.limit = limit
    }

    /// Seconds between snapshots for a buffer `span` seconds long.
    static func spacing(span: Double) -> Double { max(2, span / 240) }

    /// Whether one is due at `position` of `url`'s buffer spanning `span`.
    func due(url: String, position: Double, span: Double) -> Bool {
        guard url == self.url, let last = snapshots.last?.position else { return true }
        return abs(position - last) >= Self.spacing(span: span)
    }

    /// Keeps `image` of `url` at `position`; another item's are dropped.
    mutating func add(_ image: ThumbnailImage, url: String, position: Double) {
        if url != self.url {
            self.url = url
            snapshots = []
            bytes = 0
        }
        snapshots.removeAll { $0.position >= position }
        bytes = snapshots.reduce(0) { $0 + $1.image.bytes }
        snapshots.append((position, image))
        bytes += image.bytes
        while bytes > limit, snapshots.count > 1 {
            bytes -= snapshots.removeFirst().image.bytes
        }
    }

    /// The snapshot showing `time` of `url`'s buffer: the last taken at or
    /// before it, if it is no further back than two spacings, nor before
    /// `earliest` (the start of what may be sought).
    func image(url: String, at time: Double, span: Double, earliest: Double? = nil) -> (image: ThumbnailImage, position: Double)? {
        guard url == self.url, let found = snapshots.last(where: { $0.position <= time + 0.001 }),
              time - found.position <= 2 * Self.spacing(span: span), found.position >= (earliest ?? -.infinity) - 0.001 else { return nil }
        return (found.image, found.position)
    }
}

/// Scales a `bgr0` frame to `width` × `height` letterboxed (black bars, as
/// mpv renders), averaging the source pixels under each, in `layout`
/// (`rgb0`, or `bgr0` with its fourth bytes opaque). Pure.
enum FrameScaler {
    static func scale(_ source: [UInt8], width sourceWidth: Int, height sourceHeight: Int, stride sourceStride: Int,
                      to width: Int, _ height: Int, layout: String) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        if layout == "bgr0" { for index in Swift.stride(from: 3, to: out.count, by: 4) { out[index] = 0xFF } }
        guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0 else { return out }
        // The picture's rectangle inside the frame, aspect kept.
        let scale = min(Double(width) / Double(sourceWidth), Double(height) / Double(sourceHeight))
        let w = max(1, Int((Double(sourceWidth) * scale).rounded())), h = max(1, Int((Double(sourceHeight) * scale).rounded()))
        let left = (width - w) / 2, top = (height - h) / 2
        source.withUnsafeBufferPointer { pixels in
            for y in 0..<h {
                let y0 = y * sourceHeight / h, y1 = max(y0 + 1, (y + 1) * sourceHeight / h)
                for x in 0..<w {
                    let x0 = x * sourceWidth / w, x1 = max(x0 + 1, (x + 1) * sourceWidth / w)
                    var b = 0, g = 0, r = 0, n = 0
                    // At most 4 × 4 samples a pixel: enough for a thumbnail, and quick.
                    let stepY = max(1, (y1 - y0) / 4), stepX = max(1, (x1 - x0) / 4)
                    var sy = y0
                    while sy < y1 {
                        var sx = x0
                        let row = sy * sourceStride
                        while sx < x1 {
                            let at = row + sx * 4
                            b += Int(pixels[at]); g += Int(pixels[at + 1]); r += Int(pixels[at + 2])
                            n += 1
                            sx += stepX
                        }
                        sy += stepY
                    }
                    let at = ((top + y) * width + left + x) * 4
                    let (first, third) = layout == "bgr0" ? (b, r) : (r, b)
                    out[at] = UInt8(first / n)
                    out[at + 1] = UInt8(g / n)
                    out[at + 2] = UInt8(third / n)
                }
            }
        }
        return out
    }
}
