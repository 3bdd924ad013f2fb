/// The previous-channel key (`-`, KEY_LAST): back to the channel watched
/// before this one; pressed again, forth. The reducer notes the channel
/// left whenever the current channel changes from one that played
/// (`follow`): a restricted channel whose prompt was cancelled, or one that
/// never started, is not "the channel before". Pure.
enum PreviousChannelReducer {
    /// Notes `before` (the channel that was playing before the action) as
    /// the previous channel when the current one changed to another channel.
    static func follow(_ state: inout ShellState, before: Int?) {
        guard let before, let current = state.current, before != current,
              state.items.indices.contains(before), state.items.indices.contains(current),
              state.items[before].isLive, state.items[before].number != nil, state.items[current].isLive else { return }
        state.live.previousChannel = before
    }

    static func go(_ state: inout ShellState, now: Instant) -> [Effect] {
        guard state.screen != .passcode, state.live.flip == nil else { return [] }
        guard let index = state.live.previousChannel, state.items.indices.contains(index), index != state.current || state.screen != .player else {
            state.chrome.notice = "No channel before this one"
            return [.startTimer(.noticeHide, after: state.settings.noticeDelay)]
        }
        state.guide.grid = nil
        state.guide.search = nil
        return PlaybackReducer.play(&state, index: index, now: now)
    }
}
