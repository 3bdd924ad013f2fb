/// A Roku / Plex `.bif` file's index: a magic number, a version, the
/// frame count, the milliseconds a timestamp unit stands for, then
/// (timestamp, offset) pairs, the last one (timestamp 0xFFFFFFFF) marking
/// where the last JPEG ends. Pure; any thread.
public struct BIFIndex: Equatable, Sendable {
    public struct Frame: Equatable, Sendable {
        public var time: Double
        public var offset: Int
        public var length: Int
    }

    public var frames: [Frame]

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notBIF
        case truncated
        case badIndex(String)

        public var description: String {
            switch self {
            case .notBIF: "not a BIF file (its first bytes are not BIF's magic number)"
            case .truncated: "the BIF file ends inside its index"
            case .badIndex(let why): "the BIF index is not usable: \(why)"
            }
        }
    }

    static let magic: [UInt8] = [0x89, 0x42, 0x49, 0x46, 0x0D, 0x0A, 0x1A, 0x0A]
    /// More frames than any real file has (a frame a second for 12 days).
    static let maxFrames = 1_000_000

    /// Reads the index of a BIF file of `size` bytes from its first bytes,
    /// `header` (the whole file, or at least 64 + 8·(frames+1) bytes of it).
    public init(header: [UInt8], size: Int) throws(Problem) {
        guard header.count >= 64, Array(header[0..<8]) == Self.magic else {
            throw header.count >= 8 && Array(header[0..<8]) == Self.magic ? .truncated : .notBIF
        }
        func u32(_ at: Int) -> Int {
            Int(header[at]) | Int(header[at + 1]) << 8 | Int(header[at + 2]) << 16 | Int(header[at + 3]) << 24
        }
        let count = u32(12)
        guard count <= Self.maxFrames else { throw .badIndex("\(count) frames") }
        let unit = u32(16) == 0 ? 1000 : u32(16)
        let end = 64 + 8 * (count + 1)
        guard header.count >= end else { throw .truncated }
        var frames: [Frame] = []
        frames.reserveCapacity(count)
        for i in 0..<count {
            let entry = 64 + 8 * i
            let offset = u32(entry + 4), next = u32(entry + 12)
            guard offset >= end, next > offset, next <= size else {
                throw .badIndex("frame \(i) runs from byte \(offset) to \(next) of \(size)")
            }
            frames.append(Frame(time: Double(u32(entry)) * Double(unit) / 1000, offset: offset, length: next - offset))
        }
        guard zip(frames, frames.dropFirst()).allSatisfy({ $0.time <= $1.time }) else { throw .badIndex("timestamps go backwards") }
        self.frames = frames
    }

    /// The frame showing `time`: the last at or before it, else the first.
    public func index(at time: Double) -> Int? {
        TimeIndex.last(atOrBefore: time, in: frames) { $0.time }
    }

    /// Bytes of the header and index a file with `count` frames has.
    public static func indexSize(frames count: Int) -> Int { 64 + 8 * (count + 1) }

    /// The frame count a header's first 16 bytes give (nil: not BIF).
    public static func frameCount(_ first: [UInt8]) -> Int? {
        guard first.count >= 16, Array(first[0..<8]) == magic else { return nil }
        return Int(first[12]) | Int(first[13]) << 8 | Int(first[14]) << 16 | Int(first[15]) << 24
    }
}
