import Catalog
import Foundation
import Library
import MediaModel

/// What an account gives the shell to play: its live channels (as the
/// guide matches them), films and episodes, its guide's URL and what it
/// said about itself. Made from the server's answers, fresh or stored. Any
/// thread.
public struct AccountContents: Sendable {
    public var name: String
    public var items: [MediaItem]
    public var targets: [GuideTarget]
    /// `xmltv.php` with the account: a guide source (its password in it).
    public var guideSource: String
    public var info: XtreamAccountInfo?
    /// What was skipped while reading the lists.
    public var problems: [String]
    /// When the lists were fetched (Unix seconds).
    public var fetched: Double
    public var liveCount: Int
    public var filmCount: Int
    public var episodeCount: Int

    /// Decodes `answers` (fetched at `fetched`) for `account`; `now` places
    /// the server's time zone for archive URLs.
    public init(account: AccountsFile.Account, answers: [String: Data], fetched: Double, now: Double) throws(XtreamFailure) {
        let catalog = try XtreamCatalog(answers: answers)
        let correction = catalog.account?.timezone.flatMap { TimeZone(identifier: $0) }
            .map { Double($0.secondsFromGMT(for: Date(timeIntervalSince1970: now))) / 3600 } ?? 0
        let lineup = catalog.lineup(server: account.server, archiveCorrection: correction)
        let channels = lineup.playableChannels()
        let onDemand = catalog.onDemand(server: account.server, account: account.name)
        name = account.name
        items = channels.items + onDemand
        targets = channels.targets
        guideSource = account.server.guide
        info = catalog.account
        problems = catalog.problems
        self.fetched = fetched
        liveCount = channels.items.count
        filmCount = catalog.films.count
        episodeCount = onDemand.count - catalog.films.count
    }

    /// The stored lists of `account` when there are any, else the server's
    /// (fetched now and stored). `stored` says which; a server that cannot
    /// be read with nothing stored is the error.
    public static func load(_ account: AccountsFile.Account, library: LibraryStore?, now: Double) throws(XtreamFailure) -> (contents: AccountContents, stored: Bool) {
        if let library, let saved = try? library.accountAnswers(account.name), let fetched = saved.fetched,
           saved.answers[XtreamRequest.liveStreams.key] != nil,
           let contents = try? AccountContents(account: account, answers: saved.answers, fetched: fetched, now: now) {
            return (contents, true)
        }
        let answers = try XtreamClient(server: account.server).fetchAll(now: now)
        let contents = try AccountContents(account: account, answers: answers, fetched: now, now: now)
        try? library?.replaceAccountAnswers(account.name, answers, fetched: now)
        return (contents, false)
    }

    /// One line: what it holds and the account's state.
    public func summary(now: Double) -> String {
        var parts = ["\(liveCount) channel\(liveCount == 1 ? "" : "s")", "\(filmCount) film\(filmCount == 1 ? "" : "s")",
                     "\(episodeCount) episode\(episodeCount == 1 ? "" : "s")"]
        if let info { parts.append(info.summary(now: now)) }
        return parts.joined(separator: " · ")
    }
}
