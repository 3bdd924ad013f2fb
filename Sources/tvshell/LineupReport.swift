import Catalog
import MediaModel
import Foundation

/// What `lineup inspect` prints: channels with now/next, and problems.
/// Every URL as `URLRedaction` shows it: accounts and tokens as `***`.
struct LineupReport {
    let source: String
    let lineup: Lineup
    let guideSource: String?
    let guide: GuideData?
    let now: Double

    private var index: ProgrammeGuide { guide?.index ?? .empty }

    /// A channel's rating as the passcode gate holds it: the lineup's own,
    /// or "18+" from its group's name (`AdultGroups`), with the rating it
    /// counts as when that differs ("16+ (held as TV-MA)"), or that it is
    /// not understood (the channel is unrated).
    private func ratingText(_ c: LineupChannel) -> String {
        let item = c.mediaItem
        guard let raw = item.rating else { return "-" }
        let source = c.rating == nil ? " from its group's name" : ""
        guard let held = item.contentRating.flatMap(Self.american) else { return "\(raw)\(source) (not understood: unrated)" }
        return held == raw ? raw + source : "\(raw)\(source) (held as \(held))"
    }

    /// The American rating of `rating`'s kind and rank (TV-MA for "16+"
    /// on a channel), which limits are set in; nil when it has no rank.
    static func american(_ rating: ContentRating) -> String? {
        guard let rank = rating.rank else { return nil }
        let us = RatingsTable.standard.ratings(in: rating.media == .tv ? "us-tv" : "mpaa")
        return us.first { $0.rank == rank }?.code ?? rating.code
    }

    /// "6 channels, 1 problem"; a playlist's films counted apart ("1
    /// channel, 2 films, 0 problems"; "3 films, 0 problems").
    var counts: String {
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let films = lineup.channels.count { $0.onDemand }
        let channels = lineup.channels.count - films
        return ([channels > 0 || films == 0 ? counted(channels, "channel") : nil, films > 0 ? counted(films, "film") : nil, counted(lineup.problems.count, "problem")] as [String?])
            .compactMap { $0 }.joined(separator: ", ")
    }

    func text() -> String {
        let index = self.index
        var out = "\(r(source)): \(counts)\n"
        if !lineup.guideURLs.isEmpty { out += "guide named by the lineup: \(lineup.guideURLs.map(r).joined(separator: ", "))\n" }
        for c in lineup.channels {
            out += "\n\(c.onDemand ? "-" : String(c.number))\t\(c.name)\n"
            out += "\tid: \(c.id ?? "-")   group: \(c.group ?? "-")   rating: \(ratingText(c))   line: \(c.line)\n"
            out += "\turl: \(r(c.url))\n"
            if c.onDemand { out += "\ta file, played as a film (scrubbed, its place kept), not as a channel\n" }
            for (n, alternate) in c.alternates.enumerated() {
                out += "\talternate \(n + 2): \(r(alternate.url))   line: \(alternate.line)\n"
            }
            if let logo = c.logo { out += "\tlogo: \(r(logo))\n" }
            if !c.headers.isEmpty { out += "\theaders: " + c.headers.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\n" }
            if let catchup = c.catchup {
                let correction = catchup.correction == 0 ? "" : ", corrected \(catchup.correction) h"
                out += "\tcatch-up: \(catchup.mode.rawValue), \(catchup.days) day\(catchup.days == 1 ? "" : "s")\(correction): \(r(catchup.source))\n"
            }
            if guide != nil, let id = c.id {
                let (current, next) = index.nowNext(channel: id, at: now)
                out += "\tnow: \(current.map(describe) ?? "-")\n\tnext: \(next.map(describe) ?? "-")\n"
            }
        }
        if !lineup.problems.isEmpty {
            out += "\nproblems in \(r(source)):\n" + lineup.problems.map { "  \($0)\n" }.joined()
        }
        if let guide, let guideSource {
            out += "\nguide \(r(guideSource)): \(guide.channels.count) channels, \(guide.programmes.count) programmes, \(guide.problems.count) problems\n"
            out += guide.problems.map { "  \($0)\n" }.joined()
        }
        return out
    }

    func json() -> String {
        let index = self.index
        func programme(_ p: Programme?) -> JSONText {
            guard let p else { return .null }
            var o: [String: JSONText] = ["title": .string(p.title), "start": .double(p.start), "stop": p.stop.map(JSONText.double) ?? .null]
            if let s = p.summary { o["desc"] = .string(s) }
            if !p.ratings.isEmpty { o["ratings"] = .array(p.ratings.map { .object(["system": .optional($0.system), "value": .string($0.value)]) }) }
            return .object(o)
        }
        func problems(_ list: [CatalogProblem]) -> JSONText {
            .array(list.map { .object(["line": .int($0.line), "message": .string($0.message)]) })
        }
        let channels: [JSONText] = lineup.channels.map { c in
            var o: [String: JSONText] = [
                "number": .int(c.number), "name": .string(c.name), "url": .string(r(c.url)), "line": .int(c.line),
                "id": .optional(c.id), "group": .optional(c.group), "logo": .optional(c.logo.map(r)), "rating": .optional(c.rating),
            ]
            let item = c.mediaItem
            o["held_to"] = .optional(item.contentRating.flatMap(Self.american))
            o["rating_from"] = .optional(item.rating == nil ? nil : c.rating == nil ? "group" : "lineup")
            o["on_demand"] = .bool(!item.isLive)
            if !c.headers.isEmpty { o["headers"] = .strings(c.headers) }
            o["alternates"] = .array(c.alternates.map { alternate in
                var a: [String: JSONText] = ["url": .string(r(alternate.url)), "line": .int(alternate.line)]
                if !alternate.headers.isEmpty { a["headers"] = .strings(alternate.headers) }
                return .object(a)
            })
            if let catchup = c.catchup {
                o["catchup"] = .object(["mode": .string(catchup.mode.rawValue), "days": .int(catchup.days), "source": .string(r(catchup.source)),
                                        "correction": .double(catchup.correction)])
            }
            if guide != nil, let id = c.id {
                let (current, next) = index.nowNext(channel: id, at: now)
                o["now"] = programme(current)
                o["next"] = programme(next)
            }
            return .object(o)
        }
        var root: [String: JSONText] = [
            "source": .string(r(source)), "channels": .array(channels), "guide_urls": .array(lineup.guideURLs.map { .string(r($0)) }),
            "problems": problems(lineup.problems),
        ]
        if let guide {
            root["guide"] = .object([
                "source": .string(r(guideSource ?? "")), "channels": .int(guide.channels.count), "programmes": .int(guide.programmes.count),
                "problems": problems(guide.problems),
            ])
        }
        return JSONText.object(root).rendered()
    }

    private func r(_ url: String) -> String { URLRedaction.redact(url) }

    private func describe(_ p: Programme) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let start = formatter.string(from: Date(timeIntervalSince1970: p.start))
        let stop = p.stop.map { " – " + formatter.string(from: Date(timeIntervalSince1970: $0)) } ?? ""
        var text = "\(start)\(stop)  \(p.title)"
        if let rating = p.ratings.first { text += "  [\(rating.system.map { "\($0) " } ?? "")\(rating.value)]" }
        return text
    }
}
