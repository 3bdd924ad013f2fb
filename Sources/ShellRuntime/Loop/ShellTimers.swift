import ShellCore

/// The reducer's timers on a clock: `Effect.startTimer` / `cancelTimer`
/// arm and disarm them, the loop (or the embedded driver) fires the due
/// ones as `Action.timerFired`. Only armed timers fire, each once.
///
/// Run-loop thread only.
public final class ShellTimers {
    private var queue = TimerQueue()
    private let clock: any ShellClock

    public init(clock: any ShellClock) {
        self.clock = clock
    }

    func start(_ id: TimerID, after delay: Double) {
        queue.start(id, at: clock.now() + delay)
    }

    func cancel(_ id: TimerID) {
        queue.cancel(id)
    }

    /// The timers armed now, with their deadlines.
    public var armed: [TimerID: Instant] { queue.deadlines }

    /// Milliseconds until the earliest deadline (for `poll`), -1 if none.
    func pollTimeout(now: Instant) -> Int32 { queue.pollTimeout(now: now) }

    /// Disarms and returns the timers due at `now`, earliest first.
    public func takeDue(now: Instant) -> [TimerID] { queue.takeDue(now: now) }
}
