/// Trades picture quality for frames on a terminal (or SSH link) that cannot
/// take every frame: over each window of offered frames, if a third or more
/// were dropped the cell blitter's tolerance doubles (up to `ceiling`) and a
/// kitty image is sent at half the size a side (down to a quarter; the
/// terminal scales it to the same cells); after a window with none dropped
/// the tolerance halves back towards the configured one, and the image size
/// doubles back once enough clean windows have passed. A step back up that
/// brings the drops straight back doubles the clean windows the next one
/// waits for, so a link just short of a size does not see it flip every
/// second. Fewer bytes a frame means more frames through the same link.
/// A governor may start at a smaller image (`startDivisor`): kitty images
/// through the pty, where a slow link would take seconds over the first.
///
/// Pure; owned by the terminal on the main thread.
public struct QualityGovernor: Equatable, Sendable {
    public let base: Int
    public let ceiling: Int
    public let window: Int
    public private(set) var tolerance: Int
    /// How many times smaller a side a kitty image is sent than the
    /// terminal's full size for it: 1, 2 or `maxImageDivisor`.
    public private(set) var imageDivisor = 1
    public static let maxImageDivisor = 4
    private var offered = 0
    private var dropped = 0
    private var cleanWindows = 0
    private var cleanWindowsNeeded = 1
    private var steppedUp = false

    /// The image divisor it starts from (and starts again from).
    public let startDivisor: Int

    /// `startDivisor` (1, 2 or `maxImageDivisor`): the kitty image's size
    /// before any frame was offered; the first clean window doubles it back.
    public init(base: Int, ceiling: Int = 24, window: Int = 30, startDivisor: Int = 1) {
        self.base = base
        self.ceiling = max(base, ceiling)
        self.window = window
        tolerance = base
        self.startDivisor = [1, 2, Self.maxImageDivisor].contains(startDivisor) ? startDivisor : 1
        imageDivisor = self.startDivisor
    }

    /// The same governor before any frame was offered.
    public var restarted: QualityGovernor {
        QualityGovernor(base: base, ceiling: ceiling, window: window, startDivisor: startDivisor)
    }

    /// Counts one frame offered to the terminal; returns whether the
    /// tolerance or the image divisor changed.
    public mutating func record(dropped wasDropped: Bool) -> Bool {
        offered += 1
        if wasDropped { dropped += 1 }
        guard offered >= window else { return false }
        let before = (tolerance, imageDivisor)
        if dropped * 3 >= offered {
            tolerance = min(ceiling, max(base + 2, tolerance * 2))
            imageDivisor = min(Self.maxImageDivisor, imageDivisor * 2)
            if steppedUp { cleanWindowsNeeded = min(32, cleanWindowsNeeded * 2) }
            cleanWindows = 0
            steppedUp = false
        } else if dropped == 0 {
            tolerance = max(base, tolerance / 2)
            cleanWindows += 1
            steppedUp = false
            if imageDivisor > 1 && cleanWindows >= cleanWindowsNeeded {
                imageDivisor /= 2
                cleanWindows = 0
                steppedUp = true
            }
        } else {
            cleanWindows = 0
            steppedUp = false
        }
        offered = 0
        dropped = 0
        return before != (tolerance, imageDivisor)
    }
}
