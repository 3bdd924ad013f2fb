/// The warm neighbours: channels either side of the one playing, opened
/// paused so a flip to them shows at once (see `WarmReducer`).
public struct WarmState: Equatable, Sendable {
    /// The warm players, by slot.
    public var players: [PlayerSlot: WarmPlayer] = [:]
    /// The full-screen load whose neighbours may be opened (it has played
    /// `ShellSettings.warmDelay`): its token.
    public var allowed: Int?
    /// Channels whose warm load failed or turned out restricted during the
    /// load `allowed`: not opened again for it.
    public var refused: Set<Int> = []

    public init() {}
}
