/// Trades colour precision for frames on a terminal (or SSH link) that cannot
/// take every frame: over each window of offered frames, if a third or more
/// were dropped the cell blitter's tolerance doubles (up to `ceiling`); after
/// a window with none dropped it halves back towards the configured one.
/// Fewer bytes a frame means more frames through the same link.
///
/// Pure; owned by the terminal on the main thread.
public struct QualityGovernor: Equatable, Sendable {
    public let base: Int
    public let ceiling: Int
    public let window: Int
    public private(set) var tolerance: Int
    private var offered = 0
    private var dropped = 0

    public init(base: Int, ceiling: Int = 24, window: Int = 30) {
        self.base = base
        self.ceiling = max(base, ceiling)
        self.window = window
        tolerance = base
    }

    /// Counts one frame offered to the terminal; returns whether the
    /// tolerance changed.
    public mutating func record(dropped wasDropped: Bool) -> Bool {
        offered += 1
        if wasDropped { dropped += 1 }
        guard offered >= window else { return false }
        let before = tolerance
        if dropped * 3 >= offered {
            tolerance = min(ceiling, max(base + 2, tolerance * 2))
        } else if dropped == 0 {
            tolerance = max(base, tolerance / 2)
        }
        offered = 0
        dropped = 0
        return tolerance != before
    }
}
