/// One line of the restrictions audit log, as the core knows it; the runtime
/// adds who (user, terminal, input) and writes it. Never holds a passcode.
public struct AuditEntry: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case granted
        case wrongPasscode = "wrong-passcode"
        case lockedOut = "locked-out"
        case cancelled
        case denied
        /// Settings changed (by `tvshell restrictions`).
        case changed = "restrictions-changed"
        /// A running shell applied changed settings.
        case applied = "restrictions-applied"
        /// What a change of the settings stopped.
        case stopped
    }

    public var kind: Kind
    public var title: String
    public var itemID: String
    public var rating: String?
    /// Wall-clock time, seconds since 1970.
    public var time: Double
    /// More about it ("attempt 3 of 5", "locked for 60 s").
    public var detail: String?
    /// What caused it, when not the last key or request (the restrictions
    /// file changing: "file"); nil: the input the last key came from.
    public var source: String?

    public init(kind: Kind, title: String, itemID: String, rating: String?, time: Double, detail: String? = nil, source: String? = nil) {
        self.kind = kind
        self.title = title
        self.itemID = itemID
        self.rating = rating
        self.time = time
        self.detail = detail
        self.source = source
    }
}
