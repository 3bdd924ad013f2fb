/// Sends a key to the feature `KeyTable` names for it, and on down the
/// table's order while features decline it. The only place a key is
/// given to a feature. Pure; any thread may call it on its own state.
public enum KeyRouter {
    static func reduce(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect] {
        if KeyOverlay.of(state) == .channelEntry, !ChannelEntryReducer.keys.contains(command) {
            ChannelEntryReducer.cancel(&state)
        }
        let stack = KeyFocus.stack(state)
        if let handler = KeyTable.route(command, focus: stack[0], overlay: KeyOverlay.of(state)),
           let effects = perform(handler, &state, command, now: now) {
            return effects
        }
        for focus in stack {
            if let effects = perform(KeyTable.screenHandler(focus).handler, &state, command, now: now) { return effects }
        }
        return []
    }

    /// What `handler` makes of `command`; nil when it declines it.
    static func perform(_ handler: KeyHandler, _ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        switch handler {
        case .sleep: SleepReducer.key(&state, now: now)
        case .screensaver: ScreensaverReducer.key(&state)
        case .help: HelpReducer.reduce(&state, command)
        case .channelEntry: ChannelEntryReducer.reduce(&state, command, now: now)
        case .reminder: ReminderReducer.reduceCommand(&state, command, now: now)
        case .recordDialog: RecordingsReducer.reduceCommand(&state, command, now: now)
        case .quit: KioskReducer.requestQuit(&state, source: .key)
        case .picture: PictureReducer.reduceCommand(&state, command, now: now)
        case .favourites: FavouritesReducer.toggle(&state)
        case .previousChannel: PreviousChannelReducer.go(&state, now: now)
        case .openSearch: GuideSearchReducer.open(&state)
        case .volume: VolumeReducer.reduce(&state, command)
        case .home, .guideList: ShellReducer.reduceHome(&state, command, now: now)
        case .guideGrid: GuideGridReducer.reduceCommand(&state, command, now: now)
        case .guideSearch: GuideSearchReducer.reduceCommand(&state, command, now: now)
        case .transport:
            switch command {
            case .multiview: MultiviewReducer.start(&state, channels: nil, now: now)
            case .record: RecordingsReducer.open(&state, now: now)
            default: TransportReducer.reduce(&state, command, now: now)
            }
        case .scrubbing: scrubbing(&state, command, now: now)
        case .resumeOffer: ResumeReducer.reduceCommand(&state, command, now: now)
        case .menuRow: TransportMenuReducer.reduce(&state, command, now: now)
        case .upNext: UpNextReducer.reduceCommand(&state, command, now: now)
        case .overlay: OverlayReducer.reduce(&state, command, now: now)
        case .multiview: MultiviewReducer.reduceCommand(&state, command, now: now)
        case .flip: FlipReducer.reduceCommand(&state, command, now: now)
        case .interstitial: command == .menu ? ShellReducer.goHome(&state) : []
        case .passcode: PasscodeReducer.reduceCommand(&state, command, now: now)
        case .errorScreen: ShellReducer.reduceError(&state, command, now: now)
        }
    }

    /// A key while scrubbing: the bar's other keys (`ScrubReducer.passedOn`)
    /// put the head back where it began, as ESC, and do what they do on the bar.
    private static func scrubbing(_ state: inout ShellState, _ command: RemoteCommand, now: Instant) -> [Effect]? {
        guard ScrubReducer.passedOn.contains(command) else { return ScrubReducer.reduce(&state, command, now: now) }
        state.scrub = nil
        return perform(.transport, &state, command, now: now)
    }
}
