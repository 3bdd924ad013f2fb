/// One HDMI-CEC frame: the header (initiator, destination), an opcode and
/// its operands; a frame of the header alone is a poll. Pure; any thread.
public struct CECMessage: Equatable, Sendable, CustomStringConvertible {
    /// Logical addresses: the TV is 0, playback devices 4, 8 and 11, 15 is
    /// "unregistered" as an initiator and "broadcast" as a destination.
    public static let tv: UInt8 = 0
    public static let broadcast: UInt8 = 15

    public var initiator: UInt8
    public var destination: UInt8
    public var opcode: UInt8?
    public var operands: [UInt8]

    public init(from initiator: UInt8, to destination: UInt8, _ opcode: UInt8? = nil, _ operands: [UInt8] = []) {
        self.initiator = initiator & 0xF
        self.destination = destination & 0xF
        self.opcode = opcode
        self.operands = opcode == nil ? [] : operands
    }

    /// A frame's bytes (at most 16; nil when empty or longer).
    public init?(bytes: [UInt8]) {
        guard let header = bytes.first, bytes.count <= 16 else { return nil }
        initiator = header >> 4
        destination = header & 0xF
        opcode = bytes.count > 1 ? bytes[1] : nil
        operands = bytes.count > 2 ? Array(bytes[2...]) : []
    }

    public var bytes: [UInt8] {
        [initiator << 4 | destination] + (opcode.map { [$0] + operands } ?? [])
    }

    public var isBroadcast: Bool { destination == Self.broadcast }

    /// As `cec-ctl` prints frames: "04:8f".
    public var description: String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: ":")
    }

    /// Parses "04:8f" (recorded frames in tests).
    public init?(_ text: String) {
        let bytes = text.split(separator: ":").compactMap { UInt8($0, radix: 16) }
        guard bytes.count == text.split(separator: ":").count else { return nil }
        self.init(bytes: bytes)
    }
}

/// The opcodes tvshell speaks (HDMI 1.4b, CEC 2.0).
public enum CECOpcode {
    public static let featureAbort: UInt8 = 0x00
    public static let imageViewOn: UInt8 = 0x04
    public static let standby: UInt8 = 0x36
    public static let setMenuLanguage: UInt8 = 0x32
    public static let userControlPressed: UInt8 = 0x44
    public static let userControlReleased: UInt8 = 0x45
    public static let giveOSDName: UInt8 = 0x46
    public static let setOSDName: UInt8 = 0x47
    public static let activeSource: UInt8 = 0x82
    public static let givePhysicalAddress: UInt8 = 0x83
    public static let reportPhysicalAddress: UInt8 = 0x84
    public static let requestActiveSource: UInt8 = 0x85
    public static let setStreamPath: UInt8 = 0x86
    public static let deviceVendorID: UInt8 = 0x87
    public static let giveDeviceVendorID: UInt8 = 0x8C
    public static let menuRequest: UInt8 = 0x8D
    public static let menuStatus: UInt8 = 0x8E
    public static let giveDevicePowerStatus: UInt8 = 0x8F
    public static let reportPowerStatus: UInt8 = 0x90
    public static let getMenuLanguage: UInt8 = 0x91
    public static let cecVersion: UInt8 = 0x9E
    public static let getCECVersion: UInt8 = 0x9F
    public static let abort: UInt8 = 0xFF
}
