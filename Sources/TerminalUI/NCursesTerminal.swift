import CTerminal
import ShellView
#if canImport(Glibc)
import Glibc
#endif

/// The terminal, through ncursesw: starts and ends curses mode, writes a
/// `Screen` by changed rows, reads keys, and lets the video blitter paint the
/// cells the UI leaves to the video.
///
/// Main thread only: ncurses is process-global and not thread-safe.
public final class NCursesTerminal {
    public private(set) var colorMode: ColorMode = .palette256
    public private(set) var width = 0
    public private(set) var height = 0
    /// Whether the locale can draw UTF-8 (else themes use ASCII glyphs).
    public let unicode: Bool
    private var previous: Screen?
    /// Rows ncurses believes hold something else than the terminal shows
    /// (the blitter drew video over them).
    private var staleRows: [Bool] = []
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private var active = false
    public private(set) var blitter: VideoBlitter

    private struct PairKey: Hashable { var fg: Int32, bg: Int32 }

    /// Enters curses mode on the process's terminal. The signal guard must be
    /// installed before.
    public init(unicode: Bool) {
        self.unicode = unicode
        initscr()
        cbreak()
        noecho()
        nonl()
        intrflush(tvs_stdscr(), false)
        keypad(tvs_stdscr(), true)
        nodelay(tvs_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        if has_colors() {
            start_color()
            use_default_colors()
        }
        let rgbFlag = tigetflag("RGB") > 0
        colorMode = ColorMode.detect(colorterm: getenv("COLORTERM").map { String(cString: $0) }, hasRGBFlag: rgbFlag, colors: Int(tvs_colors()))
        blitter = VideoBlitter(mode: colorMode)
        width = Int(tvs_cols())
        height = Int(tvs_lines())
        active = true
        tvs_guard_set_screen_active(1)
    }

    deinit { end() }

    /// Leaves curses mode and restores the terminal; idempotent.
    public func end() {
        guard active else { return }
        active = false
        endwin()
        tvs_guard_set_screen_active(0)
    }

    /// Leaves curses mode for a job-control stop; `resume()` comes back.
    public func suspend() {
        endwin()
        tvs_guard_set_screen_active(0)
    }

    /// Back from a stop: everything is redrawn.
    public func resume() {
        tvs_guard_set_screen_active(1)
        refresh()
        invalidate()
    }

    /// Re-reads the terminal size after SIGWINCH and forgets what is drawn.
    public func resize() {
        var rows: Int32 = 0, cols: Int32 = 0
        if tvs_window_size(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 {
            resize_term(rows, cols)
        }
        width = Int(tvs_cols())
        height = Int(tvs_lines())
        invalidate()
    }

    /// Forces a full redraw at the next `draw`.
    public func invalidate() {
        previous = nil
        staleRows = []
        clearok(tvs_curscr(), true)
        blitter.invalidateAll()
    }

    /// Writes the rows of `screen` that differ from the last frame.
    ///
    /// A row that becomes all video is left to the blitter: ncurses writes
    /// nothing there, and the row is remembered as stale in ncurses' picture
    /// of the screen. A row with UI cells that holds, held or was left stale
    /// with video is handed to ncurses as corrupted (`wredrawln`), so it
    /// rewrites it whole, and the blitter repaints its video cells; when most
    /// rows are, one clear and repaint of the whole screen is cheaper. Returns
    /// whether any row changed.
    @discardableResult
    public func draw(_ screen: Screen) -> Bool {
        guard screen.width == width, screen.height == height else { return false }
        if staleRows.count != height { staleRows = Array(repeating: true, count: height) }
        let stdscr = tvs_stdscr()
        var corrupted: [Int] = []
        var changed = false
        for y in 0..<height {
            let start = y * width
            let row = screen.cells[start..<(start + width)]
            if let previous, previous.cells[start..<(start + width)] == row { continue }
            changed = true
            let hasVideo = row.contains { $0.isVideo }
            if hasVideo { blitter.invalidate(row: y) }
            if row.allSatisfy({ $0.isVideo }) {
                staleRows[y] = true
                continue
            }
            for x in 0..<width {
                let cell = screen.cells[start + x]
                if cell.isContinuation { continue }
                put(cell, x: x, y: y, window: stdscr)
            }
            let hadVideo = previous?.cells[start..<(start + width)].contains { $0.isVideo } ?? true
            if hasVideo || hadVideo || staleRows[y] { corrupted.append(y) }
            staleRows[y] = false
        }
        if corrupted.count > height / 2 {
            clearok(tvs_curscr(), true)
            blitter.invalidateAll()
        } else {
            for y in corrupted { wredrawln(stdscr, Int32(y), 1) }
        }
        previous = screen
        if changed {
            wnoutrefresh(stdscr)
            doupdate()
        }
        return changed
    }

    /// Paints the video cells of the last drawn screen from `pixels`
    /// (`width` × `2·height` rgb0). Returns the bytes written.
    @discardableResult
    public func blit(pixels: UnsafeRawPointer, stride: Int) -> Int {
        guard let screen = previous else { return 0 }
        let cells = screen.cells
        let bytes = blitter.encode(pixels: pixels, stride: stride, columns: width, rows: height) { cells[$0].isVideo }
        guard !bytes.isEmpty else { return 0 }
        writeAll(bytes)
        return bytes.count
    }

    /// Reads one pending key, or nil when none is waiting.
    public func readInput() -> TerminalInput? {
        var wch: wint_t = 0
        let result = wget_wch(tvs_stdscr(), &wch)
        if result == KEY_CODE_YES { return KeyDecoder.functionKey(Int32(wch)) ?? .key("UNKNOWN") }
        if result == OK { return KeyDecoder.character(UInt32(wch)) }
        return nil
    }

    private func put(_ cell: Cell, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?) {
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

    private func colorNumber(_ c: RGB?) -> Int32 {
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

    private func colorPair(fg: RGB?, bg: RGB?) -> Int32 {
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

/// Writes all of `bytes` to standard output, retrying short writes.
func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(STDOUT_FILENO, raw.baseAddress!.advanced(by: offset), raw.count - offset)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += n
        }
    }
}
