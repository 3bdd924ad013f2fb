/// The screen in front (`get_state.screen`).
public enum ScreenKind: String, Equatable, Sendable {
    case home, guide, player, interstitial, passcode, error
}

/// The overlay over the player (`get_state.overlay`).
public enum OverlayKind: String, Equatable, Sendable {
    case none, custom, info, menus
}
