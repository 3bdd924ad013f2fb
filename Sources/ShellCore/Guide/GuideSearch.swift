import MediaModel

/// The guide's search line (`/`), while it is up: the text typed, the
/// results of the last search (by time), the one focused.
public struct GuideSearch: Equatable, Sendable {
    public var text = ""
    /// Results for `resultsFor`, restricted programmes left out, only
    /// channels of this lineup.
    public var results: [Programme] = []
    /// The text `results` answer.
    public var resultsFor = ""
    public var focus = 0

    public init(text: String = "", results: [Programme] = [], resultsFor: String = "", focus: Int = 0) {
        self.text = text
        self.results = results
        self.resultsFor = resultsFor
        self.focus = focus
    }

    /// A search is under way for `text`.
    public var searching: Bool { resultsFor != text && !text.isEmpty }
}

/// An edit of the search line, from a typed key.
public enum SearchEdit: Equatable, Sendable {
    case insert(String)
    case deleteBackward
}
