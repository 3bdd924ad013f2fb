import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a recording is likely to fit in the recordings folder's free
/// space, reckoned at `bytesPerSecond` (an HD stream's 8 Mbit/s: the
/// stream's own rate is not known before it is recorded). Pure, except
/// `freeBytes`, which asks the filesystem. Any thread.
enum RecordingSpace {
    static let bytesPerSecond = 1_000_000.0

    /// The bytes free to an unprivileged writer on the filesystem that
    /// holds `directory` (or, before it is made, its nearest existing
    /// parent); nil when none can be asked.
    static func freeBytes(at directory: String) -> Int64? {
        var path = directory
        while !FileManager.default.fileExists(atPath: path) {
            let parent = (path as NSString).deletingLastPathComponent
            guard parent != path, !parent.isEmpty else { return nil }
            path = parent
        }
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// What to tell the viewer when `seconds` of `title` likely will not
    /// fit in `free` bytes; nil when they likely will.
    static func warning(title: String, seconds: Double, free: Int64, directory: String) -> String? {
        let needed = seconds * bytesPerSecond
        guard Double(free) < needed else { return nil }
        return "\(title) may not fit: \(size(Double(free))) free in \(directory), about \(size(needed)) needed at 8 Mbit/s; it stops with \"disk full\" keeping what it has"
    }

    /// "320 kB", "850 MB", "3.6 GB".
    static func size(_ bytes: Double) -> String {
        if bytes >= 1e9 { return String(format: "%.1f GB", bytes / 1e9) }
        return bytes >= 1e6 ? "\(Int((bytes / 1e6).rounded())) MB" : "\(Int((bytes / 1e3).rounded())) kB"
    }
}
