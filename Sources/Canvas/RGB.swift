/// A 24-bit colour.
public struct RGB: Equatable, Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r; self.g = g; self.b = b
    }
    /// From 0xRRGGBB.
    public init(hex: UInt32) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF))
    }
    public var hex: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
    /// Whether it is a light colour (its luma, Rec. 709 weights on the
    /// encoded values, over half): dark text goes on it.
    public var isLight: Bool { 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) > 127.5 }
}
