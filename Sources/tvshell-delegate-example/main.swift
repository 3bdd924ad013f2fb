import Foundation
import Logging
import MediaModel
import Parental
import ShellCore
import ShellRuntime

// tvshell-delegate-example [--ipc-socket PATH] [--restore never] [--soak SEED]:
// three lavfi channels flipped by ExampleDelegate instead of the built-in
// lineup player. `--soak SEED` (for `make soak`) adds a TV-MA channel 4 and a
// dead channel 5, and answers each flip at random, drawn from SEED: at once,
// late, twice, or never.
let unicode = ProcessEnvironment.prepare()
LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
var socket: String?
if let i = CommandLine.arguments.firstIndex(of: "--ipc-socket"), i + 1 < CommandLine.arguments.count {
    socket = CommandLine.arguments[i + 1]
}
var channels = [("A", "testsrc2"), ("B", "mandelbrot"), ("C", "smptehdbars")].enumerated().map { index, pair in
    MediaItem(id: "example.\(pair.0)", title: "Channel \(pair.0)", url: "av://lavfi:\(pair.1)=size=320x180:rate=25",
              isLive: true, number: index + 1)
}
var soakSeed: UInt64?
if let i = CommandLine.arguments.firstIndex(of: "--soak"), i + 1 < CommandLine.arguments.count {
    soakSeed = UInt64(CommandLine.arguments[i + 1])
    channels.append(MediaItem(id: "example.late", title: "Late Channel", url: "av://lavfi:smptebars=size=320x180:rate=25", isLive: true,
                              number: 4, rating: "TV-MA", contentRating: ContentRating(system: "us-tv", code: "TV-MA", rank: 600, media: .tv)))
    channels.append(MediaItem(id: "example.dead", title: "Dead Channel", url: "/nonexistent/dead-channel.ts", isLive: true, number: 5))
}
var settings = ShellSettings()
settings.flipTimeout = 3
let parental = ParentalStore.open(paths: .standard())
let configuration = ShellConfiguration(
    items: channels, ipcSocketPath: socket, mpvOptions: [.init(key: "ao", value: "null")], settings: settings,
    restrictions: parental.state, restrictionsBackend: parental.store)
let delegate = ExampleDelegate()
if let soakSeed { delegate.randomAnswers.withLock { $0 = SoakRandom(seed: soakSeed) } }
delegate.channelA = channels[0]
if let i = CommandLine.arguments.firstIndex(of: "--restore"), i + 1 < CommandLine.arguments.count {
    delegate.answersRestore = CommandLine.arguments[i + 1] != "never"
}
let shell = Shell(configuration: configuration, logger: Logger(label: "example"), unicode: unicode)
shell.delegate = delegate
delegate.installOverlay(on: shell.control)
do {
    exit(try shell.run())
} catch {
    FileHandle.standardError.write(Data("tvshell-delegate-example: \(error)\n".utf8))
    exit(1)
}
