import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files whose names are not UTF-8 (a Latin-1 name from an old Windows
/// share or USB stick: "caf\xE9.mkv"). A Swift string cannot hold such a
/// name: Foundation's walk and the command line give it with U+FFFD in
/// place of the bytes, a path that names nothing, and the file failed
/// ("Cannot open file … No such file or directory"). A folder's walk
/// reads names as bytes (`FolderWalk`); such a file is
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

    /// What a folder's entry is, as `readdir` tells it (`d_type`).
    enum EntryKind {
        case file, folder, link, other
        /// A file system that does not tell (`stat` it to know).
        case unknown
    }

    /// The entries of the folder `folder` (bytes): their names as bytes
    /// ("." and ".." left out) and kinds; none when it cannot be read.
    static func entries(in folder: [UInt8]) -> [(name: [UInt8], kind: EntryKind)] {
        guard let directory = (folder.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return [] }
        defer { closedir(directory) }
        var found: [(name: [UInt8], kind: EntryKind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
            let kind: EntryKind = switch Int(entry.pointee.d_type) {
            case Int(DT_REG): .file
            case Int(DT_DIR): .folder
            case Int(DT_LNK): .link
            case Int(DT_UNKNOWN): .unknown
            default: .other
            }
            found.append((name, kind))
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
