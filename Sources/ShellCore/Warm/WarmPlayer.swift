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
