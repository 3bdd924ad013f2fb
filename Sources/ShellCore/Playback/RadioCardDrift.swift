/// Where a radio's channel card stands at a minute of the wall clock: it
/// wanders across the room it has, a cell a minute left and right and a
/// row every two minutes up and down (each to and fro), so a card left up
/// for hours burns no image into a TV's panel. The screen saver's clock
/// drifts the same way (`ScreensaverView`). Pure.
enum RadioCardDrift {
    /// The card's offset from its centred place at `minute`: x within
    /// `left`…`right`, y within `up`…`down` (each range holds 0).
    static func offset(minute: Int, x: ClosedRange<Int>, y: ClosedRange<Int>) -> (x: Int, y: Int) {
        (x: x.lowerBound + bounce(minute, span: x.count - 1), y: y.lowerBound + bounce(minute / 2, span: y.count - 1))
    }

    /// 0, 1 … span, … 1, 0, 1 …: one step at each `n`.
    static func bounce(_ n: Int, span: Int) -> Int {
        guard span > 0 else { return 0 }
        let t = ((n % (2 * span)) + 2 * span) % (2 * span)
        return t <= span ? t : 2 * span - t
    }
}
