/// A warm player: a channel the viewer is likely to go to next, opened
/// paused and muted in a player of its own, so a zap to it swaps players
/// instead of loading.
public struct WarmPlayer: Equatable, Sendable {
    /// Index in `ShellState.items` of the channel.
    public var index: Int
    public var playback: PlaybackState
    /// Why it is warm (the highest-ranked reason, as last reconciled).
    public var reason: WarmReason
    /// Bytes in its demuxer cache, and bytes a second coming in, as last
    /// reported (`PlayerReport.fetched`).
    public var fetchedBytes = 0
    public var inputRate = 0.0

    public init(index: Int, playback: PlaybackState, reason: WarmReason = .next) {
        self.index = index
        self.playback = playback
        self.reason = reason
    }
}

extension ShellState {
    /// The warm player of the channel a flip is going to, when it has a
    /// picture to show (its video configured): the interstitial shows its
    /// latest frame. Nil when the target is not warm.
    public var warmFlipTarget: PlayerSlot? {
        guard let flip = live.flip, flip.failure == nil else { return nil }
        return PlayerSlot.warm.first { slot in
            guard let warm = warm.players[slot] else { return false }
            return warm.index == flip.target && warm.playback.phase == .playing && warm.playback.videoConfigured
        }
    }
}
