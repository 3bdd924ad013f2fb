import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Private files: written whole (a temporary file, then rename) with mode
/// 0600 in a 0700 directory; read only when no other user can read them.
package enum SecureFile {
    /// The file's permission bits, or nil when it does not exist.
    package static func mode(_ path: String) -> UInt16? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt16(info.st_mode & 0o7777)
    }

    /// The text of `path`, or nil when it does not exist. Refused when group
    /// or others may read or write it (`requirePrivate`).
    package static func read(_ path: String, requirePrivate: Bool) throws(ParentalError) -> String? {
        guard let mode = mode(path) else { return nil }
        if requirePrivate && mode & 0o077 != 0 { throw .insecureFile(path: path, mode: mode) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable(path: path, reason: "it is not UTF-8 text") }
        return text
    }

    /// Replaces `path` with `text`, atomically, mode 0600.
    package static func write(_ text: String, to path: String) throws(ParentalError) {
        let directory = (path as NSString).deletingLastPathComponent
        try makeDirectory(directory)
        let temporary = directory + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw .unwritable(path: path, reason: reason)
            }
            written += n
        }
        fsync(fd)
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(path: path, reason: reason)
        }
    }

    /// Appends one line to `path`, creating it 0600.
    package static func append(_ line: String, to path: String) throws(ParentalError) {
        try makeDirectory((path as NSString).deletingLastPathComponent)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let bytes = Array((line + "\n").utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        fsync(fd)
    }

    private static func makeDirectory(_ path: String) throws(ParentalError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
