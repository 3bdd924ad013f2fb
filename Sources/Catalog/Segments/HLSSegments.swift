import Foundation
import MediaModel

/// Ad breaks announced in an HLS media playlist: `#EXT-X-DATERANGE` with
/// `CLASS="com.apple.hls.interstitial"` or SCTE-35 attributes (placed by
/// `#EXT-X-PROGRAM-DATE-TIME`), and `#EXT-X-CUE-OUT` / `#EXT-X-CUE-IN`
/// (placed by the segment durations before them). Pure.
public enum HLSSegments {
    /// The ad breaks in `playlist` (a media playlist's text), as commercial segments.
    public static func breaks(in playlist: String) -> [Segment] {
        var segments: [Segment] = []
        var time = 0.0
        var firstDate: Date?
        var cueOut: (start: Double, duration: Double?)?
        var ranges: [(start: Date, duration: Double?)] = []
        for raw in playlist.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#EXTINF:") {
                time += Double(line.dropFirst(8).split(separator: ",").first ?? "") ?? 0
            } else if line.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:"), firstDate == nil, let date = parseDate(String(line.dropFirst(25))) {
                firstDate = date.addingTimeInterval(-time)
            } else if line.hasPrefix("#EXT-X-CUE-OUT") {
                let value = line.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                let duration = Double(value) ?? attributes(value)["DURATION"].flatMap(Double.init)
                cueOut = (time, duration)
            } else if line.hasPrefix("#EXT-X-CUE-IN"), let out = cueOut {
                segments.append(Segment(kind: .commercial, start: out.start, end: time, source: .hls))
                cueOut = nil
            } else if line.hasPrefix("#EXT-X-DATERANGE:") {
                let a = attributes(String(line.dropFirst(17)))
                let advert = a["CLASS"] == "com.apple.hls.interstitial" || a.keys.contains { $0.hasPrefix("SCTE35") }
                guard advert, let start = a["START-DATE"].flatMap(parseDate) else { continue }
                ranges.append((start, (a["DURATION"] ?? a["PLANNED-DURATION"]).flatMap(Double.init)))
            }
        }
        if let out = cueOut, let duration = out.duration {
            segments.append(Segment(kind: .commercial, start: out.start, end: out.start + duration, source: .hls))
        }
        if let firstDate {
            for range in ranges {
                let start = range.start.timeIntervalSince(firstDate)
                guard start >= 0, let duration = range.duration, duration > 0 else { continue }
                segments.append(Segment(kind: .commercial, start: start, end: start + duration, source: .hls))
            }
        }
        return segments.sorted { $0.start < $1.start }
    }

    /// The first variant's URI of a master playlist, resolved against `base`; nil for a media playlist.
    public static func firstVariant(in playlist: String, base: URL) -> URL? {
        let lines = playlist.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let index = lines.firstIndex(where: { $0.hasPrefix("#EXT-X-STREAM-INF") }),
              let uri = lines[(index + 1)...].first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else { return nil }
        return URL(string: uri, relativeTo: base)?.absoluteURL
    }

    /// `KEY=VALUE,KEY="VALUE, with commas"` attribute lists.
    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var key = "", value = "", inKey = true, quoted = false
        func flush() {
            if !key.isEmpty { result[key.trimmingCharacters(in: .whitespaces)] = value }
            key = ""; value = ""; inKey = true
        }
        for c in text {
            if inKey {
                if c == "=" { inKey = false } else if c == "," { flush() } else { key.append(c) }
            } else if c == "\"" {
                quoted.toggle()
            } else if c == ",", !quoted {
                flush()
            } else {
                value.append(c)
            }
        }
        flush()
        return result
    }

    private static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
