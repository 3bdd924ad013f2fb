/// The previous-channel key (`-`, KEY_LAST): back to the channel watched
/// before this one; pressed again, forth. Playback tells it of the channel
/// left each time what plays changes (`leaving`, from
/// `PlaybackReducer.makeCurrent`): a restricted channel whose prompt was
/// cancelled, or one that never started, is not "the channel before". Pure.
enum PreviousChannelReducer {
    /// What plays is about to change to `items[next]`: the numbered live
    /// channel playing now, if it was being watched (playing, or showing
    /// its first frame), becomes the previous channel.
    static func leaving(_ state: inout ShellState, for next: Int?) {
        guard let next, let current = state.current, current != next,
              state.playback.phase == .playing || state.playback.firstFramePresented,
              state.items.indices.contains(current), state.items.indices.contains(next),
              state.items[current].isLive, state.items[current].number != nil, state.items[next].isLive else { return }
        state.live.previousChannel = current
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
