import ShellCore

/// The players by slot (`PlayerSlot`): made when a slot first needs one,
/// moved between slots by `exchange` (a playing player changes part without
/// reloading), dropped when they die. Generic so the embedded driver's fakes
/// live in one too.
///
/// Run-loop thread only.
package final class PlayerPool<Player: AnyObject> {
    private var bySlot: [PlayerSlot: Player] = [:] {
        didSet { all = PlayerSlot.allCases.compactMap { slot in bySlot[slot].map { (slot, $0) } } }
    }

    package init() {}

    package subscript(slot: PlayerSlot) -> Player? {
        get { bySlot[slot] }
        set { bySlot[slot] = newValue }
    }

    /// The two slots' players change places (either may be empty).
    package func exchange(_ a: PlayerSlot, _ b: PlayerSlot) {
        let first = bySlot[a]
        bySlot[a] = bySlot[b]
        bySlot[b] = first
    }

    /// Every player with its slot, main first (kept as the slots change:
    /// the run loop reads it several times a pass).
    package private(set) var all: [(slot: PlayerSlot, player: Player)] = []

    /// The slot `player` is in.
    package func slot(of player: Player) -> PlayerSlot? {
        bySlot.first { $0.value === player }?.key
    }

    /// Empties the pool, handing each player to `body` (for shutting down).
    package func removeAll(_ body: (Player) -> Void) {
        for (_, player) in all { body(player) }
        bySlot.removeAll()
    }
}
