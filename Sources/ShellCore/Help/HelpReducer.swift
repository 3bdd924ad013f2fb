/// The list of keys (`?`, KEY_HELP): opens over the screen in front; the
/// next key closes it (and does nothing else), except DOWN / UP while the
/// list is longer than the screen has rows for: they turn its pages
/// (`HelpView.pages`), DOWN on the last page closing it. Pure.
enum HelpReducer {
    static func reduce(_ state: inout ShellState, _ command: RemoteCommand) -> [Effect] {
        guard state.chrome.help else {
            state.chrome.help = command == .help
            state.chrome.helpPage = 0
            return []
        }
        let pages = HelpView.pages(state)
        switch command {
        case .down where state.chrome.helpPage + 1 < pages:
            state.chrome.helpPage += 1
        case .up where state.chrome.helpPage > 0:
            state.chrome.helpPage -= 1
        default:
            state.chrome.help = false
            state.chrome.helpPage = 0
        }
        return []
    }
}
