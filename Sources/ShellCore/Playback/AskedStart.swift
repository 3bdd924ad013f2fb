import MediaModel

/// A load asked to start part way (a resumed film, a retry from where it
/// stopped) and whether it got there. libmpv plays a stream that cannot
/// seek — a server that sends only whole files — from its start whatever
/// start it is given; that played from the beginning, saved over the
/// viewer's place within seconds, and said nothing. Pure; called by the
/// reducers.
enum AskedStart {
    /// The load of `item` for the current token at `start`, which
    /// playback is to reach before a position is saved (`told`).
    static func load(_ state: inout ShellState, _ item: MediaItem, start: Double) -> Effect {
        state.playback.askedStart = start
        state.playback.askedStartMissed = false
        return .loadFrom(item, token: state.playback.token, start: start)
    }

    /// How far before its asked start a position may be and still count
    /// as there (a keyframe before it, a report from just before it).
    static let missedBy = 10.0

    /// A position or the stream's seekability told: a load asked to start
    /// at a place (`PlaybackState.askedStart`) that plays from well before
    /// it on a stream that cannot seek — a server that sends only whole
    /// files, which libmpv can only read from its start — missed it. The
    /// viewer is told once; the place stays saved until playback reaches
    /// it (nothing before it is saved), as it did where it could start.
    static func told(_ state: inout ShellState) -> [Effect] {
        guard let start = state.playback.askedStart, let position = state.playback.position else { return [] }
        if position >= start - missedBy {
            state.playback.askedStart = nil
            return []
        }
        guard state.playback.seekableTold, !state.playback.seekable, !state.playback.askedStartMissed, state.playback.phase == .playing else { return [] }
        state.playback.askedStartMissed = true
        state.chrome.notice = "“\(state.title)” cannot start at \(formatTime(start)): its server sends only whole files. "
            + "It plays from the beginning; your place at \(formatTime(start)) is kept."
        return [.startTimer(.noticeHide, after: state.settings.noticeDelay * 2)]
    }
}
