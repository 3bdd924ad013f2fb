import ShellCore
import ShellRuntime
import Synchronization

/// A `ShellClock` moved by hand: the embedded driver's. Any thread.
public final class ManualShellClock: ShellClock {
    private let time: Mutex<(now: Double, wall: Double)>

    public init(now: Double = 1000, wallClock: Double = 1_800_000_000) {
        time = Mutex((now, wallClock))
    }

    public func now() -> Instant { Instant(seconds: time.withLock { $0.now }) }
    public func wallClock() -> Double { time.withLock { $0.wall } }

    /// Moves both clocks on by `seconds`.
    public func advance(by seconds: Double) {
        time.withLock {
            $0.now += seconds
            $0.wall += seconds
        }
    }
}
