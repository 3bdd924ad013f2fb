import Catalog
import Foundation
import MediaModel

/// Parse time and memory for a 10 000-channel M3U and a 50 MB XMLTV guide,
/// both generated in memory.
enum CatalogBenchmark {
    struct Result {
        let name: String
        let bytes: Int
        let milliseconds: Double
        let rssGrowthMiB: Double
        let count: Int
    }

    static func m3u(channels: Int = 10_000) -> Result {
        var text = "#EXTM3U x-tvg-url=\"http://example.invalid/guide.xml\"\n"
        for i in 1...channels {
            text += "#EXTINF:-1 tvg-id=\"ch\(i).example\" tvg-name=\"Channel \(i)\" tvg-logo=\"http://example.invalid/logos/\(i).png\" tvg-chno=\"\(i)\" group-title=\"Group \(i % 40)\",Channel \(i) HD\nhttp://example.invalid/live/\(i)/index.m3u8\n"
        }
        let before = rssMiB()
        let start = now()
        let lineup = M3UParser.parse(text)
        let ms = (now() - start) * 1000
        return Result(name: "M3U, \(channels) channels", bytes: text.utf8.count, milliseconds: ms, rssGrowthMiB: rssMiB() - before, count: lineup.channels.count)
    }

    static func xmltv(targetBytes: Int = 50_000_000) -> Result {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>\n"
        let channels = 400
        for c in 0..<channels { xml += "<channel id=\"ch\(c).example\"><display-name>Channel \(c)</display-name></channel>\n" }
        var p = 0
        let base = 1_700_000_000
        while xml.utf8.count < targetBytes {
            let c = p % channels, slot = p / channels
            let start = base + slot * 1800
            xml += "<programme start=\"\(stamp(start))\" stop=\"\(stamp(start + 1800))\" channel=\"ch\(c).example\"><title lang=\"en\">Programme \(p)</title><desc lang=\"en\">A description of programme \(p), long enough to be like the real ones in a guide of this size.</desc><category lang=\"en\">Series</category><rating system=\"VCHIP\"><value>TV-PG</value></rating></programme>\n"
            p += 1
        }
        xml += "</tv>\n"
        let data = Data(xml.utf8)
        xml = ""
        let before = rssMiB()
        let start = now()
        let guide = XMLTVParser.parse(data)
        let index = guide.index
        let ms = (now() - start) * 1000
        _ = index.nowNext(channel: "ch1.example", at: Double(base + 3600))
        return Result(name: "XMLTV, \(data.count / 1_000_000) MB", bytes: data.count, milliseconds: ms, rssGrowthMiB: rssMiB() - before, count: guide.programmes.count)
    }

    /// XMLTV "YYYYMMDDhhmmss +0000" of `t`.
    static func stamp(_ t: Int) -> String {
        let c = UTCDate(Double(t))
        let two = UTCDate.two
        return "\(c.year)\(two(c.month))\(two(c.day))\(two(c.hour))\(two(c.minute))\(two(c.second)) +0000"
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func rssMiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kib / 1024
    }
}
