import ArgumentParser
import Foundation
import ShellRuntime

/// `tvshell config …`: tools for the config file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file before the shell reads it.",
        subcommands: [ConfigCheckCommand.self]
    )
}

/// `tvshell config check [--config PATH] [--json]`: every problem the shell
/// would meet in the config's layers and the files they name; exit status
/// 78 (EX_CONFIG) when there is one, so a script can refuse a config
/// before it goes to a box.
struct ConfigCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Read the config as the shell would (/etc/tvshell/config.toml, then yours) and look at the files it names; exit 78 on any problem."
    )

    @Option(help: "The config file to check instead of $XDG_CONFIG_HOME/tvshell/config.toml (the system's is read first, as by play).")
    var config: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let check = ConfigCheck.run(path: config)
        print(json ? Self.json(check) : Self.text(check), terminator: "")
        if !check.problems.isEmpty { throw ExitCode(78) }
    }

    static func text(_ check: ConfigCheck) -> String {
        let read = check.layers.filter(\.found).map(\.path)
        var out = read.isEmpty ? "No config file: the defaults (looked for \(check.layers.map(\.path).joined(separator: " and ")))\n"
            : "Read \(read.joined(separator: ", then "))\n"
        for problem in check.problems { out += "\(problem)\n" }
        for note in check.notes { out += "Not checked: \(note)\n" }
        let count = check.problems.count
        out += count == 0 ? "No problems.\n"
            : "\(count) problem\(count == 1 ? "" : "s"): the shell starts all the same, without \(count == 1 ? "that setting" : "those settings") (or what \(count == 1 ? "it names" : "they name")).\n"
        return out
    }

    static func json(_ check: ConfigCheck) -> String {
        JSONText.object([
            "files": .array(check.layers.map { .object(["path": .string($0.path), "found": .bool($0.found)]) }),
            "problems": .array(check.problems.map { problem in
                .object(["file": .string(problem.file), "line": problem.line.map(JSONText.int) ?? .null,
                         "key": JSONText.optional(problem.key), "message": .string(problem.message)])
            }),
            "not_checked": .array(check.notes.map(JSONText.string)),
        ]).rendered()
    }
}
