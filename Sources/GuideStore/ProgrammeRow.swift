import Catalog
import GRDB
import MediaModel

/// How a programme's lists are kept in one column each: categories joined
/// by U+001F; ratings as `system U+001F value`, joined by U+001E. Pure.
enum ProgrammeRow {
    static let columns = "key, start, stop, title, subtitle, summary, categories, ratings, icon, episode, catchup_id"

    static func arguments(_ p: Programme, key: String, shift: Double) -> StatementArguments {
        [
            key, p.start + shift, p.stop.map { $0 + shift }, p.title, p.subtitle, p.summary,
            p.categories.isEmpty ? nil : p.categories.joined(separator: "\u{1F}"),
            p.ratings.isEmpty ? nil : p.ratings.map { ($0.system ?? "") + "\u{1F}" + $0.value }.joined(separator: "\u{1E}"),
            p.icon, p.episode, p.catchupID,
        ]
    }

    /// The programme of a row selected with `columns` (in that order).
    static func programme(_ row: Row) -> Programme {
        var p = Programme(
            channel: row[0], start: row[1], stop: row[2], title: row[3], subtitle: row[4], summary: row[5],
            categories: (row[6] as String?).map { $0.split(separator: "\u{1F}").map(String.init) } ?? [],
            ratings: (row[7] as String?).map(ratings) ?? [], icon: row[8], episode: row[9])
        p.catchupID = row[10]
        return p
    }

    private static func ratings(_ text: String) -> [GuideRating] {
        text.split(separator: "\u{1E}").map { pair in
            let parts = pair.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            let system = parts.first.flatMap { $0.isEmpty ? nil : String($0) }
            let value = parts.count > 1 ? String(parts[1]) : ""
            return GuideRating(system: system, value: value, resolved: RatingsTable.standard.parseXMLTV(system: system, value: value))
        }
    }
}
