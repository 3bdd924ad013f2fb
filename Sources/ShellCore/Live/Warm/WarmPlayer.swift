/// A warm neighbour: a channel next to the one playing (in the flip
/// order), opened paused and muted in a player of its own, so a flip to it
/// swaps players instead of loading.
public struct WarmPlayer: Equatable, Sendable {
    /// Index in `ShellState.items` of the channel.
    public var index: Int
    public var playback: PlaybackState

    public init(index: Int, playback: PlaybackState) {
        self.index = index
        self.playback = playback
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
