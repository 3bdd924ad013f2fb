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
            return reduceInfo(&state, command, now: now)
        }
    }

    /// Keys on the info panel, as tvOS's: LEFT / RIGHT along the tabs show
    /// each at once; DOWN (or SELECT) goes into the tab's content, where
    /// LEFT / RIGHT move along its items and SELECT acts; UP goes back to
    /// the tabs, and from the tabs closes the panel; ESC closes it from
    /// anywhere in it.
    static func reduceInfo(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        let tabs = OverlayModel.infoTabs(state)
        let items = OverlayModel.infoItems(state)
        let focus = state.chrome.overlayFocus
        let onTabs = focus < tabs.count
        func showTab(_ index: Int) {
            let index = min(max(0, index), max(0, tabs.count - 1))
            state.chrome.overlayFocus = index
            if tabs.indices.contains(index) { state.chrome.infoTab = tabs[index] }
        }
        func tabIndex() -> Int { tabs.firstIndex(of: state.chrome.infoTab) ?? 0 }
        switch command {
        case .left where onTabs:
            showTab(focus - 1)
            return []
        case .right where onTabs:
            showTab(focus + 1)
            return []
        case .down where onTabs, .select where onTabs:
            guard !items.isEmpty else { return [] }
            state.chrome.overlayFocus = tabs.count + (items.firstIndex { $0.isCurrent } ?? 0)
            return []
        case .up where onTabs, .menu, .info:
            // ESC (Menu) dismisses the panel from anywhere in it, as UP does from its tabs.
            return dismiss(&state)
        case .left:
            state.chrome.overlayFocus = max(tabs.count, focus - 1)
            return []
        case .right:
            state.chrome.overlayFocus = min(tabs.count + max(0, items.count - 1), focus + 1)
            return []
        case .down:
            // In the archive's list DOWN goes on down it (one a row).
            if state.chrome.infoTab == .previous { state.chrome.overlayFocus = min(tabs.count + max(0, items.count - 1), focus + 1) }
            return []
        case .up where state.chrome.infoTab == .previous && focus > tabs.count:
            state.chrome.overlayFocus = focus - 1
            return []
        case .up:
            state.chrome.overlayFocus = tabIndex()
            return []
        case .select:
            let index = focus - tabs.count
            guard items.indices.contains(index) else { return [] }
            return activate(&state, items[index].activation, now: now, keepOpen: true)
        default:
            return nil
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
        case .sleep(let choice):
            return SleepReducer.set(&state, choice, now: now)
        case .speed(let speed):
            state.playback.speed = speed
            return [.setSpeed(speed)] + FeedbackReducer.badge(&state, "Speed \(OverlayModel.speedLabel(speed))")
        case .selectTrack(let kind, let id):
            let kept = TrackChoiceReducer.chosen(&state, kind, id: id)
            for i in state.playback.tracks.indices where state.playback.tracks[i].kind == kind {
                state.playback.tracks[i].selected = state.playback.tracks[i].id == id
            }
            return [.selectTrack(kind, id)] + kept
        case .archive(let channel, let start):
            _ = dismiss(&state)
            return CatchupReducer.play(&state, index: channel, start: start, now: now)
        case .custom(let id):
            _ = dismiss(&state)
            return [.overlayActivated(id)]
        case .picture(let command):
            // Moved, the picture stays in view with the panel open (again:
            // the next corner); swapped or closed, the panel goes.
            if command != .movePicture { _ = dismiss(&state) }
            return PictureReducer.reduceCommand(&state, command, now: now) ?? []
        }
    }

    /// The hint at the start of playback, unless something covers the picture.
    static func showHint(_ state: inout ShellState) -> [Effect] {
        guard state.screen == .player, state.chrome.overlay == .none, state.live.flip == nil else { return [] }
        state.chrome.hintVisible = true
        return [.startTimer(.hintHide, after: state.settings.hintDuration)]
    }
}
