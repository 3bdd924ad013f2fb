import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus (`dbus-daemon --session`), as `dbus-run-session`
/// gives one: its address goes into the environment of the programs that
/// share it (tvshell, playerctl, busctl). Stopped when released.
public final class DBusSession {
    public let address: String
    private let pid: pid_t

    public init() throws {
        let started = try Spawn.run(["dbus-daemon", "--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"])
        let lines = started.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard started.status == 0, let address = lines.first(where: { $0.hasPrefix("unix:") }),
              let pid = lines.lazy.compactMap({ pid_t($0) }).first else {
            throw SpawnError(message: "dbus-daemon did not start: \(started.output)")
        }
        self.address = address
        self.pid = pid
    }

    deinit {
        kill(pid, SIGTERM)
    }

    /// `base` (the test's environment by default) with this bus as the session bus.
    public func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var env = base
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        return env
    }

    /// Runs `playerctl ARGS` against tvshell on this bus; its output, trimmed.
    public func playerctl(_ arguments: String...) throws -> (status: Int32, output: String) {
        let result = try Spawn.run(["playerctl", "--player=tvshell"] + arguments, environment: environment())
        return (result.status, result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `busctl --user ARGS` on this bus.
    public func busctl(_ arguments: String...) throws -> (status: Int32, output: String) {
        let result = try Spawn.run(["busctl", "--user"] + arguments, environment: environment())
        return (result.status, result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
