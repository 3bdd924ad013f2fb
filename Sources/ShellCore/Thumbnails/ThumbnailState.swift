import MediaModel

/// Where a scrub thumbnail's picture came from, best first.
public enum ThumbnailSource: String, Equatable, Sendable {
    /// A sidecar the item offers: WebVTT sprites (`#xywh`) or a `.bif`.
    case sidecar
    /// The HLS stream's I-frame playlist (`#EXT-X-I-FRAME-STREAM-INF`).
    case iframe
    /// The HLS stream's image playlist (`#EXT-X-IMAGE-STREAM-INF`): tiles
    /// of JPEGs made for trick play.
    case images
    /// A thumbnail player of its own that seeks to the head.
    case player
    /// A live buffer's own frames, kept as they played (no other player
    /// can reach back into it).
    case buffer
}

/// The thumbnail the core asks the runtime for: the frame of `item` at
/// `time` (the scrub head).
public struct ThumbnailRequest: Equatable, Sendable {
    public var item: MediaItem
    public var time: Double
    /// A thumbnail player may open a stream of its own (there is room under
    /// `[live] max_connections`); else only sidecars and I-frames serve.
    public var mayOpenStream: Bool
    /// On a live channel whose buffer holds a programme the restrictions
    /// hold back, the earliest position a picture may be of: the start of
    /// what may be sought (`ShellState.seekRange`), so a picture kept before
    /// it is never shown for a head just after it. Nil: no limit. Taken
    /// when the head moves (it drifts as the buffer grows: that alone asks
    /// nothing anew).
    public var earliest: Double?

    public init(item: MediaItem, time: Double, mayOpenStream: Bool, earliest: Double? = nil) {
        self.item = item
        self.time = time
        self.mayOpenStream = mayOpenStream
        self.earliest = earliest
    }

    /// Whether `other` asks for the same picture (`earliest` aside).
    func asksTheSame(as other: ThumbnailRequest?) -> Bool {
        guard let other else { return false }
        return item == other.item && time == other.time && mayOpenStream == other.mayOpenStream && (earliest == nil) == (other.earliest == nil)
    }
}

/// A thumbnail on the screen: the head time it was asked for, the time of
/// the frame it shows (a keyframe, a sprite's cue) and where it came from.
public struct ThumbnailPicture: Equatable, Sendable {
    public var time: Double
    public var frameTime: Double
    public var source: ThumbnailSource

    public init(time: Double, frameTime: Double, source: ThumbnailSource) {
        self.time = time
        self.frameTime = frameTime
        self.source = source
    }
}

/// What the runtime reports of a thumbnail request for the item at `url`.
public enum ThumbnailReport: Equatable, Sendable {
    /// This picture is in the thumbnail window now.
    case shown(url: String, ThumbnailPicture)
    /// No thumbnail can be had for the head at `time` (no source, the cap).
    case unavailable(url: String, time: Double, reason: String)
}

/// Scrub thumbnails: what was asked of the runtime and what it shows.
/// Written by `ThumbnailReducer` only.
public struct ThumbnailState: Equatable, Sendable {
    /// The thumbnail asked for (nil: none: not scrubbing, or thumbnails off).
    public var requested: ThumbnailRequest?
    /// The picture in the window, kept while the head moves on until the
    /// next one comes (nil: none yet for this item).
    public var picture: ThumbnailPicture?
    /// Why the latest request cannot be shown.
    public var unavailable: String?

    public init() {}

    /// The picture on the screen is the frame under the head now.
    public var shown: Bool {
        guard let picture, let requested else { return false }
        return picture.time == requested.time
    }
}
