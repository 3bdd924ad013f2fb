import MediaModel

/// How a channel's streams have fared this session: the one in use and the
/// last failure. The guide shows it; failover moves `stream` on.
public struct StreamHealth: Equatable, Sendable {
    /// The stream in use: 0 for the item's `url`, 1… for its alternates.
    public var stream = 0
    /// Streams that failed one after another since one last played: when it
    /// reaches the number of streams, every one has been tried.
    public var failedInRow = 0
    /// Why a stream of it failed last.
    public var lastFailure: String?
    /// The stream that failed last.
    public var lastFailedStream: Int?
    /// When (seconds since 1970, by `ShellState.wallClock`; nil when not known).
    public var failedAt: Double?

    public init() {}
}

extension ShellState {
    /// `items[index]` as it plays now: on the stream its health says is in use.
    public func playable(_ index: Int) -> MediaItem {
        items[index].onStream(live.streamHealth[index]?.stream ?? 0)
    }

    /// The URL of the stream loading or playing full screen.
    public var playingURL: String? {
        current.map { playable($0).url }
    }
}
