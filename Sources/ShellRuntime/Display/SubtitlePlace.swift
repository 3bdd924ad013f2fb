import Canvas
import Logging

/// Where mpv draws subtitles into a picture the screens are drawn over
/// (the TV's, a kitty or sixel image in the terminal; its `sub-pos`: the
/// subtitle's bottom in % of the picture's height, 100 its own place near
/// the bottom): just above the block of the screens drawn over the bottom
/// of the picture (the transport bar, the hint, the swipe-up overlay, a
/// card, a picture in its corner), so neither covers the other, as tvOS
/// lifts captions over its bar; mpv's own place when nothing is drawn over
/// the bottom half of the picture, or no row shows it (a screen over all of
/// it). Pure; any thread.
enum SubtitlePlace {
    /// `top` and `cellHeight`: the grid's place on the picture (pixels on
    /// the TV, `ASSFrame`; rows in the terminal: 0 and 1), `outputHeight`
    /// the picture's height in the same unit.
    static func position(_ screen: Screen, top: Double, cellHeight: Double, outputHeight: Int) -> Int {
        guard screen.height > 0, outputHeight > 0 else { return 100 }
        let showsPicture: (Int) -> Bool = { y in
            // Text laid over the picture (the TV's bar has no band) counts as drawn.
            (0..<screen.width).allSatisfy { x in screen[x, y].isVideo && screen[x, y].inset == nil && !screen[x, y].isOverPicture }
        }
        // The lowest drawn row, in the bottom half (the bar has a clear row
        // or two under it), then the block it ends: up to two clear rows in
        // a row (the bar's title has one between it and the progress line;
        // a subtitle needs more).
        guard let lowest = (0..<screen.height).reversed().first(where: { !showsPicture($0) }), lowest >= screen.height / 2,
              let clear = (1..<max(1, lowest)).reversed().first(where: { showsPicture($0) && showsPicture($0 - 1) }) else { return 100 }
        let blockTop = top + Double(clear + 1) * cellHeight
        return min(100, max(0, Int((blockTop / Double(outputHeight) * 100).rounded(.down)) - 1))
    }
}

/// The subtitles' place last told to the main player, told again only when
/// it changes (`SubtitlePlace`). A presenter's; run-loop thread only.
final class SubtitlePlacer {
    private var told: Int?
    private let logger: Logger

    init(logger: Logger) { self.logger = logger }

    /// Tells `player` `position` unless it was told last.
    func place(_ position: Int, on player: MPVPlayer?) {
        guard let player, position != told else { return }
        do {
            try player.setSubtitlePosition(position)
            told = position
        } catch {
            logger.error("the subtitles' place: \(error)")
        }
    }

    /// Another player is the main one (`left`, the one before, gets mpv's
    /// own place back): the next `place` tells the new one.
    func mainChanged(left: MPVPlayer?) {
        if let told, told != 100 { try? left?.setSubtitlePosition(100) }
        told = nil
    }
}
