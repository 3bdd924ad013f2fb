import Foundation
import GRDB

/// Where an item was left: its last position and length, and when.
public struct SavedPosition: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "position"
    public var key: String
    public var title: String
    public var url: String
    public var position: Double
    public var duration: Double?
    /// Played past 95 %: starts from 0 next time.
    public var watched: Bool
    /// Seconds since 1970.
    public var updated: Double

    public init(key: String, title: String, url: String, position: Double, duration: Double?, watched: Bool, updated: Double) {
        self.key = key
        self.title = title
        self.url = url
        self.position = position
        self.duration = duration
        self.watched = watched
        self.updated = updated
    }
}

/// One play of an item.
public struct HistoryEntry: Codable, Equatable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "history"
    public var id: Int64?
    public var key: String
    public var title: String
    public var url: String
    public var live: Bool
    /// Seconds since 1970.
    public var started: Double
    public var position: Double?
    public var duration: Double?
    public var watched: Bool

    public init(id: Int64? = nil, key: String, title: String, url: String, live: Bool, started: Double, position: Double? = nil,
                duration: Double? = nil, watched: Bool = false) {
        self.id = id
        self.key = key
        self.title = title
        self.url = url
        self.live = live
        self.started = started
        self.position = position
        self.duration = duration
        self.watched = watched
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A favourite channel, by its channel key (`tvg-id`, else name).
public struct FavouriteChannel: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "favourite"
    public var key: String
    /// Its name when it was marked (for `tvshell` listings).
    public var name: String
    /// Seconds since 1970.
    public var added: Double

    public init(key: String, name: String, added: Double) {
        self.key = key
        self.name = name
        self.added = added
    }
}

/// A reminder on a programme, by guide channel and start.
public struct SavedReminder: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reminder"
    public var channel: String
    /// Seconds since 1970.
    public var start: Double
    public var title: String
    public var channelName: String

    public init(channel: String, start: Double, title: String, channelName: String) {
        self.channel = channel
        self.start = start
        self.title = title
        self.channelName = channelName
    }
}
