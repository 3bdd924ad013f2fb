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
        guard player.died, let slot = players.slot(of: player) else { return }
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
        if startPlayer(in: .main) {
            dispatch(.playerRestarted(at: MonotonicClock.now()))
        } else {
            dispatch(.showNotice("The player stopped and could not be started again; the next channel change tries again"))
        }
    }

    /// A new libmpv for `slot` (in place of a dead one, or the first of a
    /// picture or preview); false (and logged) when it fails. Window players
    /// start muted.
    @discardableResult
    func startPlayer(in slot: PlayerSlot) -> Bool {
        do {
            let player = try MPVPlayer(video: configuration.video,
                                       options: decodeOptions(for: terminal?.picture ?? .cells) + configuration.mpvOptions.map { ($0.key, $0.value) },
                                       logger: logger)
            player.pictureSize = pictureSize(for: slot)
            player.lightDecoding = lightDecoding(for: terminal?.picture ?? .cells)
            player.timeshift = configuration.timeshift
            if slot != .main { try? player.setMuted(true) }
            players[slot] = player
            if slot == .main { presenter?.playerReplaced() }
            return true
        } catch {
            logger.error("could not start libmpv: \(error)")
            return false
        }
    }

    /// The pixel size the player in `slot` draws at, for choosing among a
    /// stream's variants; nil when the picture goes to a window.
    func pictureSize(for slot: PlayerSlot) -> (width: Int, height: Int)? {
        guard let presenter else { return nil }
        return presenter.pixelSize(for: slot) ?? terminal?.videoPixelSize
    }
}
