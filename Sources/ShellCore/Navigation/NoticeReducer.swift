/// Notices that come from behind the viewer (`Action.showNotice`: startup
/// problems, an account's messages, the recordings scheduler, the guide)
/// take turns: one that comes while another is up waits, and shows once
/// that one goes, for its own time; a text already up or waiting is not
/// queued again, and past `limit` waiting the oldest is dropped. Notices a
/// key gives (the reducers set `chrome.notice` themselves) show at once,
/// over what is up; the waiting ones follow them, and one from behind they
/// covered goes back to the head of the line, to be shown again in full.
/// While the shell sleeps (the screen dark) they wait for it to wake. Pure.
enum NoticeReducer {
    /// Notices kept waiting at most.
    static let limit = 8

    static func show(_ state: inout ShellState, _ text: String) -> [Effect] {
        guard state.chrome.notice != nil || state.sleep.asleep else { return present(&state, text) }
        guard state.chrome.notice != text, !state.chrome.noticesWaiting.contains(text) else { return [] }
        if state.chrome.noticesWaiting.count >= limit { state.chrome.noticesWaiting.removeFirst() }
        state.chrome.noticesWaiting.append(text)
        return []
    }

    /// After every action with a notice from behind up or waiting: the one
    /// up covered by a key's notice (or put away as the shell went to
    /// sleep) waits again at the head of the line; once none is up and
    /// the shell is awake, the next waiting one shows.
    static func next(_ state: inout ShellState) -> [Effect] {
        if let behind = state.chrome.noticeFromBehind, state.chrome.notice != behind {
            state.chrome.noticeFromBehind = nil
            if state.chrome.notice != nil || state.sleep.asleep, !state.chrome.noticesWaiting.contains(behind) {
                state.chrome.noticesWaiting.insert(behind, at: 0)
                if state.chrome.noticesWaiting.count > limit { state.chrome.noticesWaiting.remove(at: 1) }
            }
        }
        guard state.chrome.notice == nil, !state.sleep.asleep, !state.chrome.noticesWaiting.isEmpty else { return [] }
        return present(&state, state.chrome.noticesWaiting.removeFirst())
    }

    private static func present(_ state: inout ShellState, _ text: String) -> [Effect] {
        state.chrome.notice = text
        state.chrome.noticeFromBehind = text
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 4)]
    }
}
