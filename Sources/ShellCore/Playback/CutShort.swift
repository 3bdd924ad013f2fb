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

    /// Where the full-screen film stopped, if its end now is cut short. One
    /// that ended with no length told, before a frame or a second of it
    /// played, ended at its start: a load that ends at once may never have
    /// its length told (the file unloaded before it was read).
    static func position(_ state: ShellState) -> Double? {
        // The item's own word: a stream whose length is not told yet counts
        // as live (`ShellState.isLive`) while it plays.
        guard let index = state.current, state.currentItem?.isLive == false, RecoveryReducer.isFromServer(state.playable(index).url) else { return nil }
        guard let length = state.playback.duration else {
            let position = state.playback.position ?? 0
            return !state.playback.firstFramePresented && playedNothing(position) ? position : nil
        }
        // No position told yet: it ended before its first frame.
        let position = state.playback.position ?? 0
        return length - position > max(least, length * share) ? position : nil
    }

    /// Whether a position told is libmpv's move to the last frame, not a
    /// place the film played to: a file that ends with no frame shown (a
    /// seek its dead server could not serve, so nothing was decoded after
    /// it) is sought to its last frame by libmpv (`keep-open`), and its
    /// position told is then exactly its length, far on from where it was,
    /// before the end comes. Kept out of the position, so that end is seen
    /// as cut short where the film was. A step of more than `jump` seconds:
    /// a film playing, even fast, tells its position more often.
    static func isMoveToLastFrame(_ state: ShellState, to value: Double?) -> Bool {
        guard let value, let length = state.playback.duration, let old = state.playback.position else { return false }
        return value == length && value - old > jump
    }

    /// The least step, in seconds, of a position told that is libmpv's
    /// move to the last frame (`isMoveToLastFrame`).
    static let jump = 5.0

    /// Why, under the error screen's "“Film” stopped at 47:45": "the
    /// stream ended 1:12:15 before the end (2:00:00) …". A stream that
    /// cannot seek and ended at its start is a server that sends only
    /// whole files (no byte ranges) and a file the player must read a later
    /// part of first: an MP4 whose index is at its end.
    static func reason(at position: Double, length: Double, seekable: Bool = true) -> String {
        if playedNothing(position) && !seekable {
            return "the server sends only whole files (no byte ranges), and the player needs a later part of this one first"
                + " (an MP4 with its index at its end: ffmpeg -movflags +faststart moves it to the front)"
        }
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
