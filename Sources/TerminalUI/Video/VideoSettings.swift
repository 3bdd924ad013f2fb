/// How video is drawn in the terminal: chosen by the user (`--video-cells`,
/// `--video-colors`, `[video]` in config.toml), the rest detected.
public struct VideoSettings: Sendable, Equatable {
    /// Glyphs a cell is split into.
    public var cells: CellShape
    /// Colours to use; nil: what the terminal reports.
    public var colors: ColorMode?
    /// Largest per-channel difference drawn as the same colour (direct colour).
    public var tolerance: Int
    /// Decode only as well as the terminal's few pixels need (no loop
    /// filter, fast flags, one decoder thread).
    public var fastDecode: Bool
    /// Pixel graphics (kitty, sixel) instead of cells, when the terminal has them.
    public var graphics: GraphicsChoice

    public init(cells: CellShape = .halfBlock, colors: ColorMode? = nil, tolerance: Int = VideoBlitter.defaultTolerance,
                fastDecode: Bool = true, graphics: GraphicsChoice = .auto) {
        self.cells = cells
        self.colors = colors
        self.tolerance = tolerance
        self.fastDecode = fastDecode
        self.graphics = graphics
    }

    /// Reads a colour setting: auto (nil), direct (24bit, truecolor), 256 or 16.
    public static func colors(named name: String) -> ColorMode?? {
        switch name.lowercased() {
        case "auto": .some(nil)
        case "direct", "24bit", "truecolor": .some(.direct)
        case "256": .some(.palette256)
        case "16": .some(.palette16)
        default: nil
        }
    }
}

/// Which picture protocol to use.
public enum GraphicsChoice: String, Sendable, CaseIterable {
    /// The best the terminal answers to: kitty, then sixel, else cells.
    case auto
    case kitty
    case sixel
    /// Character cells only.
    case cells
}
