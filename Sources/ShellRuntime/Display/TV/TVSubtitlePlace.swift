import Canvas

/// Where mpv draws subtitles on the TV (its `sub-pos`: the subtitle's
/// bottom in % of the output's height, 100 its own place near the bottom):
/// just above the block of the screens drawn over the bottom of the picture
/// (the transport bar, the hint, the swipe-up overlay, a card), so neither
/// covers the other, as tvOS lifts captions over its bar; mpv's own place
/// when nothing is drawn over the bottom half of the picture, or no row
/// shows it (a screen over all of it). Pure; any thread.
enum TVSubtitlePlace {
    /// `top` and `cellHeight`: the grid's place on the output, in pixels
    /// (`ASSFrame`), `outputHeight` the output's.
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
