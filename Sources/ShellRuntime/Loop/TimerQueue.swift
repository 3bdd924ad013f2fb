import ShellCore

/// The reducer's timers as deadlines on the monotonic clock. The run loop
/// sleeps until the earliest and turns due ones into `timerFired` actions.
/// Run-loop thread only.
struct TimerQueue {
    private(set) var deadlines: [TimerID: Instant] = [:]

    mutating func start(_ id: TimerID, at deadline: Instant) { deadlines[id] = deadline }
    mutating func cancel(_ id: TimerID) { deadlines[id] = nil }

    /// Milliseconds until the earliest deadline (for `poll`), -1 if none.
    func pollTimeout(now: Instant) -> Int32 {
        guard let earliest = deadlines.values.min() else { return -1 }
        let ms = (earliest - now) * 1000
        return ms <= 0 ? 0 : Int32(min(ms.rounded(.up), 3_600_000))
    }

    /// Removes and returns the timers due at `now`, earliest first.
    mutating func takeDue(now: Instant) -> [TimerID] {
        let due = deadlines.filter { $0.value <= now }.sorted { $0.value < $1.value }.map(\.key)
        for id in due { deadlines[id] = nil }
        return due
    }
}
