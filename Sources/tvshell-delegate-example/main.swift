import Foundation
import Logging
import MediaModel
import Parental
import ShellCore
import ShellRuntime

// tvshell-delegate-example [--ipc-socket PATH] [--restore never]: three lavfi
// channels flipped by ExampleDelegate instead of the built-in lineup player.
let unicode = ProcessEnvironment.prepare()
LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
var socket: String?
if let i = CommandLine.arguments.firstIndex(of: "--ipc-socket"), i + 1 < CommandLine.arguments.count {
    socket = CommandLine.arguments[i + 1]
}
let channels = [("A", "testsrc2"), ("B", "mandelbrot"), ("C", "smptehdbars")].enumerated().map { index, pair in
    MediaItem(id: "example.\(pair.0)", title: "Channel \(pair.0)", url: "av://lavfi:\(pair.1)=size=320x180:rate=25",
              isLive: true, number: index + 1)
}
var settings = ShellSettings()
settings.flipTimeout = 3
let parental = ParentalStore.open(paths: .standard())
let configuration = ShellConfiguration(
    items: channels, ipcSocketPath: socket, mpvOptions: [.init(key: "ao", value: "null")], settings: settings,
    restrictions: parental.state, restrictionsBackend: parental.store)
let delegate = ExampleDelegate()
delegate.channelA = channels[0]
if let i = CommandLine.arguments.firstIndex(of: "--restore"), i + 1 < CommandLine.arguments.count {
    delegate.answersRestore = CommandLine.arguments[i + 1] != "never"
}
let shell = Shell(configuration: configuration, logger: Logger(label: "example"), unicode: unicode)
shell.delegate = delegate
delegate.installOverlay(on: shell)
do {
    exit(try shell.run())
} catch {
    FileHandle.standardError.write(Data("tvshell-delegate-example: \(error)\n".utf8))
    exit(1)
}
