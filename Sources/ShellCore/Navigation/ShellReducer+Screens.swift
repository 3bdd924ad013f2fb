import MediaModel

extension ShellReducer {
    /// Keys on the error screen: ENTER plays the next item (a live channel:
    /// the same channel again), the channel keys flip, ESC and the guide key
    /// go home.
    static func reduceError(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        switch command {
        case .select:
            // A live channel is tried again (it may be back), and so is a
            // film cut short; anything else gives way to the next item.
            if state.currentItem?.isLive == true || state.playback.cutShortAt != nil, let current = state.current {
                return PlaybackReducer.play(&state, index: current, now: now)
            }
            if let current = state.current, current + 1 < state.items.count {
                return PlaybackReducer.play(&state, index: current + 1, now: now)
            }
            return goHome(&state)
        case .channelUp, .right:
            return TransportReducer.changeChannel(&state, by: 1, now: now)
        case .channelDown, .left:
            return TransportReducer.changeChannel(&state, by: -1, now: now)
        case .menu, .guide:
            return goHome(&state)
        default:
            return []
        }
    }

    /// Keys on the home screen and the guide's list (`i` shows the selected
    /// item's card, which follows the selection; ESC or `i` puts it away).
    static func reduceHome(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        guard !state.items.isEmpty else { return [] }
        switch command {
        case .up, .down:
            // The rows top to bottom: Continue Watching's, then the list's
            // (positions looked up, never the whole list built).
            let resumable = ContinueWatching.items(state)
            let list = state.lineupIndex
            let selection = state.navigation
            let position: Int
            if selection.homeInContinue, let at = resumable.firstIndex(of: selection.homeSelection) {
                position = at
            } else if list.listPosition.indices.contains(selection.homeSelection) {
                position = resumable.count + list.listPosition[selection.homeSelection]
            } else {
                position = 0
            }
            let next = min(max(0, position + (command == .up ? -1 : 1)), resumable.count + list.listOrder.count - 1)
            state.navigation.homeSelection = next < resumable.count ? resumable[next] : list.listOrder[next - resumable.count]
            state.navigation.homeInContinue = next < resumable.count
        case .info:
            state.navigation.homeInfo.toggle()
        case .menu where state.navigation.homeInfo:
            state.navigation.homeInfo = false
        case .select, .playPause, .play:
            state.navigation.homeInfo = false
            let index = min(state.navigation.homeSelection, state.items.count - 1)
            if command == .select, let effects = PreviewReducer.promote(&state, index: index, now: now) { return effects }
            return PlaybackReducer.play(&state, index: index, now: now)
        case .guide:
            if GuideGridReducer.available(state) && (state.screen == .home || state.screen == .guide) {
                return GuideGridReducer.open(&state)
            }
            if state.screen == .guide {
                // The list is up and the grid has nothing to show: say why
                // instead of nothing.
                let why = state.guide.status?.refreshing == true ? "the guide is still being read" : "no programmes are listed for these channels"
                state.chrome.notice = "The guide's grid: \(why)"
                return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
            }
            NavigationReducer.go(&state, to: .guide)
        case .record:
            return RecordingsReducer.open(&state, index: min(state.navigation.homeSelection, state.items.count - 1))
        case .multiview:
            return MultiviewReducer.start(&state, channels: nil, now: now)
        case .menu where state.screen == .guide:
            return GuideGridReducer.leave(&state, now: now)
        default:
            break
        }
        return []
    }
}
