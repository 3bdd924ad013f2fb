/// How a character cell is split into video pixels: the glyphs the blitter
/// draws and how many pixels each cell covers.
public enum CellShape: String, Sendable, CaseIterable {
    /// Upper half block: 1×2 pixels a cell, any font.
    case halfBlock = "half"
    /// Quadrant blocks (U+2596–U+259F): 2×2 pixels a cell, two colours.
    case quadrant
    /// Sextants (U+1FB00–U+1FB3B, Unicode 13): 2×3 pixels a cell, two colours;
    /// needs a font with "Symbols for Legacy Computing".
    case sextant

    /// Pixels a cell covers horizontally.
    public var pixelsAcross: Int { self == .halfBlock ? 1 : 2 }
    /// Pixels a cell covers vertically.
    public var pixelsDown: Int {
        switch self {
        case .halfBlock, .quadrant: 2
        case .sextant: 3
        }
    }
    /// Pixels a cell covers.
    public var pixelsPerCell: Int { pixelsAcross * pixelsDown }

    /// UTF-8 of the glyph whose foreground covers the pixels set in `mask`
    /// (bit `i` is pixel `i`, row by row). Mask 0 and the full mask are not
    /// glyphs: the blitter writes a space in the background colour instead.
    func glyph(_ mask: Int) -> [UInt8] {
        let scalar: UInt32
        switch self {
        case .halfBlock:
            scalar = mask == 1 ? 0x2580 : 0x2584
        case .quadrant:
            scalar = Self.quadrants[mask]
        case .sextant:
            if mask == 21 { scalar = 0x258C } else if mask == 42 { scalar = 0x2590 } else {
                scalar = 0x1FB00 + UInt32(mask - 1 - (mask > 21 ? 1 : 0) - (mask > 42 ? 1 : 0))
            }
        }
        return Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    /// Quadrant glyphs by mask (bit 0 top left, 1 top right, 2 bottom left,
    /// 3 bottom right).
    private static let quadrants: [UInt32] = [
        0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
        0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588,
    ]
}
