/// Where an item was left, as the library remembers it.
public struct ResumePoint: Equatable, Sendable {
    public var position: Double
    public var duration: Double?
    public var watched: Bool
    /// When it was saved, seconds since 1970 (0: unknown).
    public var updated: Double
    public init(position: Double, duration: Double?, watched: Bool = false, updated: Double = 0) {
        self.position = position
        self.duration = duration
        self.watched = watched
        self.updated = updated
    }
}

/// The home screen's "Continue watching" row: films left between 30 s and
/// 95 %, the last played first, each with what is left of it. Pure.
public enum ContinueWatching {
    public static func items(_ state: ShellState) -> [Int] {
        var found: [(index: Int, updated: Double)] = []
        for (url, point) in state.upNext.resumePoints {
            guard isLeft(point), let indices = state.lineupIndex.byURL[url] else { continue }
            for index in indices where !state.items[index].isLive { found.append((index, point.updated)) }
        }
        return found.sorted { ($0.updated, -$0.index) > ($1.updated, -$1.index) }.map(\.index)
    }

    /// How far `items[index]` was watched (0…1) and what is left of it in
    /// words ("7 min left", "1 h 12 min left"), when it is a film left
    /// part way (as this row takes them); nil otherwise.
    public static func progress(_ state: ShellState, index: Int) -> (fraction: Double, left: String)? {
        let item = state.items[index]
        guard !item.isLive, let point = state.upNext.resumePoints[item.url], isLeft(point), let duration = point.duration else { return nil }
        let minutes = max(1, Int(((duration - point.position) / 60).rounded(.up)))
        let left = minutes < 60 ? "\(minutes) min left" : minutes % 60 == 0 ? "\(minutes / 60) h left" : "\(minutes / 60) h \(minutes % 60) min left"
        return (point.position / duration, left)
    }

    /// Left between 30 s and 95 % of its length, and not marked watched:
    /// listed here, and offered "Resume from …" (`ResumeReducer.offer`).
    static func isLeft(_ point: ResumePoint) -> Bool {
        guard !point.watched, point.position >= 30, let duration = point.duration else { return false }
        return point.position <= duration * 0.95
    }
}

/// "Resume from 1:12:40" / "Play from the beginning", before anything of
/// the item is loaded.
public struct ResumeOffer: Equatable, Sendable {
    /// Index in `ShellState.items`.
    public var index: Int
    public var position: Double
    /// 0: Resume (focused first), 1: from the beginning.
    public var focus = 0
    public init(index: Int, position: Double, focus: Int = 0) {
        self.index = index
        self.position = position
        self.focus = focus
    }
}
