import ArgumentParser
import Foundation
import ShellRuntime

/// `tvshell mqtt`: the box on the fleet's broker (`[mqtt]`, docs/fleet.md).
struct MQTTCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mqtt",
        abstract: "The box on the fleet's MQTT broker ([mqtt] in the config).",
        subcommands: [Forget.self]
    )

    /// `tvshell mqtt forget`: takes the box off the broker.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Remove this box's retained state, availability and Home Assistant entities from the broker (before its [mqtt] goes; with no tvshell of it running)."
        )

        @Option(name: .long, help: ArgumentHelp("The config file (default: $XDG_CONFIG_HOME/tvshell/config.toml, over /etc/tvshell/config.toml).", valueName: "path"))
        var config: String?

        func run() throws {
            let file = ShellConfigFile.loadLayers(path: config)
            for problem in file.problems where problem.key?.hasPrefix("mqtt") == true {
                FileHandle.standardError.write(Data("tvshell: \(problem)\n".utf8))
            }
            guard let settings = file.mqtt else {
                FileHandle.standardError.write(Data("tvshell: the config has no [mqtt] broker: nothing to forget\n".utf8))
                throw ExitCode(78)
            }
            do {
                let cleared = try FleetForget.run(settings)
                print("forgot \(settings.deviceID) on \(settings.tls ? "mqtts" : "mqtt")://\(settings.host):\(settings.port): \(cleared.count) retained topics cleared")
                for topic in cleared { print("  \(topic)") }
            } catch {
                FileHandle.standardError.write(Data("tvshell: \(error.message)\n".utf8))
                throw ExitCode(69)
            }
        }
    }
}
