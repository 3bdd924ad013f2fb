/// The feature that takes a key.
public enum KeyHandler: String, CaseIterable, Sendable {
    // Over any screen (`KeyOverlay`).
    case sleep
    case screensaver
    case help
    case channelEntry = "channel-entry"
    case reminder
    case recordDialog = "record-dialog"
    // The same on every screen they are listed for.
    case quit
    case picture
    case favourites
    case previousChannel = "previous-channel"
    case openSearch = "open-search"
    case volume
    // The screen in front, by its focus.
    case home
    case guideList = "guide-list"
    case guideGrid = "guide-grid"
    case guideSearch = "guide-search"
    case transport
    case scrubbing
    case resumeOffer = "resume-offer"
    case menuRow = "menu-row"
    case upNext = "up-next"
    case overlay
    case multiview
    case flip
    case interstitial
    case passcode
    case errorScreen = "error"
}

/// One row of the key table: `handler` takes `keys` in `foci` (under
/// `overlay`, for the overlay rows).
public struct KeyRoute: Sendable {
    public var handler: KeyHandler
    public var overlay: KeyOverlay?
    public var foci: Set<KeyFocus>
    public var keys: Set<RemoteCommand>

    public init(handler: KeyHandler, overlay: KeyOverlay?, foci: Set<KeyFocus>, keys: Set<RemoteCommand>) {
        self.handler = handler
        self.overlay = overlay
        self.foci = foci
        self.keys = keys
    }
}

/// From (screen focus, overlay, key) to the feature that takes the key, as
/// data: one place to read what every key does where, checked by
/// `KeyTableTests` for two features claiming the same key in the same place
/// and for keys no screen takes. A key goes, in this order, to
///   1. the overlay's row (`overlay`), when it names the key;
///   2. the one global row naming the key in the focus in front;
///   3. the foci of the screen in front, innermost first (`KeyFocus.stack`);
/// a feature that has no use for the key in the state it is in declines it
/// (its reducer answers nil) and the next in that order gets it.
public enum KeyTable {
    public static let digits: Set<RemoteCommand> = Set((0...9).map { RemoteCommand.digit($0) })
    static let pictureKeys: Set<RemoteCommand> = [.pictureInPicture, .closePicture, .movePicture, .swapPicture, .pictureBack, .pictureForward]
    static let playKeys: Set<RemoteCommand> = [.playPause, .play, .pause]
    static let volumeKeys: Set<RemoteCommand> = [.volumeUp, .volumeDown, .mute]
    static let all = Set(KeyFocus.allCases)

    /// Every command a remote or keyboard can send.
    public static let everyCommand: [RemoteCommand] = [
        .playPause, .play, .pause, .left, .right, .up, .down, .select, .menu, .frameBack, .frameForward,
        .channelUp, .channelDown, .info, .guide, .quit, .pictureInPicture, .closePicture, .movePicture, .swapPicture,
        .pictureBack, .pictureForward, .whatDidTheySay, .live, .dayBack, .dayForward, .previousChannel, .favourite, .search, .help, .multiview, .record,
        .volumeUp, .volumeDown, .mute,
    ] + (0...9).map { .digit($0) }

    /// Rows 1 and 2: the overlays' and the global keys.
    public static let routes: [KeyRoute] = [
        KeyRoute(handler: .sleep, overlay: .sleep, foci: all.subtracting([.prompt]), keys: Set(everyCommand)),
        KeyRoute(handler: .screensaver, overlay: .screensaver, foci: all.subtracting([.prompt]), keys: Set(everyCommand)),
        KeyRoute(handler: .help, overlay: .help, foci: all.subtracting([.prompt]), keys: Set(everyCommand)),
        KeyRoute(handler: .help, overlay: nil, foci: all.subtracting([.prompt, .searchLine]), keys: [.help]),
        KeyRoute(handler: .channelEntry, overlay: .channelEntry, foci: all.subtracting([.prompt]), keys: [.select, .menu]),
        KeyRoute(handler: .recordDialog, overlay: .recordDialog, foci: all.subtracting([.prompt]), keys: [.up, .down, .left, .right, .select, .menu]),
        KeyRoute(handler: .reminder, overlay: .reminderNotice, foci: all.subtracting([.prompt]), keys: [.select, .menu, .up, .down]),
        KeyRoute(handler: .quit, overlay: nil, foci: all, keys: [.quit]),
        KeyRoute(handler: .volume, overlay: nil, foci: all, keys: volumeKeys),
        KeyRoute(handler: .picture, overlay: nil, foci: all.subtracting([.prompt, .multiview]), keys: pictureKeys),
        KeyRoute(handler: .picture, overlay: nil, foci: [.home, .guideList, .guideGrid, .searchLine, .flip, .interstitial, .errorScreen], keys: playKeys),
        KeyRoute(handler: .favourites, overlay: nil, foci: all.subtracting([.prompt, .searchLine, .multiview]), keys: [.favourite]),
        KeyRoute(handler: .previousChannel, overlay: nil, foci: all.subtracting([.prompt, .searchLine, .multiview]), keys: [.previousChannel]),
        KeyRoute(handler: .openSearch, overlay: nil, foci: [.home, .guideList, .guideGrid], keys: [.search]),
        KeyRoute(handler: .channelEntry, overlay: nil, foci: all.subtracting([.prompt, .guideGrid, .searchLine, .multiview]), keys: digits),
    ]

    /// Row 3: the handler of each focus, with the keys it acts on (any
    /// other key it leaves alone: most foci swallow it, a card over the
    /// transport bar and the overlay pass it on to the bar).
    public static func screenHandler(_ focus: KeyFocus) -> (handler: KeyHandler, keys: Set<RemoteCommand>) {
        switch focus {
        case .home: (.home, [.up, .down, .select, .playPause, .play, .guide, .record, .info, .menu, .multiview])
        case .guideList: (.guideList, [.up, .down, .select, .playPause, .play, .guide, .menu, .record, .info, .multiview])
        case .guideGrid: (.guideGrid, [.up, .down, .channelUp, .channelDown, .left, .right, .dayBack, .dayForward, .frameBack, .frameForward, .select, .guide, .menu, .record])
        case .searchLine: (.guideSearch, Set([.up, .down, .left, .right, .select, .menu, .search, .guide]).union(digits))
        case .transport:
            (.transport, [.playPause, .play, .pause, .left, .right, .up, .down, .select, .menu, .frameBack, .frameForward,
                          .channelUp, .channelDown, .info, .guide, .whatDidTheySay, .live, .multiview, .record])
        case .scrubbing: (.scrubbing, ScrubReducer.passedOn.union([.left, .right, .up, .down, .select, .menu, .playPause, .play, .pause]))
        case .resumeOffer: (.resumeOffer, [.up, .down, .left, .right, .select, .playPause, .play, .menu])
        case .menuRow: (.menuRow, [.up, .down, .left, .right, .select, .menu])
        case .upNextCard: (.upNext, [.up, .down, .select, .menu, .left, .right, .frameBack, .frameForward])
        case .overlay: (.overlay, [.up, .down, .left, .right, .select, .menu, .info])
        case .multiview: (.multiview, [.up, .down, .left, .right, .select, .menu, .multiview, .movePicture, .swapPicture, .channelUp, .channelDown])
        case .flip: (.flip, [.right, .left, .channelUp, .channelDown, .menu, .select, .up, .down, .info, .guide])
        case .interstitial: (.interstitial, [.menu])
        case .prompt: (.passcode, digits.union([.left, .right, .channelUp, .channelDown, .menu]))
        case .errorScreen: (.errorScreen, [.select, .channelUp, .channelDown, .right, .left, .menu, .guide])
        }
    }

    /// The handler of rows 1 and 2 for `key` (nil: it goes to the screen).
    public static func route(_ key: RemoteCommand, focus: KeyFocus, overlay: KeyOverlay) -> KeyHandler? {
        if overlay != .none, let row = routes.first(where: { $0.overlay == overlay && $0.foci.contains(focus) && $0.keys.contains(key) }) {
            return row.handler
        }
        return routes.first { $0.overlay == nil && $0.foci.contains(focus) && $0.keys.contains(key) }?.handler
    }
}
