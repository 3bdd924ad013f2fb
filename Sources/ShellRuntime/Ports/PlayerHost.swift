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
}
