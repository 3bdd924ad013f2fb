/// tvshell as an HDMI-CEC Playback Device: claims a logical address (4,
/// then 8, then 11, each polled first: one that answers is taken), says
/// where it is, wakes the TV and switches its input to the box (One Touch
/// Play) when asked to, answers the TV's questions (power status, OSD name,
/// vendor, menu language, CEC version, physical address, active source),
/// turns the remote's user-control frames into buttons named as the
/// kernel's keys (held: repeated presses count up, as a remote's repeat),
/// puts the TV in standby, and refuses what it does not do with Feature
/// Abort (never for broadcasts). A state machine with no I/O: the adapter
/// port feeds it frames and sends what it returns. Pure; any thread (the
/// fuzz target and the tests drive it with recorded frames).
public struct CECDevice {
    public struct Settings: Equatable, Sendable {
        public var osdName = "tvshell"
        /// IEEE OUI sent in Device Vendor ID (none of a TV maker's).
        public var vendorID: UInt32 = 0x000C03
        /// Wake the TV and switch to the box once the address is claimed.
        public var wakeTV = true
        /// ISO 639-2 code for Set Menu Language.
        public var menuLanguage = "eng"
        public init() {}
    }

    /// What a step asks of the adapter: frames to send, buttons for the
    /// remote map.
    public struct Output: Equatable, Sendable {
        public var transmit: [CECMessage] = []
        public var presses: [InputEventDecoder.Press] = []
        /// A <Standby> came (the TV turned off by its own remote, with
        /// its "devices off with the TV" setting): the box is to sleep.
        public var standby = false
        /// The TV switched its input to the box (<Set Stream Path> to its
        /// address): a viewer is there.
        public var selected = false
    }

    /// The playback addresses, in the order they are tried.
    public static let playbackAddresses: [UInt8] = [4, 8, 11]
    public static let deviceTypePlayback: UInt8 = 4

    public let settings: Settings
    public private(set) var physicalAddress: UInt16
    /// The claimed address; nil while claiming (or unregistered, 15, when every one was taken).
    public private(set) var logicalAddress: UInt8?
    /// The address being polled.
    private var claiming: Int?
    /// Whether the TV shows this box (it said so, or One Touch Play).
    public private(set) var isActiveSource = false
    /// The user-control code held, and how many presses it has had.
    private var held: (code: UInt8, count: Int)?

    public init(settings: Settings = Settings(), physicalAddress: UInt16) {
        self.settings = settings
        self.physicalAddress = physicalAddress
    }

    private var me: UInt8 { logicalAddress ?? CECMessage.broadcast }

    // MARK: - Claiming an address

    /// Starts claiming by polling the first playback address. (An adapter
    /// whose kernel driver claims the address itself reports it through
    /// `claimed` instead.)
    public mutating func start() -> Output {
        claiming = 0
        return Output(transmit: [poll(Self.playbackAddresses[0])])
    }

    /// The poll of the address being claimed was acknowledged (another
    /// device has it: the next is tried) or not (it is ours).
    public mutating func pollAnswered(acknowledged: Bool) -> Output {
        guard let index = claiming else { return Output() }
        if !acknowledged { return claimed(Self.playbackAddresses[index]) }
        guard index + 1 < Self.playbackAddresses.count else {
            claiming = nil
            logicalAddress = CECMessage.broadcast
            return Output()
        }
        claiming = index + 1
        return Output(transmit: [poll(Self.playbackAddresses[index + 1])])
    }

    /// The address is ours: say where the box is, and wake the TV onto it
    /// when `wakeTV`.
    public mutating func claimed(_ address: UInt8) -> Output {
        claiming = nil
        logicalAddress = address
        var out = Output(transmit: [reportPhysicalAddress()])
        if settings.wakeTV { out.transmit += oneTouchPlay() }
        return out
    }

    /// The adapter's physical address changed (the HDMI cable moved).
    public mutating func physicalAddressChanged(_ address: UInt16) -> Output {
        physicalAddress = address
        guard logicalAddress != nil else { return Output() }
        return Output(transmit: [reportPhysicalAddress()])
    }

    // MARK: - What the TV says

    public mutating func received(_ message: CECMessage) -> Output {
        guard let opcode = message.opcode, message.initiator != me || me == CECMessage.broadcast else { return Output() }
        let toMe = message.destination == me && me != CECMessage.broadcast
        guard toMe || message.isBroadcast else { return Output() }
        var out = Output()
        func reply(_ code: UInt8, _ operands: [UInt8] = []) {
            out.transmit.append(CECMessage(from: me, to: message.initiator, code, operands))
        }
        switch opcode {
        case CECOpcode.giveDevicePowerStatus where toMe:
            reply(CECOpcode.reportPowerStatus, [0x00])
        case CECOpcode.giveOSDName where toMe:
            reply(CECOpcode.setOSDName, Array(settings.osdName.utf8.prefix(14)))
        case CECOpcode.giveDeviceVendorID where toMe:
            out.transmit.append(CECMessage(from: me, to: CECMessage.broadcast, CECOpcode.deviceVendorID, vendorBytes()))
        case CECOpcode.getMenuLanguage where toMe:
            out.transmit.append(CECMessage(from: me, to: CECMessage.broadcast, CECOpcode.setMenuLanguage, Array(settings.menuLanguage.utf8.prefix(3))))
        case CECOpcode.getCECVersion where toMe:
            reply(CECOpcode.cecVersion, [0x06])
        case CECOpcode.givePhysicalAddress where toMe:
            out.transmit.append(reportPhysicalAddress())
        case CECOpcode.menuRequest where toMe:
            reply(CECOpcode.menuStatus, [0x00])
        case CECOpcode.requestActiveSource where message.isBroadcast:
            if isActiveSource { out.transmit.append(activeSource()) }
        case CECOpcode.setStreamPath where message.isBroadcast:
            guard message.operands.count >= 2 else { break }
            if address(message.operands) == physicalAddress {
                isActiveSource = true
                out.transmit.append(activeSource())
                out.selected = true
            }
        case CECOpcode.activeSource where message.isBroadcast:
            if message.operands.count >= 2 { isActiveSource = address(message.operands) == physicalAddress }
        case CECOpcode.standby:
            isActiveSource = false
            held = nil
            out.standby = true
        case CECOpcode.userControlPressed where toMe:
            guard let code = message.operands.first else { break }
            let count = held?.code == code ? held!.count + 1 : 0
            held = (code, count)
            if let name = Self.keyName(code) { out.presses.append(InputEventDecoder.Press(button: name, repeatCount: count)) }
        case CECOpcode.userControlReleased where toMe:
            held = nil
        case CECOpcode.featureAbort, CECOpcode.reportPowerStatus, CECOpcode.setOSDName, CECOpcode.deviceVendorID,
             CECOpcode.reportPhysicalAddress, CECOpcode.cecVersion, CECOpcode.setMenuLanguage, CECOpcode.menuStatus:
            break
        case CECOpcode.abort where toMe:
            reply(CECOpcode.featureAbort, [opcode, 0x04])
        default:
            if toMe { reply(CECOpcode.featureAbort, [opcode, 0x00]) }
        }
        return out
    }

    // MARK: - What tvshell asks of the TV

    /// The TV on, showing this box.
    public mutating func oneTouchPlay() -> [CECMessage] {
        guard let logicalAddress, logicalAddress != CECMessage.broadcast else { return [] }
        isActiveSource = true
        return [CECMessage(from: logicalAddress, to: CECMessage.tv, CECOpcode.imageViewOn), activeSource()]
    }

    /// The TV to standby (the sleep timer ended; quit with `standby_on_quit`).
    public mutating func standby() -> [CECMessage] {
        isActiveSource = false
        return [CECMessage(from: me, to: CECMessage.tv, CECOpcode.standby)]
    }

    // MARK: - Frames

    private func poll(_ address: UInt8) -> CECMessage { CECMessage(from: address, to: address) }

    private func reportPhysicalAddress() -> CECMessage {
        CECMessage(from: me, to: CECMessage.broadcast, CECOpcode.reportPhysicalAddress,
                   [UInt8(physicalAddress >> 8), UInt8(physicalAddress & 0xFF), Self.deviceTypePlayback])
    }

    private func activeSource() -> CECMessage {
        CECMessage(from: me, to: CECMessage.broadcast, CECOpcode.activeSource, [UInt8(physicalAddress >> 8), UInt8(physicalAddress & 0xFF)])
    }

    private func vendorBytes() -> [UInt8] {
        [UInt8((settings.vendorID >> 16) & 0xFF), UInt8((settings.vendorID >> 8) & 0xFF), UInt8(settings.vendorID & 0xFF)]
    }

    private func address(_ operands: [UInt8]) -> UInt16 { UInt16(operands[0]) << 8 | UInt16(operands[1]) }

    /// A user-control code as the kernel names the key (so the `[remote]`
    /// map takes CEC like lircd and evdev); nil for codes tvshell has no use for.
    public static func keyName(_ code: UInt8) -> String? {
        switch code {
        case 0x00: "KEY_OK"
        case 0x01: "KEY_UP"
        case 0x02: "KEY_DOWN"
        case 0x03: "KEY_LEFT"
        case 0x04: "KEY_RIGHT"
        case 0x09: "KEY_MENU"
        case 0x0D: "KEY_EXIT"
        case 0x20...0x29: "KEY_\(code - 0x20)"
        case 0x30: "KEY_CHANNELUP"
        case 0x31: "KEY_CHANNELDOWN"
        case 0x32: "KEY_LAST"
        case 0x35: "KEY_INFO"
        case 0x36: "KEY_HELP"
        case 0x44: "KEY_PLAY"
        case 0x45: "KEY_STOP"
        case 0x46: "KEY_PAUSE"
        case 0x48: "KEY_REWIND"
        case 0x49: "KEY_FASTFORWARD"
        case 0x4B: "KEY_NEXT"
        case 0x4C: "KEY_PREVIOUS"
        case 0x53: "KEY_EPG"
        case 0x61: "KEY_PLAYPAUSE"
        case 0x71: "KEY_BLUE"
        case 0x72: "KEY_RED"
        case 0x73: "KEY_GREEN"
        case 0x74: "KEY_YELLOW"
        case 0x91: "KEY_BACK"
        default: nil
        }
    }
}
