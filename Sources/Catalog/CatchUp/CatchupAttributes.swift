import Foundation
import MediaModel

/// Reads a lineup entry's catch-up attributes into a `Catchup`, making the
/// URL template the way IPTV players do for each mode (Kodi's IPTV Simple is
/// the reference): the entry's attributes first, then the `#EXTM3U`
/// header's. Pure.
public enum CatchupAttributes {
    /// The keys that can give an entry an archive, in its attributes or
    /// (`catchup`) the header's: without one, `resolve` is nil.
    public static let triggers: Set<String> = ["catchup", "timeshift", "tvg-rec"]

    /// The entry's archive, nil when it has none (no key of `triggers`), or
    /// why its attributes cannot be used.
    public static func resolve(_ attributes: [String: String], header: [String: String] = [:], url: String) -> Result<Catchup?, CatalogProblemText> {
        func value(_ key: String) -> String? {
            (attributes[key] ?? header[key]).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var modeText = value("catchup")?.lowercased()
        var days = value("catchup-days").flatMap { Int($0) }
        if let legacy = attributes["timeshift"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), legacy > 0 {
            modeText = modeText ?? "shift"
            days = days ?? legacy
        }
        if let rec = attributes["tvg-rec"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), rec > 0 {
            modeText = modeText ?? "default"
            days = days ?? rec
        }
        guard let modeText, modeText != "disabled" else { return .success(nil) }
        let source = value("catchup-source")
        // Hours, as `tvg-shift`: 0 when not a number or beyond two days (a
        // correction of 1e300 hours would make no time in a URL).
        let correction = value("catchup-correction").flatMap { Double($0.hasPrefix("+") ? String($0.dropFirst()) : $0) }
            .flatMap { $0.isFinite && abs($0) <= 48 ? $0 : nil } ?? 0
        let template: String
        let mode: Catchup.Mode
        switch modeText {
        case "default":
            mode = .default
            template = source ?? url + Catchup.defaultQuery
        case "append":
            mode = .append
            template = url + (source ?? Catchup.defaultQuery)
        case "shift", "timeshift":
            mode = .shift
            template = url + (url.contains("?") ? "&" : "?") + "utc={utc}&lutc={lutc}"
        case "flussonic", "flussonic-hls", "flussonic-ts", "fs":
            mode = .flussonic
            guard let made = flussonic(url, transportStream: modeText == "flussonic-ts" || modeText == "fs") else {
                return .failure(CatalogProblemText("catch-up \"\(modeText)\" needs a Flussonic stream URL (http://host/CHANNEL/…), not \(url)"))
            }
            template = made
        case "xc":
            mode = .xtreamCodes
            guard let made = xtreamCodes(url) else {
                return .failure(CatalogProblemText("catch-up \"xc\" needs an Xtream Codes stream URL (http://host/[live/]USER/PASSWORD/ID[.m3u8]), not \(url)"))
            }
            template = made
        case "vod":
            mode = .vod
            template = source ?? "{catchup-id}"
        default:
            return .failure(CatalogProblemText("unknown catch-up mode \"\(modeText)\" (default, append, shift, flussonic, fs, xc, vod)"))
        }
        return .success(Catchup(mode: mode, source: template, days: days.flatMap { $0 > 0 ? $0 : nil } ?? Catchup.defaultDays, correction: correction))
    }

    /// `…/CHANNEL/mpegts` → `…/CHANNEL/timeshift_abs-${start}.ts`;
    /// `…/CHANNEL/index.m3u8` → `…/CHANNEL/timeshift_rel-{offset:1}.m3u8`;
    /// `…/CHANNEL/mono.m3u8` → `…/CHANNEL/mono-timeshift_rel-{offset:1}.m3u8`;
    /// any other `…/CHANNEL/NAME` by the mode's stream type. The query is kept.
    static func flussonic(_ url: String, transportStream: Bool) -> String? {
        if let m = match(flussonicNamed, url) {
            let (host, channel, list, type, query) = (m[1], m[2], m[3], m[4], m[5])
            if type == "mpegts" { return "\(host)/\(channel)/timeshift_abs-${start}.ts\(query)" }
            if list == "index" { return "\(host)/\(channel)/timeshift_rel-{offset:1}.m3u8\(query)" }
            return "\(host)/\(channel)/\(list)-timeshift_rel-{offset:1}.m3u8\(query)"
        }
        if let m = match(flussonicAny, url) {
            let (host, channel, query) = (m[1], m[2], m[4])
            return transportStream ? "\(host)/\(channel)/timeshift_abs-${start}.ts\(query)" : "\(host)/\(channel)/timeshift_rel-{offset:1}.m3u8\(query)"
        }
        return nil
    }

    /// `http://host[/live]/USER/PASSWORD/ID[.m3u8]` →
    /// `http://host/timeshift/USER/PASSWORD/{duration:60}/{Y}-{m}-{d}:{H}-{M}/ID.ts` (or `.m3u8`).
    static func xtreamCodes(_ url: String) -> String? {
        guard let m = match(xtream, url) else { return nil }
        let ext = m[5].isEmpty ? ".ts" : m[5]
        return "\(m[1])/timeshift/\(m[2])/\(m[3])/{duration:60}/{Y}-{m}-{d}:{H}-{M}/\(m[4])\(ext)"
    }

    // Compiled once: a lineup may have 50 000 entries.
    private static let flussonicNamed = try! NSRegularExpression(pattern: #"^(https?://[^/]+)/(.*)/([^/]*)(mpegts|\.m3u8)(\?.+=.+)?$"#)
    private static let flussonicAny = try! NSRegularExpression(pattern: #"^(https?://[^/]+)/(.*)/([^?]*)(\?.+=.+)?$"#)
    private static let xtream = try! NSRegularExpression(pattern: #"^(https?://[^/]+)/(?:live/)?([^/]+)/([^/]+)/([^/.]+)(\.m3u8?)?$"#)

    /// The groups of `regex` matched against the whole of `text` ("" for a
    /// group that took no part).
    private static func match(_ regex: NSRegularExpression, _ text: String) -> [String]? {
        guard let result = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<result.numberOfRanges).map { i in
            Range(result.range(at: i), in: text).map { String(text[$0]) } ?? ""
        }
    }
}

/// A problem's message, for a caller to place (with its line).
public struct CatalogProblemText: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
