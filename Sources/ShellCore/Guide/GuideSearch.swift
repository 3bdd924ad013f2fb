import MediaModel

/// The guide's search line (`/`), while it is up: the text typed, the
/// lineup's items whose names match it, the guide's programmes that match
/// it (by time), the one focused (among the items, then the programmes),
/// and the on-screen keyboard a remote types with.
public struct GuideSearch: Equatable, Sendable {
    public var text = ""
    /// Indices in `ShellState.items` of the channels and films whose names
    /// hold every word of `text`, best first (found at once, as typed).
    public var items: [Int] = []
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

    /// The rows: the items, then the programmes.
    public var count: Int { items.count + results.count }

    /// A row of the results.
    public enum Entry: Equatable, Sendable {
        /// `ShellState.items[index]`.
        case item(Int)
        case programme(Programme)
    }

    /// The row at `row`, if there is one.
    public func entry(_ row: Int) -> Entry? {
        if items.indices.contains(row) { return .item(items[row]) }
        return results.indices.contains(row - items.count) ? .programme(results[row - items.count]) : nil
    }
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
