/// Live TV: the flip under way, digits typed, the channel before, and the
/// health of streams (recovery, failover, where a failing stream falls back).
public struct LiveState: Equatable, Sendable {
    /// The channel flip under way.
    public var flip: FlipState?
    /// The last flip token handed out.
    public var flipCounter = 0
    /// Digits typed for a direct channel change.
    public var channelEntry: ChannelEntry?
    /// The channel watched before the current one (`-`, KEY_LAST goes back to it).
    public var previousChannel: Int?
    /// The item played at start and after the guide sat idle (kiosk).
    public var startIndex: Int?
    /// Where a stream that keeps failing falls back to.
    public var fallbackIndex: Int?
    /// A failed stream being retried ("Reconnecting…").
    public var recovery: RecoveryState?
    /// Streams in use and failures, by index in `items` (only items that
    /// failed or switched stream have one).
    public var streamHealth: [Int: StreamHealth] = [:]
    /// Live plays by channel (`MediaItem.channelKey`), from the library's
    /// history: the most-watched channels are kept warm.
    public var watchCounts: [String: Int] = [:]

    public init() {}
}
