/// HLS I-frame playlists: a master playlist's `#EXT-X-I-FRAME-STREAM-INF`
/// streams, and an I-frame playlist's frames, each a byte range of a
/// segment holding one keyframe (with `#EXT-X-MAP`, the bytes a decoder
/// needs before it: a TS segment's PAT and PMT, an fMP4 init segment).
/// Pure; any thread.
public enum IFramePlaylist {
    public struct Stream: Equatable, Sendable {
        public var uri: String
        public var bandwidth: Int
        public var width: Int?
        public var height: Int?
    }

    public struct ByteRange: Equatable, Sendable {
        public var offset: Int
        public var length: Int

        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    public struct Frame: Equatable, Sendable {
        public var time: Double
        public var duration: Double
        public var uri: String
        public var range: ByteRange?
        public var mapURI: String?
        public var mapRange: ByteRange?
    }

    /// The I-frame streams a master playlist lists, smallest first (by
    /// resolution, then bandwidth), their URIs resolved against `base`.
    public static func streams(inMaster text: String, base: String) -> [Stream] {
        var streams: [Stream] = []
        for line in lines(text) where line.hasPrefix("#EXT-X-I-FRAME-STREAM-INF:") {
            let attributes = Self.attributes(String(line.dropFirst("#EXT-X-I-FRAME-STREAM-INF:".count)))
            guard let uri = attributes["URI"], !uri.isEmpty else { continue }
            let size = attributes["RESOLUTION"]?.split(separator: "x").compactMap { Int($0) }
            streams.append(Stream(uri: RelativeLocation.resolve(uri, against: base), bandwidth: Int(attributes["BANDWIDTH"] ?? "") ?? 0,
                                  width: size?.count == 2 ? size?[0] : nil, height: size?.count == 2 ? size?[1] : nil))
        }
        return streams.sorted { (($0.width ?? 0) * ($0.height ?? 0), $0.bandwidth) < (($1.width ?? 0) * ($1.height ?? 0), $1.bandwidth) }
    }

    /// Whether `text` is an I-frame playlist (`#EXT-X-I-FRAMES-ONLY`).
    public static func isIFramesOnly(_ text: String) -> Bool {
        lines(text).contains("#EXT-X-I-FRAMES-ONLY")
    }

    /// The frames of an I-frame playlist, with their start times; a byte
    /// range without an offset follows the previous one in the same URI.
    public static func frames(_ text: String, base: String) -> [Frame] {
        var frames: [Frame] = []
        var time = 0.0
        var duration: Double?
        var range: ByteRange?
        var pendingLength: (Int, Int?)?
        var map: (String, ByteRange?)?
        var nextOffset: [String: Int] = [:]
        for line in lines(text) {
            if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).split(separator: ",", omittingEmptySubsequences: false).first ?? ""
                duration = Double(value.trimmingWhitespace()).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            } else if line.hasPrefix("#EXT-X-BYTERANGE:") {
                pendingLength = byteRange(String(line.dropFirst("#EXT-X-BYTERANGE:".count)))
            } else if line.hasPrefix("#EXT-X-MAP:") {
                let attributes = Self.attributes(String(line.dropFirst("#EXT-X-MAP:".count)))
                guard let uri = attributes["URI"] else { continue }
                var mapRange: ByteRange?
                if let (length, offset) = attributes["BYTERANGE"].flatMap(byteRange) { mapRange = ByteRange(offset: offset ?? 0, length: length) }
                map = (RelativeLocation.resolve(uri, against: base), mapRange)
            } else if !line.hasPrefix("#"), !line.isEmpty {
                let uri = RelativeLocation.resolve(line, against: base)
                if let (length, offset) = pendingLength {
                    let start = offset ?? nextOffset[uri] ?? 0
                    range = ByteRange(offset: start, length: length)
                    nextOffset[uri] = start + length
                }
                if let duration {
                    frames.append(Frame(time: time, duration: duration, uri: uri, range: range, mapURI: map?.0, mapRange: map?.1))
                    time += duration
                }
                duration = nil
                range = nil
                pendingLength = nil
            }
        }
        return frames
    }

    /// The frame showing `time`: the last starting at or before it, else the first.
    public static func index(at time: Double, in frames: [Frame]) -> Int? {
        TimeIndex.last(atOrBefore: time, in: frames) { $0.time }
    }

    /// `LENGTH[@OFFSET]`.
    static func byteRange(_ text: String) -> (Int, Int?)? {
        let parts = text.trimmingWhitespace().split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let length = Int(parts[0]), length > 0, length <= 1 << 30 else { return nil }
        if parts.count == 2 {
            guard let offset = Int(parts[1]), offset >= 0, offset <= 1 << 46 else { return nil }
            return (length, offset)
        }
        return (length, nil)
    }

    /// An attribute list: `KEY=value,KEY="quoted, value"`.
    static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var key = "", value = "", inKey = true, quoted = false
        func flush() {
            let name = key.trimmingWhitespace()
            if !name.isEmpty { result[name] = value }
            key = ""
            value = ""
            inKey = true
        }
        for character in text {
            if inKey {
                if character == "=" { inKey = false } else if character == "," { flush() } else { key.append(character) }
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                flush()
            } else {
                value.append(character)
            }
        }
        flush()
        return result
    }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map { $0.trimmingWhitespace() }
    }
}
