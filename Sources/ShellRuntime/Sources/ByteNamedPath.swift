import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files whose names are not UTF-8 (a Latin-1 name from an old Windows
/// share or USB stick: "caf\xE9.mkv"). A Swift string cannot hold such a
/// name: Foundation's walk and the command line give it with U+FFFD in
/// place of the bytes, a path that names nothing, and the file failed
/// ("Cannot open file … No such file or directory"). Such a file is
/// opened by a `file://` URL with its bytes percent-encoded, which mpv
/// decodes back to them; its title is read as Windows-1252
/// (`MediaItem.fileName(of:)`). Any thread.
public enum ByteNamedPath {
    /// What mpv opens for the path `bytes`: the path itself when it is
    /// UTF-8, else a `file://` URL of its bytes (absolute; `/` kept).
    public static func location(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let absolute = bytes.first == UInt8(ascii: "/") ? bytes : Array(FileManager.default.currentDirectoryPath.utf8) + [UInt8(ascii: "/")] + bytes
        var url = "file://"
        for byte in absolute {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                url.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                url += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return url
    }

    /// `path` as Foundation gave it (names that are not UTF-8 with U+FFFD
    /// in them), its names found again by their bytes in their folders:
    /// as `location(bytes:)`. `path` itself when it has no U+FFFD, or a
    /// name is not found (gone meanwhile, or two names alike).
    public static func recovered(_ path: String) -> String {
        var finder = Finder()
        return finder.recovered(path)
    }

    /// `recovered(_:)` for many paths (a walk's): each folder is read once,
    /// its names kept by how Foundation spells them. One walk's; any thread.
    public struct Finder {
        private var folders: [[UInt8]: [String: [[UInt8]]]] = [:]

        public init() {}

        /// As `ByteNamedPath.recovered(_:)`.
        public mutating func recovered(_ path: String) -> String {
            guard path.contains("\u{FFFD}") else { return path }
            let slash = UInt8(ascii: "/")
            var bytes: [UInt8] = path.hasPrefix("/") ? [slash] : []
            for name in path.split(separator: "/", omittingEmptySubsequences: true) {
                if !bytes.isEmpty, bytes != [slash] { bytes.append(slash) }
                guard name.contains("\u{FFFD}") else {
                    bytes += Array(name.utf8)
                    continue
                }
                let folder: [UInt8] = bytes.isEmpty ? [UInt8(ascii: ".")] : bytes == [slash] ? bytes : Array(bytes.dropLast())
                if folders[folder] == nil {
                    folders[folder] = Dictionary(grouping: names(in: folder)) { String(decoding: $0, as: UTF8.self) }
                }
                guard let alike = folders[folder]?[String(name)], alike.count == 1 else { return path }
                bytes += alike[0]
            }
            return location(bytes: bytes)
        }
    }

    /// The names in the folder `folder` (bytes), as bytes; none when it
    /// cannot be read.
    static func names(in folder: [UInt8]) -> [[UInt8]] {
        guard let directory = (folder.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return [] }
        defer { closedir(directory) }
        var found: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { found.append(name) }
        }
        return found
    }

    /// The command line's arguments (without the program's name), each
    /// that is not UTF-8 and names a file or folder given as
    /// `location(bytes:)`; the others as Swift reads them.
    public static func commandLineArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let raw = CommandLine.unsafeArgv[index] else { return "" }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            return access(raw, F_OK) == 0 ? location(bytes: bytes) : String(decoding: bytes, as: UTF8.self)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
