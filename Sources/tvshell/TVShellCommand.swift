import ArgumentParser

/// `tvshell`: plays (the default), inspects a lineup, sets the parental
/// restrictions, lists the themes.
@main
struct TVShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvshell",
        abstract: "A tvOS-style player shell for the terminal.",
        version: "0.7.0",
        subcommands: [PlayCommand.self, LineupCommand.self, GuideCommand.self, RestrictionsCommand.self, HistoryCommand.self, ThemesCommand.self],
        defaultSubcommand: PlayCommand.self
    )
}
