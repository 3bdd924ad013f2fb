import Catalog
import Foundation
import Library
import Logging
import MediaModel

/// The details of an Xtream Codes account's films, from `get_vod_info`: the
/// rating (`mpaa_rating`, and `age`: a bare age or a rating) and the plot, asked for as a film is
/// focused or opened (the lists carry neither, and asking for every film's
/// at each refresh would cost a request per film). Answers are kept for the
/// run and in the library (`libraryPath`): one with a rating kept less than
/// `keptFor` seconds ago is used without asking, and any other stands while the
/// server does not answer, so a film's rating holds through a provider's
/// outage. Each new one is handed to `told` (the shell shows it:
/// `ShellControl.setDetails`); a server that does not answer within
/// `timeout` seconds, for a film with nothing kept, leaves it to its file's
/// ratings and the `unrated` rule, and is not asked for that film again for
/// `retryAfter` seconds. Any thread.
public final class XtreamFilmDetails: ItemDetailsSource, @unchecked Sendable {
    private let client: XtreamClient
    private let account: String
    private let prefix: String
    private let logger: Logger
    private let told: @Sendable (String, ItemDetails) -> Void
    private let lock = NSLock()
    private var known: [Int: ItemDetails] = [:]
    /// When asking for a film's last failed: it is not asked again for
    /// `retryAfter` seconds (a provider that is down would hold each film's
    /// opening for `timeout`).
    private var failed: [Int: Date] = [:]
    private let retryAfter: Double
    private let libraryPath: String?
    private let keptFor: Double
    /// The library, opened at the first film (nil inside: none can be).
    private var library: LibraryStore??

    /// `account`: the name its items' ids carry (`xtream:NAME/movie/ID`).
    public init(server: XtreamServer, account: String, logger: Logger, timeout: Double = 5, retryAfter: Double = 300,
                libraryPath: String? = nil, keptFor: Double = 7 * 86_400,
                told: @escaping @Sendable (_ id: String, ItemDetails) -> Void = { _, _ in }) {
        self.retryAfter = retryAfter
        client = XtreamClient(server: server, timeout: timeout, whole: timeout)
        self.account = account
        prefix = "xtream:\(account)/movie/"
        self.logger = logger
        self.libraryPath = libraryPath
        self.keptFor = keptFor
        self.told = told
    }

    public func applies(to item: MediaItem) -> Bool { filmID(item) != nil }

    public func details(for item: MediaItem) -> ItemDetails {
        guard let id = filmID(item) else { return ItemDetails() }
        let (known, lastFailure) = lock.withLock { (self.known[id], failed[id]) }
        if let known { return known }
        let kept = keptDetails(id)
        // Kept without a rating, it is asked again: a rating the provider adds must not wait a week.
        if let kept, !kept.details.ratings.isEmpty, Date().timeIntervalSince1970 - kept.fetched < keptFor {
            return remember(kept.details, film: id, item: item)
        }
        if let lastFailure, Date().timeIntervalSince(lastFailure) < retryAfter { return ItemDetails() }
        do {
            let info = try XtreamDecoder.filmInfo(try client.fetch(.filmInfo(id)))
            let ratings = Self.ratings(info)
            if let rating = info.rating, ratings.isEmpty { logger.info("film \(id): its rating \(rating) is not one the ratings table knows") }
            let details = ItemDetails(ratings: ratings, summary: info.plot?.trimmingCharacters(in: .whitespacesAndNewlines))
            keep(details, film: id)
            return remember(details, film: id, item: item)
        } catch {
            lock.withLock { failed[id] = Date() }
            if let kept {
                let day = Date(timeIntervalSince1970: kept.fetched).formatted(.iso8601.year().month().day())
                logger.warning("film \(id): its details cannot be had (\(error)); those kept on \(day) stand")
                return remember(kept.details, film: id, item: item)
            }
            logger.warning("film \(id): its details cannot be had (\(error)); its file's ratings and the unrated rule stand (asked again in \(Int(retryAfter)) s)")
            return ItemDetails()
        }
    }

    /// Holds `details` for the run; tells the shell when they are new.
    private func remember(_ details: ItemDetails, film id: Int, item: MediaItem) -> ItemDetails {
        let new = lock.withLock { () -> Bool in
            defer { known[id] = details }
            return known[id] == nil
        }
        if new { told(item.id, details) }
        return details
    }

    private func store() -> LibraryStore? {
        lock.withLock {
            if library == nil { library = .some(libraryPath.flatMap { LibraryStore.open(path: $0).store }) }
            return library ?? nil
        }
    }

    private func keptDetails(_ id: Int) -> (details: ItemDetails, fetched: Double)? {
        guard let row = try? store()?.filmDetails(account, film: id) else { return nil }
        let ratings = row.ratings.map { RatingsTable.standard.readKept($0) } ?? []
        return (ItemDetails(ratings: ratings, summary: row.summary), row.fetched)
    }

    private func keep(_ details: ItemDetails, film id: Int) {
        do {
            try store()?.keepFilmDetails(account, film: id, ratings: RatingsTable.keep(details.ratings), summary: details.summary,
                                         fetched: Date().timeIntervalSince1970)
        } catch {
            logger.warning("film \(id): its details cannot be kept in the library (\(error))")
        }
    }

    /// The film's ratings: its `mpaa_rating`, and its `age` (a bare age, or
    /// a rating written there); both when it has both, the strictest
    /// deciding.
    static func ratings(_ info: XtreamFilmInfo) -> [ContentRating] {
        let table = RatingsTable.standard
        var found: [ContentRating] = []
        if let given = info.rating, given != info.age, let rating = table.parse(given) { found.append(rating) }
        if let age = info.age, let rating = table.parseAge(age) ?? table.parse(age), !found.contains(rating) { found.append(rating) }
        return found
    }

    private func filmID(_ item: MediaItem) -> Int? {
        guard item.id.hasPrefix(prefix) else { return nil }
        return Int(item.id.dropFirst(prefix.count))
    }
}
