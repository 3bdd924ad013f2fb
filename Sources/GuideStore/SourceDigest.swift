import Catalog
import CXML
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
        var parts: [String] = []
        for input in inputs {
            guard case .source(let source) = input.content, let digest = digest(source) else { return nil }
            // Not the label: a URL's account stays out of another column
            // (the sources, in order, are compared beside it).
            parts.append(digest)
        }
        var shifts = FNV1a()
        for target in targets.sorted(by: { $0.key < $1.key }) where target.shift != 0 {
            shifts.add(target.key + "@" + String(target.shift))
        }
        parts.append(GuideStore.signature(of: targets) + "/" + String(shifts.value, radix: 16))
        return parts.joined(separator: "\n")
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

    private static func digest(_ source: XMLTVParser.Source) -> String? {
        var crc = crc32(0, nil, 0), adler = adler32(0, nil, 0), length = 0
        func add(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), bytes.count > 0 else { return }
            crc = crc32(crc, base, uInt(bytes.count))
            adler = adler32(adler, base, uInt(bytes.count))
            length += bytes.count
        }
        switch source {
        case .data(let data):
            data.withUnsafeBytes(add)
        case .path(let path):
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 { return nil }
                if count == 0 { break }
                add(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        }
        return String(crc, radix: 16) + "." + String(adler, radix: 16) + "." + String(length)
    }
}
