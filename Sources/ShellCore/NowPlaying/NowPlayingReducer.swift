import MediaModel

/// Requests from the desktop's Now Playing (MPRIS): the same paths as the
/// keys, so a flip from `playerctl next` is a flip like PGUP's, with its
/// events. Nothing while the passcode prompt is up; nothing that gets
/// around the kiosk (no quit, no other item opened).
enum NowPlayingReducer {
    static func reduce(_ state: inout ShellState, _ request: NowPlayingRequest, now: Instant) -> [Effect] {
        guard state.prompt == nil else { return [] }
        let info = NowPlayingInfo.of(state)
        let onPlayer = state.screen == .player
        switch request {
        case .playPause, .play, .pause:
            if onPlayer {
                let paused = request == .pause || (request == .playPause && !state.playback.paused)
                return TransportReducer.setPause(&state, paused, now: now)
            }
            guard request != .pause, state.screen == .home || state.screen == .guide, !state.items.isEmpty else { return [] }
            return PlaybackReducer.play(&state, index: min(state.navigation.homeSelection, state.items.count - 1), now: now)
        case .stop:
            guard onPlayer || state.screen == .interstitial || state.screen == .error else { return [] }
            return ShellReducer.goHome(&state)
        case .next, .previous:
            guard onPlayer, info.canGoNext else { return [] }
            return TransportReducer.changeChannel(&state, by: request == .next ? 1 : -1, now: now)
        case .seek(let offset):
            guard info.canSeek else { return [] }
            let target = max(0, (state.playback.position ?? 0) + offset)
            return BreakReducer.seek(&state, to: target, exact: false, by: offset) + TransportReducer.showTransport(&state)
        case .setPosition(let position):
            guard info.canSeek, let duration = state.playback.duration, position >= 0, position <= duration else { return [] }
            return BreakReducer.seek(&state, to: position) + TransportReducer.showTransport(&state)
        case .openURI(let uri):
            return open(&state, [MediaItem.fromLocation(uri)], now: now)
        case .open(let items):
            return open(&state, items, now: now)
        case .quit:
            return KioskReducer.requestQuit(&state, source: .ipc)
        case .setVolume(let volume):
            guard volume.isFinite else { return [] }
            state.settings.volume = min(max(volume, 0), min(1.3, state.settings.maxVolume))
            return [.setVolume(state.settings.volume), .keepSound(volume: state.settings.volume, muted: state.settings.muted)]
        case .setMuted(let muted):
            state.settings.muted = muted
            return VolumeReducer.sound(state) + [.keepSound(volume: state.settings.volume, muted: muted)]
        case .setRate(let rate):
            guard onPlayer, info.canPause, rate.isFinite, !state.isLive || state.seekRange != nil else { return [] }
            if rate <= 0 { return TransportReducer.setPause(&state, true, now: now) }
            let speed = min(max(rate, 0.25), 2)
            PlaybackReducer.setSpeed(&state, speed)
            return [.setSpeed(speed)]
        }
    }

    /// Plays the first of `items` (the lineup's own when it has one at the
    /// same URL, else added), unless a kiosk: its viewers choose from its
    /// lineup only.
    private static func open(_ state: inout ShellState, _ items: [MediaItem], now: Instant) -> [Effect] {
        guard !state.kiosk else { return [] }
        return PlaybackReducer.play(&state, adding: items, now: now)
    }
}
