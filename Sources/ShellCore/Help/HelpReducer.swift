/// The list of keys (`?`, KEY_HELP): opens over the screen in front; the
/// next key, whichever it is, closes it (and does nothing else). Pure.
enum HelpReducer {
    static func reduce(_ state: inout ShellState, _ command: RemoteCommand) -> [Effect] {
        state.chrome.help = !state.chrome.help && command == .help
        return []
    }
}
