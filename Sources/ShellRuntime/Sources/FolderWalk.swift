import Catalog
import Foundation
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// One walk of a directory's tree for `MediaFolder`, by the names' bytes
/// (`readdir`): a name that is not UTF-8 is kept as it is on the disk.
/// Folders reached through a symbolic link are gone into (a library whose
/// "Films" is a link to a NAS's share), each folder once however many links
/// lead to it (a link to a folder above it walks nothing twice, nor for
/// ever); only regular files are kept, so a named pipe ("Loading…" for
/// ever: opening it waits for a writer), a socket or a device is not, nor
/// a link to nothing. Hidden names (a leading ".") and `skipped` folders
/// are not gone into, nor is a release's sample kept (a `Sample` folder,
/// a file named as a sample under 300 MiB: `isSample`). A folder holding
/// a disc's own folder (`VIDEO_TS`, `BDMV`: `DiscFolder`) is kept whole,
/// as the disc, and not gone into; an image (`.iso`) is kept when it is a
/// film disc's (`DiscImage`), not a data disc's. One walk's; on
/// the thread that walks (never the run loop: a NAS's folder may take
/// seconds).
struct FolderWalk {
    /// Why a walk stopped before its end.
    enum Stop: Error, Equatable {
        /// More than `mostEntries` files and folders looked at.
        case tooLarge
        /// `cancelled` said so.
        case givenUp
    }

    /// A file kept (or a disc's folder): its path's bytes, and below the
    /// walk's start (for sorting) as text.
    struct Found {
        var path: [UInt8]
        var relative: String
    }

    /// The extension of a disc's image.
    static let imageExtension = "iso"

    let mostEntries: Int
    let cancelStride: Int
    let skipped: Set<String>
    let keeps: (_ fileExtension: String) -> Bool
    private var seen = 0
    private var folders: Set<FolderIdentity> = []

    /// A folder as the disk knows it, whatever the path that reached it.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// A walk that keeps the files `keeps` says yes to (given each one's
    /// extension, lowercased), looks at no more than `mostEntries` entries
    /// and asks `cancelled` every `cancelStride` of them.
    init(mostEntries: Int, cancelStride: Int, skipped: Set<String>, keeps: @escaping (String) -> Bool) {
        self.mostEntries = mostEntries
        self.cancelStride = cancelStride
        self.skipped = skipped
        self.keeps = keeps
    }

    /// The regular files kept under the directory `base` (absolute, no
    /// trailing slash but for "/"), in no particular order.
    mutating func files(under base: String, cancelled: () -> Bool) -> Result<[Found], Stop> {
        var found: [Found] = []
        guard let identity = Self.identity(of: Array(base.utf8)) else { return .success([]) }
        // The skipped folders count as walked: a link to one (to /proc, say) is not gone into either.
        for folder in skipped where folder != base { if let skip = Self.identity(of: Array(folder.utf8)) { folders.insert(skip) } }
        folders.insert(identity)
        var pending: [(path: [UInt8], relative: String)] = [(Array(base.utf8), "")]
        while let (folder, relative) = pending.popLast() {
            let names = ByteNamedPath.entries(in: folder)
            if Self.holdsDisc(folder, names: names) {
                found.append(Found(path: folder, relative: relative))
                continue
            }
            for (name, kind) in names {
                seen += 1
                guard seen <= mostEntries else { return .failure(.tooLarge) }
                if seen % cancelStride == 0, cancelled() { return .failure(.givenUp) }
                guard name.first != UInt8(ascii: ".") else { continue }
                let path = folder == [UInt8(ascii: "/")] ? folder + name : folder + [UInt8(ascii: "/")] + name
                let text = String(decoding: name, as: UTF8.self)
                let below = relative.isEmpty ? text : relative + "/" + text
                switch kind {
                case .folder, .link, .unknown:
                    guard let status = Self.status(of: path) else { continue }
                    if status.st_mode & S_IFMT == S_IFDIR {
                        guard !Self.isSampleFolder(text), folders.insert(FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted
                        else { continue }
                        pending.append((path, below))
                    } else if status.st_mode & S_IFMT == S_IFREG, isKept(path, text), !Self.isSample(text, size: Int64(status.st_size)) {
                        found.append(Found(path: path, relative: below))
                    }
                case .file:
                    guard isKept(path, text) else { continue }
                    if Self.namesSample(text), let status = Self.status(of: path), Self.isSample(text, size: Int64(status.st_size)) { continue }
                    found.append(Found(path: path, relative: below))
                case .other:
                    continue
                }
            }
        }
        return .success(found)
    }

    /// Whether the file at `path` (named `name`) is kept: a media file
    /// `keeps` says yes to, or a film disc's image.
    private func isKept(_ path: [UInt8], _ name: String) -> Bool {
        let fileExtension = Self.fileExtension(of: name)
        return fileExtension == Self.imageExtension ? Self.imageFormat(path) != nil : keeps(fileExtension)
    }

    /// Whether `folder`, whose entries are `names`, holds a disc's own
    /// folder with the file that makes it one (`DiscFolder.markers`).
    static func holdsDisc(_ folder: [UInt8], names: [(name: [UInt8], kind: ByteNamedPath.EntryKind)]) -> Bool {
        DiscFolder.markers.contains { marker in
            names.contains { $0.name.elementsEqual(marker.folder.utf8) }
                && status(of: folder + Array("/\(marker.folder)/\(marker.file)".utf8)).map { $0.st_mode & S_IFMT == S_IFREG } == true
        }
    }

    /// The disc the image at `path` holds (`DiscImage`), read by the
    /// path's bytes.
    static func imageFormat(_ path: [UInt8]) -> DiscFormat? {
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return DiscImage.format { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got < 0 ? nil : Array(bytes.prefix(got))
        }
    }

    /// The size under which a file named as a sample is one (media
    /// centres' rule: a film called "Sample" is longer).
    static let largestSample: Int64 = 300 << 20

    /// A release's sample folder ("Sample", "Samples"), left out as media
    /// centres leave it: a library of downloads listed a sample beside
    /// each film.
    static func isSampleFolder(_ name: String) -> Bool {
        ["sample", "samples"].contains(name.lowercased())
    }

    /// Whether `name` has "sample" as a word of its own ("film-sample.mkv",
    /// "Sample.mkv", "film.sample.mkv"; not "Samplers.mkv").
    static func namesSample(_ name: String) -> Bool {
        name.lowercased().split { !$0.isLetter }.contains("sample")
    }

    /// A release's sample: named as one and smaller than `largestSample`.
    static func isSample(_ name: String, size: Int64) -> Bool {
        namesSample(name) && size < largestSample
    }

    /// `name`'s extension, lowercased ("" for none).
    static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// What `stat` (through links) says of `path`; nil when nothing is
    /// there (a link to nothing) or it cannot be looked at.
    private static func status(of path: [UInt8]) -> stat? {
        var status = stat()
        let result = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { stat($0.baseAddress!, &status) }
        return result == 0 ? status : nil
    }

    private static func identity(of path: [UInt8]) -> FolderIdentity? {
        status(of: path).map { FolderIdentity(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
    }
}
