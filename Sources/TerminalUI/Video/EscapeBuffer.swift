#if canImport(Glibc)
import Glibc
#endif

/// A growable byte buffer for escape sequences, with table-driven decimal
/// formatting: the blitter's output for one frame.
///
/// Not thread-safe; owned by one blitter. The bytes stay valid until the next
/// `reset()` or growth.
final class EscapeBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written since the last reset.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func reset() { count = 0 }

    /// Makes room for `extra` more bytes; call before a burst of unchecked appends.
    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = grown
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ a: UInt8, _ b: UInt8) {
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    /// Appends `count` bytes from `source`.
    func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        reserve(n)
        (base + count).update(from: source, count: n)
        count += n
    }

    func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        for b in bytes { append(b) }
    }

    /// Appends `value` (≥ 0) in decimal.
    @inline(__always)
    func decimal(_ value: Int) {
        guard value < 1000 else {
            decimal(value / 1000)
            let rest = value % 1000
            append(UInt8(48 + rest / 100))
            append(UInt8(48 + rest / 10 % 10))
            append(UInt8(48 + rest % 10))
            return
        }
        let entry = Self.digits[value]
        base[count] = UInt8(truncatingIfNeeded: entry)
        base[count + 1] = UInt8(truncatingIfNeeded: entry >> 8)
        base[count + 2] = UInt8(truncatingIfNeeded: entry >> 16)
        count += Int(entry >> 24)
    }

    /// For 0–999: up to three ASCII digits in the low bytes, their count in the top byte.
    private static let digits: [UInt32] = (0..<1000).map { v in
        let text = Array(String(v).utf8)
        var entry = UInt32(text.count) << 24
        for (i, d) in text.enumerated() { entry |= UInt32(d) << (8 * i) }
        return entry
    }
}
