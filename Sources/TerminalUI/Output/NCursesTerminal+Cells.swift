import CNCurses
import CPosix
import Canvas
#if canImport(Glibc)
import Glibc
#endif

/// Cells through ncursesw: characters, attributes and colour pairs. Main thread.
extension NCursesTerminal {
    func put(_ cell: Cell, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?) {
        var attrs = tvs_attr_normal()
        var pair: Int32 = 0
        if !cell.isVideo {
            if cell.style.bold { attrs |= tvs_attr_bold() }
            if cell.style.dim { attrs |= tvs_attr_dim() }
            if cell.style.reverse { attrs |= tvs_attr_reverse() }
            pair = colorPair(fg: cell.style.foreground, bg: cell.style.background)
        }
        var wide: [wchar_t] = cell.isVideo ? [32, 0] : cell.character.unicodeScalars.prefix(4).map { wchar_t(bitPattern: $0.value) } + [0]
        if !unicode, let first = wide.first, first > 126 { wide = [63, 0] }
        var cchar = cchar_t()
        setcchar(&cchar, &wide, attrs, 0, &pair)
        mvwadd_wch(window, Int32(y), Int32(x), &cchar)
    }

    /// The panels of `screen` as a kitty image must show them: each cell's
    /// background as the terminal draws it, clear where video shows.
    func underlay(of screen: Screen) -> ImageUnderlay {
        ImageUnderlay(columns: width, rows: height, colours: screen.cells.map { cell in
            guard !cell.isVideo, let colour = cell.style.reverse ? cell.style.foreground : cell.style.background else { return ImageUnderlay.clear }
            return shownColor(colour).hex
        })
    }

    /// The colour the terminal shows for `c`: `c` itself in 24-bit colour,
    /// else the palette entry `colorNumber` picks.
    func shownColor(_ c: RGB) -> RGB {
        let number = Int(colorNumber(c))
        switch colorMode {
        case .direct where tvs_colors() >= 1 << 24: return RGB(hex: UInt32(number))
        case .palette16: return ColorQuantizer.ansi16Color(number)
        case .direct, .palette256: return ColorQuantizer.xterm256Color(number)
        }
    }

    func colorNumber(_ c: RGB?) -> Int32 {
        guard let c else { return -1 }
        switch colorMode {
        case .direct:
            guard tvs_colors() >= 1 << 24 else { return Int32(ColorQuantizer.xterm256(c)) }
            let v = Int32(c.hex)
            return v < 8 ? 0x010101 : v
        case .palette256:
            return Int32(ColorQuantizer.xterm256(c))
        case .palette16:
            return Int32(min(ColorQuantizer.ansi16(c), Int(tvs_colors()) - 1))
        }
    }

    func colorPair(fg: RGB?, bg: RGB?) -> Int32 {
        guard has_colors() else { return 0 }
        let key = PairKey(fg: colorNumber(fg), bg: colorNumber(bg))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        if nextPair >= tvs_color_pairs() {
            pairs.removeAll()
            nextPair = 1
        }
        let pair = nextPair
        nextPair += 1
        init_extended_pair(pair, key.fg, key.bg)
        pairs[key] = pair
        return pair
    }
}
