import MPVClient

/// One video rendition of an adaptive stream: an HLS variant as libmpv
/// lists it in `track-list` (one video track per variant; libmpv 0.35 gives
/// no bitrate there, so the size decides).
struct VideoVariant: Equatable, Sendable {
    let id: Int
    let width: Int
    let height: Int

    /// The variants among `track-list`'s video tracks when the file is an
    /// HLS stream (`file-format`); empty unless there are at least two.
    static func variants(in trackList: MPVNode, fileFormat: String) -> [VideoVariant] {
        guard fileFormat.split(separator: ",").contains("hls") else { return [] }
        let found: [VideoVariant] = trackList.array.compactMap { t in
            guard t["type"]?.string == "video", t["albumart"]?.flag != true, let id = t["id"]?.int,
                  let w = t["demux-w"]?.int, let h = t["demux-h"]?.int, w > 0, h > 0 else { return nil }
            return VideoVariant(id: Int(id), width: Int(w), height: Int(h))
        }
        return found.count >= 2 ? found : []
    }

    /// Whether this variant has at least the pixels of the picture it makes
    /// when fitted into `size` (one side reaches the size's side).
    func covers(_ size: (width: Int, height: Int)) -> Bool {
        width >= size.width || height >= size.height
    }

    /// The smallest variant that covers `size`, else the largest: decoding
    /// 1080p for 160×96 pixels is wasted work.
    static func choose(_ variants: [VideoVariant], for size: (width: Int, height: Int)) -> VideoVariant? {
        let bySize = variants.sorted { ($0.width * $0.height, $0.id) < ($1.width * $1.height, $1.id) }
        return bySize.first { $0.covers(size) } ?? bySize.last
    }
}
