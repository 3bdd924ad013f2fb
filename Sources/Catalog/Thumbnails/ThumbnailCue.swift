/// One picture of a scrub-thumbnail track: the span of the item it stands
/// for, the image holding it, and where in the image (a sprite sheet's
/// tile), or nil for the whole image.
public struct ThumbnailCue: Equatable, Sendable {
    public struct Tile: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public var start: Double
    public var end: Double
    /// The image's absolute URL or path.
    public var image: String
    public var tile: Tile?

    public init(start: Double, end: Double, image: String, tile: Tile? = nil) {
        self.start = start
        self.end = end
        self.image = image
        self.tile = tile
    }

    /// The index of the cue showing `time` in `cues` (sorted by start): the
    /// last that starts at or before it, else the first.
    public static func index(at time: Double, in cues: [ThumbnailCue]) -> Int? {
        TimeIndex.last(atOrBefore: time, in: cues) { $0.start }
    }
}

/// Resolves a reference in a playlist or track against the location it was
/// read from: an absolute URL or path stays; a relative one is taken from
/// the base's directory (URL or path).
public enum RelativeLocation {
    public static func resolve(_ reference: String, against base: String) -> String {
        if reference.contains("://") { return reference }
        if reference.hasPrefix("//"), let scheme = base.firstRange(of: "://") { return String(base[..<scheme.lowerBound]) + ":" + reference }
        if reference.hasPrefix("/") { return reference }
        if base.contains("://"), !base.hasPrefix("file://") {
            guard let scheme = base.firstRange(of: "://") else { return reference }
            let afterScheme = base[scheme.upperBound...]
            let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            let withoutQuery = base[..<(base.firstIndex(of: "?") ?? base.endIndex)]
            if pathStart == afterScheme.endIndex { return String(withoutQuery) + "/" + reference }
            let directory = withoutQuery[..<(withoutQuery.lastIndex(of: "/").map { withoutQuery.index(after: $0) } ?? withoutQuery.endIndex)]
            return String(directory) + reference
        }
        let path = base.hasPrefix("file://") ? String(base.dropFirst(7)) : base
        guard let slash = path.lastIndex(of: "/") else { return reference }
        return String(path[...slash]) + reference
    }
}

/// The entry of a time-sorted list that shows `time`: the last starting at
/// or before it, else the first (nil for an empty list). Binary search; pure.
enum TimeIndex {
    static func last<Entry>(atOrBefore time: Double, in entries: [Entry], start: (Entry) -> Double) -> Int? {
        guard !entries.isEmpty else { return nil }
        var low = 0, high = entries.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if start(entries[mid]) <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
