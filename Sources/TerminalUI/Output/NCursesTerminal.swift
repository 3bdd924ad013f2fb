import CNCurses
import CPosix
import Canvas
#if canImport(Glibc)
import Glibc
#endif

/// The terminal, through ncursesw: starts and ends curses mode, writes a
/// `Screen` by changed rows, reads keys, and puts the picture where the UI
/// leaves room for it: the video blitter paints those cells, or a kitty or
/// sixel image covers them (`picture`). Frames go out through `frames`,
/// which never blocks; the UI's own writes wait for a frame to finish.
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
    var pairs: [PairKey: Int32] = [:]
    var nextPair: Int32 = 1
    private var active = false
    public internal(set) var blitter: VideoBlitter
    /// Where video frames go: never blocks, drops frames the terminal cannot take.
    public let frames = FrameWriter()
    /// Which cells of the last drawn screen show video, and whether any or
    /// all do (worked out once a draw, not once a frame).
    private var videoMask: [Bool] = []
    private var anyVideo = false
    private var allVideo = false
    /// Raises the cells' colour tolerance while the terminal drops frames.
    public private(set) var governor: QualityGovernor
    /// Cells, kitty images or sixel images.
    public let picture: PictureProtocol
    let kitty = KittyImageEncoder()
    /// Where kitty frames go when the terminal reads shared memory.
    private let sharedMemory: KittySharedMemory?
    var sixel = SixelEncoder()
    /// A kitty image is placed (it stays until deleted).
    var imagePlaced = false
    /// The UI's panels over a kitty image, from the last drawn screen, and
    /// the ones painted into the image on screen.
    private var underlay: ImageUnderlay?
    private var placedUnderlay: ImageUnderlay?
    /// A sixel frame went out over UI rows, which must be drawn again once
    /// the frame is through.
    private var uiUnderImage = false
    /// The video windows of the last drawn screen (picture in picture, the
    /// guide's preview), each with the cells its picture shows in (row by
    /// row within the window) and what draws it.
    var windows: [VideoInset: WindowPainter] = [:]
    /// A synchronized update (DEC mode 2026) is open: a terminal that knows
    /// it holds the screen until it closes, so UI and picture change together
    /// (the others ignore the mode).
    private var updateOpen = false

    struct PairKey: Hashable { var fg: Int32, bg: Int32 }

    /// Each window's kitty image id (1 is the full-screen picture's; the
    /// preview and a flip target's never show together, so share one).
    static func kittyImageID(_ inset: VideoInset) -> Int {
        switch inset {
        case .picture: 2
        case .preview, .interstitial: 3
        case .thumbnail: 4
        case .view0: 5
        case .view1: 6
        case .view2: 7
        case .view3: 8
        }
    }

    /// What paints one video window, and what it knows of it.
    struct WindowPainter {
        var window: VideoWindow?
        /// Per cell of the window: whether its picture shows there.
        var mask: [Bool] = []
        var blitter: VideoBlitter
        let kitty: KittyImageEncoder
        var sixel = SixelEncoder()
        /// The picture is on screen as the window now is (kitty, sixel).
        var placed = false
        var imagePlaced = false

        init(inset: VideoInset, mode: ColorMode, shape: CellShape, tolerance: Int) {
            blitter = VideoBlitter(mode: mode, shape: shape, tolerance: tolerance)
            kitty = KittyImageEncoder(imageID: NCursesTerminal.kittyImageID(inset), z: -1)
        }
    }

    /// Enters curses mode on the process's terminal, with the kernel's output
    /// processing off (what is written reaches the terminal as is; ncurses
    /// already moves the cursor itself) and no software flow control (^S
    /// does not stop the picture). The signal guard must be installed
    /// before: it and `end()` restore the terminal's modes.
    public init(unicode: Bool, video: VideoSettings = VideoSettings(), picture: PictureProtocol = .cells) {
        self.picture = picture
        self.unicode = unicode
        if case .kitty(_, _, true) = picture { sharedMemory = KittySharedMemory() } else { sharedMemory = nil }
        initscr()
        cbreak()
        noecho()
        nonl()
        intrflush(tvs_stdscr(), false)
        keypad(tvs_stdscr(), true)
        nodelay(tvs_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        // Output as written; ^S / ^Q keys, not flow control (a ^S stopped
        // the picture until a ^Q). Kept as the program's mode.
        let unprocessed = tvs_output_unprocessed(STDOUT_FILENO) == 0
        let noFlowControl = tvs_input_no_flow_control(STDIN_FILENO) == 0
        if unprocessed || noFlowControl { def_prog_mode() }
        if has_colors() {
            start_color()
            use_default_colors()
        }
        let rgbFlag = tigetflag("RGB") > 0
        colorMode = video.colors ?? ColorMode.detect(colorterm: getenv("COLORTERM").map { String(cString: $0) }, hasRGBFlag: rgbFlag, colors: Int(tvs_colors()))
        blitter = VideoBlitter(mode: colorMode, shape: unicode ? video.cells : .halfBlock, tolerance: video.tolerance)
        // A kitty image without shared memory goes through the pty as text
        // (a remote terminal: SSH): the first is sent at half the size a
        // side (a quarter of the bytes), so the picture and the screens come
        // up without waiting for a full-size image a slow link takes
        // seconds over; the first window the link keeps up with restores it.
        var throughLink = false
        if case .kitty(_, _, false) = picture { throughLink = true }
        governor = QualityGovernor(base: video.tolerance, startDivisor: throughLink ? 2 : 1)
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
        frames.abandon()
        removeImage()
        for (_, painter) in windows where painter.imagePlaced {
            KittyImageEncoder.deleting(painter.kitty.imageID).withUnsafeBytes { _ = frames.send($0) }
            frames.finish()
        }
        sharedMemory?.removeAll()
        if updateOpen {
            updateOpen = false
            writeBlocking(Self.endUpdate)
        }
        endwin()
        tvs_guard_set_screen_active(0)
    }

    /// Leaves curses mode for a job-control stop; `resume()` comes back.
    public func suspend() {
        frames.finish()
        closeUpdate()
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

    /// Takes a kitty image off the screen (leaving video, at exit).
    private func removeImage() {
        guard imagePlaced else { return }
        imagePlaced = false
        frames.finish()
        KittyImageEncoder.delete.withUnsafeBytes { _ = frames.send($0) }
        frames.finish()
    }

    /// Forces a full redraw at the next `draw`.
    public func invalidate() {
        previous = nil
        staleRows = []
        clearok(tvs_curscr(), true)
        blitter.invalidateAll()
        for inset in windows.keys {
            windows[inset]?.blitter.invalidateAll()
            windows[inset]?.placed = false
        }
    }

    /// Writes the rows of `screen` that differ from the last frame.
    ///
    /// With kitty or sixel images, video cells are ordinary blanks on the
    /// default background (the image shows through them, or is drawn over
    /// them); what follows is about cells.
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
        let changedRows = previous.map { screen.rowsDiffering(from: $0) } ?? Array(repeating: true, count: height)
        for y in 0..<height where changedRows[y] {
            let start = y * width
            let row = screen.cells[start..<(start + width)]
            changed = true
            let hasVideo = row.contains { $0.isVideo }
            if hasVideo { blitter.invalidate(row: y) }
            if picture == .cells && row.allSatisfy({ $0.isVideo }) {
                staleRows[y] = true
                continue
            }
            for x in 0..<width {
                let cell = screen.cells[start + x]
                if cell.isContinuation { continue }
                put(cell, x: x, y: y, window: stdscr)
            }
            let hadVideo = previous?.cells[start..<(start + width)].contains { $0.isVideo } ?? true
            if picture == .cells && (hasVideo || hadVideo || staleRows[y]) { corrupted.append(y) }
            staleRows[y] = false
        }
        if corrupted.count > height / 2 {
            clearok(tvs_curscr(), true)
            blitter.invalidateAll()
        } else {
            for y in corrupted { wredrawln(stdscr, Int32(y), 1) }
        }
        previous = screen
        if changed { updateWindows(screen, changedRows: changedRows, repainted: corrupted.count > height / 2) }
        if changed {
            videoMask = screen.videoMask
            anyVideo = videoMask.contains(true)
            allVideo = !videoMask.contains(false)
            if case .kitty = picture { underlay = underlay(of: screen) }
            frames.finish()
            openUpdate()
            if !anyVideo { removeImage() }
            wnoutrefresh(stdscr)
            doupdate()
        }
        return changed
    }

    /// The pixel size libmpv renders for the whole screen: a kitty image
    /// smaller by the governor's divisor while the terminal drops frames.
    public var videoPixelSize: (width: Int, height: Int) {
        guard let image = picture.imageSize(columns: width, rows: height) else { return blitter.pixelSize(columns: width, rows: height) }
        guard case .kitty = picture else { return image }
        return (max(1, image.width / governor.imageDivisor), max(1, image.height / governor.imageDivisor))
    }

    /// What became of a frame handed to `blit`.
    public enum BlitOutcome: Equatable {
        /// Its changed cells, or its image, were sent (this many bytes).
        case sent(Int)
        /// No video cell changed.
        case unchanged
        /// The terminal had not taken the previous frame yet.
        case dropped
    }

    /// Paints the video of the last drawn screen from `pixels`
    /// (`videoPixelSize` rgb0), unless the terminal is still taking the
    /// previous frame. `newFrame` is false when only the UI changed: a kitty
    /// image under the UI needs nothing then.
    @discardableResult
    public func blit(pixels: UnsafeRawPointer, stride: Int, newFrame: Bool = true) -> BlitOutcome {
        guard previous != nil, anyVideo else { return .unchanged }
        if frames.isBusy {
            if newFrame { dropFrame() } else { frames.noteDropped() }
            return .dropped
        }
        // The size `pixels` were rendered at: the governor may change
        // `videoPixelSize` for the next frame as it counts this one (a
        // larger kitty image read from this frame's buffer would read past
        // its end).
        let size = videoPixelSize
        if newFrame { govern(dropped: false) }
        let bytes: UnsafeRawBufferPointer
        switch picture {
        case .cells:
            bytes = blitter.encode(pixels: pixels, stride: stride, columns: width, rows: height, isVideo: videoMask)
        case .kitty:
            guard newFrame || !imagePlaced || underlay != placedUnderlay else { return .unchanged }
            bytes = kitty.encode(pixels: pixels, stride: stride, width: size.width, height: size.height, columns: width, rows: height,
                                 underlay: underlay, sharedMemory: sharedMemory)
            imagePlaced = true
            placedUnderlay = underlay
        case .sixel:
            openUpdate()
            bytes = sixel.encode(pixels: pixels, stride: stride, width: size.width, height: size.height)
            uiUnderImage = !allVideo
        }
        guard !bytes.isEmpty else { return .unchanged }
        frames.send(bytes)
        if !frames.isBusy { frameCompleted() }
        return .sent(bytes.count)
    }

    /// The terminal took nothing for a while (stopped, or a link that
    /// stalled) and reads again: what it shows is repainted whole at the
    /// next draw, and the governor starts again from the configured
    /// quality (the drops said nothing about the link's speed).
    public func recoverAfterStall() {
        governor = governor.restarted
        blitter.tolerance = governor.tolerance
        for inset in windows.keys { windows[inset]?.blitter.tolerance = governor.tolerance }
        invalidate()
    }

    /// A new frame the terminal is too busy to take (counted; it tells the governor).
    public func dropFrame() {
        frames.noteDropped()
        govern(dropped: true)
    }

    /// Feeds the governor. A new tolerance applies from the next frame to
    /// cells in direct colour (palettes are exact); a new image divisor to
    /// the next kitty image (libmpv renders at `videoPixelSize`). Sixel
    /// images cannot be scaled by the terminal, so they keep their size.
    private func govern(dropped: Bool) {
        let tolerant = picture == .cells && colorMode == .direct
        var scalable = false
        if case .kitty = picture { scalable = true }
        guard tolerant || scalable else { return }
        if governor.record(dropped: dropped) && tolerant { blitter.tolerance = governor.tolerance }
    }

    /// The terminal took the whole of a frame: the UI rows a sixel image
    /// covered are drawn again on top of it.
    /// Closes the synchronized update once nothing is pending.
    public func frameCompleted() {
        if uiUnderImage {
            uiUnderImage = false
            let stdscr = tvs_stdscr()
            for y in 0..<height where videoMask[(y * width)..<((y + 1) * width)].contains(false) {
                wredrawln(stdscr, Int32(y), 1)
            }
            wnoutrefresh(stdscr)
            doupdate()
        }
        closeUpdate()
    }

    /// Ends the pass's synchronized update, unless a frame is still going
    /// out (then `frameCompleted` ends it). Call after drawing and blitting.
    public func closeUpdate() {
        guard updateOpen, !frames.isBusy else { return }
        updateOpen = false
        writeBlocking(Self.endUpdate)
    }

    func openUpdate() {
        guard !updateOpen else { return }
        updateOpen = true
        writeBlocking(Self.beginUpdate)
    }

    private static let beginUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    private static let endUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// Writes to standard output, waiting for the terminal (between frames:
    /// nothing of a frame is pending).
    private func writeBlocking(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }
}
