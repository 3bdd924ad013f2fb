import Foundation
import GRDB

/// The library database (`$XDG_STATE_HOME/tvshell/library.sqlite3`, SQLite
/// through GRDB, with migrations): saved positions, history, favourite
/// channels, reminders, recordings and their series rules, and the answers
/// of accounts' servers (their lists). A corrupt
/// file is moved aside as `library.sqlite3.broken-DATE` and a new one made; a
/// database that cannot be written (read-only, locked) leaves the shell
/// without one, and `open` says why, once. Thread-safe (GRDB's queue);
/// the shell writes only off its run loop (`LibraryWriter`).
public final class LibraryStore: Sendable {
    let queue: DatabaseQueue
    public let path: String
    /// How many plays the history keeps, the newest: the one given to
    /// `open` (`LibraryStore.historyLimit` by default).
    let historyLimit: Int

    /// The plays the history keeps by default: some 100 days of a box
    /// zapping 200 times a day (it kept every play: 73 000 a year).
    public static let historyLimit = 20_000

    private init(queue: DatabaseQueue, path: String, historyLimit: Int) {
        self.queue = queue
        self.path = path
        self.historyLimit = max(1, historyLimit)
    }

    /// The default place.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        return state + "/tvshell/library.sqlite3"
    }

    /// Opens (or makes) the database at `path`: the store, and a problem to
    /// tell the user, if any (the store is nil when nothing can be kept).
    public static func open(path: String, now: Date = Date(), historyLimit: Int = LibraryStore.historyLimit) -> (store: LibraryStore?, problem: String?) {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            return (try make(path, historyLimit: historyLimit), nil)
        } catch let error as DatabaseError where [ResultCode.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode) {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            let aside = path + ".broken-" + formatter.string(from: now)
            do {
                try FileManager.default.moveItem(atPath: path, toPath: aside)
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                return (try make(path, historyLimit: historyLimit), "The library \(path) was damaged: it was moved aside as \(aside) and a new one started")
            } catch {
                return (nil, "The library \(path) is damaged and could not be replaced (\(error)); nothing is remembered this time")
            }
        } catch {
            return (nil, "The library \(path) cannot be used (\(Self.reason(error))); nothing is remembered this time")
        }
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    private static func make(_ path: String, historyLimit: Int) throws -> LibraryStore {
        var configuration = Configuration()
        configuration.busyMode = .timeout(2)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try migrator.migrate(queue)
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = 1") }
        chmod(path, 0o600)
        return LibraryStore(queue: queue, path: path, historyLimit: historyLimit)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "position") { t in
                t.primaryKey("key", .text)
                t.column("title", .text).notNull()
                t.column("url", .text).notNull()
                t.column("position", .double).notNull()
                t.column("duration", .double)
                t.column("watched", .boolean).notNull().defaults(to: false)
                t.column("updated", .double).notNull()
            }
            try db.create(table: "history") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("key", .text).notNull().indexed()
                t.column("title", .text).notNull()
                t.column("url", .text).notNull()
                t.column("live", .boolean).notNull()
                t.column("started", .double).notNull()
                t.column("position", .double)
                t.column("duration", .double)
                t.column("watched", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v2: favourites and reminders") { db in
            try db.create(table: "favourite") { t in
                t.primaryKey("key", .text)
                t.column("name", .text).notNull()
                t.column("added", .double).notNull()
            }
            try db.create(table: "reminder") { t in
                t.column("channel", .text).notNull()
                t.column("start", .double).notNull()
                t.column("title", .text).notNull()
                t.column("channelName", .text).notNull()
                t.primaryKey(["channel", "start"])
            }
        }
        migrator.registerMigration("v3: account answers") { db in
            try db.create(table: "account_answer") { t in
                t.column("account", .text).notNull()
                t.column("request", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("fetched", .double).notNull()
                t.primaryKey(["account", "request"])
            }
        }
        migrator.registerMigration("v4: recordings") { db in
            try db.create(table: "recording") { t in
                t.primaryKey("id", .text)
                t.column("channelNumber", .integer)
                t.column("channelName", .text).notNull()
                t.column("channelKey", .text).notNull()
                t.column("url", .text).notNull()
                t.column("headers", .text).notNull()
                t.column("title", .text).notNull()
                t.column("summary", .text)
                t.column("rating", .text)
                t.column("artwork", .text)
                t.column("programmeStart", .double).notNull()
                t.column("start", .double).notNull()
                t.column("end", .double).notNull()
                t.column("series", .boolean).notNull().defaults(to: false)
                t.column("status", .text).notNull()
                t.column("reason", .text)
                t.column("path", .text)
                t.column("pid", .integer)
                t.column("bytes", .integer).notNull().defaults(to: 0)
                t.column("duration", .double).notNull().defaults(to: 0)
                t.column("created", .double).notNull()
            }
            try db.create(table: "recordingRule") { t in
                t.primaryKey("id", .text)
                t.column("channelNumber", .integer)
                t.column("channelName", .text).notNull()
                t.column("channelKey", .text).notNull()
                t.column("url", .text).notNull()
                t.column("headers", .text).notNull()
                t.column("title", .text).notNull()
                t.column("created", .double).notNull()
            }
        }
        migrator.registerMigration("v5: recordings' other streams") { db in
            for table in ["recording", "recordingRule"] {
                try db.alter(table: table) { t in t.add(column: "alternates", .text).notNull().defaults(to: "[]") }
            }
        }
        migrator.registerMigration("v6: recordings' ratings understood") { db in
            try db.alter(table: "recording") { t in t.add(column: "ratings", .text) }
            try db.alter(table: "recordingRule") { t in t.add(column: "channelRatings", .text) }
        }
        migrator.registerMigration("v7: films' details") { db in
            try db.create(table: "account_film") { t in
                t.column("account", .text).notNull()
                t.column("film", .integer).notNull()
                t.column("ratings", .text)
                t.column("summary", .text)
                t.column("fetched", .double).notNull()
                t.primaryKey(["account", "film"])
            }
        }
        return migrator
    }

    /// Favourite channels, oldest first.
    public func favourites() throws -> [FavouriteChannel] {
        try queue.read { db in try FavouriteChannel.order(Column("added"), Column("key")).fetchAll(db) }
    }

    public func setFavourite(_ favourite: FavouriteChannel, on: Bool) throws {
        try queue.write { db in
            if on { try favourite.save(db) } else { _ = try FavouriteChannel.deleteOne(db, key: favourite.key) }
        }
    }

    /// Reminders, soonest first.
    public func reminders() throws -> [SavedReminder] {
        try queue.read { db in try SavedReminder.order(Column("start"), Column("channel")).fetchAll(db) }
    }

    public func setReminder(_ reminder: SavedReminder, on: Bool) throws {
        try queue.write { db in
            if on {
                try reminder.save(db)
            } else {
                _ = try SavedReminder.deleteOne(db, key: ["channel": reminder.channel, "start": reminder.start])
            }
        }
    }

    public func positions() throws -> [SavedPosition] {
        try queue.read { db in try SavedPosition.order(Column("updated").desc).fetchAll(db) }
    }

    public func save(_ position: SavedPosition) throws {
        try queue.write { db in try position.save(db) }
    }

    /// Records a play; its id. Now and then (every twentieth of the limit)
    /// the plays older than the newest `historyLimit` go (ids only grow).
    @discardableResult
    public func record(_ entry: HistoryEntry) throws -> Int64 {
        var entry = entry
        let limit = Int64(historyLimit)
        try queue.write { db in
            try entry.insert(db)
            if let id = entry.id, id % max(1, limit / 20) == 0 {
                try db.execute(sql: "DELETE FROM history WHERE id <= ?", arguments: [id - limit])
            }
        }
        return entry.id ?? 0
    }

    /// Updates the newest play of `key` with where it got to.
    public func updateLatest(key: String, position: Double, duration: Double?, watched: Bool) throws {
        try queue.write { db in
            try db.execute(sql: """
                UPDATE history SET position = ?, duration = ?, watched = ? WHERE id = (SELECT MAX(id) FROM history WHERE key = ?)
                """, arguments: [position, duration, watched, key])
        }
    }

    /// The newest plays first.
    /// How many times each item was played live, by `HistoryEntry.key`.
    public func livePlayCounts() throws -> [String: Int] {
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT key, COUNT(*) AS plays FROM history WHERE live GROUP BY key")
            return Dictionary(rows.map { ($0["key"] as String, $0["plays"] as Int) }, uniquingKeysWith: +)
        }
    }

    public func history(last: Int? = nil) throws -> [HistoryEntry] {
        try queue.read { db in
            var request = HistoryEntry.order(Column("id").desc)
            if let last { request = request.limit(last) }
            return try request.fetchAll(db)
        }
    }

    /// Forgets one play, or (`id` nil) everything: history and positions.
    /// Returns how many plays went.
    @discardableResult
    public func forget(id: Int64?) throws -> Int {
        try queue.write { db in
            guard let id else {
                try SavedPosition.deleteAll(db)
                return try HistoryEntry.deleteAll(db)
            }
            return try HistoryEntry.deleteOne(db, key: id) ? 1 : 0
        }
    }
}
