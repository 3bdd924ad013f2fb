import ShellCore

/// A finished thumbnail: its pixels at the window's size, in the
/// presenter's layout (`rgb0` for a terminal, opaque `bgra` for the TV),
/// and what it shows.
final class ThumbnailImage {
    let pixels: [UInt8]
    let width: Int
    let height: Int
    let stride: Int
    /// The time of the frame it shows (a keyframe, a cue's start).
    let frameTime: Double
    let source: ThumbnailSource

    init(pixels: [UInt8], width: Int, height: Int, stride: Int, frameTime: Double, source: ThumbnailSource) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = stride
        self.frameTime = frameTime
        self.source = source
    }

    var bytes: Int { pixels.count }
}

/// Finished thumbnails of the items scrubbed, in memory, bounded in bytes
/// (the least recently shown go first). A sidecar's or I-frame playlist's
/// thumbnail is kept by its index; a thumbnail player's by the keyframe it
/// landed on, with the span of head times known to land there.
///
/// Run-loop thread only.
struct ThumbnailCache {
    struct Key: Hashable {
        var url: String
        var source: ThumbnailSource
        /// The cue or frame index; for the player, the keyframe's time in milliseconds.
        var index: Int
        var width: Int
        var height: Int
    }

    /// Head times known to land on a keyframe (the player's thumbnails).
    private struct Span {
        var key: Key
        var keyframe: Double
        var upTo: Double
    }

    let limit: Int
    private(set) var bytes = 0
    private var images: [Key: ThumbnailImage] = [:]
    private var lastUsed: [Key: Int] = [:]
    private var clock = 0
    private var spans: [Span] = []

    init(limit: Int = 32 << 20) {
        self.limit = limit
    }

    var count: Int { images.count }

    /// The thumbnail kept under `key`, marked as just used.
    mutating func image(_ key: Key) -> ThumbnailImage? {
        guard let image = images[key] else { return nil }
        clock += 1
        lastUsed[key] = clock
        return image
    }

    /// The player's thumbnail for head `time` of `url` at a size, when a
    /// seek to the head is known to land on a keyframe kept.
    mutating func playerImage(url: String, time: Double, width: Int, height: Int) -> ThumbnailImage? {
        guard let span = spans.last(where: { $0.key.url == url && $0.key.width == width && $0.key.height == height
            && $0.keyframe <= time + 0.001 && time <= $0.upTo + 0.001 }) else { return nil }
        return image(span.key)
    }

    mutating func store(_ image: ThumbnailImage, for key: Key) {
        guard image.bytes <= limit else { return }
        if let old = images[key] { bytes -= old.bytes }
        images[key] = image
        bytes += image.bytes
        clock += 1
        lastUsed[key] = clock
        while bytes > limit, let oldest = lastUsed.min(by: { $0.value < $1.value })?.key {
            bytes -= images[oldest]?.bytes ?? 0
            images[oldest] = nil
            lastUsed[oldest] = nil
            spans.removeAll { $0.key == oldest }
        }
    }

    /// A seek to head `time` landed on the keyframe kept under `key`.
    mutating func noteLanding(_ key: Key, keyframe: Double, time: Double) {
        guard images[key] != nil else { return }
        if let at = spans.firstIndex(where: { $0.key == key }) {
            spans[at].upTo = max(spans[at].upTo, time)
        } else {
            spans.append(Span(key: key, keyframe: keyframe, upTo: max(keyframe, time)))
        }
    }
}
