import Catalog

/// One guide source for a refresh: where it was named (`label`: a path or
/// URL, as the user wrote it) and its bytes or file, or why it could not be
/// had (a dead URL, a missing file).
public struct GuideInput: Sendable {
    public enum Content: Sendable {
        case source(XMLTVParser.Source)
        case unavailable(String)
    }

    public var label: String
    public var content: Content

    public init(label: String, content: Content) {
        self.label = label
        self.content = content
    }
}
