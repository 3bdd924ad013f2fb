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
/// fetches the guide of channels it gained, `Shell.guideTargetsAdder`).
/// `tell` gets each message for the screen (the provider's own note too,
/// when it signs in). Start it once; it runs until the process ends.
public final class AccountRefresher: Sendable {
    let account: AccountsFile.Account
    let libraryPath: String
    let maximumAge: Double
    let logger: Logger
    let tell: @Sendable (String) -> Void
    let apply: @Sendable (_ replacing: Set<String>, _ contents: AccountContents) -> Void

    public init(account: AccountsFile.Account, libraryPath: String, maximumAge: Double, logger: Logger, tell: @escaping @Sendable (String) -> Void,
                apply: @escaping @Sendable (_ replacing: Set<String>, _ contents: AccountContents) -> Void) {
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

    private func run(shown: [MediaItem], fetched: Double, checked: Bool) {
        var shown = shown
        var fetched = fetched
        var checked = checked
        let client = XtreamClient(server: account.server)
        while true {
            let now = Date().timeIntervalSince1970
            let stale = now - fetched >= maximumAge
            if !checked || stale {
                do {
                    if stale {
                        let library = LibraryStore.open(path: libraryPath).store
                        let stored = (try? library?.accountAnswers(account.name))?.answers ?? [:]
                        let answers = try client.fetchAll(now: now, previous: stored)
                        let contents = try AccountContents(account: account, answers: answers, fetched: now, now: now)
                        try library?.replaceAccountAnswers(account.name, answers, fetched: now)
                        fetched = now
                        if contents.items == shown {
                            logger.info("account \(account.name): lists refreshed (\(contents.summary(now: now))); nothing changed")
                        } else {
                            logger.info("account \(account.name): lists refreshed (\(contents.summary(now: now))); shown once the viewer is only watching or browsing")
                            apply(Set(shown.map(\.id)), contents)
                            shown = contents.items
                        }
                    } else {
                        let info = try client.signIn(now: now).info
                        logger.info("account \(account.name): \(info.summary(now: now))")
                        if let notice = info.notice(account: account.name) { tell(notice) }
                        if let expires = info.expires, expires - now < 7 * 86_400 {
                            tell("Account \(account.name) expires \(XtreamAccountInfo.day(expires))")
                        }
                    }
                } catch {
                    let message = "Account \(account.name): \(error); the lists stored \(Self.age(now - fetched)) are shown"
                    logger.error("\(message)")
                    tell(message)
                    fetched = max(fetched, now - maximumAge + min(maximumAge, 3600))
                }
                checked = true
            }
            let wait = max(60, fetched + maximumAge - Date().timeIntervalSince1970)
            Thread.sleep(forTimeInterval: wait)
        }
    }

    /// "2 hours ago", "3 days ago".
    static func age(_ seconds: Double) -> String {
        if seconds < 120 { return "just now" }
        if seconds < 7200 { return "\(Int(seconds / 60)) minutes ago" }
        if seconds < 172_800 { return "\(Int(seconds / 3600)) hours ago" }
        return "\(Int(seconds / 86_400)) days ago"
    }
}
