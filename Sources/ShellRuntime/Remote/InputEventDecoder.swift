import CInput

/// The kernel's input events (`struct input_event`, as an evdev device or a
/// pipe of such records gives them) turned into remote buttons: a key's
/// name as LIRC and the `[remote]` map know it ("KEY_UP"), with its repeat
/// count (0 when pressed, then 1, 2 … for the device's own auto-repeat).
/// Records may arrive split across reads; a `SYN_DROPPED` forgets the keys
/// held. Pure; any thread (the fuzz target calls it).
public struct InputEventDecoder {
    /// A button as the remote map takes it.
    public struct Press: Equatable, Sendable {
        public let button: String
        public let repeatCount: Int
    }

    /// Bytes of one record on this machine.
    public static let recordSize = MemoryLayout<input_event>.size
    private var pending: [UInt8] = []
    /// Repeats seen of each key held, by code.
    private var held: [UInt16: Int] = [:]

    public init() {}

    /// The presses and repeats in `bytes` (after what was left over last time).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Press] {
        pending.append(contentsOf: bytes)
        let whole = pending.count / Self.recordSize * Self.recordSize
        guard whole > 0 else { return [] }
        var presses: [Press] = []
        pending.withUnsafeBytes { raw in
            for offset in stride(from: 0, to: whole, by: Self.recordSize) {
                let event = raw.loadUnaligned(fromByteOffset: offset, as: input_event.self)
                if let press = take(type: event.type, code: event.code, value: event.value) { presses.append(press) }
            }
        }
        pending.removeFirst(whole)
        return presses
    }

    private mutating func take(type: UInt16, code: UInt16, value: Int32) -> Press? {
        if type == UInt16(EV_SYN) && code == UInt16(SYN_DROPPED) {
            held.removeAll()
            return nil
        }
        guard type == UInt16(EV_KEY), let name = Self.name(code) else { return nil }
        switch value {
        case 1:
            held[code] = 0
            return Press(button: name, repeatCount: 0)
        case 2:
            let count = (held[code] ?? 0) + 1
            held[code] = count
            return Press(button: name, repeatCount: count)
        default:
            held[code] = nil
            return nil
        }
    }

    /// "KEY_UP" for KEY_UP's code; nil for codes with no name and for the
    /// buttons of mice and pads (BTN_*).
    public static func name(_ code: UInt16) -> String? {
        guard let name = libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)).map({ String(cString: $0) }), name.hasPrefix("KEY_"), name != "KEY_MAX" else { return nil }
        return name
    }
}
