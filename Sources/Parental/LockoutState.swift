import Foundation
import ConfigFormat

/// The wrong-passcode counter and lockout, as `passcode-lockout.toml` holds
/// them, so that quitting tvshell does not reset them.
public struct LockoutState: Equatable, Sendable {
    public var failures: Int
    /// Seconds since 1970; nil when not locked.
    public var lockedUntil: Double?

    public init(failures: Int = 0, lockedUntil: Double? = nil) {
        self.failures = failures
        self.lockedUntil = lockedUntil
    }

    /// Reads the file's text. Anything unreadable counts as the strictest
    /// state it could have been: five failures, locked for a minute from `now`.
    public static func parse(_ text: String, now: Double) -> LockoutState {
        guard let document = try? TOMLDocument.parse(text), let failures = document.entry("", "failures")?.value.integer, failures >= 0 else {
            return LockoutState(failures: 5, lockedUntil: now + 60)
        }
        return LockoutState(failures: failures, lockedUntil: document.entry("", "locked_until")?.value.float)
    }

    public var text: String {
        var lines = ["# Wrong passcodes since the last right one, written by tvshell.", "failures = \(failures)"]
        if let lockedUntil { lines.append("locked_until = \(String(format: "%.3f", lockedUntil))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds left of the lockout at `now`.
    public func secondsLeft(at now: Double) -> Int {
        guard let lockedUntil, lockedUntil > now else { return 0 }
        return Int((lockedUntil - now).rounded(.up))
    }
}
