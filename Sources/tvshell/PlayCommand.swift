import ArgumentParser
import Foundation
import Logging
import MediaModel
import ShellRuntime

extension VideoOutput: ExpressibleByArgument {}

/// `tvshell [PATH_OR_URL…]`: plays those, or the built-in demo lineup.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play files, URLs or a lineup (the default command).",
        discussion: "With no argument, plays the built-in demo lineup (no network, no media files)."
    )

    @Argument(help: "Files or URLs to play, in order.")
    var items: [String] = []

    @Option(help: "Where the picture goes: terminal, window or none.")
    var video: VideoOutput = .terminal

    @Option(name: .customLong("ipc-socket"), help: "Listen for JSON automation requests on this Unix socket.")
    var ipcSocket: String?

    @Option(name: .customLong("log-file"), help: "Append logs to this file (never to the screen).")
    var logFile: String?

    @Option(name: .customLong("mpv-option"), help: "KEY=VALUE passed to libmpv before it starts (repeatable).")
    var mpvOptions: [String] = []

    @Flag(help: "Start on the home screen instead of playing the first item.")
    var home = false

    func validate() throws {
        for option in mpvOptions where !option.contains("=") || option.hasPrefix("=") {
            throw ValidationError("--mpv-option \(option): expected KEY=VALUE")
        }
        if let ipcSocket, ipcSocket.isEmpty { throw ValidationError("--ipc-socket: expected a path") }
    }

    func run() throws {
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        try bootstrapLogging(interactive: interactive)
        let logger = Logger(label: "tvshell")
        let unicode = ProcessEnvironment.prepare()

        let lineup: [MediaItem]
        if items.isEmpty {
            lineup = DemoLineup.items(cacheDirectory: DemoLineup.defaultCacheDirectory(), logger: logger) { message in
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
        } else {
            lineup = items.map(MediaItem.fromLocation)
        }
        let options = mpvOptions.map { option -> ShellConfiguration.MPVOption in
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return .init(key: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        let configuration = ShellConfiguration(
            items: lineup, video: video, ipcSocketPath: ipcSocket, mpvOptions: options, startOnHome: home,
            strayOutputPath: logFile)
        let shell = Shell(configuration: configuration, logger: logger, unicode: unicode)
        do {
            let status = try shell.run()
            if status != 0 { throw ExitCode(status) }
        } catch let error as RuntimeError {
            FileHandle.standardError.write(Data("tvshell: \(error)\n".utf8))
            logger.error("\(error)")
            throw ExitCode(1)
        }
    }

    /// Logs go to `--log-file`; without one, to stderr when there is no
    /// screen, and nowhere when the TUI owns the terminal.
    private func bootstrapLogging(interactive: Bool) throws {
        if let logFile {
            do {
                let factory = try FileLogHandler.file(path: logFile, level: .info)
                LoggingSystem.bootstrap(factory)
            } catch {
                FileHandle.standardError.write(Data("tvshell: --log-file \(logFile): cannot open for writing\n".utf8))
                throw ExitCode(73)
            }
        } else if !interactive {
            LoggingSystem.bootstrap(FileLogHandler.standardError(level: .info))
        } else {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        }
    }
}
