import Foundation

/// The XDG base directories tvshell's files go under: `$XDG_CONFIG_HOME`,
/// `$XDG_DATA_HOME`, `$XDG_STATE_HOME`, `$XDG_CACHE_HOME` when set to an
/// absolute path (a relative one is ignored, as the specification says),
/// else their defaults under `$HOME` — the environment's home (a service's,
/// a test's), the account's only when `HOME` is unset. Pure; any thread.
public enum XDGBase {
    /// `$HOME`, else the account's home.
    public static func home(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    public static func config(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_CONFIG_HOME", default: "/.config", environment)
    }

    public static func data(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_DATA_HOME", default: "/.local/share", environment)
    }

    public static func state(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_STATE_HOME", default: "/.local/state", environment)
    }

    public static func cache(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_CACHE_HOME", default: "/.cache", environment)
    }

    private static func base(_ variable: String, default under: String, _ environment: [String: String]) -> String {
        environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home(environment) + under
    }
}
