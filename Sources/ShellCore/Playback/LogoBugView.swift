import MediaModel

/// The channel's logo as a bug in the top-right corner of the picture: the
/// 16×16 logo at half size, 8 columns × 4 rows of half-blocks; transparent
/// pixels leave the picture showing. An output that draws images itself
/// lays the logo (`key`, its location) over those cells.
enum LogoBugView {
    static func draw(_ logo: LogoImage, key: String, into screen: inout Screen) {
        let columns = logo.width / 2, rows = logo.height / 4
        let x0 = screen.width - columns - 2, y0 = 1
        screen.place(image: ImagePlacement(key: key, x: x0, y: y0, width: columns, height: rows))
        for row in 0..<rows {
            for col in 0..<columns {
                let top = logo.pixel(col * 2, row * 4), bottom = logo.pixel(col * 2, row * 4 + 2)
                guard top.3 >= 128 || bottom.3 >= 128 else { continue }
                let fg = top.3 >= 128 ? RGB(top.0, top.1, top.2) : RGB(bottom.0, bottom.1, bottom.2)
                let bg = bottom.3 >= 128 ? RGB(bottom.0, bottom.1, bottom.2) : fg
                screen[x0 + col, y0 + row] = Cell("▀", style: Style(foreground: fg, background: bg))
            }
        }
    }
}
