/// Frames as kitty graphics protocol images: 24-bit RGB, base64 in chunks
/// of 4096, transmitted and placed in one go (`a=T`) under image id 1, so
/// each frame replaces the last in place. The terminal scales the image to
/// the `columns` × `rows` cells at the top left, below any cell that has a
/// background colour (`z` under −1 073 741 824), so the UI's panels cover it
/// while video cells (spaces on the default background) show it; the
/// panels' colours are also painted into the image (`ImageUnderlay`). No
/// cursor movement, no replies (`C=1`, `q=2`).
///
/// Not thread-safe; owned by the render loop.
public struct KittyImageEncoder {
    private let out = EscapeBuffer()
    private let base64 = EscapeBuffer()
    public static let imageID = 1
    static let chunk = 4096
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public init() {}

    /// The escapes for one frame of `width` × `height` rgb0 pixels (`stride`
    /// bytes a row), with the pixels under `underlay`'s painted cells (when
    /// it has the same cells) in their colours. Valid until the next call.
    public func encode(pixels: UnsafeRawPointer, stride: Int, width: Int, height: Int, columns: Int, rows: Int,
                       underlay: ImageUnderlay? = nil) -> UnsafeRawBufferPointer {
        let painted = underlay.flatMap { $0.columns == columns && $0.rows == rows && !$0.isClear ? $0 : nil }
        encodeBase64(pixels.assumingMemoryBound(to: UInt8.self), stride: stride, width: width, height: height, underlay: painted)
        out.reset()
        out.reserve(base64.count + base64.count / Self.chunk * 16 + 256)
        out.append([0x1B, 0x37, 0x1B, 0x5B, 0x31, 0x3B, 0x31, 0x48])
        var offset = 0
        repeat {
            let length = min(Self.chunk, base64.count - offset)
            let more = offset + length < base64.count
            if offset == 0 {
                out.append(Array("\u{1B}_Ga=T,i=\(Self.imageID),p=1,f=24,s=\(width),v=\(height),c=\(columns),r=\(rows),C=1,q=2,z=-1073741825,m=\(more ? 1 : 0);".utf8))
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

    /// One pixel is three bytes, so exactly one base64 group of four. A
    /// pixel belongs to the cell the terminal scales it into: column
    /// `x · columns / width`, row `y · rows / height`.
    private func encodeBase64(_ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, underlay: ImageUnderlay?) {
        base64.reset()
        base64.reserve(width * height * 4)
        let cellColumn = underlay.map { u in (0..<width).map { $0 * u.columns / width } } ?? []
        Self.alphabet.withUnsafeBufferPointer { alphabet in
            func append(_ group: UInt32) {
                base64.append(alphabet[Int(group >> 18)], alphabet[Int(group >> 12 & 63)])
                base64.append(alphabet[Int(group >> 6 & 63)], alphabet[Int(group & 63)])
            }
            for y in 0..<height {
                let row = source + y * stride
                if let underlay, case let cellRow = y * underlay.rows / height, underlay.paintedRows[cellRow] {
                    let colours = underlay.colours[(cellRow * underlay.columns)...]
                    for x in 0..<width {
                        let colour = colours[colours.startIndex + cellColumn[x]]
                        append(colour != ImageUnderlay.clear ? colour : UInt32(row[4 * x]) << 16 | UInt32(row[4 * x + 1]) << 8 | UInt32(row[4 * x + 2]))
                    }
                } else {
                    for x in 0..<width {
                        append(UInt32(row[4 * x]) << 16 | UInt32(row[4 * x + 1]) << 8 | UInt32(row[4 * x + 2]))
                    }
                }
            }
        }
    }

    /// Removes the image and its placements (leaving video, at exit).
    public static let delete: [UInt8] = Array("\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\".utf8)
}
