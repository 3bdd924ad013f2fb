import Canvas

/// How many colours the terminal can show.
public enum ColorMode: String, Equatable, Sendable {
    /// 24-bit colour (`38;2;r;g;b`).
    case direct
    /// The xterm 256-colour palette.
    case palette256
    /// The 16 ANSI colours.
    case palette16

    /// Decides from the terminal's answers: `COLORTERM`, terminfo's `RGB` flag
    /// and its colour count.
    public static func detect(colorterm: String?, hasRGBFlag: Bool, colors: Int) -> ColorMode {
        let ct = colorterm?.lowercased() ?? ""
        if ct == "truecolor" || ct == "24bit" || hasRGBFlag || colors >= 1 << 24 { return .direct }
        if colors >= 256 { return .palette256 }
        return .palette16
    }
}

/// Maps colours to palettes. Pure.
public enum ColorQuantizer {
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest xterm 256-colour index (cube 16–231 or grey 232–255).
    public static func xterm256(_ c: RGB) -> Int {
        func level(_ v: UInt8) -> Int {
            let v = Int(v)
            return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40
        }
        let r = level(c.r), g = level(c.g), b = level(c.b)
        let cube = 16 + 36 * r + 6 * g + b
        let cr = cubeLevels[r], cg = cubeLevels[g], cb = cubeLevels[b]
        let average = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        func distance(_ x: Int, _ y: Int, _ z: Int) -> Int {
            let dr = Int(c.r) - x, dg = Int(c.g) - y, db = Int(c.b) - z
            return dr * dr + dg * dg + db * db
        }
        return distance(grey, grey, grey) < distance(cr, cg, cb) ? 232 + greyIndex : cube
    }

    /// The colour of xterm 256-colour index `index` (16–255; the first 16
    /// are the ANSI colours, as xterm draws them by default).
    public static func xterm256Color(_ index: Int) -> RGB {
        switch index {
        case ..<16: return ansi16Color(index)
        case 16..<232:
            let i = index - 16
            return RGB(UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[i / 6 % 6]), UInt8(cubeLevels[i % 6]))
        default:
            let level = UInt8(8 + 10 * (min(index, 255) - 232))
            return RGB(level, level, level)
        }
    }

    /// The colour of ANSI colour `index` (0–15) as xterm draws it by default.
    public static func ansi16Color(_ index: Int) -> RGB { ansi16[min(max(index, 0), 15)] }

    private static let ansi16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The nearest of the 16 ANSI colours (0–15).
    public static func ansi16(_ c: RGB) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, p) in ansi16.enumerated() {
            let dr = Int(c.r) - Int(p.r), dg = Int(c.g) - Int(p.g), db = Int(c.b) - Int(p.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }
}
