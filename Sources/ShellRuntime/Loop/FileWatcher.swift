import Foundation
import Logging
import ShellCore
#if canImport(Glibc)
import Glibc
#endif

/// Tells when one file may have changed: written and closed, renamed over
/// (an atomic replace, as `tvshell restrictions` writes), changed in mode,
/// removed, and (`reportsCreation`, for a socket, which is never written)
/// created. It watches the file's directory with inotify, since a rename
/// over the file is an event of the directory, not of the file it replaced.
/// While that directory does not exist yet, it watches the nearest one above
/// that does, and moves down as directories appear. Without inotify (no
/// instance left for this user) it compares the file's `stat` every second.
///
/// Run-loop thread only: `fd` goes in the loop's poll set, `readEvents()`
/// when it is readable; `pollTimeout` / `tick` drive the fallback.
final class FileWatcher {
    private let directory: String
    private let name: String
    /// What the file is, for the log ("restrictions", "lircd").
    private let label: String
    private let fileEvents: UInt32
    private let logger: Logger
    /// The inotify instance; -1 when polling.
    private(set) var fd: Int32 = -1
    private var watch: Int32 = -1
    /// The directory watched now: `directory` or one above it.
    private var watched: String?
    /// The fallback's last look at the file, and when to look again.
    private var stamp: FileStamp?
    private var nextLook: Instant?
    static let pollInterval = 1.0

    private static let changeEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_ATTRIB | IN_DELETE | IN_MOVED_FROM)
    private static let selfEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)

    /// - Parameters:
    ///   - reportsCreation: a new file counts as soon as it is made (a
    ///     socket), not only once written and closed (a file being written).
    ///   - inotify: false looks every second from the start (tests).
    init(path: String, label: String, logger: Logger, now: Instant, reportsCreation: Bool = false, inotify: Bool = true) {
        let url = URL(fileURLWithPath: path)
        directory = url.deletingLastPathComponent().path
        name = url.lastPathComponent
        self.label = label
        fileEvents = Self.changeEvents | (reportsCreation ? UInt32(IN_CREATE) : 0)
        self.logger = logger
        fd = inotify ? inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) : -1
        if fd < 0 {
            if inotify { logger.warning("\(label): cannot watch \(path) (inotify: \(String(cString: strerror(errno)))); looking at it every second instead") }
            stamp = FileStamp(path: path)
            nextLook = now + Self.pollInterval
        } else {
            arm()
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Drains the pending inotify events; whether the file may have changed
    /// (the directory watched moved down to it counts: the file may have
    /// been written before the watch was there).
    func readEvents() -> Bool {
        guard fd >= 0 else { return false }
        var changed = false
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)].prefix { $0 != 0 }
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changed = true
                    rearm = true
                    continue
                }
                guard wd == watch else { continue }
                if watched != directory || mask & Self.selfEvents != 0 {
                    rearm = true
                } else if mask & fileEvents != 0, String(decoding: nameBytes, as: UTF8.self) == name {
                    changed = true
                }
            }
        }
        if rearm, arm() { changed = true }
        return changed
    }

    /// Milliseconds until the fallback looks again (nil with inotify).
    func pollTimeout(now: Instant) -> Int32? {
        nextLook.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) }
    }

    /// The fallback's look, when due: whether the file changed since the last.
    func tick(now: Instant) -> Bool {
        guard let due = nextLook, due <= now else { return false }
        nextLook = now + Self.pollInterval
        let fresh = FileStamp(path: directory + "/" + name)
        defer { stamp = fresh }
        return fresh != stamp
    }

    /// Watches the deepest existing directory on the way to the file's;
    /// whether that is now the file's own directory, newly watched. A
    /// directory made below the one watched before its watch was in place is
    /// found by looking again, and watched instead.
    @discardableResult
    private func arm() -> Bool {
        while true {
            let candidate = deepestExisting()
            if watched == candidate, watch >= 0 { return false }
            if watch >= 0 { inotify_rm_watch(fd, watch) }
            let target = candidate == directory
            let mask = (target ? fileEvents : UInt32(IN_CREATE | IN_MOVED_TO)) | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
            watch = inotify_add_watch(fd, candidate, mask)
            guard watch >= 0 else {
                logger.warning("\(label): cannot watch \(candidate) (\(String(cString: strerror(errno)))); changes reach tvshell later, or at its next start")
                watched = nil
                return false
            }
            watched = candidate
            if target { return true }
            if deepestExisting() == candidate {
                logger.info("\(label): \(directory) does not exist yet; watching \(candidate) for it")
                return false
            }
        }
    }

    /// The file's directory if it exists, else the nearest one above it that does.
    private func deepestExisting() -> String {
        var candidate = directory
        var isDirectory: ObjCBool = false
        while !(FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && isDirectory.boolValue), candidate != "/" {
            candidate = (candidate as NSString).deletingLastPathComponent
            if candidate.isEmpty { candidate = "/" }
        }
        return candidate
    }
}

/// What `stat` says of a file, to tell that it changed; nil when it is not there.
private struct FileStamp: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let mode: UInt32
    let modified: Int
    let modifiedNanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        mode = UInt32(info.st_mode)
        modified = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
