import MediaModel

/// A load loaded again because mpv's window could not open for it: an X
/// server at its client limit, or busy enough that a connection fails, as a
/// player takes the TV's window over (`MPVPlayer.setShowsWindow`). mpv ends
/// such a load with "video output initialization failed"; the viewer would
/// see the channel fail although nothing is wrong with it. Tried again a
/// few times, further apart each time, before the failure is told.
/// Run-loop thread (inside `MPVPlayer`).
struct WindowRetry {
    /// What was loaded, to load it again.
    struct Load {
        var item: MediaItem
        var token: Int
        var start: Double?
        var extra: [String: String]
        var paused: Bool
    }

    /// Tries after the first failure, at `delays` seconds.
    static let delays: [Double] = [0.25, 0.5, 1, 2, 2]

    /// The latest load (set by every load).
    var load: Load?
    /// Where the latest load had played to (a film goes on from there).
    var position: Double?
    /// Tries made for the latest load.
    private(set) var tries = 0
    /// The latest load is being tried again.
    var retrying: Bool { tries > 0 }
    /// When the next try is due (monotonic seconds); nil: none waiting.
    private(set) var due: Double?

    /// A new load: its own tries.
    mutating func loaded(_ load: Load) {
        self.load = load
        position = nil
        tries = 0
        due = nil
    }

    /// The window opened: a later failure has its tries again.
    mutating func opened() { tries = 0 }

    /// The load with `token` failed to open the window at `now`: whether
    /// it is tried again (then `due` says when).
    mutating func failed(token: Int, now: Double) -> Bool {
        guard let load, load.token == token, tries < Self.delays.count else { return false }
        due = now + Self.delays[tries]
        tries += 1
        return true
    }

    /// The load to try now (once), at `now`; nil when none is due.
    mutating func take(now: Double) -> Load? {
        guard let due, now >= due, var load else { return nil }
        self.due = nil
        if !load.item.isLive, let position { load.start = position }
        return load
    }

    /// Milliseconds until the next try; nil when none is waiting.
    func timeout(now: Double) -> Int32? {
        due.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) }
    }
}
