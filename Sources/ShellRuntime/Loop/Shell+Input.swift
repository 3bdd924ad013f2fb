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
        thumbnails?.displayResized()
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
                viewerInput(from: "keyboard")
                labelKeys(remote: false)
                dispatch(action)
                if state.quitting { return }
            }
        }
    }
}

/// Keyboards and remotes as input devices. Run-loop thread.
extension Shell {
    /// `auto` reads devices only on a console (a Linux virtual terminal) or
    /// with no terminal: in a terminal emulator the keys come through it.
    func startInputDevices() {
        var selection = configuration.inputDevices
        let onTerminal = isatty(STDIN_FILENO) == 1
        if selection == .auto, onTerminal, !Self.isConsole(STDIN_FILENO) { selection = .none }
        guard selection != .none else { return }
        let grab = configuration.grabInput ?? state.kiosk
        input = InputDevices(selection: selection, grab: grab, keyboards: !onTerminal || grab, logger: logger)
    }

    /// What the input devices say: buttons through the remote map, as lircd's.
    func readInputDevice(_ fd: Int32) {
        guard let input else { return }
        press(input.service(fd), from: "remote")
    }

    /// Buttons of a remote (an input device, the TV's over CEC) through the remote map.
    func press(_ presses: [InputEventDecoder.Press], from source: String) {
        for press in presses {
            guard let command = configuration.remoteMap.command(button: press.button, repeatCount: press.repeatCount) else {
                if press.repeatCount == 0 { logger.debug("unbound input key \(press.button)") }
                continue
            }
            viewerInput(from: source)
            if let remote = source == "cec" ? true : KeyLabels.remoteInHand(button: press.button) { labelKeys(remote: remote) }
            dispatch(.command(command, at: MonotonicClock.now()))
            if state.quitting { return }
        }
    }

    /// A key or button of the viewer's from `source` (`keyboard`, `remote`,
    /// `cec`, or the automation's), about to be dispatched: the passcode's
    /// audit names its source, and the display is told (the TV's X screen
    /// saver knows only of keys typed on X).
    func viewerInput(from source: String) {
        restrictions.inputSource = source
        presenter?.viewerActed()
    }

    /// The hints follow the input in the viewer's hand: a remote's buttons
    /// once one is pressed, the keyboard's keys once one is typed.
    func labelKeys(remote: Bool) {
        guard state.chrome.keyLabels.isRemote != remote else { return }
        dispatch(.keyLabels(remote ? KeyLabels.remote(configuration.remoteMap) : .keyboard))
    }

    /// Whether `fd` is a Linux virtual terminal (/dev/ttyN), not a terminal emulator's pty.
    static func isConsole(_ fd: Int32) -> Bool {
        guard let name = ttyname(fd).map({ String(cString: $0) }), name.hasPrefix("/dev/tty") else { return false }
        return name.dropFirst("/dev/tty".count).allSatisfy(\.isNumber) && name.count > "/dev/tty".count
    }
}
