/// HLS image media playlists (Apple's and Roku's trick-play thumbnails): a
/// master playlist's `#EXT-X-IMAGE-STREAM-INF` streams, and an image
/// playlist's thumbnails. Each segment is an image (a JPEG) covering its
/// `#EXTINF` seconds; with `#EXT-X-TILES:RESOLUTION=WxH,LAYOUT=CxR,DURATION=D`
/// it is a grid of C × R tiles of W × H pixels, each D seconds, in rows from
/// the top left. They become the same cues as a WebVTT sprite sheet's. Pure;
/// any thread.
public enum ImagePlaylist {
    /// The image streams a master playlist lists, smallest first (by
    /// resolution, then bandwidth), their URIs resolved against `base`.
    public static func streams(inMaster text: String, base: String) -> [IFramePlaylist.Stream] {
        var streams: [IFramePlaylist.Stream] = []
        for line in IFramePlaylist.lines(text) where line.hasPrefix("#EXT-X-IMAGE-STREAM-INF:") {
            let attributes = IFramePlaylist.attributes(String(line.dropFirst("#EXT-X-IMAGE-STREAM-INF:".count)))
            guard let uri = attributes["URI"], !uri.isEmpty else { continue }
            let size = resolution(attributes["RESOLUTION"])
            streams.append(IFramePlaylist.Stream(uri: RelativeLocation.resolve(uri, against: base), bandwidth: Int(attributes["BANDWIDTH"] ?? "") ?? 0,
                                                 width: size?.width, height: size?.height))
        }
        return streams.sorted { (($0.width ?? 0) * ($0.height ?? 0), $0.bandwidth) < (($1.width ?? 0) * ($1.height ?? 0), $1.bandwidth) }
    }

    /// The thumbnails of an image playlist, one cue per tile (per image
    /// without `#EXT-X-TILES`), in time order, at most `limit` (a hostile
    /// playlist's grids cannot fill the memory). A grid larger than
    /// 100 × 100 tiles, or tiles of no size, count as one image each.
    public static func cues(_ text: String, base: String, limit: Int = 100_000) -> [ThumbnailCue] {
        var cues: [ThumbnailCue] = []
        var time = 0.0
        var duration: Double?
        var tiles: (width: Int, height: Int, columns: Int, rows: Int, seconds: Double)?
        for line in IFramePlaylist.lines(text) {
            if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).split(separator: ",", omittingEmptySubsequences: false).first ?? ""
                duration = Double(value.trimmingWhitespace()).flatMap { $0.isFinite && $0 >= 0 && $0 < 1e7 ? $0 : nil }
            } else if line.hasPrefix("#EXT-X-TILES:") {
                let attributes = IFramePlaylist.attributes(String(line.dropFirst("#EXT-X-TILES:".count)))
                if let size = resolution(attributes["RESOLUTION"]), let layout = resolution(attributes["LAYOUT"]),
                   (1...100).contains(layout.width), (1...100).contains(layout.height),
                   let seconds = Double(attributes["DURATION"] ?? ""), seconds.isFinite, seconds > 0 {
                    tiles = (size.width, size.height, layout.width, layout.height, seconds)
                }
            } else if !line.hasPrefix("#"), !line.isEmpty {
                let image = RelativeLocation.resolve(line, against: base)
                let length = duration ?? tiles.map { Double($0.columns * $0.rows) * $0.seconds } ?? 0
                if let tiles {
                    let count = min(tiles.columns * tiles.rows, max(1, Int(min(1e6, (length / tiles.seconds).rounded(.up)))), limit - cues.count)
                    for index in 0..<count {
                        let start = time + Double(index) * tiles.seconds
                        let tile = ThumbnailCue.Tile(x: index % tiles.columns * tiles.width, y: index / tiles.columns * tiles.height,
                                                     width: tiles.width, height: tiles.height)
                        cues.append(ThumbnailCue(start: start, end: min(time + length, start + tiles.seconds), image: image, tile: tile))
                    }
                } else if cues.count < limit {
                    cues.append(ThumbnailCue(start: time, end: time + length, image: image))
                }
                time += length
                duration = nil
                tiles = nil
                if cues.count >= limit { break }
            }
        }
        return cues
    }

    /// `WxH` as numbers, each 1 to 16 384.
    private static func resolution(_ text: String?) -> (width: Int, height: Int)? {
        let parts = (text ?? "").split(separator: "x").compactMap { Int($0.trimmingWhitespace()) }
        guard parts.count == 2, (1...16_384).contains(parts[0]), (1...16_384).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }
}
