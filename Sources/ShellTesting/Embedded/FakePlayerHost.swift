import ShellCore
import ShellRuntime

/// `PlayerHost` over fake players: a slot gets a new `FakePlayer` when one
/// is asked for, and players move between slots as the reducer exchanges
/// them. The test's thread.
final class FakePlayerHost: PlayerHost {
    let pool = PlayerPool<FakePlayer>()

    func player(in slot: PlayerSlot) -> (any PlayerPort)? { pool[slot] }

    func startPlayer(in slot: PlayerSlot) -> Bool {
        if pool[slot] == nil { pool[slot] = FakePlayer() }
        return true
    }

    func exchangePlayers(_ a: PlayerSlot, _ b: PlayerSlot) {
        pool.exchange(a, b)
    }

    /// The player last given the audio device (`giveAudio`).
    private(set) weak var heard: FakePlayer?

    func giveAudio(to slot: PlayerSlot) {
        if let player = pool[slot] { heard = player }
    }
}
