/// Splits what one automation client sends into request lines, at most
/// `limit` bytes each: a longer line is reported once (`tooLong`) and its
/// bytes are skipped up to the next newline, so the connection stays usable.
/// Holds at most `limit` bytes of an unfinished line. Pure; one per client,
/// on the run-loop thread (the fuzz target drives it too).
public struct IPCLineReader: Sendable {
    public enum Line: Equatable, Sendable {
        /// A request line, without its newline (a CR before it is kept).
        case request([UInt8])
        /// A line longer than the limit, of at least this many bytes.
        case tooLong(Int)
    }

    public static let defaultLimit = 64 * 1024

    public let limit: Int
    /// The unfinished line.
    private var buffer: [UInt8] = []
    /// Bytes of an over-long line seen so far; nil when not inside one.
    private var skipping: Int?
    /// Lines complete and not yet taken.
    private var ready: [Line] = []
    private var readyStart = 0

    public init(limit: Int = IPCLineReader.defaultLimit) {
        self.limit = limit
    }

    /// Whether a line is waiting to be taken.
    public var hasLine: Bool { readyStart < ready.count }

    /// Bytes held: unfinished input.
    public var bufferedBytes: Int { buffer.count }

    /// Adds bytes read from the client.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
            let newline = rest.firstIndex(of: 10)
            let chunk = UnsafeRawBufferPointer(rebasing: rest[..<(newline ?? rest.count)])
            if let skipped = skipping {
                skipping = skipped + chunk.count
            } else if bufferedBytes + chunk.count > limit {
                skipping = bufferedBytes + chunk.count
                buffer.removeAll(keepingCapacity: false)
            } else {
                buffer.append(contentsOf: chunk)
            }
            guard let newline else { break }
            if let skipped = skipping {
                ready.append(.tooLong(skipped))
                skipping = nil
            } else {
                ready.append(.request(buffer))
                buffer.removeAll(keepingCapacity: true)
            }
            index += newline + 1
        }
    }

    /// The oldest complete line, if any.
    public mutating func next() -> Line? {
        guard readyStart < ready.count else { return nil }
        let line = ready[readyStart]
        readyStart += 1
        if readyStart == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyStart = 0
        }
        return line
    }
}
