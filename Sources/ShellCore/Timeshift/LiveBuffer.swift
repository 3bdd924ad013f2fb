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
    /// Where live was when playback left the edge (paused, rewound): the
    /// position playback had there, and the clock then. Live moves on a
    /// second a second from it, however the stream's segments arrive (the
    /// received end jumps a segment at a time); nil while following.
    public var leftLive: LiveMark?
    /// The clock at the latest report (or pause, or seek) that reckons how
    /// far live has moved on since `leftLive`.
    public var reckonedAt: Instant?

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

    /// Where live is on the player's timeline: the edge while following it;
    /// once left, where live was then, moved on by the clock to the latest
    /// reckoning. A wall-clock time `t` is at `live - (now - t)`.
    public var live: Double {
        guard !followingEdge, let mark = leftLive, let now = reckonedAt else { return edge }
        return mark.position + (now - mark.at)
    }

    /// Seconds behind live at `position`: 0 while following the edge.
    public func behind(at position: Double) -> Double {
        followingEdge ? 0 : max(0, live - position)
    }

    /// Playback follows the edge again (LIVE, or it caught up).
    public mutating func follow() {
        followingEdge = true
        leftLive = nil
        reckonedAt = nil
    }

    /// Playback leaves the edge at `now` from `position` (paused, or sought
    /// back from there); already left, only the clock is reckoned.
    public mutating func leave(from position: Double?, now: Instant) {
        if followingEdge, let position { leftLive = LiveMark(position: position, at: now) }
        followingEdge = false
        if leftLive != nil { reckonedAt = now }
    }

    /// The clock at a report while behind live.
    public mutating func reckon(_ now: Instant) {
        if !followingEdge, leftLive != nil { reckonedAt = now }
    }
}

/// A position on the player's timeline at a time of the shell's clock.
public struct LiveMark: Equatable, Sendable {
    public var position: Double
    public var at: Instant

    public init(position: Double, at: Instant) {
        self.position = position
        self.at = at
    }
}
