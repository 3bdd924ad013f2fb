import Catalog
import Foundation

/// What a refresh reads, in one string: each source's bytes (zlib's CRC-32
/// and Adler-32 with the length, raw as fetched or stored, gzip or not) and
/// the lineup's channels with their shifts. The same string means the same
/// guide would be built again: the refresh then rewrites nothing. A change
/// detector, not a defence (nothing hostile chooses the bytes against it).
/// Reading a file costs a fraction of parsing it. Any thread.
enum SourceDigest {
    /// Nil when a source could not be had (the refresh reads what it can).
    static func of(_ inputs: [GuideInput], targets: [GuideTarget]) -> String? {
        SourceDigestReader(inputs, targets: targets).finish()
    }

    /// The lineup's part: its channels and their shifts.
    static func lineupPart(_ targets: [GuideTarget]) -> String {
        var shifts = FNV1a()
        for target in targets.sorted(by: { $0.key < $1.key }) where target.shift != 0 {
            shifts.add(target.key + "@" + String(target.shift))
        }
        return GuideStore.signature(of: targets) + "/" + String(shifts.value, radix: 16)
    }

    /// Each source's length as a digest holds it (nil: not a digest).
    static func lengths(of contents: String) -> [Int]? {
        let lines = contents.split(separator: "\n").dropLast()
        let lengths = lines.compactMap { $0.split(separator: ".").last.flatMap { Int($0) } }
        return lengths.count == lines.count ? lengths : nil
    }

    /// Each source's length in bytes, by a look at the file (nil: one
    /// cannot be had).
    static func lengths(of inputs: [GuideInput]) -> [Int]? {
        var lengths: [Int] = []
        for input in inputs {
            switch input.content {
            case .source(.data(let data)): lengths.append(data.count)
            case .source(.path(let path)):
                guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return nil }
                lengths.append(size)
            case .unavailable: return nil
            }
        }
        return lengths
    }
}
