/// A stream that failed, being retried with back-off while the interstitial
/// says "Reconnecting…".
public struct RecoveryState: Equatable, Sendable {
    /// Index in `items` of the stream retried.
    public var index: Int
    /// Retries so far (1 during the first).
    public var attempt: Int
    /// Why it failed last.
    public var reason: String
    /// Waiting for the retry timer (false once the retry is loading).
    public var waiting: Bool

    public init(index: Int, attempt: Int, reason: String, waiting: Bool) {
        self.index = index
        self.attempt = attempt
        self.reason = reason
        self.waiting = waiting
    }
}
