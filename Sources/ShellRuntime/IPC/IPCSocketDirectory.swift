import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the automation socket lives when no path is given (`--ipc`): a
/// directory only this user can enter — `$XDG_RUNTIME_DIR/tvshell`, or
/// `/tmp/tvshell-UID` without one — made 0700 if it is not there. One that is
/// there must be a real directory (not a symlink) owned by this user; one of
/// ours that others may enter is closed to them (0700). Anything else is
/// refused, never used. Any thread; touches only the file system.
public enum IPCSocketDirectory {
    /// The socket's file name inside the directory.
    public static let socketName = "ipc.sock"

    /// The directory for `environment` (nothing is made).
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime as NSString).appendingPathComponent("tvshell")
        }
        return "/tmp/tvshell-\(geteuid())"
    }

    /// Makes (or checks) the private directory and returns the socket's path
    /// in it; throws `RuntimeError.socket` saying what is wrong.
    public static func socketPath(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let directory = directory(environment: environment)
        let path = (directory as NSString).appendingPathComponent(socketName)
        if let problem = prepare(directory) { throw RuntimeError.socket(path: path, reason: problem) }
        return path
    }

    /// Nil when `directory` is ready: ours, a directory, 0700.
    static func prepare(_ directory: String) -> String? {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            return "cannot make the private directory \(directory): \(String(cString: strerror(errno)))"
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            return "cannot check the private directory \(directory): \(String(cString: strerror(errno)))"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "\(directory) is not a directory (a symlink or a file); refused"
        }
        guard info.st_uid == geteuid() else {
            return "\(directory) belongs to user id \(info.st_uid), not \(geteuid()); refused"
        }
        if info.st_mode & 0o077 != 0 && chmod(directory, 0o700) != 0 {
            return "others may enter \(directory) and its mode cannot be set to 0700: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Why others may reach a socket at `path` through its directory, or nil
    /// when only this user (or root) can enter it. For a warning: the socket
    /// is 0600 and refuses other user ids whatever its directory.
    public static func exposure(of path: String) -> String? {
        let directory = (path as NSString).deletingLastPathComponent
        var info = stat()
        guard stat(directory.isEmpty ? "." : directory, &info) == 0 else { return nil }
        guard info.st_mode & 0o011 != 0 || info.st_uid != geteuid() else { return nil }
        return "other users may enter \(directory.isEmpty ? "." : directory)"
    }
}
