import Foundation

/// Where parental restrictions live: the settings (with the passcode hash)
/// in the XDG config directory, the lockout and the audit log in the XDG
/// state directory. Every file is created 0600 in 0700 directories.
public struct ParentalPaths: Equatable, Sendable {
    /// `restrictions.toml`: mode, limits, the passcode hash.
    public var settings: String
    /// `passcode-lockout.toml`: the wrong-passcode counter and lockout of
    /// the screen's prompt.
    public var lockout: String
    /// `passcode-lockout-cli.toml`: those of the command line, counted
    /// apart (a wrong code typed at a shell does not use up the tries of
    /// the prompt on the TV, nor the other way round).
    public var commandLineLockout: String
    /// `restrictions-audit.log`: one JSON object per line.
    public var auditLog: String

    public init(settings: String, lockout: String, auditLog: String, commandLineLockout: String? = nil) {
        self.settings = settings
        self.lockout = lockout
        self.auditLog = auditLog
        self.commandLineLockout = commandLineLockout
            ?? (lockout.hasSuffix(".toml") ? String(lockout.dropLast(5)) + "-cli.toml" : lockout + "-cli")
    }

    /// `$XDG_CONFIG_HOME/tvshell` (else `~/.config/tvshell`) and
    /// `$XDG_STATE_HOME/tvshell` (else `~/.local/state/tvshell`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ParentalPaths {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        let config = base("XDG_CONFIG_HOME", ".config") + "/tvshell"
        let state = base("XDG_STATE_HOME", ".local/state") + "/tvshell"
        return ParentalPaths(
            settings: config + "/restrictions.toml",
            lockout: state + "/passcode-lockout.toml",
            auditLog: state + "/restrictions-audit.log")
    }
}
