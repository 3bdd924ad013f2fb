import Library

/// The account lists a box stored (`tvshell account add`, a refresh), for
/// end-to-end tests. Any thread.
public enum StoredAccountLists {
    /// Makes the stored lists of `account` in the library at `libraryPath`
    /// look fetched `seconds` earlier than they were, so a shell started on
    /// them refreshes them at once (`[accounts] refresh`). Throws when
    /// nothing is stored.
    public static func age(_ account: String, libraryPath: String, by seconds: Double) throws {
        guard let library = LibraryStore.open(path: libraryPath).store else { throw Missing(path: libraryPath) }
        let stored = try library.accountAnswers(account)
        guard let fetched = stored.fetched else { throw Missing(path: libraryPath) }
        try library.replaceAccountAnswers(account, stored.answers, fetched: fetched - seconds)
    }

    /// Makes the kept details of `account`'s film `film` look fetched
    /// `seconds` earlier than they were (`XtreamFilmDetails` asks the server
    /// again for details older than a week). Throws when none are kept.
    public static func ageFilmDetails(_ account: String, film: Int, libraryPath: String, by seconds: Double) throws {
        guard let library = LibraryStore.open(path: libraryPath).store, let kept = try library.filmDetails(account, film: film) else {
            throw Missing(path: libraryPath)
        }
        try library.keepFilmDetails(account, film: film, ratings: kept.ratings, summary: kept.summary, fetched: kept.fetched - seconds)
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "nothing of the account stored in \(path)" }
    }
}
