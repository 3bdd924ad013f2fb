import Canvas

/// Maps colours to the 256- or 16-colour palette with ordered (4×4 Bayer)
/// dithering, so gradients become fine patterns instead of bands. Stable:
/// the same colour at the same pixel always maps to the same index, so a
/// still picture does not shimmer; a colour that is in the palette maps to
/// itself.
///
/// 256 colours: each channel is dithered between the two cube levels around
/// it (near-greys between the steps of the grey ramp and the cube's greys).
/// 16 colours: the colour is offset by the threshold (about half a palette
/// step) and the nearest ANSI colour taken. Pure; the tables are built once.
struct PaletteMapper: Sendable {
    let mode: ColorMode

    init(mode: ColorMode) { self.mode = mode }

    /// The palette index for `rgb` (0xRRGGBB) drawn at pixel (`x`, `y`).
    @inline(__always)
    func index(_ rgb: UInt32, x: Int, y: Int) -> UInt32 {
        let threshold = Int(Self.bayer[(y & 3) << 2 | (x & 3)]) * 2 + 1
        let r = Int(rgb >> 16 & 0xFF), g = Int(rgb >> 8 & 0xFF), b = Int(rgb & 0xFF)
        if mode == .palette16 {
            let offset = (threshold - 16) * 3
            let key = (clamp(r + offset) >> 3) << 10 | (clamp(g + offset) >> 3) << 5 | clamp(b + offset) >> 3
            return UInt32(Self.table16[key])
        }
        if max(r, g, b) - min(r, g, b) <= 6 {
            return UInt32(Self.greyIndex[Self.pick(Self.greySteps[(r + g + b) / 3], threshold)])
        }
        return UInt32(16 + 36 * Self.pick(Self.cubeSteps[r], threshold) + 6 * Self.pick(Self.cubeSteps[g], threshold)
            + Self.pick(Self.cubeSteps[b], threshold))
    }

    /// The 6×6×6 cube entry (0–215, no greys) for a colour at pixel (`x`, `y`),
    /// dithered per channel; for sixel registers.
    @inline(__always)
    static func cubeIndex(r: Int, g: Int, b: Int, x: Int, y: Int) -> Int {
        let threshold = Int(bayer[(y & 3) << 2 | (x & 3)]) * 2 + 1
        return 36 * pick(cubeSteps[r], threshold) + 6 * pick(cubeSteps[g], threshold) + pick(cubeSteps[b], threshold)
    }

    @inline(__always)
    private func clamp(_ v: Int) -> Int { v < 0 ? 0 : v > 255 ? 255 : v }

    /// The lower level, or the upper one when the value's position between
    /// them (in 32nds) passes the threshold.
    @inline(__always)
    private static func pick(_ step: UInt16, _ threshold: Int) -> Int {
        Int(step >> 8) + (Int(step & 0xFF) > threshold ? 1 : 0)
    }

    /// The 4×4 Bayer threshold matrix (0–15).
    static let bayer: [UInt8] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// For each value 0–255: the level below it (high byte) and how far
    /// towards the next it is, in 32nds (low byte).
    private static func steps(_ levels: [Int]) -> [UInt16] {
        (0...255).map { v in
            var lo = 0
            while lo + 1 < levels.count && levels[lo + 1] <= v { lo += 1 }
            guard lo + 1 < levels.count else { return UInt16(lo) << 8 }
            return UInt16(lo) << 8 | UInt16((v - levels[lo]) * 32 / (levels[lo + 1] - levels[lo]))
        }
    }

    private static let cubeSteps = steps([0, 95, 135, 175, 215, 255])
    /// The grey ramp (232–255) merged with the cube's greys.
    private static let greyLevels: [(value: Int, index: UInt8)] =
        ((0..<24).map { (8 + 10 * $0, UInt8(232 + $0)) } + [(0, 16), (95, 59), (135, 102), (175, 145), (215, 188), (255, 231)])
        .sorted { $0.0 < $1.0 }
    private static let greySteps = steps(greyLevels.map(\.value))
    private static let greyIndex = greyLevels.map(\.index)

    private static let table16: [UInt8] = (0..<32768).map { key in
        let r = UInt8((key >> 10 & 31) << 3 | 4), g = UInt8((key >> 5 & 31) << 3 | 4), b = UInt8((key & 31) << 3 | 4)
        return UInt8(ColorQuantizer.ansi16(RGB(r, g, b)))
    }
}
