import Catalog
import CXML
import Foundation

/// `SourceDigest.of`, a piece at a time: the thread reading a guide reads
/// the sources' bytes a mebibyte at a step while it waits for the writing
/// thread (the slower), so the digest takes no core of its own from the two
/// building the store (as a third thread it cost the build about a tenth).
/// One thread at a time; handing it to another needs a happens-before (the
/// reading thread's end). Sources are told by their bytes, not their labels:
/// a URL's account stays out of this column (the labels are compared beside
/// it).
final class SourceDigestReader: @unchecked Sendable {
    private let inputs: [GuideInput]
    private let targets: [GuideTarget]
    private var parts: [String] = []
    private var next = 0
    /// The file being read, with its sums so far.
    private var open: (descriptor: Int32, crc: uLong, adler: uLong, length: Int)?
    private var failed = false
    private var done = false
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)

    init(_ inputs: [GuideInput], targets: [GuideTarget]) {
        self.inputs = inputs
        self.targets = targets
    }

    deinit {
        if let open { close(open.descriptor) }
        buffer.deallocate()
    }

    /// Reads one more piece (a mebibyte of a file, or a source in memory
    /// whole); false once everything is read.
    @discardableResult
    func step() -> Bool {
        guard !done else { return false }
        if var file = open {
            let count = read(file.descriptor, buffer.baseAddress, buffer.count)
            if count > 0 {
                add(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), to: &file.crc, &file.adler, &file.length)
                open = file
                return true
            }
            close(file.descriptor)
            open = nil
            if count < 0 { return fail() }
            parts.append(Self.part(crc: file.crc, adler: file.adler, length: file.length))
            return true
        }
        guard next < inputs.count else {
            parts.append(SourceDigest.lineupPart(targets))
            done = true
            return false
        }
        let input = inputs[next]
        next += 1
        switch input.content {
        case .unavailable:
            return fail()
        case .source(.data(let data)):
            var crc = crc32(0, nil, 0), adler = adler32(0, nil, 0), length = 0
            data.withUnsafeBytes { add($0, to: &crc, &adler, &length) }
            parts.append(Self.part(crc: crc, adler: adler, length: length))
        case .source(.path(let path)):
            let descriptor = Foundation.open(path, O_RDONLY)
            guard descriptor >= 0 else { return fail() }
            open = (descriptor, crc32(0, nil, 0), adler32(0, nil, 0), 0)
        }
        return true
    }

    /// Reads what is left; the digest, nil when a source could not be had.
    func finish() -> String? {
        while step() {}
        return failed ? nil : parts.joined(separator: "\n")
    }

    private func fail() -> Bool {
        failed = true
        done = true
        return false
    }

    private func add(_ bytes: UnsafeRawBufferPointer, to crc: inout uLong, _ adler: inout uLong, _ length: inout Int) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), bytes.count > 0 else { return }
        crc = crc32(crc, base, uInt(bytes.count))
        adler = adler32(adler, base, uInt(bytes.count))
        length += bytes.count
    }

    private static func part(crc: uLong, adler: uLong, length: Int) -> String {
        String(crc, radix: 16) + "." + String(adler, radix: 16) + "." + String(length)
    }
}
