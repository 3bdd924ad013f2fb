/// Where the shell's parental restrictions keep what must outlive it: the
/// passcode hash, the wrong-passcode counter and lockout, the audit log, and
/// the settings themselves. `Parental.ParentalStore` is the standard one
/// (XDG files, Argon2id hash).
public protocol RestrictionsBackend: Sendable {
    /// Whether `passcode` matches the stored hash. Slow by design (a KDF):
    /// the shell calls it on a background thread, never on its run loop.
    func verify(passcode: String) -> Bool
    /// Stores the counter and lockout, so a restart does not reset them.
    /// Run-loop thread.
    func persistLockout(failures: Int, lockedUntil: Double?) throws
    /// Appends `entry` to the audit log; `via` names the input the last key
    /// came from ("keyboard", "ipc", "remote"), or what caused it
    /// (`AuditEntry.source`: "file"). Run-loop thread.
    func audit(_ entry: AuditEntry, via: String) throws
    /// The settings file the shell watches while it runs: when it is written,
    /// replaced or changes mode, `reload()` is called. Nil (the default):
    /// the settings never change under a running shell.
    var settingsPath: String? { get }
    /// Reads the settings again after their file changed, validated as at
    /// start-up. Run-loop thread; `verify` may run meanwhile on another.
    func reload() -> RestrictionsReload
}

extension RestrictionsBackend {
    public var settingsPath: String? { nil }
    public func reload() -> RestrictionsReload { .unchanged }
}

/// What `RestrictionsBackend.reload()` found.
public enum RestrictionsReload: Equatable, Sendable {
    /// The same settings as before (the file was written again, or touched).
    case unchanged
    /// New settings: from now on `verify` checks against their passcode.
    case changed(RestrictionsChange)
    /// The file is unusable (corrupt, half-written, readable by others,
    /// unreadable, removed): the last good settings stay in force. Why, for
    /// the log; never a passcode or hash.
    case rejected(reason: String)
}
