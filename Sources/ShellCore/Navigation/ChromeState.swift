/// What is drawn over the screen in front and goes with it: the transport
/// bar, the overlay or panel and its focus, the hint, the menu row, a
/// notice, the spinner, and the embedding program's overlay items and menus.
public struct ChromeState: Equatable, Sendable {
    public var overlay: OverlayKind = .none
    /// Whether the transport bar is shown.
    public var transportVisible = false
    /// Focused item of the overlay or panel shown.
    public var overlayFocus = 0
    /// The info panel's tab.
    public var infoTab: InfoTab = .info
    /// The menu row, while it is up (`overlay == .menus`).
    public var transportMenu: TransportMenuState?
    /// The "▲ More" hint is up.
    public var hintVisible = false
    /// A short message over the screen ("No channel 42").
    public var notice: String?
    /// Notices from behind the viewer waiting for the one up to go
    /// (`NoticeReducer`), oldest first.
    public var noticesWaiting: [String] = []
    /// The notice up, when it came from behind the viewer: covered by a
    /// key's notice, it waits to be shown again (`NoticeReducer`).
    public var noticeFromBehind: String?
    /// A banner sent to the box (`["message", TEXT, SECONDS]` over MQTT or
    /// the socket): across the top of every screen until its time is up.
    public var message: String?
    /// What the last key did, confirmed for a moment in the corner of the
    /// player ("+10 s", "Speed 1.5×", "No timeshift on this channel").
    public var badge: String?
    /// Where the sound is after a volume key ("Volume 45 %", "Muted"), for
    /// a moment in the top right corner of any screen (`VolumeReducer`).
    public var volumeBadge: String?
    /// The names the hints give keys: the keyboard's, or the remote's in use.
    public var keyLabels: KeyLabels = .keyboard
    /// The keys of the screen in front are listed over it (`?`).
    public var help = false
    /// The page of that list shown, from 0, when it is longer than the
    /// screen has rows for (a 16:9 TV's grid is 18 rows at 60 columns).
    public var helpPage = 0
    /// Frame of the interstitial's spinner.
    public var spinnerFrame = 0
    /// The embedding program's custom overlay items (nil: the built-in ones).
    public var customOverlay: [OverlayItem]?
    /// The embedding program's menus on the transport bar's menu row.
    public var customMenus: [TransportMenu] = []

    public init() {}
}
