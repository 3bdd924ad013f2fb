/// The viewer's volume keys, on any screen: a step up or down (5 %, from 0
/// to 130 %, libmpv's range, or to the box's limit, `ShellSettings.maxVolume`),
/// the sound off or back on; a step up turns a muted sound back on. A badge
/// says where the sound is, for a moment in the top right corner
/// (`VolumeBadgeView`), and when a step up found the limit. Pure.
enum VolumeReducer {
    /// Presses of a volume key from 0 to 100 % (a step is 5 %).
    static let stepsPerWhole = 20.0
    /// libmpv's highest volume, 130 %.
    static let highest = 1.3

    static func reduce(_ state: inout ShellState, _ command: RemoteCommand) -> [Effect]? {
        var effects: [Effect] = []
        var limited = false
        switch command {
        case .volumeUp, .volumeDown:
            let steps = (state.settings.volume * stepsPerWhole).rounded() + (command == .volumeUp ? 1 : -1)
            let before = state.settings.volume
            state.settings.volume = min(max(steps / stepsPerWhole, 0), min(highest, state.settings.maxVolume))
            limited = command == .volumeUp && state.settings.volume <= before && state.settings.maxVolume < highest
            effects.append(.setVolume(state.settings.volume))
            if command == .volumeUp, state.settings.muted {
                state.settings.muted = false
                effects += sound(state)
            }
        case .mute:
            state.settings.muted.toggle()
            effects += sound(state)
        default:
            return nil
        }
        let percent = Int((state.settings.volume * 100).rounded())
        state.chrome.volumeBadge = state.settings.muted ? "Muted (volume \(percent) %)" : "Volume \(percent) %" + (limited ? " · the highest here" : "")
        return effects + [.keepSound(volume: state.settings.volume, muted: state.settings.muted),
                          .startTimer(.volumeBadgeHide, after: FeedbackReducer.duration)]
    }

    /// The players with sound told whether it is off: multiview's focused
    /// view, else the main player (a picture in picture stays as it is).
    static func sound(_ state: ShellState) -> [Effect] {
        state.multiview != nil ? MultiviewReducer.sound(state) : [.slot(.main, .mute(state.settings.muted))]
    }
}
