/// The warm players: the channels the viewer is likely to go to next,
/// opened paused so a zap to them shows at once (see `WarmReducer`).
public struct WarmState: Equatable, Sendable {
    /// The warm players, by slot.
    public var players: [PlayerSlot: WarmPlayer] = [:]
    /// The full-screen load whose neighbours may be opened (it has played
    /// `ShellSettings.warmDelay`): its token.
    public var allowed: Int?
    /// Channels whose warm load failed, turned out restricted or went over
    /// the budget's bytes during the load `allowed`: not opened again for it.
    public var refused: Set<Int> = []

    public init() {}
}
