import ShellCore

/// The timers the reducer counts from the wall-clock time it was last told:
/// a programme's start on a picture (`programmeBoundary`, `pictureBoundary`,
/// `previewBoundary`). A player's report (a new speed) may arm one with that
/// time old, up to the half-minute tick (`Shell.dispatch` tells the time
/// before a key, a request or a timer, not before a report), and the timer
/// then came that much after the programme's start, what it holds back
/// playing meanwhile.
/// The wait is shortened by the told time's age. Run-loop thread.
enum WallClockTimers {
    /// `delay` for timer `id` armed when the state's wall clock says `told`
    /// and the real one `now()` (read for the timers above only): less the
    /// age of `told` for those (an age over a minute or below zero is the
    /// clock set, which is told at once, and is left alone).
    static func delay(_ id: TimerID, _ delay: Double, told: Double, now: () -> Double) -> Double {
        switch id {
        case .programmeBoundary, .pictureBoundary, .previewBoundary:
            let age = now() - told
            guard told > 0, age > 0, age < 60 else { return delay }
            return max(0, delay - age)
        default:
            return delay
        }
    }
}
