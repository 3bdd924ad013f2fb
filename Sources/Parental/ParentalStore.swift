import Foundation
import ShellCore
import Synchronization

/// The standard `RestrictionsBackend`: the settings and passcode hash from
/// `restrictions.toml`, the lockout in `passcode-lockout.toml`, the audit
/// log, all under `ParentalPaths`. The settings are those loaded, until
/// `reload()` finds the file changed. Any thread may call any method.
public final class ParentalStore: RestrictionsBackend {
    public let paths: ParentalPaths
    private let current: Mutex<RestrictionsSettings>

    public init(paths: ParentalPaths, settings: RestrictionsSettings) {
        self.paths = paths
        current = Mutex(settings)
    }

    /// The settings in force.
    public var settings: RestrictionsSettings { current.withLock { $0 } }

    public var settingsPath: String? { paths.settings }

    /// Reads `restrictions.toml` again, as `loadSettings` does at start-up.
    /// New settings replace those in force; a file that is not valid, or
    /// has gone, leaves them as they are (fail closed: deleting the file
    /// lifts nothing until tvshell starts again). No file while the defaults
    /// are in force (there never was one) is no change.
    public func reload() -> RestrictionsReload {
        let fresh: RestrictionsSettings
        do {
            guard let text = try SecureFile.read(paths.settings, requirePrivate: true) else {
                guard settings == RestrictionsSettings() else { return .rejected(reason: "\(paths.settings) was removed") }
                return .unchanged
            }
            fresh = try RestrictionsSettings.parse(text, path: paths.settings)
        } catch {
            return .rejected(reason: "\(error)")
        }
        return current.withLock { settings -> RestrictionsReload in
            guard fresh != settings else { return .unchanged }
            let passcodeChanged = fresh.passcode != settings.passcode
            settings = fresh
            return .changed(RestrictionsChange(policy: fresh.policy, passcodeChanged: passcodeChanged))
        }
    }

    /// The settings file (defaults when there is none). A file others can
    /// read is refused; so is one tvshell did not write.
    public static func loadSettings(paths: ParentalPaths) throws(ParentalError) -> RestrictionsSettings {
        guard let text = try SecureFile.read(paths.settings, requirePrivate: true) else { return RestrictionsSettings() }
        return try RestrictionsSettings.parse(text, path: paths.settings)
    }

    public static func saveSettings(_ settings: RestrictionsSettings, paths: ParentalPaths) throws(ParentalError) {
        try SecureFile.write(settings.text, to: paths.settings)
    }

    /// The prompt's counter and lockout (none when never written).
    public static func loadLockout(paths: ParentalPaths, now: Double = Date().timeIntervalSince1970) -> LockoutState {
        loadLockout(at: paths.lockout, now: now)
    }

    /// The counter and lockout in the file at `path` (none when never written).
    public static func loadLockout(at path: String, now: Double = Date().timeIntervalSince1970) -> LockoutState {
        guard let text = try? SecureFile.read(path, requirePrivate: false) else { return LockoutState() }
        return LockoutState.parse(text, now: now)
    }

    /// What the shell starts with: the store, the restrictions state, and a
    /// problem to tell the user, if any. The shell keeps running whatever the
    /// files hold, and fails closed: a file others can read keeps its limits
    /// but loses its passcode (restricted content is refused, not asked for);
    /// a broken file restricts all rated content.
    public static func open(paths: ParentalPaths, now: Double = Date().timeIntervalSince1970) -> (store: ParentalStore, state: RestrictionsState, problem: String?) {
        let lockout = loadLockout(paths: paths, now: now)
        var settings: RestrictionsSettings
        var problem: String?
        do {
            settings = try loadSettings(paths: paths)
        } catch {
            problem = "\(error)"
            if case .insecureFile = error, let text = try? String(contentsOfFile: paths.settings, encoding: .utf8),
               var readable = try? RestrictionsSettings.parse(text, path: paths.settings) {
                readable.passcode = nil
                if readable.mode == .passcode { readable.mode = .deny }
                settings = readable
            } else {
                settings = RestrictionsSettings()
                settings.mode = .deny
                settings.movies = .allowNone
                settings.tv = .allowNone
            }
        }
        let store = ParentalStore(paths: paths, settings: settings)
        return (store, RestrictionsState(policy: settings.policy, failures: lockout.failures, lockedUntil: lockout.lockedUntil), problem)
    }

    /// Checks `passcode` (any thread). A right code against a hash written
    /// by tvshell 0.6 (scrypt) has the settings file written again with an
    /// Argon2id hash (taken in memory first, so `reload` finds no change in
    /// it); if that fails the old hash stays, and still works.
    public func verify(passcode: String) -> Bool {
        guard let hash = settings.passcode, hash.matches(passcode) else { return false }
        if hash.needsUpgrade, let upgraded = try? PasscodeHash.make(passcode: passcode) {
            let upgradedSettings = current.withLock { settings -> RestrictionsSettings? in
                guard settings.passcode == hash else { return nil }
                settings.passcode = upgraded
                return settings
            }
            if let upgradedSettings { try? Self.saveSettings(upgradedSettings, paths: paths) }
        }
        return true
    }

    public func persistLockout(failures: Int, lockedUntil: Double?) throws {
        try writeLockout(LockoutState(failures: failures, lockedUntil: lockedUntil))
    }

    public func writeLockout(_ lockout: LockoutState) throws(ParentalError) {
        try SecureFile.write(lockout.text, to: paths.lockout)
    }

    /// The command line's counter and lockout (`ParentalPaths.commandLineLockout`).
    public func writeCommandLineLockout(_ lockout: LockoutState) throws(ParentalError) {
        try SecureFile.write(lockout.text, to: paths.commandLineLockout)
    }

    public func audit(_ entry: AuditEntry, via: String) throws {
        try AuditLog.append(AuditRecord(entry: entry, via: via), to: paths.auditLog)
    }
}
