/// One line of the restrictions audit log, as the core knows it; the runtime
/// adds who (user, terminal, input) and writes it. Never holds a passcode.
public struct AuditEntry: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case granted
        case wrongPasscode = "wrong-passcode"
        case lockedOut = "locked-out"
        case cancelled
        case denied
    }

    public var kind: Kind
    public var title: String
    public var itemID: String
    public var rating: String?
    /// Wall-clock time, seconds since 1970.
    public var time: Double
    /// More about it ("attempt 3 of 5", "locked for 60 s").
    public var detail: String?

    public init(kind: Kind, title: String, itemID: String, rating: String?, time: Double, detail: String? = nil) {
        self.kind = kind
        self.title = title
        self.itemID = itemID
        self.rating = rating
        self.time = time
        self.detail = detail
    }
}
