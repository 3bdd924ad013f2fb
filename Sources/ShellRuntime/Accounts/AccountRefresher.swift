import Catalog
import Foundation
import Library
import Logging
import MediaModel

/// Keeps a running shell's account checked and its stored lists fresh, on a
/// thread of its own: signs in at start (a wrong password, an expired or
/// unreachable account is told at once, the stored lists stay), and fetches
/// every list again when they are older than `maximumAge` (`[accounts]
/// refresh`); the new lists are stored for the next start and, when their
/// items differ from those shown, handed to `apply` (the ids of the items
/// they replace, the new contents: the running shell shows their items
/// once the viewer is only watching or browsing, `ShellControl.refreshItems`, and
/// fetches the guide of channels it gained, `Shell.lineupRefreshApplier`).
/// `tell` gets each message for the screen (the provider's own note too,
/// when it signs in). Start it once; it runs until the process ends or
/// `stop()` (another lineup switched to). A set
/// of the system clock (`clockWasSet()`) has a sign-in or fetch that failed
/// tried again at once (an HTTPS certificate is "not yet valid" on a box
/// whose clock starts in 1970) and the lists' age judged again by the new
/// time; no wait is longer than `maximumAge`, whatever the clock did. Lists
/// due while the last ones applied still wait to be shown (`waiting`) are
/// fetched, checked and stored, but made into items and applied only once
/// those are shown: a provider's lists are not held three times over, and
/// the stored lists a start without the server shows do not age while a
/// viewer keeps the last ones waiting for days.
public final class AccountRefresher: Sendable {
    let account: AccountsFile.Account
    let libraryPath: String
    let maximumAge: Double
    let logger: Logger
    let tell: @Sendable (String) -> Void
    let apply: @Sendable (_ replacing: Set<String>, _ contents: AccountContents) -> Void
    let waiting: @Sendable () -> Bool
    /// For an account awaited (`startAwaiting`): its first lists, instead
    /// of `apply`.
    private let arrived: (@Sendable (AccountContents) -> Void)?
    /// For an account awaited: why each try before its first lists failed.
    private let unread: (@Sendable (String) -> Void)?
    /// Seconds before an account awaited is tried again the first time
    /// (then twice as long each time, as a lineup URL: `LineupRefresher.delay`).
    private let firstRetry: Double
    private let lock = NSLock()
    nonisolated(unsafe) private var clockSet = false
    nonisolated(unsafe) private var stopped = false
    /// Signalled by `clockWasSet()` and `stop()`; waited on with the
    /// monotonic clock.
    private let wake = DispatchSemaphore(value: 0)

    public init(account: AccountsFile.Account, libraryPath: String, maximumAge: Double, logger: Logger, tell: @escaping @Sendable (String) -> Void,
                apply: @escaping @Sendable (_ replacing: Set<String>, _ contents: AccountContents) -> Void,
                waiting: @escaping @Sendable () -> Bool = { false }, firstRetry: Double = 15,
                arrived: (@Sendable (AccountContents) -> Void)? = nil, unread: (@Sendable (String) -> Void)? = nil) {
        self.waiting = waiting
        self.firstRetry = firstRetry
        self.arrived = arrived
        self.unread = unread
        self.account = account
        self.libraryPath = libraryPath
        self.maximumAge = maximumAge
        self.logger = logger
        self.tell = tell
        self.apply = apply
    }

    /// `shown`: the account's items the shell shows, fetched at `fetched`;
    /// `checked`: whether the server was just read (no need to sign in
    /// again now).
    public func start(shown: [MediaItem], fetched: Double, checked: Bool) {
        let thread = Thread { [self] in run(shown: shown, fetched: fetched, checked: checked) }
        thread.name = "account refresh"
        thread.start()
    }

    /// An account the shell started without (a box's start with nothing
    /// stored and its server not answering, `Shell.lineupArrival`): its
    /// lists are fetched after `firstRetry`, then twice as long each time
    /// (at most every 10 minutes, at once when the clock is set), until
    /// they come with items; they are stored and go to `arrived`, and the
    /// account is then kept fresh as by `start`. `atOnce`: the first try is
    /// made now (an account just added to `accounts.toml`, `AccountWait`),
    /// not after `firstRetry`.
    public func startAwaiting(atOnce: Bool = false) {
        let thread = Thread { [self] in
            let client = XtreamClient(server: account.server)
            var failures = atOnce ? 0 : 1
            var first = atOnce
            while !isStopped {
                let delay = LineupRefresher.delay(failures: failures, first: firstRetry, maximumAge: maximumAge)
                if !first, waitClockSet(delay) { logger.info("account \(account.name): the system clock was set, tried again now") }
                first = false
                if isStopped { return }
                let now = Date().timeIntervalSince1970
                do {
                    let contents = try fetchAndStore(client, into: LibraryStore.open(path: libraryPath).store, now: now) {
                        try AccountContents(account: account, answers: $0, fetched: now, now: now)
                    }
                    if isStopped { return }
                    guard !contents.items.isEmpty else {
                        failures += 1
                        logger.warning("account \(account.name): it has no channels, films or series yet; tried again")
                        unread?("account \(account.name): it has no channels, films or series")
                        continue
                    }
                    logger.info("account \(account.name): \(contents.summary(now: now)), awaited since the start")
                    arrived?(contents)
                    run(shown: contents.items, fetched: now, checked: true)
                    return
                } catch {
                    if isStopped { return }
                    failures += 1
                    let again = Int(LineupRefresher.delay(failures: failures, first: firstRetry, maximumAge: maximumAge))
                    logger.warning("account \(account.name): \(error); the shell has none of its lists yet, tried again in \(again) s")
                    unread?("account \(account.name): \(error)")
                }
            }
        }
        thread.name = "account refresh"
        thread.start()
    }

    /// The system clock was set (`Shell.whenClockSet`): the thread wakes
    /// to judge the lists' age by the new time, and tries a sign-in or
    /// fetch that failed again now. Any thread.
    public func clockWasSet() {
        lock.withLock { clockSet = true }
        wake.signal()
    }

    /// Ends the thread before its next sign-in or fetch (one under way
    /// finishes, its lists stored but not applied): its items were
    /// replaced by another lineup. Any thread.
    public func stop() {
        lock.withLock { stopped = true }
        wake.signal()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Waits `seconds` or until the clock is set (during the last attempt
    /// too) or the refresher stopped; whether it was set.
    private func waitClockSet(_ seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while wake.wait(timeout: deadline) == .success {
            let (stop, set) = lock.withLock { () -> (Bool, Bool) in
                defer { clockSet = false }
                return (stopped, clockSet)
            }
            if stop { return false }
            if set { return true }
        }
        return false
    }

    /// Seconds until the lists fetched at `fetched` are `maximumAge` old at
    /// `now`: at least a minute, at most `maximumAge` (a fetch time in the
    /// future — the clock set back, or started in 1970 — waits no longer).
    static func wait(fetched: Double, maximumAge: Double, now: Double) -> Double {
        min(maximumAge, max(60, fetched + maximumAge - now))
    }

    private func run(shown: [MediaItem], fetched: Double, checked: Bool) {
        var shown = shown
        var fetched = fetched
        var checked = checked
        /// What failed last, to try again when the clock is set: nil
        /// nothing, true the lists' fetch, false the sign-in.
        var failed: Bool?
        /// Whether the log said the lists due wait for the last ones.
        var toldWaiting = false
        /// Lists stored while the last ones waited, not applied yet.
        var storedUnshown = false
        let client = XtreamClient(server: account.server)
        while !isStopped {
            let now = Date().timeIntervalSince1970
            let stale = now - fetched >= maximumAge || failed == true
            if (stale || storedUnshown) && waiting() {
                if !toldWaiting {
                    logger.info("account \(account.name): the lists applied last are not shown yet; lists due are stored meanwhile and shown once they are")
                }
                toldWaiting = true
                // Without a library to store them in (it cannot be
                // opened), the lists are fetched once the last are shown.
                if stale, let library = LibraryStore.open(path: libraryPath).store {
                    failed = nil
                    do {
                        // Each answer decoded alone and let go: the lists
                        // are made into items once the last ones are shown.
                        try fetchAndStore(client, into: library, now: now) { try XtreamCatalog.check($0) }
                        fetched = now
                        storedUnshown = true
                        logger.info("account \(account.name): lists refreshed and stored; shown once the last ones are")
                    } catch {
                        if isStopped { return }
                        fetched = failedFetch(error, now: now, fetched: fetched)
                    }
                }
                _ = waitClockSet(min(maximumAge, LineupRefresher.waitingPoll))
                continue
            }
            toldWaiting = false
            if storedUnshown {
                storedUnshown = false
                if let contents = storedContents(now: now) { show(contents, now: now, shown: &shown) }
            }
            if !checked || stale || failed != nil {
                failed = nil
                do {
                    if stale {
                        let library = LibraryStore.open(path: libraryPath).store
                        let contents = try fetchAndStore(client, into: library, now: now) {
                            try AccountContents(account: account, answers: $0, fetched: now, now: now)
                        }
                        fetched = now
                        if isStopped { return }
                        show(contents, now: now, shown: &shown)
                    } else {
                        let info = try client.signIn(now: now).info
                        logger.info("account \(account.name): \(info.summary(now: now))")
                        if let notice = info.notice(account: account.name) { tell(notice) }
                        if let expires = info.expires, expires - now < 7 * 86_400 {
                            tell("Account \(account.name) expires \(XtreamAccountInfo.day(expires))")
                        }
                    }
                } catch {
                    if isStopped { return }
                    fetched = failedFetch(error, now: now, fetched: fetched)
                    failed = stale
                }
                checked = true
            }
            let set = waitClockSet(Self.wait(fetched: fetched, maximumAge: maximumAge, now: Date().timeIntervalSince1970))
            if set {
                logger.info("account \(account.name): the system clock was set\(failed == nil ? "" : ", tried again now")")
            } else {
                failed = nil
            }
        }
    }

    /// Fetches every list (the series unchanged since the answers stored
    /// in `library` kept), decodes them with `decode` and, when it did not
    /// throw, stores them as fetched `now`: lists that cannot be decoded
    /// never replace those stored. What `decode` made.
    @discardableResult
    private func fetchAndStore<Decoded>(_ client: XtreamClient, into library: LibraryStore?, now: Double,
                                        decode: ([String: Data]) throws -> Decoded) throws -> Decoded {
        let stored = (try? library?.accountAnswers(account.name))?.answers ?? [:]
        let answers = try client.fetchAll(now: now, previous: stored)
        let decoded = try decode(answers)
        try library?.replaceAccountAnswers(account.name, answers, fetched: now)
        return decoded
    }

    /// The lists stored, as items (nil when they cannot be read: told in
    /// the log).
    private func storedContents(now: Double) -> AccountContents? {
        do {
            guard let saved = try LibraryStore.open(path: libraryPath).store?.accountAnswers(account.name), let fetched = saved.fetched else { return nil }
            return try AccountContents(account: account, answers: saved.answers, fetched: fetched, now: now)
        } catch {
            logger.error("account \(account.name): the lists stored cannot be read: \(error)")
            return nil
        }
    }

    /// Hands `contents` to `apply` when its items differ from those
    /// `shown`, which it then are.
    private func show(_ contents: AccountContents, now: Double, shown: inout [MediaItem]) {
        if contents.items == shown {
            logger.info("account \(account.name): lists refreshed (\(contents.summary(now: now))); nothing changed")
        } else {
            logger.info("account \(account.name): lists refreshed (\(contents.summary(now: now))); shown once the viewer is only watching or browsing")
            apply(Set(shown.map(\.id)), contents)
            shown = contents.items
        }
    }

    /// Tells why the lists could not be fetched (the log and the screen);
    /// the new `fetched`: they are tried again within the hour.
    private func failedFetch(_ error: Error, now: Double, fetched: Double) -> Double {
        let message = "Account \(account.name): \(error); the lists stored \(Self.age(now - fetched)) are shown"
        logger.error("\(message)")
        tell(message)
        return max(fetched, now - maximumAge + min(maximumAge, 3600))
    }

    /// "2 hours ago", "3 days ago".
    static func age(_ seconds: Double) -> String {
        if seconds < 120 { return "just now" }
        if seconds < 7200 { return "\(Int(seconds / 60)) minutes ago" }
        if seconds < 172_800 { return "\(Int(seconds / 3600)) hours ago" }
        return "\(Int(seconds / 86_400)) days ago"
    }
}
