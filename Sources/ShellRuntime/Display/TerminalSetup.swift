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

    /// The terminal video settings with the colours tmux passes on: inside
    /// tmux, with no colour chosen and nothing in the environment saying
    /// 24-bit, asks tmux whether the terminal it draws on has 24-bit colour
    /// (the `RGB` feature of the client: from the outer terminal's terminfo
    /// `RGB`/`Tc`, or `terminal-features`). tmux passes 24-bit colour on to
    /// such a terminal, and turns it into 256 colours for any other, so
    /// tvshell's own 256-colour picture is the better one there.
    static func videoSettings(_ configuration: ShellConfiguration, logger: Logger) -> VideoSettings {
        var settings = configuration.videoSettings
        let environment = ProcessInfo.processInfo.environment
        let colorterm = environment["COLORTERM"]?.lowercased()
        guard settings.colors == nil, !(environment["TMUX"] ?? "").isEmpty, colorterm != "truecolor", colorterm != "24bit" else { return settings }
        guard let features = tmuxClientFeatures() else {
            logger.info("inside tmux: no client to ask about its colours")
            return settings
        }
        if features.split(separator: ",").contains("RGB") {
            settings.colors = .direct
            logger.info("inside tmux: its terminal has 24-bit colour (\(features))")
        }
        return settings
    }

    /// `tmux display-message -p '#{client_termfeatures}'`: the features of
    /// the client tmux last drew on for this pane's session (empty or nil
    /// with none attached); at most half a second.
    static func tmuxClientFeatures() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "display-message", "-p", "#{client_termfeatures}"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = Date().addingTimeInterval(0.5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }

    /// Points the C library's `stdout` stream at the log file (or
    /// /dev/null), descriptor 1 left to the screen, so libraries that
    /// print (libdvdnav's notes on each disc) cannot write over it; returns
    /// the stream replaced (`tvs_restore_stdout_stream`). Main thread, once
    /// the terminal's library holds its own stream (`NCursesTerminal`).
    static func divertStandardOutputStream(to path: String?) -> UnsafeMutableRawPointer? {
        tvs_divert_stdout_stream(path ?? "/dev/null")
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
