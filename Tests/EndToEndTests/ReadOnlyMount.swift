import Foundation
import ShellTesting

/// A directory made read-only for one program only: a private mount
/// namespace (`unshare -m`) with a read-only bind mount over it. The
/// filesystem refuses writes even to root, which file modes do not.
enum ReadOnlyMount {
    /// Whether this machine lets the tests make a mount namespace (root, or
    /// user namespaces allowed); nil when it does, else why not.
    static let unavailable: String? = {
        guard let result = try? Spawn.run(["unshare", "-m", "sh", "-c", "mount --bind / /mnt && umount /mnt"]) else { return "unshare cannot be run" }
        return result.status == 0 ? nil : "no private mount namespace here (unshare -m: \(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))"
    }()

    /// A shell command prefix that runs what follows with `directory`
    /// read-only.
    static func wrapper(_ directory: String) -> String {
        "unshare -m sh -c 'mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\" && exec \"$@\"' '\(directory)' "
    }
}
