import Foundation
import Logging

/// A box's account named at its start (`--account`, `[accounts] default`)
/// that `accounts.toml` does not hold yet (a name mistyped, an account a
/// box's installer adds after its first boot) or that cannot be read (not
/// 0600, broken): the shell starts without it (`LineupWait`). The file is
/// read again every `interval` seconds on a thread of its own (a small
/// local file: the account is there within seconds of `tvshell account
/// add`), `unread` told why whenever the reason changes; once it holds the
/// account, `found` makes and starts the refresher that awaits its lists
/// (`AccountRefresher.startAwaiting(atOnce: true)`), and `stop()` and
/// `clockWasSet()` go on to that refresher. Start it once. Its methods may
/// be called from any thread.
public final class AccountWait: LineupKeeper {
    let name: String
    let path: String
    let interval: Double
    let logger: Logger
    let unread: @Sendable (String) -> Void
    let found: @Sendable (AccountsFile.Account) -> AccountRefresher
    private let lock = NSLock()
    nonisolated(unsafe) private var stopped = false
    nonisolated(unsafe) private var refresher: AccountRefresher?
    /// Signalled by `stop()`.
    private let wake = DispatchSemaphore(value: 0)

    public init(name: String, path: String = AccountsFile.defaultPath(), interval: Double = 2, logger: Logger,
                unread: @escaping @Sendable (String) -> Void, found: @escaping @Sendable (AccountsFile.Account) -> AccountRefresher) {
        self.name = name
        self.path = path
        self.interval = interval
        self.logger = logger
        self.unread = unread
        self.found = found
    }

    /// The account `name` in the accounts file at `path`, or why it cannot
    /// be had: the words a start in a terminal prints.
    public static func look(name: String, path: String) -> Result<AccountsFile.Account, AccountsFile.Problem> {
        do {
            let accounts = try AccountsFile.load(path: path)
            guard let account = accounts.account(name) else { return .failure(AccountsFile.Problem(message: notThere(name, in: accounts.path))) }
            return .success(account)
        } catch {
            return .failure(error)
        }
    }

    /// Why `--account name` cannot be played when the accounts file at
    /// `path` does not hold it, with how to add it.
    public static func notThere(_ name: String, in path: String) -> String {
        "--account \(name): no such account in \(path) (tvshell account list; tvshell account add \(name) --xtream URL --user USER)"
    }

    /// `reason`: why it was not there at the start (already told).
    public func start(reason: String) {
        let (name, path) = (name, path)
        LookingAgain.start(name: "account wait", reason: reason, interval: interval, wake: wake, logger: logger, stopped: { [self] in isStopped },
                           look: { Self.look(name: name, path: path).mapError { LookingAgain.Reason(words: $0.message) } },
                           unread: unread) { [self] account in
            logger.info("account \(name): now in \(path); its lists are awaited")
            let refresher = found(account)
            let stop = lock.withLock { () -> Bool in
                self.refresher = refresher
                return stopped
            }
            if stop { refresher.stop() }
        }
    }

    public func stop() {
        let refresher = lock.withLock { () -> AccountRefresher? in
            stopped = true
            return self.refresher
        }
        wake.signal()
        refresher?.stop()
    }

    public func clockWasSet() {
        lock.withLock { refresher }?.clockWasSet()
    }

    private var isStopped: Bool { lock.withLock { stopped } }
}
