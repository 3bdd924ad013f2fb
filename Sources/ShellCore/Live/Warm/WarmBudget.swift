/// What warm players may use (`[live] warm_budget`), within
/// `ShellSettings.maxConnections` beside everything the viewer asked for.
public struct WarmBudget: Equatable, Sendable {
    /// Warm players at most (0: none; there are `PlayerSlot.warm.count` slots).
    public var players: Int
    /// Bytes a minute all warm players together may fetch (nil: no limit);
    /// over it, the least likely is stopped.
    public var bytesPerMinute: Int?

    public init(players: Int = 3, bytesPerMinute: Int? = nil) {
        self.players = players
        self.bytesPerMinute = bytesPerMinute
    }
}
