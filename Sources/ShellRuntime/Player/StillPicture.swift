import Catalog
import Foundation

/// Whether an item is a still picture (a PNG, a JPEG …) before it is
/// opened, so its player loads it with `MPVPlayer.stillOptions`: its pixels
/// are decoded in this process, and libavformat's stream probing decodes
/// a picture whole with no limit (a 790 kB PNG of 16000 × 16000 took the
/// shell to 1.34 GB as a main item). Known by the name's extension, or, for
/// a local file, by its first bytes; a picture at a URL with neither is
/// not known (mpv learns what a stream is only as it opens it).
///
/// Pure but for `isStill(_:)`'s read of a local file's first bytes; any
/// thread.
enum StillPicture {
    /// Extensions of still pictures libavformat reads (lowercase).
    static let extensions: Set<String> = [
        "png", "apng", "jpg", "jpeg", "jpe", "jfif", "gif", "webp", "bmp", "dib", "tif", "tiff", "jxl", "qoi", "ppm", "pgm", "pbm",
        "pnm", "pam", "tga", "exr", "dds", "psd", "pcx", "sgi", "xbm", "xpm", "hdr", "j2k", "jp2", "svg",
    ]

    /// Whether `url` names a still picture, by its extension or, for a
    /// local file, by its first bytes.
    /// A name with a film's or a song's extension (`MediaFiles`) is not
    /// read: the load runs on the run loop, which a file on a share that
    /// does not answer would hold.
    static func isStill(_ url: String) -> Bool {
        if named(url) { return true }
        if MediaFiles.extensions.contains(FolderWalk.fileExtension(of: url)) { return false }
        guard let path = localPath(url) else { return false }
        return signature(firstBytes(of: path))
    }

    /// Whether the path of `url` (its query and fragment aside) ends with a
    /// still picture's extension.
    static func named(_ url: String) -> Bool {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Whether `bytes` begin as a still picture's file does: PNG, JPEG,
    /// GIF, BMP, WebP, TIFF, QOI, JPEG XL.
    static func signature(_ bytes: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        return starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8)) || starts(Array("BM".utf8))
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)) || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || starts(Array("qoif".utf8)) || starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20])
    }

    /// The local file `url` names (a path, or a `file://` URL), else nil.
    private static func localPath(_ url: String) -> String? {
        if url.hasPrefix("file://") { return URL(string: url)?.path }
        return url.contains("://") ? nil : url
    }

    /// A regular file's first 12 bytes (none for anything else: a FIFO or
    /// a device is never read, nor waited on).
    private static func firstBytes(of path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        var bytes = [UInt8](repeating: 0, count: 12)
        let count = read(descriptor, &bytes, bytes.count)
        return count > 0 ? Array(bytes.prefix(count)) : []
    }
}
