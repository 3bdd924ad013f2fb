/// Where the shell's parental restrictions keep what must outlive it: the
/// passcode hash, the wrong-passcode counter and lockout, the audit log.
/// `Parental.ParentalStore` is the standard one (XDG files, scrypt hash).
public protocol RestrictionsBackend: Sendable {
    /// Whether `passcode` matches the stored hash. Slow by design (a KDF):
    /// the shell calls it on a background thread, never on its run loop.
    func verify(passcode: String) -> Bool
    /// Stores the counter and lockout, so a restart does not reset them.
    /// Run-loop thread.
    func persistLockout(failures: Int, lockedUntil: Double?) throws
    /// Appends `entry` to the audit log; `via` names the input the last key
    /// came from ("keyboard", "ipc", "remote"). Run-loop thread.
    func audit(_ entry: AuditEntry, via: String) throws
}
