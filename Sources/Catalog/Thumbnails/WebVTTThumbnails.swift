/// A WebVTT thumbnail track (as Jellyfin, JW Player and many HLS services
/// publish): each cue's text is an image URL, with `#xywh=X,Y,W,H` naming
/// a tile of a sprite sheet. Cues that are not such (text, styles, notes,
/// a bad timing line) are skipped. Pure; any thread.
public enum WebVTTThumbnails {
    /// The cues of `text`, sorted by start, their images resolved against
    /// `base` (where the track was read from).
    public static func parse(_ text: String, base: String) -> [ThumbnailCue] {
        var cues: [ThumbnailCue] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.contains("-->"), let (start, end) = timing(line) else { continue }
            guard index < lines.count else { break }
            let payload = lines[index].trimmingWhitespace()
            index += 1
            guard !payload.isEmpty, payload.count < 4096 else { continue }
            var reference = payload
            var tile: ThumbnailCue.Tile?
            if let hash = payload.firstRange(of: "#xywh=") {
                reference = String(payload[..<hash.lowerBound])
                let numbers = payload[hash.upperBound...].split(separator: ",").map { Int($0.trimmingWhitespace()) }
                guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
                      x >= 0, y >= 0, w > 0, h > 0, w <= 8192, h <= 8192, x <= 65536, y <= 65536 else { continue }
                tile = ThumbnailCue.Tile(x: x, y: y, width: w, height: h)
            }
            guard !reference.isEmpty else { continue }
            cues.append(ThumbnailCue(start: start, end: end, image: RelativeLocation.resolve(reference, against: base), tile: tile))
        }
        return cues.sorted { $0.start < $1.start }
    }

    /// `00:01:02.500 --> 00:01:05.000 settings` as seconds.
    static func timing(_ line: Substring) -> (Double, Double)? {
        guard let arrow = line.firstRange(of: "-->") else { return nil }
        let parts = [line[..<arrow.lowerBound], line[arrow.upperBound...]]
        guard !parts[1].contains("-->") else { return nil }
        let endField = parts[1].trimmingWhitespace().split(separator: " ").first.map(String.init) ?? ""
        guard let start = seconds(parts[0].trimmingWhitespace()), let end = seconds(endField), end >= start else { return nil }
        return (start, end)
    }

    /// `hh:mm:ss.ttt` or `mm:ss.ttt` as seconds.
    static func seconds(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count) else { return nil }
        var total = 0.0
        for (offset, field) in fields.enumerated() {
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(field) else { return nil }
            if offset < fields.count - 1, field.contains(".") { return nil }
            total = total * 60 + value
        }
        return total.isFinite ? total : nil
    }
}
