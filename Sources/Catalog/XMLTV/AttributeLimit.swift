import Foundation

/// Counts the attributes of each tag in XML bytes as they go by, to stop a
/// document before libxml2 spends quadratic time on one element's
/// attributes. Counts `=` signs outside quoted values between `<` and `>`;
/// comments and end tags are skipped up to their `>`, so a comment full of
/// `=` can count too: the limit is far above any real guide's (XMLTV
/// elements have a handful). Pure; one per document.
struct AttributeLimit {
    static let maximum = 1000

    private enum State {
        case text
        /// Just after `<`.
        case opening
        case tag
        case quoted(UInt8)
        /// An end tag, comment, declaration: up to `>`.
        case skipping
    }

    private var state = State.text
    private var count = 0

    /// Looks over the next bytes; false once a tag has more than `maximum`.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < bytes.count {
            switch state {
            case .text:
                guard let found = memchr(base + index, 0x3C, bytes.count - index) else { return true }
                index = base.distance(to: UnsafeRawPointer(found)) + 1
                state = .opening
            case .opening:
                let byte = bytes[index]
                index += 1
                if byte == 0x2F || byte == 0x21 {
                    state = .skipping
                } else {
                    count = 0
                    state = .tag
                    if byte == 0x3E { state = .text }
                }
            case .tag:
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x3E: state = .text
                case 0x22, 0x27: state = .quoted(byte)
                case 0x3D:
                    count += 1
                    if count > Self.maximum { return false }
                default: break
                }
            case .quoted(let quote):
                guard let found = memchr(base + index, Int32(quote), bytes.count - index) else { return true }
                index = base.distance(to: UnsafeRawPointer(found)) + 1
                state = .tag
            case .skipping:
                guard let found = memchr(base + index, 0x3E, bytes.count - index) else { return true }
                index = base.distance(to: UnsafeRawPointer(found)) + 1
                state = .text
            }
        }
        return true
    }
}
