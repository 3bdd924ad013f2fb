/// A live stream's back buffer (timeshift): what of it the player keeps,
/// and how far behind the live edge playback is. Times are on the
/// player's timeline (the one `PlaybackState.position` is on).
public struct LiveBuffer: Equatable, Sendable {
    /// The earliest position kept.
    public var start: Double
    /// The latest position received: the live edge as far as the player has it.
    public var end: Double
    /// How far behind `end` playback ran when it last followed the edge
    /// (a stream plays a segment or so behind what it has received); nil
    /// until measured.
    public var edgeLag: Double?
    /// Playback follows the live edge: not paused or rewound since the
    /// load or the last LIVE.
    public var followingEdge = true

    public init(start: Double, end: Double, edgeLag: Double? = nil, followingEdge: Bool = true) {
        self.start = start
        self.end = end
        self.edgeLag = edgeLag
        self.followingEdge = followingEdge
    }

    /// The live edge playback can reach: `end` less the gap it keeps there.
    public var edge: Double { max(start, end - (edgeLag ?? 0)) }

    /// Seconds from `position` to the live edge (0 at it or past it).
    public func distance(from position: Double) -> Double {
        max(0, edge - position)
    }

    /// Seconds behind live at `position`: 0 while following the edge.
    public func behind(at position: Double) -> Double {
        followingEdge ? 0 : distance(from: position)
    }
}
