import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The last copy of each lineup read from a URL, kept so that a box whose
/// lineup server cannot be reached when it starts (the network not up yet
/// at boot, the provider down) still shows its channels instead of exiting.
/// One file per URL under `directory` (`$XDG_CACHE_HOME/tvshell/lineups`),
/// named by a hash of the URL (which may carry an account's password);
/// 0600 in a 0700 directory, since a lineup's stream URLs often carry its
/// tokens. A copy not kept again for `unusedAge` (90 days: its URL is no
/// longer read, a lineup switched away from or a config changed) is removed
/// when another is kept, and so is a `.part` a day old (a write cut off).
/// Any thread; each call stands alone.
public struct LineupCopy: Sendable {
    public let directory: String

    public init(directory: String = LineupCopy.defaultDirectory()) {
        self.directory = directory
    }

    public static func defaultDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGBase.cache(environment) + "/tvshell/lineups"
    }

    /// Whether a lineup at `location` is kept (it is read from the network).
    public static func keeps(_ location: String) -> Bool {
        location.hasPrefix("http://") || location.hasPrefix("https://")
    }

    /// The file the copy of `location` is kept in.
    public func path(for location: String) -> String {
        // FNV-1a, 64 bits: a name, not a secret's protection (the file is private).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in location.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return directory + "/" + String(hash, radix: 16) + ".m3u"
    }

    /// Replaces the copy of `location` with `data`, atomically. Throws the
    /// reason it could not (the cache not writable: the copy is then only
    /// missed at a start without the server).
    public func keep(_ data: Data, for location: String) throws {
        try makeDirectory()
        let path = self.path(for: location)
        let temporary = path + ".part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw Failure("\(temporary): \(String(cString: strerror(errno)))") }
        fchmod(fd, 0o600)
        // The reason a write failed; nil when all was written.
        let failed = data.withUnsafeBytes { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return count < 0 ? String(cString: strerror(errno)) : "nothing written" }
                offset += count
            }
            return nil
        }
        close(fd)
        let reason = failed ?? (rename(temporary, path) == 0 ? nil : String(cString: strerror(errno)))
        if let reason {
            unlink(temporary)
            throw Failure("\(path): \(reason)")
        }
        prune(now: Date())
    }

    /// Seconds without being kept again after which a copy is removed.
    public static let unusedAge = 90 * 86_400.0

    /// Removes the copies not kept again for `unusedAge` and the `.part`
    /// files a day old, as of `now` (a file stamped after `now` — the clock
    /// set back — is left). Returns the names removed.
    @discardableResult
    public func prune(now: Date) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where name.hasSuffix(".m3u") || name.hasSuffix(".part") {
            let path = directory + "/" + name
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
            let limit = name.hasSuffix(".part") ? 86_400 : Self.unusedAge
            if now.timeIntervalSince(modified) > limit, unlink(path) == 0 { removed.append(name) }
        }
        return removed.sorted()
    }

    /// The copy of `location` and when it was kept; nil when there is none.
    public func read(_ location: String) -> (data: Data, kept: Date)? {
        let path = self.path(for: location)
        guard let data = FileManager.default.contents(atPath: path),
              let kept = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return nil }
        return (data, kept)
    }

    /// How long ago a copy was kept, for the screen: "2 hours ago".
    public static func age(of kept: Date, now: Date = Date()) -> String {
        AccountRefresher.age(max(0, now.timeIntervalSince(kept)))
    }

    private func makeDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure("\(directory): \(error.localizedDescription)")
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
