/// A channel flip under way: the interstitial is up, the delegate is asked
/// (after the settle delay) to replace the content, and its completion ends it.
public struct FlipState: Equatable, Sendable {
    public enum Direction: String, Equatable, Sendable {
        case next, previous
    }

    /// Identifies this request; completions of older (superseded) requests
    /// carry other tokens and are ignored.
    public var token: Int
    /// Index in `items` of the channel the flips started from.
    public var origin: Int
    /// Index in `items` of the channel the flips have reached.
    public var target: Int
    public var direction: Direction
    /// The delegate has been asked.
    public var requested = false
    /// That the flip failed, in plain words naming the channel ("Off Air is
    /// not available right now"), shown for a moment before returning to
    /// `origin`.
    public var failure: String?
    /// The player's own reason (mpv's text, which may hold the URL): for
    /// the log and IPC, never the screen.
    public var failureReason: String?
    /// The delegate's own interstitial, if it gave one (else the built-in).
    public var interstitial: ChannelInterstitial?

    public init(token: Int, origin: Int, target: Int, direction: Direction, requested: Bool = false, failure: String? = nil,
                interstitial: ChannelInterstitial? = nil) {
        self.token = token
        self.origin = origin
        self.target = target
        self.direction = direction
        self.requested = requested
        self.failure = failure
        self.interstitial = interstitial
    }
}

/// Digits typed for a direct channel change.
public struct ChannelEntry: Equatable, Sendable {
    public var digits: String
    public init(digits: String) { self.digits = digits }
}
