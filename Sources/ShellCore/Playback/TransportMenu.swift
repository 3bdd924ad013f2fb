/// A menu of the transport bar's menu row: the built-in Subtitles, Audio and
/// Speed, and the embedding program's own (`transportBarCustomMenuItems`).
public struct TransportMenu: Equatable, Sendable {
    public var title: String
    public var id: String
    /// Its choices (the current one checked); empty for a menu that is an
    /// action itself.
    public var choices: [OverlayItem]

    public init(title: String, id: String, choices: [OverlayItem] = []) {
        self.title = title
        self.id = id
        self.choices = choices
    }
}

/// The menu row while it is up: which menu has focus, and which one is open.
public struct TransportMenuState: Equatable, Sendable {
    public var focus = 0
    /// The menu whose choices are listed, and the focused choice.
    public var open: Int?
    public var choice = 0
    public init(focus: Int = 0, open: Int? = nil, choice: Int = 0) {
        self.focus = focus
        self.open = open
        self.choice = choice
    }
}
