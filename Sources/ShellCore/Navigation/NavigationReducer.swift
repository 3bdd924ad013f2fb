/// The one writer of `ShellState.navigation.destination`. Every feature that
/// brings a screen to the front (a flip's interstitial, the error screen,
/// the passcode prompt, the guide) asks here; a lint test
/// (`OwnershipTests`) keeps writes out of other files. Pure; any thread
/// may call it on its own state.
public enum NavigationReducer {
    /// Brings `destination` to the front.
    static func go(_ state: inout ShellState, to destination: Destination) {
        if destination.kind != state.navigation.destination.kind { state.navigation.homeInfo = false }
        state.navigation.destination = destination
        if destination.kind != .guide {
            state.guide.backToPicture = false
            state.guide.backToChannel = nil
        }
    }

}

extension ShellState {
    /// Changes the prompt that is up (digits typed, a message, its purpose);
    /// nothing when none is. Navigation's, as the prompt is the destination's payload.
    public mutating func updatePrompt(_ change: (inout PasscodePrompt) -> Void) {
        guard case .passcode(var prompt) = navigation.destination else { return }
        change(&prompt)
        navigation.destination = .passcode(prompt)
    }
}
