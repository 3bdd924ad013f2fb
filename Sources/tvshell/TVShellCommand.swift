import ArgumentParser

/// `tvshell`: plays (the default), or inspects a lineup.
@main
struct TVShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvshell",
        abstract: "A tvOS-style player shell for the terminal.",
        version: "0.6.2",
        subcommands: [PlayCommand.self, LineupCommand.self, RestrictionsCommand.self],
        defaultSubcommand: PlayCommand.self
    )
}
