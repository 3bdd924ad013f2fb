import CNCurses
import CPosix
import Canvas
#if canImport(Glibc)
import Glibc
#endif

/// The screen's video windows (the picture in picture, the preview, the
/// interstitial's live frame), each painted by its own `WindowPainter`. Main thread.
extension NCursesTerminal {
    /// Takes the windows of `screen`: a window that moved or changed size
    /// is painted afresh; one whose rows were rewritten forgets those rows;
    /// one gone is taken off (its kitty image deleted).
    func updateWindows(_ screen: Screen, changedRows: [Bool], repainted: Bool) {
        let shown = Dictionary(screen.windows.map { ($0.inset, $0) }, uniquingKeysWith: { $1 })
        for (inset, painter) in windows where shown[inset] == nil {
            if painter.imagePlaced {
                frames.finish()
                KittyImageEncoder.deleting(painter.kitty.imageID).withUnsafeBytes { _ = frames.send($0) }
                frames.finish()
            }
            windows[inset] = nil
        }
        for (inset, window) in shown {
            var painter = windows[inset] ?? WindowPainter(inset: inset, mode: colorMode, shape: blitter.shape, tolerance: blitter.tolerance)
            if painter.window != window {
                painter.window = window
                painter.blitter.origin = (window.x, window.y)
                painter.blitter.invalidateAll()
                painter.placed = false
            } else if repainted {
                painter.blitter.invalidateAll()
                painter.placed = false
            } else {
                for row in 0..<window.height where changedRows[window.y + row] {
                    painter.blitter.invalidate(row: row)
                    painter.placed = false
                }
            }
            painter.mask = (0..<window.height).flatMap { row in
                (0..<window.width).map { screen[window.x + $0, window.y + row].inset == inset }
            }
            windows[inset] = painter
        }
    }

    /// The pixel size a window of `columns` × `rows` cells is rendered at.
    public func windowPixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        switch picture {
        case .cells: return blitter.pixelSize(columns: columns, rows: rows)
        case .kitty(let cw, let ch, _), .sixel(let cw, let ch):
            let width = columns * cw, height = rows * ch
            let cap = 480
            return width > cap ? (cap, max(1, height * cap / width)) : (max(1, width), max(1, height))
        }
    }

    /// The window `inset` of the last drawn screen, if it has one.
    public func window(_ inset: VideoInset) -> VideoWindow? { windows[inset]?.window }

    /// Paints window `inset`'s picture from `pixels` (rgb0 of
    /// `windowPixelSize` for the window), unless the terminal is still
    /// taking a frame. `newFrame` is false when only the UI around it changed.
    @discardableResult
    public func blitWindow(_ inset: VideoInset, pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int, newFrame: Bool = true) -> BlitOutcome {
        guard var painter = windows[inset], let window = painter.window else { return .unchanged }
        let size = windowPixelSize(columns: window.width, rows: window.height)
        guard size.width == width, size.height == height else { return .unchanged }
        if frames.isBusy {
            frames.noteDropped()
            return .dropped
        }
        let bytes: UnsafeRawBufferPointer
        switch picture {
        case .cells:
            bytes = painter.blitter.encode(pixels: pixels, stride: stride, columns: window.width, rows: window.height, isVideo: painter.mask)
        case .kitty:
            guard newFrame || !painter.placed else { return .unchanged }
            bytes = painter.kitty.encode(pixels: pixels, stride: stride, width: width, height: height, columns: window.width, rows: window.height,
                                         column: window.x, row: window.y)
            painter.imagePlaced = true
        case .sixel:
            guard newFrame || !painter.placed else { return .unchanged }
            openUpdate()
            bytes = painter.sixel.encode(pixels: pixels, stride: stride, width: width, height: height, column: window.x, row: window.y)
        }
        painter.placed = true
        windows[inset] = painter
        guard !bytes.isEmpty else { return .unchanged }
        frames.send(bytes)
        if !frames.isBusy { frameCompleted() }
        return .sent(bytes.count)
    }
}
