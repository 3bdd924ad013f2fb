/// The command line as typed, put in the order the parser reads: options
/// given before a subcommand's name (`tvshell --config F lineup inspect P`)
/// go after it, so they are the subcommand's, not the default command's
/// (which would take `lineup` and `inspect` as media to play).
enum ArgumentOrder {
    /// The default command's options that take a value as the next word.
    static let valued: Set<String> = [
        "--config", "--log-file", "--log-level", "--lineup", "--guide", "--theme", "--video", "--video-cells", "--video-colors",
        "--video-tolerance", "--video-decode", "--graphics", "--ipc-socket", "--mpv-option", "--lirc-socket",
    ]

    static func subcommandFirst(_ arguments: [String], subcommands: Set<String>) -> [String] {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-") {
            if arguments[index] == "--" { return arguments }
            index += valued.contains(arguments[index]) ? 2 : 1
        }
        guard index > 0, index < arguments.count, subcommands.contains(arguments[index]) else { return arguments }
        return Array(arguments[index...]) + Array(arguments[..<index])
    }
}
