import Catalog
import CPosix
import Foundation
import Library
import Logging
import MediaModel
import ShellCore
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The players by slot: their events, a libmpv that stopped by itself, the
/// pixel size each renders at. Run-loop thread.
extension Shell {
    /// Turns pending mpv events into actions. Also called before a frame is
    /// taken, so the events that precede it (video reconfigured) are known.
    func drainPlayerEvents(_ player: MPVPlayer) {
        let now = MonotonicClock.now()
        for (report, token) in player.drain() {
            dispatch(.player(report, token: token, at: now))
        }
        let keys = player.typedKeys
        player.typedKeys.removeAll()
        for key in keys {
            // Typed on a keyboard in mpv's window (the TV output).
            guard let action = KeyInput.action(forKey: key, state: state, keyMap: configuration.keyMap, at: now) else { continue }
            viewerInput(from: "keyboard")
            labelKeys(remote: false)
            dispatch(action)
        }
        guard player.died, let slot = players.pool.slot(of: player) else { return }
        if slot == .main {
            restartPlayer()
        } else {
            logger.error("the \(slot.rawValue) player's libmpv stopped by itself")
            players[slot] = nil
            player.shutdown()
            dispatch(.player(.failed(reason: "the player stopped"), token: player.currentToken, at: now))
        }
    }

    /// libmpv shut down by itself: a new one takes its place and what played
    /// loads again. Failing that, the shell keeps running without a player
    /// and says why.
    func restartPlayer() {
        logger.error("libmpv stopped by itself; starting a new one")
        player?.shutdown()
        players[.main] = nil
        if players.startPlayer(in: .main) {
            dispatch(.playerRestarted(at: MonotonicClock.now()))
        } else {
            dispatch(.showNotice("The player stopped and could not be started again; the next channel change tries again"))
        }
    }
}
