/// An audio, video or subtitle track of what plays.
public struct Track: Equatable, Hashable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case audio, video, subtitle
    }

    public var id: Int
    public var kind: Kind
    public var title: String?
    public var language: String?
    public var selected: Bool

    public init(id: Int, kind: Kind, title: String? = nil, language: String? = nil, selected: Bool = false) {
        self.id = id
        self.kind = kind
        self.title = title
        self.language = language
        self.selected = selected
    }

    /// "English (eng)", "Track 2" …
    public var label: String {
        switch (title, language) {
        case (let t?, let l?): "\(t) (\(l))"
        case (let t?, nil): t
        case (nil, let l?): l
        default: "Track \(id)"
        }
    }
}

/// A chapter of what plays.
public struct Chapter: Equatable, Hashable, Sendable {
    public var title: String
    /// Seconds from the start.
    public var start: Double
    public init(title: String, start: Double) {
        self.title = title
        self.start = start
    }
}
