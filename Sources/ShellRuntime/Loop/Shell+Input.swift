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

/// Signals, the terminal's size, and keys. Run-loop thread.
extension Shell {
    func handleSignals() {
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = read(signalRead, &bytes, bytes.count)
        guard n > 0 else { return }
        for signal in bytes[0..<n].map(Int32.init) {
            switch signal {
            case SIGWINCH:
                terminalResized()
            case SIGTERM:
                logger.info("SIGTERM")
                dispatch(.quitRequested(.terminate))
            case SIGINT, SIGQUIT:
                logger.info("SIGINT/SIGQUIT")
                dispatch(.quitRequested(.interrupt))
            case SIGHUP:
                logger.info("SIGHUP")
                dispatch(.quitRequested(.hangup))
            case SIGTSTP:
                if state.kiosk { logger.info("SIGTSTP: ignored in kiosk mode") }
                guard !state.kiosk, let terminal else { continue }
                terminal.suspend()
                raise(SIGSTOP)
                terminal.resume()
                presenter?.forceRedraw()
            default:
                break
            }
        }
    }

    /// The terminal changed size: everything is drawn again, the picture
    /// rendered at the new pixel size, and an adaptive stream's variant
    /// chosen again for it.
    func terminalResized() {
        guard let presenter else { return }
        presenter.resized()
        dispatch(.display(presenter.size))
        for (slot, player) in players.pool.all {
            player.pictureSize = players.pictureSize(for: slot)
            player.selectVariant()
        }
    }

    func readKeys() {
        guard let terminal else { return }
        while let input = terminal.readInput() {
            switch input {
            case .resize:
                terminalResized()
            case .key(let name):
                guard let action = KeyInput.action(forKey: name, state: state, keyMap: configuration.keyMap, at: MonotonicClock.now()) else {
                    logger.debug("unbound key \(name)")
                    continue
                }
                restrictions.inputSource = "keyboard"
                dispatch(action)
                if state.quitting { return }
            }
        }
    }
}
