import CXML
import Foundation

/// gzip bytes in memory, inflated whole by zlib up to a limit (a lineup
/// served or kept as `.m3u.gz`). Pure; any thread.
public enum Gzip {
    /// Why gzip bytes give nothing.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// They unpack to more than `limit` bytes (stopped there: a small
        /// file that unpacks to gigabytes is never held).
        case tooLarge(limit: Int)
        /// zlib could not read them (cut short, or not gzip after all).
        case corrupt(String)

        public var description: String {
            switch self {
            case .tooLarge(let limit): "unpacks to more than \(limit >> 20) MiB"
            case .corrupt(let reason): "is compressed (gzip) but cannot be unpacked (\(reason))"
            }
        }
    }

    /// Whether `bytes` start as gzip does (1F 8B, deflate).
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B && iterator.next() == 8
    }

    /// `data` unpacked: every member of it (a file of members joined, as
    /// `cat a.gz b.gz` makes), at most `limit` bytes; with `cut`, its first
    /// `limit` bytes when there are more (a look at how it starts).
    public static func inflate(_ data: Data, limit: Int, cut: Bool = false) throws(Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data(capacity: min(limit, max(1 << 16, data.count * 4)))
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        let result: Failure? = data.withUnsafeBytes { raw -> Failure? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: Bytef.self) else { return .corrupt("no bytes") }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(raw.count)
            while true {
                let (status, produced) = buffer.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    let status = zlib_inflate(&stream)
                    return (status, chunk - Int(stream.avail_out))
                }
                if output.count + produced > limit {
                    guard cut else { return .tooLarge(limit: limit) }
                    output.append(contentsOf: buffer[0..<(limit - output.count)])
                    return nil
                }
                output.append(contentsOf: buffer[0..<produced])
                switch status {
                case Z_STREAM_END:
                    // Another member may follow.
                    guard stream.avail_in > 0, isGzip(UnsafeBufferPointer(start: stream.next_in, count: min(3, Int(stream.avail_in)))) else { return nil }
                    guard inflateReset(&stream) == Z_OK else { return .corrupt("zlib could not go on") }
                case Z_OK:
                    if stream.avail_in == 0 && produced < chunk { return .corrupt("it ends before its end") }
                case Z_BUF_ERROR:
                    return .corrupt("it ends before its end")
                default:
                    return .corrupt(stream.msg.map { String(cString: $0) } ?? "error \(status)")
                }
            }
        }
        if let result { throw result }
        return output
    }

    private static func zlib_inflate(_ stream: inout z_stream) -> Int32 {
        CXML.inflate(&stream, Z_NO_FLUSH)
    }
}
