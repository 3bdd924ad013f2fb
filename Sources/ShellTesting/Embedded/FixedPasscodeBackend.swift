import ShellCore
import ShellRuntime
import Synchronization

/// A restrictions backend with a known passcode that keeps what it is told
/// in memory (the lockout, the audit log). Any thread.
public final class FixedPasscodeBackend: RestrictionsBackend {
    private let passcode: String
    private let kept = Mutex<(lockout: (failures: Int, lockedUntil: Double?)?, audit: [AuditEntry])>((nil, []))

    public init(passcode: String = "1234") {
        self.passcode = passcode
    }

    public func verify(passcode: String) -> Bool { passcode == self.passcode }

    public func persistLockout(failures: Int, lockedUntil: Double?) throws {
        kept.withLock { $0.lockout = (failures, lockedUntil) }
    }

    public func audit(_ entry: AuditEntry, via: String) throws {
        kept.withLock { $0.audit.append(entry) }
    }

    /// The audit entries written so far.
    public var auditLog: [AuditEntry] { kept.withLock { $0.audit } }
}
