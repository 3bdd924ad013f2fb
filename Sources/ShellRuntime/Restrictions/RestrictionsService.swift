import Dispatch
import Foundation
import Logging
import MediaModel
import ShellCore

/// The runtime's side of parental restrictions: checks passcodes off the run
/// loop, keeps the lockout and audit log through the backend, answers early
/// authorization requests, and watches the settings file: a change made
/// while the shell runs (`tvshell restrictions`, an editor) is read again by
/// the backend and applied at once (`Action.restrictionsChanged`); a file
/// that is not valid keeps the settings in force, and the log and a notice
/// say why.
///
/// Nothing is lost when the state directory is read-only or full: the
/// lockout holds in the store's state whatever the disk says, and what could
/// not be written (the lockout, audit entries with their own times) is kept
/// here, told on screen and in the log, and written again, in order, once
/// the directory takes it (`retryTimeout` / `retryIfDue`, from the run loop,
/// every `retryInterval`).
///
/// Run-loop thread only (the passcode check itself runs through `offLoop`,
/// a global queue by default, and posts its answer to the inbox).
package final class RestrictionsService {
    let authorizer: RestrictionsAuthorizer
    private let backend: (any RestrictionsBackend)?
    private let inbox: ActionInbox
    private let logger: Logger
    private let clock: any ShellClock
    private let offLoop: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// Where the last key came from, for the audit log.
    package var inputSource = "keyboard"
    /// The lockout the backend has not taken yet.
    private var unwrittenLockout: (failures: Int, lockedUntil: Double?)?
    /// Audit entries the backend has not taken yet, oldest first, with the
    /// input each came from.
    private var unwrittenAudit: [(entry: AuditEntry, via: String)] = []
    /// When to try writing what is kept; nil when nothing is.
    private(set) var retryAt: Instant?
    package static let retryInterval = 30.0
    /// Watches the backend's settings file, once `watchSettings` ran.
    private var watcher: FileWatcher?
    /// Audit entries kept at most (the oldest go first past it).
    static let keptAuditLimit = 10_000

    package init(backend: (any RestrictionsBackend)?, inbox: ActionInbox, clock: any ShellClock, logger: Logger,
         offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global(qos: .userInitiated).async(execute: $0) }) {
        self.backend = backend
        self.inbox = inbox
        self.clock = clock
        self.logger = logger
        self.offLoop = offLoop
        authorizer = RestrictionsAuthorizer(post: { [inbox] in inbox.post($0) })
    }

    /// Performs a restrictions effect; false for any other effect.
    func perform(_ effect: Effect) -> Bool {
        switch effect {
        case .verifyPasscode(let attempt):
            let backend = self.backend
            let inbox = self.inbox
            let clock = self.clock
            offLoop {
                let correct = backend?.verify(passcode: attempt.code) ?? false
                inbox.post(.passcodeChecked(attempt: attempt.id, correct: correct, wallClock: clock.wallClock(), at: clock.now()))
            }
        case .persistLockout(let failures, let lockedUntil):
            unwrittenLockout = (failures, lockedUntil)
            writeKept()
        case .audit(let entry):
            logger.notice("restrictions: \(entry.kind.rawValue) for “\(entry.title)”\(entry.detail.map { " (\($0))" } ?? "")")
            unwrittenAudit.append((entry, entry.source ?? inputSource))
            if unwrittenAudit.count > Self.keptAuditLimit { unwrittenAudit.removeFirst(unwrittenAudit.count - Self.keptAuditLimit) }
            if !writeKept() {
                let count = unwrittenAudit.count
                logger.error("restrictions: the audit entry for “\(entry.title)” is kept in memory, not written (\(count) kept)")
                inbox.post(.showNotice("The restrictions audit log cannot be written: \(count) entr\(count == 1 ? "y" : "ies") kept until it can"))
            }
        case .finishAuthorization(let request, let result):
            authorizer.finish(request, result)
        case .requestWallClock:
            inbox.post(.wallClock(clock.wallClock(), at: clock.now()))
        default:
            return false
        }
        return true
    }

    /// Milliseconds until the next try at writing what is kept, or the next
    /// look at the settings file without inotify, for poll.
    func retryTimeout(now: Instant) -> Int32? {
        let retry = retryAt.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) }
        guard let look = watcher?.pollTimeout(now: now) else { return retry }
        return min(retry ?? look, look)
    }

    /// Starts watching the backend's settings file (nothing when it names
    /// none), then reads it once: a change made while the shell started is
    /// not missed (a file already refused at start is not told again).
    package func watchSettings(now: Instant) {
        guard watcher == nil, let path = backend?.settingsPath else { return }
        watcher = FileWatcher(path: path, label: "restrictions", logger: logger, now: now)
        reloadSettings(tellRejection: false)
    }

    /// The settings watcher's descriptor, for the poll set (nil: none, or
    /// looking every second instead).
    var settingsFD: Int32? {
        guard let fd = watcher?.fd, fd >= 0 else { return nil }
        return fd
    }

    /// The settings watcher's descriptor is readable.
    func settingsEvents() {
        if watcher?.readEvents() == true { reloadSettings() }
    }

    /// The backend reads the settings again; new ones are applied, a file
    /// that is not valid is told (the settings in force stay).
    private func reloadSettings(tellRejection: Bool = true) {
        guard let backend else { return }
        switch backend.reload() {
        case .unchanged:
            logger.debug("restrictions: the settings file was written; nothing changed")
        case .changed(let change):
            let policy = change.policy
            logger.notice("restrictions: the settings changed (mode \(policy.mode.rawValue), \(policy.limitsDescription), unrated \(policy.unrated.rawValue)\(change.passcodeChanged ? ", a new passcode" : "")); applied now")
            inbox.post(.restrictionsChanged(change, wallClock: clock.wallClock(), at: clock.now()))
        case .rejected(let reason):
            guard tellRejection else { return }
            logger.error("restrictions: \(reason); the settings in force stay")
            inbox.post(.showNotice("Restrictions: \(reason); the settings in force stay"))
        }
    }

    /// Tries writing what is kept if its time has come; without inotify,
    /// looks at the settings file if its time has come.
    package func retryIfDue(now: Instant) {
        if watcher?.tick(now: now) == true { reloadSettings() }
        guard let retryAt, retryAt <= now else { return }
        writeKept()
    }

    /// Writes the kept lockout, then the kept audit entries in order,
    /// stopping at the first failure; whether everything is written.
    @discardableResult
    private func writeKept() -> Bool {
        guard let backend else {
            unwrittenLockout = nil
            unwrittenAudit.removeAll()
            return true
        }
        let wasBehind = retryAt != nil
        do {
            if let lockout = unwrittenLockout {
                try backend.persistLockout(failures: lockout.failures, lockedUntil: lockout.lockedUntil)
                unwrittenLockout = nil
            }
            while let first = unwrittenAudit.first {
                try backend.audit(first.entry, via: first.via)
                unwrittenAudit.removeFirst()
            }
        } catch {
            if !wasBehind {
                logger.error("restrictions: cannot write \(unwrittenLockout != nil ? "the passcode lockout" : "the audit log"): \(error); kept in memory, tried again every \(Int(Self.retryInterval)) s")
            }
            retryAt = clock.now() + Self.retryInterval
            return false
        }
        if wasBehind { logger.notice("restrictions: the lockout and audit entries kept in memory are written") }
        retryAt = nil
        return true
    }
}
