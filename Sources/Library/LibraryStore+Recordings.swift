import Foundation
import GRDB

/// A recording as the scheduler keeps it: the channel's stream (its URL
/// and headers, which may hold an account: the library is 0600), the
/// programme, when it runs (padding included), and how it went.
public struct SavedRecording: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "recording"
    public var id: String
    public var channelNumber: Int?
    public var channelName: String
    /// The channel as favourites key it (its guide id, else its name).
    public var channelKey: String
    public var url: String
    /// HTTP headers, as JSON.
    public var headers: String
    /// The channel's other streams, tried in turn when `url` cannot be
    /// opened: JSON, `[{"url": …, "headers": {…}}]`.
    public var alternates: String
    public var title: String
    public var summary: String?
    /// The rating as published (the programme's, else the channel's).
    public var rating: String?
    /// The ratings the passcode gate holds it to, one a line in `iTunEXTC`
    /// form (`RatingsTable.keep`); nil in recordings made before they were kept.
    public var ratings: String?
    public var artwork: String?
    public var programmeStart: Double
    public var start: Double
    public var end: Double
    public var series: Bool
    /// `RecordingInfo.Status`'s raw value, or `starting` (claimed by a shell, its recorder not yet started).
    public var status: String
    public var reason: String?
    public var path: String?
    /// The recorder's process while it writes.
    public var pid: Int?
    public var bytes: Int64
    public var duration: Double
    public var created: Double

    public init(id: String, channelNumber: Int?, channelName: String, channelKey: String, url: String, headers: String, alternates: String = "[]",
                title: String, summary: String?, rating: String?, ratings: String? = nil, artwork: String? = nil, programmeStart: Double, start: Double, end: Double,
                series: Bool, status: String, created: Double) {
        self.id = id
        self.channelNumber = channelNumber
        self.channelName = channelName
        self.channelKey = channelKey
        self.url = url
        self.headers = headers
        self.alternates = alternates
        self.title = title
        self.summary = summary
        self.rating = rating
        self.ratings = ratings
        self.artwork = artwork
        self.programmeStart = programmeStart
        self.start = start
        self.end = end
        self.series = series
        self.status = status
        self.created = created
        bytes = 0
        duration = 0
    }
}

/// "Record series": every airing of `title` on the channel.
public struct RecordingRule: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "recordingRule"
    public var id: String
    public var channelNumber: Int?
    public var channelName: String
    public var channelKey: String
    public var url: String
    public var headers: String
    /// The channel's other streams, as `SavedRecording.alternates`.
    public var alternates: String
    public var title: String
    /// The channel's own ratings, as `SavedRecording.ratings`: the airings
    /// found for the rule are held to them as well as to their own.
    public var channelRatings: String?
    public var created: Double

    public init(id: String, channelNumber: Int?, channelName: String, channelKey: String, url: String, headers: String, alternates: String = "[]",
                title: String, channelRatings: String? = nil, created: Double) {
        self.id = id
        self.channelNumber = channelNumber
        self.channelName = channelName
        self.channelKey = channelKey
        self.url = url
        self.headers = headers
        self.alternates = alternates
        self.title = title
        self.channelRatings = channelRatings
        self.created = created
    }
}

/// Recordings and series rules. Any thread (GRDB's queue).
extension LibraryStore {
    /// Every recording, by start.
    public func recordings() throws -> [SavedRecording] {
        try queue.read { db in try SavedRecording.order(Column("start"), Column("id")).fetchAll(db) }
    }

    public func recording(_ id: String) throws -> SavedRecording? {
        try queue.read { db in try SavedRecording.fetchOne(db, key: id) }
    }

    /// Adds or replaces `recording`.
    public func save(_ recording: SavedRecording) throws {
        try queue.write { db in try recording.save(db) }
    }

    /// Writes `recording` over the one of its id, if it is still there
    /// (one deleted meanwhile, by `tvshell recordings`, stays deleted).
    public func update(_ recording: SavedRecording) throws {
        try queue.write { db in
            do {
                try recording.update(db)
            } catch RecordError.recordNotFound {}
        }
    }

    /// Takes the scheduled (or waiting) recording `id` for starting, at
    /// once and for one taker only: false when another shell on this
    /// library took it first, or it is gone.
    public func claimRecording(_ id: String) throws -> Bool {
        try queue.write { db in
            try db.execute(sql: "UPDATE recording SET status = 'starting' WHERE id = ? AND status IN ('scheduled', 'waiting')", arguments: [id])
            return db.changesCount == 1
        }
    }

    /// Forgets a recording (its file is the caller's); whether there was one.
    @discardableResult
    /// A number that changes when another process commits to the library
    /// (`tvshell recordings cancel` or `delete`); this store's own writes
    /// leave it as it is (SQLite's `data_version`).
    public func changeCount() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    @discardableResult
    public func deleteRecording(_ id: String) throws -> Bool {
        try queue.write { db in try SavedRecording.deleteOne(db, key: id) }
    }

    public func recordingRules() throws -> [RecordingRule] {
        try queue.read { db in try RecordingRule.order(Column("created")).fetchAll(db) }
    }

    public func save(_ rule: RecordingRule) throws {
        try queue.write { db in try rule.save(db) }
    }

    @discardableResult
    public func deleteRecordingRule(_ id: String) throws -> Bool {
        try queue.write { db in try RecordingRule.deleteOne(db, key: id) }
    }
}
