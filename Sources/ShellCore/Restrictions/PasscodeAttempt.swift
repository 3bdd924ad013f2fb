/// Four digits handed to the runtime for checking against the stored hash,
/// off the run loop. Its description never shows the code.
public struct PasscodeAttempt: Equatable, Sendable, CustomStringConvertible {
    public var id: Int
    public var code: String

    public init(id: Int, code: String) {
        self.id = id
        self.code = code
    }

    public var description: String { "PasscodeAttempt(\(id), ****)" }
}
