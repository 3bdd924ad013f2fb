/// Notices that come from behind the viewer (`Action.showNotice`: startup
/// problems, an account's messages, the recordings scheduler, the guide)
/// take turns: one that comes while another is up waits, and shows once
/// that one goes, for its own time; a text already up or waiting is not
/// queued again, and past `limit` waiting the oldest is dropped. Notices a
/// key gives (the reducers set `chrome.notice` themselves) show at once,
/// over what is up; the waiting ones follow them. Pure.
enum NoticeReducer {
    /// Notices kept waiting at most.
    static let limit = 8

    static func show(_ state: inout ShellState, _ text: String) -> [Effect] {
        guard let shown = state.chrome.notice else { return present(&state, text) }
        guard shown != text, !state.chrome.noticesWaiting.contains(text) else { return [] }
        if state.chrome.noticesWaiting.count >= limit { state.chrome.noticesWaiting.removeFirst() }
        state.chrome.noticesWaiting.append(text)
        return []
    }

    /// The next waiting notice, once none is up (after every action:
    /// a notice goes with its timer, or is taken down by a reducer).
    static func next(_ state: inout ShellState) -> [Effect] {
        guard state.chrome.notice == nil, !state.chrome.noticesWaiting.isEmpty else { return [] }
        return present(&state, state.chrome.noticesWaiting.removeFirst())
    }

    private static func present(_ state: inout ShellState, _ text: String) -> [Effect] {
        state.chrome.notice = text
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 4)]
    }
}
