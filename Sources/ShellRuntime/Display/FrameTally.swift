import ShellCore

/// Frames presented and not yet told to the store, by load token: a
/// presenter tells a load's first frame at once (`FrameReport.rendered`: it
/// changes the screen), and the frames after it as one
/// `FrameReport.renderedMore` per load at most every `interval` seconds, or
/// when automation is about to read the counts. Frames that change no
/// screen so never reach the reducer one by one.
///
/// Owned by a presenter; run-loop thread only.
struct FrameTally {
    /// Frames after a load's first are told at most this often.
    static let interval = 0.25
    /// Frames not yet told, by load token.
    private var unsent: [Int: Int] = [:]
    private var lastTold = Instant(seconds: 0)

    /// Counts one frame of load `token` (not its first) and returns the
    /// counts due now (every load's, once `interval` has passed since the
    /// last were told), else nothing.
    mutating func count(token: Int, now: Instant) -> [(token: Int, frames: Int)] {
        unsent[token, default: 0] += 1
        return now - lastTold >= Self.interval ? take(now: now) : []
    }

    /// Every count not yet told, taken out.
    mutating func take(now: Instant) -> [(token: Int, frames: Int)] {
        lastTold = now
        guard !unsent.isEmpty else { return [] }
        let due = unsent.map { (token: $0.key, frames: $0.value) }
        unsent.removeAll(keepingCapacity: true)
        return due
    }

    /// A frame of `playback`'s load was presented: its first is told to
    /// `store` at once, any later one counted (and the counts due told).
    mutating func presented(_ playback: PlaybackState, to store: Store, at now: Instant) {
        if playback.firstFramePresented {
            Self.tell(count(token: playback.token, now: now), to: store, at: now)
        } else {
            store.send(.frame(.rendered, token: playback.token, at: now))
        }
    }

    /// Tells `store` every count not yet told (before automation reads them).
    mutating func tellAll(to store: Store, at now: Instant) {
        Self.tell(take(now: now), to: store, at: now)
    }

    /// Sends `counts` to `store`: one `renderedMore` a load.
    private static func tell(_ counts: [(token: Int, frames: Int)], to store: Store, at now: Instant) {
        for (token, frames) in counts { store.send(.frame(.renderedMore(frames), token: token, at: now)) }
    }
}
