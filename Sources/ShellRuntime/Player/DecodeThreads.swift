import MPVClient

/// How many threads libavcodec decodes with when the picture is drawn in
/// cells (light decoding). Frame threads cost CPU of their own: on the 720p
/// bench clips a second thread adds 6 % more instructions (cachegrind) and
/// about a tenth more CPU time, and buys nothing while one thread keeps up,
/// which it does here up to 1080p with the loop filter skipped. Larger
/// videos, or ones whose size is not known yet, get libavcodec's own choice.
enum DecodeThreads {
    /// The most pixels a video may have to be decoded on one thread.
    static let singleThreadLimit = 1920 * 1088

    /// The `vd-lavc-threads` value for the video track that will play: the
    /// variant `chosen` at the preloaded hook, else the selected video track
    /// in `trackList`, else its largest one.
    static func option(trackList: MPVNode, chosen: VideoVariant?) -> String {
        if let chosen { return value(pixels: chosen.width * chosen.height) }
        let videos = trackList.array.filter { $0["type"]?.string == "video" && $0["albumart"]?.flag != true }
        let sizes: [(track: MPVNode, pixels: Int)] = videos.map { t in
            (t, Int(t["demux-w"]?.int ?? 0) * Int(t["demux-h"]?.int ?? 0))
        }
        let track = sizes.first { $0.track["selected"]?.flag == true } ?? sizes.max { $0.pixels < $1.pixels }
        return value(pixels: track?.pixels ?? 0)
    }

    /// "1" for a known size within the limit, else "0" (libavcodec decides).
    private static func value(pixels: Int) -> String {
        pixels > 0 && pixels <= singleThreadLimit ? "1" : "0"
    }
}
