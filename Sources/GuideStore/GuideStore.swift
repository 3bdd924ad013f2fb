import Catalog
import Foundation
import GRDB
import MediaModel

/// The stored guide (`$XDG_STATE_HOME/tvshell/guide.sqlite3`), read-only:
/// its status, the programmes of a time window, and search. The file is
/// replaced whole by `GuideBuilder`; each read opens it afresh, so a read
/// sees one guide, old or new. A missing, damaged or foreign file reads as no
/// guide (`status` nil). Blocking (milliseconds); any thread.
public struct GuideStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The default place, beside the library.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        return state + "/tvshell/guide.sqlite3"
    }

    /// What the lineup's channels are, in one string: a store kept for
    /// another lineup is refreshed.
    public static func signature(of targets: [GuideTarget]) -> String {
        var hasher = FNV1a()
        for target in targets.sorted(by: { $0.key < $1.key }) {
            hasher.add(target.key)
            for name in target.names { hasher.add(name) }
        }
        return String(hasher.value, radix: 16)
    }

    /// How it was made, or nil when there is no usable store.
    public func status() -> GuideStoreStatus? {
        try? read { db in try Self.readStatus(db) }
    }

    /// The programmes on the air between `from` and `to` (seconds since
    /// 1970), keyed by lineup channel key: per channel, the last to start by
    /// `from` (if it is still on) and every one starting before `to` — a
    /// few index seeks a channel, however long a programme runs.
    public func window(from: Double, to: Double) throws -> ProgrammeGuide {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT \(ProgrammeRow.columns(of: "p")) FROM channel c CROSS JOIN programme p
                ON p.key = c.key AND p.start < ?
                AND p.start >= coalesce((SELECT max(q.start) FROM programme q WHERE q.key = c.key AND q.start <= ?), ?)
                AND (p.stop IS NULL OR p.stop > ?)
                ORDER BY c.key, p.start
                """, arguments: [to, from, from, from])
            var programmes: [Programme] = []
            while let row = try rows.next() { programmes.append(ProgrammeRow.programme(row)) }
            let channels = try Row.fetchAll(db, sql: "SELECT key, name FROM channel").map { GuideChannel(id: $0[0], names: [$0[1]]) }
            return ProgrammeGuide(channels: channels, programmes: programmes)
        }
    }

    /// Programmes whose title or description match `text` (every word, the
    /// last as a prefix), by start; at most `limit`, from those ending after
    /// `from` when given.
    public func search(_ text: String, from: Double? = nil, limit: Int = 50) throws -> [Programme] {
        guard let query = Self.ftsQuery(text) else { return [] }
        return try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(ProgrammeRow.columns(of: "p"))
                FROM programme_fts JOIN programme p ON p.id = programme_fts.rowid
                WHERE programme_fts MATCH ? AND (? IS NULL OR p.stop IS NULL OR p.stop > ?)
                ORDER BY p.start, p.key LIMIT ?
                """, arguments: [query, from, from, limit]).map(ProgrammeRow.programme)
        }
    }

    /// The airings of `title` on the lineup channel `key` starting between
    /// `from` and `to`, by start (for "Record series"): an index seek. Guides
    /// spell a series' title differently from day to day ("THE NEWS",
    /// "The News "): the case of its ASCII letters and the spaces around it
    /// do not count.
    public func airings(key: String, title: String, from: Double, to: Double) throws -> [Programme] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(ProgrammeRow.columns(of: "p")) FROM programme p
                WHERE p.key = ? AND p.start >= ? AND p.start < ? AND lower(trim(p.title)) = ? ORDER BY p.start
                """, arguments: [key, from, to, Self.seriesTitle(title)]).map(ProgrammeRow.programme)
        }
    }

    /// Programmes on the channel of `key` airing at some time between `from`
    /// and `to` (a recording's span), by start: an index seek, programmes
    /// taken to start within a day before `from`.
    public func programmes(key: String, overlapping from: Double, _ to: Double) throws -> [Programme] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(ProgrammeRow.columns(of: "p")) FROM programme p
                WHERE p.key = ? AND p.start >= ? AND p.start < ? AND coalesce(p.stop, p.start + 1) > ? ORDER BY p.start
                """, arguments: [key, from - 86_400, to, from]).map(ProgrammeRow.programme)
        }
    }

    /// A title as series airings are matched on: trimmed of spaces and
    /// lowered as SQLite's `trim` and `lower` do (spaces, ASCII letters), so
    /// both sides agree.
    static func seriesTitle(_ title: String) -> String {
        String(String.UnicodeScalarView(title.trimmingCharacters(in: CharacterSet(charactersIn: " ")).unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

    /// The lineup channels the guide feeds: key → name.
    public func channelNames() throws -> [String: String] {
        try read { db in
            var names: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, name FROM channel") { names[row[0]] = row[1] }
            return names
        }
    }

    /// `text` as an FTS5 query: each word quoted, the last a prefix.
    static func ftsQuery(_ text: String) -> String? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (index == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: path) else { throw GuideStoreError(message: "no stored guide at \(path)") }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    static func readStatus(_ db: Database) throws -> GuideStoreStatus? {
        var values: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, value FROM meta") { values[row[0]] = row[1] }
        guard values["version"] == String(GuideSchema.version), let refreshed = values["refreshed"].flatMap(Double.init) else { return nil }
        return GuideStoreStatus(
            refreshed: refreshed, sources: values["sources"].map { $0.isEmpty ? [] : $0.components(separatedBy: "\n") } ?? [],
            lineup: values["lineup"] ?? "", channelsMatched: values["channels"].flatMap(Int.init) ?? 0,
            programmes: values["programmes"].flatMap(Int.init) ?? 0, problem: values["problem"], lineupLocation: values["lineup_location"],
            contents: values["contents"])
    }

    static func write(_ status: GuideStoreStatus, to db: Database) throws {
        var values = [
            "version": String(GuideSchema.version), "refreshed": String(status.refreshed), "sources": status.sources.joined(separator: "\n"),
            "lineup": status.lineup, "channels": String(status.channelsMatched), "programmes": String(status.programmes),
        ]
        if let problem = status.problem { values["problem"] = problem }
        if let location = status.lineupLocation { values["lineup_location"] = location }
        if let contents = status.contents { values["contents"] = contents }
        for (name, value) in values {
            try db.execute(sql: "INSERT OR REPLACE INTO meta(name, value) VALUES (?, ?)", arguments: [name, value])
        }
    }
}

/// 64-bit FNV-1a, for signatures that must not change between runs (Swift's
/// `Hasher` is seeded per process).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x100_0000_01b3
    }
}
