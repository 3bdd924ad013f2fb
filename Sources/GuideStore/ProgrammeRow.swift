import Catalog
import Foundation
import GRDB
import GRDBSQLite
import MediaModel

/// SQLite copies the bytes bound (the Swift string's are temporary).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// How a programme's lists are kept in one column each: categories joined
/// by U+001F; ratings as `system U+001F value`, joined by U+001E. Pure.
enum ProgrammeRow {
    static let columns = "key, start, stop, title, subtitle, summary, categories, ratings, icon, episode, catchup_id"

    /// `columns` of the table named `alias` in a join ("p.key, p.start, …").
    static func columns(of alias: String) -> String {
        columns.split(separator: ",").map { alias + "." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    }

    /// Binds `p` to the insert statement (its `columns`, in order) with
    /// SQLite's own calls: a guide has hundreds of thousands of rows.
    static func bind(_ p: Programme, key: String, shift: Double, to statement: SQLiteStatement) {
        sqlite3_reset(statement)
        func text(_ index: Int32, _ value: String?) {
            guard var bytes = value else { sqlite3_bind_null(statement, index); return }
            bytes.withUTF8 { utf8 in
                _ = utf8.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), transient) }
            }
        }
        text(1, key)
        sqlite3_bind_double(statement, 2, p.start + shift)
        if let stop = p.stop { sqlite3_bind_double(statement, 3, stop + shift) } else { sqlite3_bind_null(statement, 3) }
        text(4, p.title)
        text(5, p.subtitle)
        text(6, p.summary)
        text(7, p.categories.isEmpty ? nil : p.categories.joined(separator: "\u{1F}"))
        text(8, p.ratings.isEmpty ? nil : p.ratings.map { ($0.system ?? "") + "\u{1F}" + $0.value }.joined(separator: "\u{1E}"))
        text(9, p.icon)
        text(10, p.episode)
        text(11, p.catchupID)
    }

    /// Binds `p`'s title and description to the search index's insert
    /// (`rowid` being the programme row just inserted).
    static func bindSearch(_ p: Programme, to statement: SQLiteStatement) {
        sqlite3_reset(statement)
        func text(_ index: Int32, _ value: String?) {
            guard var bytes = value else { sqlite3_bind_null(statement, index); return }
            bytes.withUTF8 { utf8 in
                _ = utf8.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), transient) }
            }
        }
        text(1, p.title)
        text(2, p.summary)
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
