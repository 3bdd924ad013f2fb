import ShellCore
import Testing

extension ReducerHarness {
    /// The live channel playing (load `token`) is paused for `seconds`, as
    /// SPACE does: the clock moves on, its player reports the buffer grown
    /// to `bufferEnd + seconds`, and the wall clock, `wallClock + seconds`,
    /// is told. The picture stays where it was: `seconds` behind live. It
    /// stays paused (SPACE again plays on). From the test's thread, as `apply`.
    public func pauseLive(for seconds: Double, bufferEnd: Double, wallClock: Double, token: Int = 1) {
        apply(.command(.playPause, at: clock.now))
        _ = advance(by: seconds)
        apply(.player(.liveBuffer(start: 0, end: bufferEnd + seconds), token: token, at: clock.now))
        apply(.wallClock(wallClock + seconds, at: clock.now))
    }
}
