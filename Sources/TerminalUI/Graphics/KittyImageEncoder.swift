/// Frames as kitty graphics protocol images: 24-bit RGB, transmitted and
/// placed in one go (`a=T`) under image id 1, so each frame replaces the last
/// in place. The pixels travel in shared memory when the terminal can read it
/// (`t=s`, `KittySharedMemory`), else as base64 in chunks of 4096. The
/// terminal scales the image to the `columns` × `rows` cells at the top left,
/// below any cell that has a background colour (`z` under −1 073 741 824),
/// so the UI's panels cover it while video cells (spaces on the default
/// background) show it; the panels' colours are also painted into the image
/// (`ImageUnderlay`). No cursor movement, no replies (`C=1`, `q=2`).
///
/// Not thread-safe; owned by the render loop.
public struct KittyImageEncoder {
    private let out = EscapeBuffer()
    private let base64 = EscapeBuffer()
    public static let imageID = 1
    /// The image this encoder places (1: the full-screen picture).
    public let imageID: Int
    /// Its z: the full-screen picture under every cell with a background;
    /// a window's above backgrounds (its cells have none) and under text.
    public let z: Int
    static let chunk = 4096
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public init(imageID: Int = KittyImageEncoder.imageID, z: Int = -1073741825) {
        self.imageID = imageID
        self.z = z
    }

    /// The escapes for one frame of `width` × `height` rgb0 pixels (`stride`
    /// bytes a row), with the pixels under `underlay`'s painted cells (when
    /// it has the same cells) in their colours; through `sharedMemory` when
    /// given and it works. Valid until the next call.
    public func encode(pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int, columns: Int, rows: Int,
                       underlay: ImageUnderlay? = nil, sharedMemory: KittySharedMemory? = nil, column: Int = 0, row: Int = 0) -> UnsafeRawBufferPointer {
        let painted = underlay.flatMap { $0.columns == columns && $0.rows == rows && !$0.isClear ? $0 : nil }
        let source = pixels.assumingMemoryBound(to: UInt8.self)
        let placement = "p=1,f=24,s=\(width),v=\(height),c=\(columns),r=\(rows),C=1,q=2,z=\(z)"
        out.reset()
        if let sharedMemory, let name = sharedMemory.write(count: width * height * 3, { rgb in
            Self.packRGB(source, stride: stride, width: width, height: height, underlay: painted, into: rgb)
        }) {
            out.append(Array("\u{1B}7\u{1B}[\(row + 1);\(column + 1)H".utf8))
            out.append(Array("\u{1B}_Ga=T,i=\(imageID),t=s,S=\(width * height * 3),\(placement);".utf8))
            out.append(Array(Self.base64(Array(name.utf8)).utf8))
            out.append([0x1B, 0x5C, 0x1B, 0x38])
            return out.bytes
        }
        encodeBase64(source, stride: stride, width: width, height: height, underlay: painted)
        out.reserve(base64.count + base64.count / Self.chunk * 16 + 256)
        out.append(Array("\u{1B}7\u{1B}[\(row + 1);\(column + 1)H".utf8))
        var offset = 0
        repeat {
            let length = min(Self.chunk, base64.count - offset)
            let more = offset + length < base64.count
            if offset == 0 {
                out.append(Array("\u{1B}_Ga=T,i=\(imageID),\(placement),m=\(more ? 1 : 0);".utf8))
            } else {
                out.append(Array("\u{1B}_Gm=\(more ? 1 : 0);".utf8))
            }
            out.append(base64.base + offset, count: length)
            out.append(0x1B, 0x5C)
            offset += length
        } while offset < base64.count
        out.append(0x1B, 0x38)
        return out.bytes
    }

    /// One pixel is three bytes, so exactly one base64 group of four.
    private func encodeBase64(_ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, underlay: ImageUnderlay?) {
        base64.reset()
        base64.reserve(width * height * 4)
        Self.alphabet.withUnsafeBufferPointer { alphabet in
            Self.forEachPixel(source, stride: stride, width: width, height: height, underlay: underlay) { group in
                base64.append(alphabet[Int(group >> 18)], alphabet[Int(group >> 12 & 63)])
                base64.append(alphabet[Int(group >> 6 & 63)], alphabet[Int(group & 63)])
            }
        }
    }

    /// Each pixel's colour (0xRRGGBB), row by row: the frame's, or the
    /// underlay's where it paints the cell the terminal scales the pixel
    /// into (column `x · columns / width`, row `y · rows / height`).
    @inline(__always)
    private static func forEachPixel(_ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, underlay: ImageUnderlay?,
                                     _ body: (UInt32) -> Void) {
        let cellColumn = underlay.map { u in (0..<width).map { $0 * u.columns / width } } ?? []
        for y in 0..<height {
            let row = source + y * stride
            if let underlay, case let cellRow = y * underlay.rows / height, underlay.paintedRows[cellRow] {
                let colours = underlay.colours[(cellRow * underlay.columns)...]
                for x in 0..<width {
                    let colour = colours[colours.startIndex + cellColumn[x]]
                    body(colour != ImageUnderlay.clear ? colour : UInt32(row[4 * x]) << 16 | UInt32(row[4 * x + 1]) << 8 | UInt32(row[4 * x + 2]))
                }
            } else {
                for x in 0..<width {
                    body(UInt32(row[4 * x]) << 16 | UInt32(row[4 * x + 1]) << 8 | UInt32(row[4 * x + 2]))
                }
            }
        }
    }

    /// The frame as packed RGB (3 bytes a pixel) in `rgb`, the underlay's
    /// colours where it paints.
    private static func packRGB(_ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, underlay: ImageUnderlay?,
                                into rgb: UnsafeMutablePointer<UInt8>) {
        var out = rgb
        forEachPixel(source, stride: stride, width: width, height: height, underlay: underlay) { colour in
            out[0] = UInt8(truncatingIfNeeded: colour >> 16)
            out[1] = UInt8(truncatingIfNeeded: colour >> 8)
            out[2] = UInt8(truncatingIfNeeded: colour)
            out += 3
        }
    }

    /// `bytes` in base64, padded.
    static func base64(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        for start in Swift.stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let group = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for k in 0...chunk.count { text.append(alphabet[Int(group >> (18 - 6 * k) & 63)]) }
            text += Array(repeating: UInt8(ascii: "="), count: 3 - chunk.count)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Removes the image and its placements (leaving video, at exit).
    public static let delete: [UInt8] = deleting(imageID)

    /// Removes image `id` and its placements.
    public static func deleting(_ id: Int) -> [UInt8] { Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8) }
}
