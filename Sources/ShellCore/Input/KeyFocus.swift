/// What holds the keys on the screen in front: the screen itself, or the
/// part of it that is up (the grid, the search line, the scrub head, a
/// card…). Computed from state (`KeyFocus.stack`); `KeyTable` says which
/// feature takes a key in each.
public enum KeyFocus: String, CaseIterable, Sendable {
    case home
    case guideList = "guide-list"
    case guideGrid = "guide-grid"
    case searchLine = "search-line"
    case transport
    case scrubbing
    case resumeOffer = "resume-offer"
    case menuRow = "menu-row"
    case upNextCard = "up-next-card"
    case overlay
    case multiview
    case flip
    case interstitial
    case prompt
    case errorScreen = "error"

    /// The screen this focus belongs to.
    public var screen: ScreenKind {
        switch self {
        case .home: .home
        case .guideList, .guideGrid, .searchLine: .guide
        case .transport, .scrubbing, .resumeOffer, .menuRow, .upNextCard, .overlay, .multiview: .player
        case .flip, .interstitial: .interstitial
        case .prompt: .passcode
        case .errorScreen: .error
        }
    }

    /// The foci of the screen in front, the innermost first: a key goes to
    /// the first that takes it (a card over the transport bar declines the
    /// keys it has no use for, and they reach the bar).
    public static func stack(_ state: ShellState) -> [KeyFocus] {
        switch state.screen {
        case .home: return [.home]
        case .guide:
            if state.guide.search != nil { return [.searchLine] }
            return state.guide.grid != nil ? [.guideGrid] : [.guideList]
        case .player:
            if state.multiview != nil { return [.multiview] }
            if state.scrub != nil { return [.scrubbing] }
            if state.upNext.resumeOffer != nil { return [.resumeOffer] }
            if state.chrome.overlay == .menus { return [.menuRow] }
            var stack: [KeyFocus] = []
            if state.upNext.card?.phase == .presented { stack.append(.upNextCard) }
            if state.chrome.overlay != .none { stack.append(.overlay) }
            return stack + [.transport]
        case .interstitial: return [state.live.flip == nil ? .interstitial : .flip]
        case .passcode: return [.prompt]
        case .error: return [.errorScreen]
        }
    }
}

/// What sits over any screen and takes the keys it names before anything
/// else: the dark screen of the sleep timer or its warning (every key), else
/// the screen saver (every key), else the list of keys (`?`), else the
/// record dialog, else the digits typed for a channel, else a reminder's
/// notice.
public enum KeyOverlay: String, CaseIterable, Sendable {
    case none
    case sleep
    case screensaver
    case help
    case channelEntry = "channel-entry"
    case reminderNotice = "reminder-notice"
    case recordDialog = "record-dialog"

    public static func of(_ state: ShellState) -> KeyOverlay {
        guard state.screen != .passcode else { return .none }
        if state.sleep.asleep || state.sleep.warned && SleepReducer.keepsAwake(state) { return .sleep }
        if state.screensaver.showing { return .screensaver }
        if state.chrome.help { return .help }
        if state.recordings.dialog != nil { return .recordDialog }
        if state.live.channelEntry != nil { return .channelEntry }
        return state.guide.reminderDue != nil ? .reminderNotice : .none
    }
}
