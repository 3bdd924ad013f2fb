import Foundation
import ShellCore

/// The passcode check for changing restrictions (and, later, leaving kiosk
/// mode) outside the shell: the same hash and audit log as the prompt, and
/// a counter and lockout of its own (`ParentalPaths.commandLineLockout`), so
/// the tries at a shell and on the TV are counted apart.
public enum AdminCheck {
    /// Accepts `passcode` for `action` ("change restrictions"), or throws
    /// `.locked`, `.wrongPasscode` (counted, and locking after the fifth) or
    /// `.noPasscode`. `via` names the input for the audit log.
    public static func verify(
        _ passcode: String, for action: String, store: ParentalStore, via: String = "cli",
        now: Double = Date().timeIntervalSince1970, policy: ShellSettings = ShellSettings()
    ) throws(ParentalError) {
        guard store.settings.passcode != nil else { throw .noPasscode }
        var lockout = ParentalStore.loadLockout(at: store.paths.commandLineLockout, now: now)
        let left = lockout.secondsLeft(at: now)
        if left > 0 { throw .locked(secondsLeft: left) }
        func audit(_ kind: AuditEntry.Kind, _ detail: String? = nil) {
            try? store.audit(AuditEntry(kind: kind, title: action, itemID: "admin", rating: nil, time: now, detail: detail), via: via)
        }
        if store.verify(passcode: passcode) {
            if lockout.failures != 0 { try? store.writeCommandLineLockout(LockoutState()) }
            audit(.granted)
            return
        }
        lockout.failures += 1
        var locked: Double?
        if lockout.failures >= policy.passcodeAttempts, !policy.lockoutDelays.isEmpty {
            let delay = policy.lockoutDelays[min(lockout.failures - policy.passcodeAttempts, policy.lockoutDelays.count - 1)]
            locked = now + delay
        }
        lockout.lockedUntil = locked
        try store.writeCommandLineLockout(lockout)
        audit(.wrongPasscode, "wrong passcode \(lockout.failures)")
        if let locked {
            audit(.lockedOut, "locked for \(formatTime(locked - now))")
            throw .locked(secondsLeft: Int(locked - now))
        }
        throw .wrongPasscode
    }
}
