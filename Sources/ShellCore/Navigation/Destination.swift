/// What is in front, with what only it needs: the passcode prompt's digits
/// and purpose live in `.passcode`, the failure the error screen explains in
/// `.error`. One value, so a prompt without its screen (or an error screen
/// without its error) cannot be written.
public enum Destination: Equatable, Sendable {
    case home
    case guide
    case player
    /// A flip's or a reconnection's interstitial (`ShellState.flip`,
    /// `ShellState.recovery` say which).
    case interstitial
    case passcode(PasscodePrompt)
    case error(ShellError)

    /// The kind, as `get_state.screen` names it.
    public var kind: ScreenKind {
        switch self {
        case .home: .home
        case .guide: .guide
        case .player: .player
        case .interstitial: .interstitial
        case .passcode: .passcode
        case .error: .error
        }
    }
}
