import ArgumentParser
import ShellRuntime

/// `tvshell`: plays (the default), inspects a lineup, sets the parental
/// restrictions, lists the themes.
@main
struct TVShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvshell",
        abstract: "A tvOS-style player shell for the terminal.",
        discussion: """
            tvshell is a ten-foot interface for a terminal or the TV box under a television: live TV from M3U lineups \
            with an XMLTV guide (list and grid, search, reminders, favourites, catch-up, timeshift), films with resume \
            and Up Next, precision scrubbing, picture in picture, parental restrictions behind a passcode, a kiosk mode \
            that cannot be escaped and heals itself, an infrared remote through lircd, Now Playing on D-Bus and a JSON \
            automation socket. libmpv plays; the picture is drawn in the terminal (kitty, sixel or coloured cells) or in \
            mpv's own window.

            With no argument it plays a built-in demo lineup that needs no network and no media files. The keys follow \
            the Apple TV remote: arrows, ENTER, ESC (Menu), SPACE; g opens the guide, p the picture in picture, q quits.
            """,
        version: ShellVersion.current,
        subcommands: [PlayCommand.self, AccountCommand.self, ConfigCommand.self, RecordingsCommand.self, RecorderCommand.self, LineupCommand.self, GuideCommand.self, RestrictionsCommand.self, HistoryCommand.self, ThemesCommand.self, MQTTCommand.self, CECCommand.self],
        defaultSubcommand: PlayCommand.self
    )

    /// The names of the subcommands besides `play`.
    static var subcommandNames: [String] {
        configuration.subcommands.map { $0._commandName }
    }

    static func main() {
        let arguments = ByteNamedPath.commandLineArguments()
        if arguments == ["--help"] || arguments == ["-h"] {
            print(overview)
            return
        }
        main(ArgumentOrder.subcommandFirst(arguments, subcommands: Set(subcommandNames)))
    }

    /// `tvshell --help`: what the bare command does (play, the default
    /// subcommand) with its options first, then the other commands.
    static var overview: String {
        var text = configuration.abstract + "\n\n" + helpMessage(for: PlayCommand.self)
        text += "\nOTHER COMMANDS:\n"
        for command in configuration.subcommands where command != PlayCommand.self && command.configuration.shouldDisplay {
            let name = command._commandName
            text += "  " + name.padding(toLength: 14, withPad: " ", startingAt: 0) + command.configuration.abstract + "\n"
        }
        text += "\n  See 'tvshell help <command>' for a command's options, and man tvshell for the keys and files.\n"
        return text
    }
}
