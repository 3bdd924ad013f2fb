import Foundation
import MediaModel

/// Which disc an image file (`.iso`) is, read from its volume descriptors
/// as a disc drive would: an ISO 9660 root naming `VIDEO_TS` is a DVD's,
/// one naming `BDMV` a Blu-ray's, one naming neither a data disc's (an
/// installer's image is no film). An image with no ISO 9660 root (UDF
/// only, as Blu-ray authoring makes them) is told by its UDF version:
/// 2.50 and later (`NSR03`) a Blu-ray's, 1.02 (`NSR02`) a DVD's. Reads a
/// few sectors; any thread but the run loop.
public enum DiscImage {
    static let sectorSize = 2048
    /// The first volume descriptor's sector (after the system area).
    static let firstDescriptor = 16
    /// How many sectors of descriptors are read (ISO 9660's, then UDF's
    /// recognition sequence).
    static let descriptorSectors = 32
    /// The most of the root directory read (a disc's root holds a few
    /// entries; 64 KiB is hundreds).
    static let largestRoot = 64 << 10

    /// The disc the image at `path` holds; nil for a data disc's, for
    /// anything that is not an image, or one that cannot be read.
    public static func format(ofImageAt path: String) -> DiscFormat? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return format { offset, count in
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil else { return nil }
            return (try? handle.read(upToCount: count)).map { [UInt8]($0) }
        }
    }

    /// The disc of an image read through `read(offset, count)` (nil: it
    /// cannot be read there). Pure but for `read`.
    public static func format(read: (Int, Int) -> [UInt8]?) -> DiscFormat? {
        guard let descriptors = read(firstDescriptor * sectorSize, descriptorSectors * sectorSize) else { return nil }
        var root: (sector: Int, length: Int)?
        var udf: Int?
        for start in stride(from: 0, to: descriptors.count - sectorSize + 1, by: sectorSize) {
            let sector = descriptors[start..<start + sectorSize]
            switch String(decoding: sector.dropFirst().prefix(5), as: UTF8.self) {
            case "CD001" where sector[start] == 1 && root == nil:
                // The primary volume descriptor's root directory record, at 156: its extent (LE at +2) and length (LE at +10).
                root = (littleEndian(sector, at: start + 158), littleEndian(sector, at: start + 166))
            case "NSR02": udf = max(udf ?? 0, 2)
            case "NSR03": udf = max(udf ?? 0, 3)
            default: continue
            }
        }
        if let root {
            guard let directory = read(root.sector * sectorSize, min(root.length, largestRoot)) else { return nil }
            let names = folderNames(directory)
            if names.contains("VIDEO_TS") { return .dvd }
            if names.contains("BDMV") { return .bluray }
            return nil
        }
        switch udf {
        case 3?: return .bluray
        case 2?: return .dvd
        default: return nil
        }
    }

    /// The folders' names in an ISO 9660 directory's records, upper-cased.
    static func folderNames(_ directory: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        var offset = 0
        while offset < directory.count {
            let length = Int(directory[offset])
            guard length > 0 else {
                // Records do not cross sectors: the rest of this one is padding.
                offset = (offset / sectorSize + 1) * sectorSize
                continue
            }
            guard length >= 34, offset + length <= directory.count else { break }
            let nameLength = Int(directory[offset + 32])
            if directory[offset + 25] & 2 != 0, nameLength > 0, offset + 33 + nameLength <= offset + length {
                names.insert(String(decoding: directory[offset + 33..<offset + 33 + nameLength], as: UTF8.self).uppercased())
            }
            offset += length
        }
        return names
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[index + $1]) << (8 * $1) }
    }
}
