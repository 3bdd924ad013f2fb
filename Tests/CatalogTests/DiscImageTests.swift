@testable import Catalog
import MediaModel
import Testing

@Suite("Which disc an image holds, read from its volume descriptors")
struct DiscImageTests {
    /// An image's first 64 KiB and more: volume descriptors from sector 16
    /// (`descriptors`: identifiers, "CD001" a primary one whose root is at
    /// sector 40), and at sector 40 a root directory naming `folders`.
    private func image(_ descriptors: [String], folders: [String] = [], fileNamed file: String? = nil) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 48 * DiscImage.sectorSize)
        for (index, identifier) in descriptors.enumerated() {
            let start = (16 + index) * DiscImage.sectorSize
            bytes[start] = identifier == "CD001" ? 1 : 0
            bytes.replaceSubrange(start + 1..<start + 6, with: Array(identifier.utf8))
            if identifier == "CD001" {
                bytes[start + 158] = 40
                bytes[start + 166] = 0
                bytes[start + 167] = 8 // 2048 bytes
            }
        }
        var offset = 40 * DiscImage.sectorSize
        func record(_ name: [UInt8], folder: Bool) {
            let length = 33 + name.count + (name.count % 2 == 0 ? 1 : 0)
            bytes[offset] = UInt8(length)
            bytes[offset + 25] = folder ? 2 : 0
            bytes[offset + 32] = UInt8(name.count)
            bytes.replaceSubrange(offset + 33..<offset + 33 + name.count, with: name)
            offset += length
        }
        record([0], folder: true)
        record([1], folder: true)
        if let file { record(Array(file.utf8), folder: false) }
        for folder in folders { record(Array(folder.utf8), folder: true) }
        return bytes
    }

    private func format(_ bytes: [UInt8]) -> DiscFormat? {
        DiscImage.format { offset, count in offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : [] }
    }

    @Test("a root naming VIDEO_TS is a DVD's, BDMV a Blu-ray's (ISO 9660 with UDF beside it, as authoring tools make them)")
    func byRoot() {
        #expect(format(image(["CD001", "\u{0}\u{0}\u{0}\u{0}\u{0}", "BEA01", "NSR02", "TEA01"], folders: ["AUDIO_TS", "VIDEO_TS"])) == .dvd)
        #expect(format(image(["CD001", "BEA01", "NSR03", "TEA01"], folders: ["BDMV", "CERTIFICATE"])) == .bluray)
        #expect(format(image(["CD001"], folders: ["video_ts"])) == .dvd, "names in any case")
    }

    @Test("a root naming neither is a data disc's (an installer's, a backup's), even with UDF beside it; a file named VIDEO_TS is no folder")
    func dataDisc() {
        #expect(format(image(["CD001", "BEA01", "NSR02", "TEA01"], folders: ["BOOT", "SOURCES"])) == nil)
        #expect(format(image(["CD001"], fileNamed: "VIDEO_TS")) == nil)
    }

    @Test("an image with UDF only is told by its version: 2.50 and later a Blu-ray's, 1.02 a DVD's")
    func udfOnly() {
        #expect(format(image(["BEA01", "NSR03", "TEA01"])) == .bluray)
        #expect(format(image(["BEA01", "NSR02", "TEA01"])) == .dvd)
    }

    @Test("what is no image says nothing: too short, zeros, a root beyond the end")
    func notAnImage() {
        #expect(format([UInt8](repeating: 0x47, count: 100)) == nil)
        #expect(format([UInt8](repeating: 0, count: 48 * DiscImage.sectorSize)) == nil)
        var cut = image(["CD001"], folders: ["VIDEO_TS"])
        cut.removeLast(8 * DiscImage.sectorSize)
        #expect(format(cut) == nil)
        #expect(DiscImage.format(ofImageAt: "/nonexistent/film.iso") == nil)
    }
}
