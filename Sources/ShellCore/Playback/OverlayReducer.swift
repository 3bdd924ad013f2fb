/// The swipe-up custom overlay and the swipe-down info panel: presentation,
/// focus, activation, dismissal; and the "▲ More" hint.
enum OverlayReducer {
    /// Keys while an overlay is up; nil when the key is not the overlay's.
    static func reduce(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        switch state.chrome.overlay {
        case .none, .menus:
            return nil
        case .custom:
            let count = OverlayModel.customItems(state).count
            switch command {
            case .left: state.chrome.overlayFocus = max(0, state.chrome.overlayFocus - 1); return []
            case .right: state.chrome.overlayFocus = min(max(0, count - 1), state.chrome.overlayFocus + 1); return []
            case .select:
                let items = OverlayModel.customItems(state)
                guard items.indices.contains(state.chrome.overlayFocus) else { return [] }
                return activate(&state, items[state.chrome.overlayFocus].activation, now: now)
            case .down, .menu: return dismiss(&state)
            default: return nil
            }
        case .info:
            let tabs = OverlayModel.infoTabs(state)
            let ring = OverlayModel.infoRingCount(state)
            switch command {
            case .left: state.chrome.overlayFocus = max(0, state.chrome.overlayFocus - 1); return []
            case .right: state.chrome.overlayFocus = min(ring - 1, state.chrome.overlayFocus + 1); return []
            case .select:
                if state.chrome.overlayFocus < tabs.count {
                    state.chrome.infoTab = tabs[state.chrome.overlayFocus]
                    return []
                }
                let items = OverlayModel.infoItems(state)
                let index = state.chrome.overlayFocus - tabs.count
                guard items.indices.contains(index) else { return [] }
                return activate(&state, items[index].activation, now: now, keepOpen: true)
            case .up, .menu, .info: return dismiss(&state)
            default: return nil
            }
        }
    }

    /// UP: the custom overlay, focused on the current channel (live) or the first item.
    static func presentCustom(_ state: inout ShellState) -> [Effect] {
        state.chrome.overlay = .custom
        let items = OverlayModel.customItems(state)
        state.chrome.overlayFocus = items.firstIndex { $0.isCurrent } ?? 0
        state.chrome.hintVisible = false
        state.chrome.transportVisible = false
        return [.cancelTimer(.hintHide), .cancelTimer(.transportHide)]
    }

    /// DOWN or `i`: the info panel, on its Info tab.
    static func presentInfo(_ state: inout ShellState) -> [Effect] {
        state.chrome.overlay = .info
        state.chrome.infoTab = .info
        state.chrome.overlayFocus = 0
        state.chrome.hintVisible = false
        return [.cancelTimer(.hintHide)]
    }

    static func dismiss(_ state: inout ShellState) -> [Effect] {
        state.chrome.overlay = .none
        state.chrome.overlayFocus = 0
        return []
    }

    static func activate(_ state: inout ShellState, _ activation: OverlayItem.Activation, now: Instant, keepOpen: Bool = false) -> [Effect] {
        switch activation {
        case .tune(let index):
            _ = dismiss(&state)
            if index == state.current { return [] }
            return PlaybackReducer.play(&state, index: index, now: now)
        case .playFromBeginning:
            _ = dismiss(&state)
            state.playback.paused = false
            return [.seek(to: 0, exact: true), .setPause(false)]
        case .seek(let position):
            if !keepOpen { _ = dismiss(&state) }
            return BreakReducer.seek(&state, to: position)
        case .speed(let speed):
            state.playback.speed = speed
            return [.setSpeed(speed)]
        case .selectTrack(let kind, let id):
            for i in state.playback.tracks.indices where state.playback.tracks[i].kind == kind {
                state.playback.tracks[i].selected = state.playback.tracks[i].id == id
            }
            return [.selectTrack(kind, id)]
        case .archive(let channel, let start):
            _ = dismiss(&state)
            return CatchupReducer.play(&state, index: channel, start: start, now: now)
        case .custom(let id):
            _ = dismiss(&state)
            return [.overlayActivated(id)]
        }
    }

    /// The hint at the start of playback, unless something covers the picture.
    static func showHint(_ state: inout ShellState) -> [Effect] {
        guard state.screen == .player, state.chrome.overlay == .none, state.live.flip == nil else { return [] }
        state.chrome.hintVisible = true
        return [.startTimer(.hintHide, after: state.settings.hintDuration)]
    }
}
