/// The answer to an early authorization request.
public enum AuthorizationResult: String, Equatable, Sendable {
    /// The right passcode was entered, or the item is not restricted.
    case granted
    /// Restrictions deny it (deny mode, or locked after wrong passcodes).
    case denied
    /// The user pressed ESC, or the request was cancelled.
    case cancelled
}
