import Catalog
import MediaModel
import Foundation

/// What `lineup inspect` prints: channels with now/next, and problems.
struct LineupReport {
    let source: String
    let lineup: Lineup
    let guideSource: String?
    let guide: GuideData?
    let now: Double

    private var index: ProgrammeGuide { guide?.index ?? .empty }

    func text() -> String {
        let index = self.index
        var out = "\(source): \(lineup.channels.count) channel\(lineup.channels.count == 1 ? "" : "s"), \(lineup.problems.count) problem\(lineup.problems.count == 1 ? "" : "s")\n"
        if !lineup.guideURLs.isEmpty { out += "guide named by the lineup: \(lineup.guideURLs.joined(separator: ", "))\n" }
        for c in lineup.channels {
            out += "\n\(c.number)\t\(c.name)\n"
            out += "\tid: \(c.id ?? "-")   group: \(c.group ?? "-")   rating: \(c.rating ?? "-")   line: \(c.line)\n"
            out += "\turl: \(c.url)\n"
            for (n, alternate) in c.alternates.enumerated() {
                out += "\talternate \(n + 2): \(alternate.url)   line: \(alternate.line)\n"
            }
            if let logo = c.logo { out += "\tlogo: \(logo)\n" }
            if !c.headers.isEmpty { out += "\theaders: " + c.headers.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\n" }
            if let catchup = c.catchup {
                let correction = catchup.correction == 0 ? "" : ", corrected \(catchup.correction) h"
                out += "\tcatch-up: \(catchup.mode.rawValue), \(catchup.days) day\(catchup.days == 1 ? "" : "s")\(correction): \(catchup.source)\n"
            }
            if guide != nil, let id = c.id {
                let (current, next) = index.nowNext(channel: id, at: now)
                out += "\tnow: \(current.map(describe) ?? "-")\n\tnext: \(next.map(describe) ?? "-")\n"
            }
        }
        if !lineup.problems.isEmpty {
            out += "\nproblems in \(source):\n" + lineup.problems.map { "  \($0)\n" }.joined()
        }
        if let guide, let guideSource {
            out += "\nguide \(guideSource): \(guide.channels.count) channels, \(guide.programmes.count) programmes, \(guide.problems.count) problems\n"
            out += guide.problems.map { "  \($0)\n" }.joined()
        }
        return out
    }

    func json() -> String {
        let index = self.index
        func programme(_ p: Programme?) -> Any {
            guard let p else { return NSNull() }
            var o: [String: Any] = ["title": p.title, "start": p.start]
            o["stop"] = p.stop ?? NSNull()
            if let s = p.summary { o["desc"] = s }
            if !p.ratings.isEmpty { o["ratings"] = p.ratings.map { ["system": $0.system ?? NSNull(), "value": $0.value] as [String: Any] } }
            return o
        }
        let channels: [[String: Any]] = lineup.channels.map { c in
            var o: [String: Any] = [
                "number": c.number, "name": c.name, "url": c.url, "line": c.line,
                "id": c.id ?? NSNull(), "group": c.group ?? NSNull(), "logo": c.logo ?? NSNull(), "rating": c.rating ?? NSNull(),
            ]
            if !c.headers.isEmpty { o["headers"] = c.headers }
            o["alternates"] = c.alternates.map { alternate in
                var a: [String: Any] = ["url": alternate.url, "line": alternate.line]
                if !alternate.headers.isEmpty { a["headers"] = alternate.headers }
                return a
            }
            if let catchup = c.catchup {
                o["catchup"] = ["mode": catchup.mode.rawValue, "days": catchup.days, "source": catchup.source, "correction": catchup.correction] as [String: Any]
            }
            if guide != nil, let id = c.id {
                let (current, next) = index.nowNext(channel: id, at: now)
                o["now"] = programme(current)
                o["next"] = programme(next)
            }
            return o
        }
        var root: [String: Any] = [
            "source": source, "channels": channels, "guide_urls": lineup.guideURLs,
            "problems": lineup.problems.map { ["line": $0.line, "message": $0.message] as [String: Any] },
        ]
        if let guide {
            root["guide"] = [
                "source": guideSource ?? "", "channels": guide.channels.count, "programmes": guide.programmes.count,
                "problems": guide.problems.map { ["line": $0.line, "message": $0.message] as [String: Any] },
            ] as [String: Any]
        }
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

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
