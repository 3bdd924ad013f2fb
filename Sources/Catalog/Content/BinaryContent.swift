
/// What binary data a text format's first bytes are instead (a video's
/// container, an archive, an image, UTF-16), told from their magic
/// numbers: the lineup's and the guide's checks each say it their way
/// (`LineupContent`, `GuideContent`). Pure; any thread.
enum BinaryContent: Equatable {
    case mpegTS, matroska, mp4, gzip, zip, utf16, audio, image, other

    /// What `bytes` (a file's or an answer's first bytes) are, or nil for text.
    init?(_ bytes: [UInt8]) {
        func at(_ offset: Int, _ magic: [UInt8]) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        if bytes.count >= 189, bytes[0] == 0x47, bytes[188] == 0x47 {
            self = .mpegTS
        } else if at(0, [0x1A, 0x45, 0xDF, 0xA3]) {
            self = .matroska
        } else if at(4, Array("ftyp".utf8)) || at(4, Array("moof".utf8)) || at(4, Array("styp".utf8)) {
            self = .mp4
        } else if at(0, [0x1F, 0x8B]) {
            self = .gzip
        } else if at(0, Array("PK".utf8)) && at(2, [0x03, 0x04]) {
            self = .zip
        } else if at(0, [0xFF, 0xFE]) || at(0, [0xFE, 0xFF]) {
            self = .utf16
        } else if at(0, Array("ID3".utf8)) || (bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 && bytes[1] != 0xFF) {
            self = .audio
        } else if at(0, [0x89]) && at(1, Array("PNG".utf8)) || at(0, [0xFF, 0xD8, 0xFF]) || at(0, Array("GIF8".utf8)) {
            self = .image
        } else if bytes.contains(0) {
            self = .other
        } else {
            return nil
        }
    }

    /// "an MPEG-TS video stream", "a ZIP archive" …
    var noun: String {
        switch self {
        case .mpegTS: "an MPEG-TS video stream"
        case .matroska: "a Matroska or WebM video"
        case .mp4: "an MP4 video"
        case .gzip: "compressed (gzip)"
        case .zip: "a ZIP archive"
        case .utf16: "UTF-16 text"
        case .audio: "audio (MP3 or AAC)"
        case .image: "an image"
        case .other: "binary data"
        }
    }
}
