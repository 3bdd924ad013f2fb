import ShellCore
import ShellRuntime
import Synchronization

/// A restrictions backend with a known passcode that keeps what it is told
/// in memory (the lockout, the audit log), or refuses to while `full` (a
/// state directory read-only or full). Any thread.
public final class FixedPasscodeBackend: RestrictionsBackend {
    private let passcode: String
    private let kept = Mutex<(lockout: (failures: Int, lockedUntil: Double?)?, audit: [AuditEntry], full: Bool)>((nil, [], false))

    public struct Full: Error, CustomStringConvertible {
        public var description: String { "No space left on device" }
    }

    public init(passcode: String = "1234") {
        self.passcode = passcode
    }

    public func verify(passcode: String) -> Bool { passcode == self.passcode }

    public func persistLockout(failures: Int, lockedUntil: Double?) throws {
        try kept.withLock { kept throws(Full) in
            guard !kept.full else { throw Full() }
            kept.lockout = (failures, lockedUntil)
        }
    }

    public func audit(_ entry: AuditEntry, via: String) throws {
        try kept.withLock { kept throws(Full) in
            guard !kept.full else { throw Full() }
            kept.audit.append(entry)
        }
    }

    /// Whether writes fail, as on a full disk.
    public var full: Bool {
        get { kept.withLock { $0.full } }
        set { kept.withLock { $0.full = newValue } }
    }

    /// The lockout last written.
    public var lockout: (failures: Int, lockedUntil: Double?)? { kept.withLock { $0.lockout } }

    /// The audit entries written so far.
    public var auditLog: [AuditEntry] { kept.withLock { $0.audit } }
}
