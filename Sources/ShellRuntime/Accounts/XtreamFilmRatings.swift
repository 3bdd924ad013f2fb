import Catalog
import Foundation
import Logging
import MediaModel

/// The ratings of an Xtream Codes account's films, from `get_vod_info`'s
/// `mpaa_rating` (else `age`), asked for as a film is opened (the lists
/// carry none, and asking for every film's at each refresh would cost a
/// request per film). Answers are kept for the run; a server that does not
/// answer within `timeout` seconds leaves the film to its file's ratings
/// and the `unrated` rule. Any thread.
public final class XtreamFilmRatings: ItemRatingSource, @unchecked Sendable {
    private let client: XtreamClient
    private let prefix: String
    private let logger: Logger
    private let lock = NSLock()
    private var known: [Int: [ContentRating]] = [:]

    /// `account`: the name its items' ids carry (`xtream:NAME/movie/ID`).
    public init(server: XtreamServer, account: String, logger: Logger, timeout: Double = 5) {
        client = XtreamClient(server: server, timeout: timeout)
        prefix = "xtream:\(account)/movie/"
        self.logger = logger
    }

    public func applies(to item: MediaItem) -> Bool { filmID(item) != nil }

    public func ratings(for item: MediaItem) -> [ContentRating] {
        guard let id = filmID(item) else { return [] }
        if let ratings = lock.withLock({ known[id] }) { return ratings }
        do {
            let info = try XtreamDecoder.filmInfo(try client.fetch(.filmInfo(id)))
            let ratings = info.rating.flatMap { RatingsTable.standard.parse($0) }.map { [$0] } ?? []
            lock.withLock { known[id] = ratings }
            if let rating = info.rating, ratings.isEmpty { logger.info("film \(id): its rating \(rating) is not one the ratings table knows") }
            return ratings
        } catch {
            logger.warning("film \(id): its rating cannot be had (\(error)); its file's ratings and the unrated rule stand")
            return []
        }
    }

    private func filmID(_ item: MediaItem) -> Int? {
        guard item.id.hasPrefix(prefix) else { return nil }
        return Int(item.id.dropFirst(prefix.count))
    }
}
