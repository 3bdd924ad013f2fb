import MediaModel

/// The guide's search line (`/`), while it is up: the text typed, the
/// results of the last search (by time), the one focused, and the
/// on-screen keyboard a remote types with.
public struct GuideSearch: Equatable, Sendable {
    public var text = ""
    /// Results for `resultsFor`, restricted programmes left out, only
    /// channels of this lineup.
    public var results: [Programme] = []
    /// The text `results` answer.
    public var resultsFor = ""
    public var focus = 0
    /// The on-screen keyboard has the focus (LEFT/RIGHT move along it,
    /// ENTER types the key), not the results; a keyboard's typing gives
    /// the focus to the results.
    public var onKeyboard = true
    /// The on-screen key focused (an index in `OnScreenKey.all`), kept
    /// while the results have the focus.
    public var key = 0

    public init(text: String = "", results: [Programme] = [], resultsFor: String = "", focus: Int = 0, onKeyboard: Bool = true, key: Int = 0) {
        self.text = text
        self.results = results
        self.resultsFor = resultsFor
        self.focus = focus
        self.onKeyboard = onKeyboard
        self.key = key
    }

    /// A search is under way for `text`.
    public var searching: Bool { resultsFor != text && !text.isEmpty }
}

/// An edit of the search line, from a typed key.
public enum SearchEdit: Equatable, Sendable {
    case insert(String)
    case deleteBackward
}

/// A key of the search line's on-screen keyboard (a single row, as tvOS's
/// linear keyboard): letters, digits, a space, delete.
public enum OnScreenKey: Equatable, Sendable {
    case character(Character)
    case space
    case delete

    /// The row, in order.
    public static let all: [OnScreenKey] = "abcdefghijklmnopqrstuvwxyz0123456789".map { .character($0) } + [.space, .delete]

    /// The edit the key types.
    var edit: SearchEdit {
        switch self {
        case .character(let c): .insert(String(c))
        case .space: .insert(" ")
        case .delete: .deleteBackward
        }
    }
}
