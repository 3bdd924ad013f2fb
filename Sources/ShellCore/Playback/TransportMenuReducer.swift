/// The transport bar's menu row (UP from the bar while paused): Subtitles,
/// Audio, Speed and the program's own menus. LEFT / RIGHT move along the
/// row, ENTER opens a menu (or takes a menu that is an action), UP / DOWN
/// move among its choices, ENTER chooses, ESC closes a level.
public enum TransportMenuReducer {
    /// The menus, built from the state (the current choice checked).
    public static func menus(_ state: ShellState) -> [TransportMenu] {
        let subtitles = state.playback.tracks.filter { $0.kind == .subtitle }
        var menus = [
            TransportMenu(title: "Subtitles", id: "subtitles",
                          choices: [OverlayItem(title: "Off", isCurrent: !subtitles.contains { $0.selected }, activation: .selectTrack(.subtitle, nil))]
                              + subtitles.map { OverlayItem(title: $0.label, isCurrent: $0.selected, activation: .selectTrack(.subtitle, $0.id)) }),
            TransportMenu(title: "Audio", id: "audio", choices: state.playback.tracks.filter { $0.kind == .audio }.map {
                OverlayItem(title: $0.label, isCurrent: $0.selected, activation: .selectTrack(.audio, $0.id))
            }),
            TransportMenu(title: "Speed", id: "speed", choices: [0.5, 0.75, 1, 1.25, 1.5, 2].map {
                OverlayItem(title: OverlayModel.speedLabel($0), isCurrent: abs(state.playback.speed - $0) < 0.01, activation: .speed($0))
            }),
        ]
        menus += state.chrome.customMenus
        return menus
    }

    static func present(_ state: inout ShellState) -> [Effect] {
        state.chrome.overlay = .menus
        state.chrome.transportMenu = TransportMenuState()
        state.chrome.hintVisible = false
        return [.cancelTimer(.hintHide), .cancelTimer(.transportHide)]
    }

    static func dismiss(_ state: inout ShellState) -> [Effect] {
        state.chrome.overlay = .none
        state.chrome.transportMenu = nil
        return TransportReducer.showTransport(&state)
    }

    static func reduce(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        guard var menu = state.chrome.transportMenu else { return dismiss(&state) }
        let menus = Self.menus(state)
        if let open = menu.open, menus.indices.contains(open) {
            let choices = menus[open].choices
            switch command {
            case .up: menu.choice = max(0, menu.choice - 1)
            case .down: menu.choice = min(max(0, choices.count - 1), menu.choice + 1)
            case .menu, .left, .right:
                menu.open = nil
            case .select:
                guard choices.indices.contains(menu.choice) else { return [] }
                let effects = choose(&state, menus[open], choices[menu.choice], now: now)
                return effects + dismiss(&state)
            default: return []
            }
            state.chrome.transportMenu = menu
            return []
        }
        switch command {
        case .left: menu.focus = max(0, menu.focus - 1)
        case .right: menu.focus = min(menus.count - 1, menu.focus + 1)
        case .menu, .down: return dismiss(&state)
        case .select:
            guard menus.indices.contains(menu.focus) else { return [] }
            let chosen = menus[menu.focus]
            if chosen.choices.isEmpty { return [.menuActivated(menu: chosen.id, choice: nil)] + dismiss(&state) }
            menu.open = menu.focus
            menu.choice = chosen.choices.firstIndex { $0.isCurrent } ?? 0
        default: return []
        }
        state.chrome.transportMenu = menu
        return []
    }

    private static func choose(_ state: inout ShellState, _ menu: TransportMenu, _ choice: OverlayItem, now: Instant) -> [Effect] {
        if case .custom(let id) = choice.activation { return [.menuActivated(menu: menu.id, choice: id)] }
        return OverlayReducer.activate(&state, choice.activation, now: now, keepOpen: true)
    }
}
