import Foundation
import GRDB

/// An account's stored answers: what its server last sent for each request
/// (`player_api.php` actions, without the credentials), so a start shows its
/// lists at once and a server that fails keeps them. Any thread.
extension LibraryStore {
    /// The answers stored for `account`, by request, and when they were
    /// fetched (the oldest of them; nil when none are stored).
    public func accountAnswers(_ account: String) throws -> (answers: [String: Data], fetched: Double?) {
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT request, body, fetched FROM account_answer WHERE account = ?", arguments: [account])
            var answers: [String: Data] = [:]
            var oldest: Double?
            for row in rows {
                answers[row["request"]] = row["body"]
                let fetched: Double = row["fetched"]
                oldest = min(oldest ?? fetched, fetched)
            }
            return (answers, oldest)
        }
    }

    /// Replaces everything stored for `account` with `answers`, in one
    /// transaction (a reader sees the old lists or the new, never a mix).
    public func replaceAccountAnswers(_ account: String, _ answers: [String: Data], fetched: Double) throws {
        try queue.write { db in
            try db.execute(sql: "DELETE FROM account_answer WHERE account = ?", arguments: [account])
            for (request, body) in answers {
                try db.execute(sql: "INSERT INTO account_answer (account, request, body, fetched) VALUES (?, ?, ?, ?)",
                               arguments: [account, request, body, fetched])
            }
        }
    }

    /// Forgets `account`'s answers (and its films' details); how many
    /// answers there were.
    @discardableResult
    public func forgetAccount(_ account: String) throws -> Int {
        try queue.write { db in
            try db.execute(sql: "DELETE FROM account_film WHERE account = ?", arguments: [account])
            try db.execute(sql: "DELETE FROM account_answer WHERE account = ?", arguments: [account])
            return db.changesCount
        }
    }

    /// What `account`'s server last told of film `film` (`get_vod_info`):
    /// its ratings, one a line in `iTunEXTC` form, its plot, and when it
    /// was fetched; nil when nothing is kept.
    public func filmDetails(_ account: String, film: Int) throws -> (ratings: String?, summary: String?, fetched: Double)? {
        try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT ratings, summary, fetched FROM account_film WHERE account = ? AND film = ?", arguments: [account, film])
                .map { ($0["ratings"], $0["summary"], $0["fetched"]) }
        }
    }

    /// Keeps what `account`'s server told of film `film`, in place of what was kept.
    public func keepFilmDetails(_ account: String, film: Int, ratings: String?, summary: String?, fetched: Double) throws {
        try queue.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO account_film (account, film, ratings, summary, fetched) VALUES (?, ?, ?, ?, ?)",
                           arguments: [account, film, ratings, summary, fetched])
        }
    }
}
