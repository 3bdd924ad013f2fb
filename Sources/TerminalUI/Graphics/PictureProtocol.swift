/// How video reaches the screen, decided once at start from the settings
/// and the terminal's answers.
public enum PictureProtocol: Equatable, Sendable {
    /// Character cells (`VideoBlitter`).
    case cells
    /// kitty graphics images scaled by the terminal over the video cells;
    /// handed over in shared memory when the terminal can read it.
    case kitty(cellWidth: Int, cellHeight: Int, sharedMemory: Bool = false)
    /// Sixel images in the terminal's own pixels.
    case sixel(cellWidth: Int, cellHeight: Int)

    /// The widest picture sent as an image: kitty scales it up to the cells;
    /// sixel is drawn 1:1, so a wider terminal gets a letterboxed picture.
    static let kittyMaxWidth = 640
    static let sixelMaxWidth = 1280

    /// Picks the protocol for `choice` from what the terminal answered, with
    /// the cell size from its answer, else from the window size in pixels
    /// (`TIOCGWINSZ`), else 10×20.
    public static func choose(_ choice: GraphicsChoice, capabilities: TerminalCapabilities, windowPixels: (width: Int, height: Int)?,
                              columns: Int, rows: Int) -> PictureProtocol {
        var cell = capabilities.cellPixels ?? (10, 20)
        if capabilities.cellPixels == nil, let px = windowPixels, px.width > 0, px.height > 0, columns > 0, rows > 0 {
            cell = (max(1, px.width / columns), max(1, px.height / rows))
        }
        switch capabilities.graphics(for: choice) {
        case .kitty: return .kitty(cellWidth: cell.width, cellHeight: cell.height, sharedMemory: capabilities.kittySharedMemory)
        case .sixel: return .sixel(cellWidth: cell.width, cellHeight: cell.height)
        case .cells, .auto: return .cells
        }
    }

    /// The name reported over IPC (`picture`).
    public var name: String {
        switch self {
        case .cells: "cells"
        case .kitty: "kitty"
        case .sixel: "sixel"
        }
    }

    /// Whether frames go through shared memory (kitty on this machine).
    public var sharedMemory: Bool {
        if case .kitty(_, _, true) = self { return true }
        return false
    }

    /// The rows of a screen of `rows` an image of the whole screen covers
    /// (nil: cells, no image): all of them in kitty, all but the last in
    /// sixel (`imageSize`).
    public func imageRows(_ rows: Int) -> Int? {
        switch self {
        case .cells: nil
        case .kitty: rows
        case .sixel: max(1, rows - 1)
        }
    }

    /// The image size in pixels for `columns` × `rows` cells, nil for cells.
    /// Sixel leaves the last row out: an image that reaches the bottom line
    /// would scroll the screen.
    func imageSize(columns: Int, rows: Int) -> (width: Int, height: Int)? {
        switch self {
        case .cells:
            return nil
        case .kitty(let cw, let ch, _):
            return Self.fit(width: columns * cw, height: rows * ch, maxWidth: Self.kittyMaxWidth)
        case .sixel(let cw, let ch):
            return Self.fit(width: columns * cw, height: max(1, rows - 1) * ch, maxWidth: Self.sixelMaxWidth)
        }
    }

    private static func fit(width: Int, height: Int, maxWidth: Int) -> (width: Int, height: Int) {
        guard width > maxWidth else { return (max(1, width), max(1, height)) }
        return (maxWidth, max(1, height * maxWidth / width))
    }
}
