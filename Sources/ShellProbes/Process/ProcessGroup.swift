import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The live processes of a process group, read from /proc. Any thread.
public enum ProcessGroup {
    /// The ids of the processes in `group` that are not zombies.
    public static func members(_ group: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group ? pid : nil
        }
    }

    /// Waits until `group` has no live process (SIGKILL is delivered, not
    /// done, when `kill` returns), at most `timeout` seconds; whether it
    /// emptied.
    @discardableResult
    public static func waitUntilEmpty(_ group: pid_t, timeout: Double = 5) -> Bool {
        let deadline = PtyProcess.now() + timeout
        while !members(group).isEmpty {
            if PtyProcess.now() > deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
