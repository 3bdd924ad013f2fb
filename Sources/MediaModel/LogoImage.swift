/// A small picture (a channel logo) as RGBA pixels, row by row.
public struct LogoImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: r, g, b, a.
    public let rgba: [UInt8]

    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at (x, y): (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
