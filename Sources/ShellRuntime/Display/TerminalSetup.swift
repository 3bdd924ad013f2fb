import CPosix
import Foundation
import Logging
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// What happens once before curses takes the terminal: asking it what it
/// draws, and keeping libraries' stray output off the screen. Main thread.
enum TerminalSetup {
    /// Asks the terminal what it draws (kitty, sixel) unless cells were
    /// chosen or there is no picture; before curses takes the terminal.
    /// Over SSH the answers get longer to come back.
    static func probePicture(_ configuration: ShellConfiguration, logger: Logger) -> PictureProtocol {
        let choice = configuration.videoSettings.graphics
        let environment = ProcessInfo.processInfo.environment
        let remote = environment["SSH_CONNECTION"] != nil || environment["SSH_TTY"] != nil
        guard configuration.video == .terminal, choice != .cells else { return .cells }
        let probeObject = KittySharedMemory.makeProbeObject()
        defer { probeObject.map(KittySharedMemory.removeProbeObject) }
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        guard let answers = TerminalProbe.run(term: environment["TERM"], sharedMemory: probeObject, insideTmux: insideTmux,
                                              timeout: remote ? 1.5 : 0.3) else { return .cells }
        let capabilities = TerminalCapabilities(answers: answers, environment: environment)
        let kitty = "\(capabilities.kittyGraphics)\(capabilities.kittySharedMemory ? " (shared memory)" : "")"
        logger.info("terminal answers: \(capabilities.version ?? "no version"), kitty \(kitty), sixel \(capabilities.sixel)\(capabilities.tmux ? ", inside tmux" : "")\(capabilities.answered ? "" : ", no DA1 answer")")
        var rows: Int32 = 0, columns: Int32 = 0, xpixel: Int32 = 0, ypixel: Int32 = 0
        let window: (width: Int, height: Int)? = tvs_window_pixels(STDOUT_FILENO, &rows, &columns, &xpixel, &ypixel) == 0 ? (Int(xpixel), Int(ypixel)) : nil
        return PictureProtocol.choose(choice, capabilities: capabilities, windowPixels: window, columns: Int(columns), rows: Int(rows))
    }

    /// Points standard error at the log file (or /dev/null) so libraries
    /// cannot write over the screen; returns a copy of the old one.
    static func divertStandardError(to path: String?) -> Int32 {
        let target = path ?? "/dev/null"
        let fd = open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return -1 }
        let saved = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        close(fd)
        return saved
    }
}
