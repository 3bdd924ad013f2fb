/// A film from a server whose stream ends well before its length: the
/// connection was lost, or the server stopped sending. libmpv plays what it
/// has and then ends as at the film's end; the shell took that as the end
/// and played the next item by itself. It is a failure the viewer is told
/// of instead: the error screen says where it stopped, nothing plays next
/// by itself, and ENTER tries it again (offering to resume there). Pure;
/// called by the reducer.
enum CutShort {
    /// How far before its length an end is cut short: more than 30 s and
    /// 5 % of the length (a stated length and the last frame may differ
    /// by a few seconds; credits are left to Up Next).
    static let least = 30.0
    static let share = 0.05

    /// Where the full-screen film stopped, if its end now is cut short.
    static func position(_ state: ShellState) -> Double? {
        guard !state.isLive, let index = state.current, RecoveryReducer.isFromServer(state.playable(index).url),
              let length = state.playback.duration else { return nil }
        // No position told yet: it ended before its first frame.
        let position = state.playback.position ?? 0
        return length - position > max(least, length * share) ? position : nil
    }

    /// Why, under the error screen's "“Film” stopped at 47:45": "the
    /// stream ended 1:12:15 before the end (2:00:00) …".
    static func reason(at position: Double, length: Double) -> String {
        let when = playedNothing(position) ? "at its start" : "\(formatTime(length - position)) before the end (\(formatTime(length)))"
        return "the stream ended \(when): the connection was lost, or the server stopped sending"
    }

    /// The error screen's title: where it stopped, or that it did not play
    /// (a stream that ended at its start: a server that cannot send the
    /// part of the file the player asks for first).
    static func title(_ title: String, at position: Double) -> String {
        playedNothing(position) ? "Could not play “\(title)”" : "“\(title)” stopped at \(formatTime(position))"
    }

    private static func playedNothing(_ position: Double) -> Bool { position < 1 }
}
