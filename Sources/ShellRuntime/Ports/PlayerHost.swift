import MediaModel
import ShellCore

/// The players by slot, as the effect interpreter drives them: the one in
/// a slot, a new one made there, two moved between slots. `PlayerSlots`
/// (libmpv) in the shell, fakes in `EmbeddedShell`. Run-loop thread.
package protocol PlayerHost: AnyObject {
    /// The player in `slot`, if one runs there.
    func player(in slot: PlayerSlot) -> (any PlayerPort)?
    /// Makes a player in `slot` (in place of a dead one, or the first of a
    /// window); false when it cannot.
    func startPlayer(in slot: PlayerSlot) -> Bool
    /// Moves the players of `a` and `b` to each other's slot.
    func exchangePlayers(_ a: PlayerSlot, _ b: PlayerSlot)
    /// Before the main slot loads `item`: a player that need not wait for
    /// the main one's old stream to end may take its place (`PlayerSlots`'
    /// spare), within `cap` streams counting `elsewhere` ones, playing at
    /// `speed`. Returns whether the main player changed.
    @discardableResult
    func handOverMain(for item: MediaItem, elsewhere: Int, cap: Int?, speed: Double) -> Bool
    /// The player in `slot` is to be heard: it takes the audio device from
    /// whichever player holds it (`PlayerSlots`).
    func giveAudio(to slot: PlayerSlot)
}

extension PlayerHost {
    /// Players that end a stream at once (the embedded driver's fakes)
    /// keep their slot.
    package func handOverMain(for item: MediaItem, elsewhere: Int, cap: Int?, speed: Double) -> Bool { false }
    /// Players with no audio device of their own (the embedded driver's
    /// fakes) share none.
    package func giveAudio(to slot: PlayerSlot) {}
}
