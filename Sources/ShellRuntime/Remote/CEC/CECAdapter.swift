import CInput
import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// `[cec]`: the TV's own remote and power over HDMI-CEC.
public struct CECSettings: Sendable, Equatable {
    /// nil: the first /dev/cecN when there is one.
    public var device: String?
    public var enabled = true
    public var wakeTV = true
    public var standbyOnQuit = false
    public init() {}
}

/// One adapter of the kernel's CEC framework (`/dev/cecN`): a port beside
/// lircd and the input devices. The kernel claims a Playback Device address
/// for tvshell; what reaches this descriptor goes through `CECDevice` (the
/// state machine: answers, One Touch Play, buttons), and what it returns is
/// sent. Its descriptor is polled by the run loop. Run-loop thread only.
final class CECAdapter {
    let path: String
    let fd: Int32
    private var device: CECDevice
    private let logger: Logger

    /// Opens `path` (or the first adapter) and asks the kernel for an
    /// address; nil, with why in the log, when there is none or it cannot
    /// be used.
    static func open(_ settings: CECSettings, logger: Logger) -> CECAdapter? {
        guard settings.enabled else { return nil }
        guard let path = settings.device ?? CECStatus.adapters().first else {
            logger.info("HDMI-CEC: no adapter (/dev/cec*); the TV's remote is not read")
            return nil
        }
        let fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            logger.warning("\(InputDevices.openFailure(path, errno: errno, subject: "HDMI-CEC: "))")
            return nil
        }
        var physical: UInt16 = 0xFFFF
        _ = tvs_cec_physical_address(fd, &physical)
        var cecSettings = CECDevice.Settings()
        cecSettings.wakeTV = settings.wakeTV
        guard tvs_cec_follow(fd) == 0, tvs_cec_claim_playback(fd, cecSettings.osdName, cecSettings.vendorID) == 0 || errno == EBUSY else {
            logger.warning("HDMI-CEC: \(path) cannot be used (\(String(cString: strerror(errno))))")
            Glibc.close(fd)
            return nil
        }
        logger.info("HDMI-CEC: \(path), physical address \(CECStatus.physical(physical)); claiming a playback address")
        return CECAdapter(path: path, fd: fd, device: CECDevice(settings: cecSettings, physicalAddress: physical), logger: logger)
    }

    private init(path: String, fd: Int32, device: CECDevice, logger: Logger) {
        self.path = path
        self.fd = fd
        self.device = device
        self.logger = logger
    }

    deinit { Glibc.close(fd) }

    /// What to poll for: frames (POLLIN) and state changes (POLLPRI).
    var events: Int16 { Int16(POLLIN) | Int16(POLLPRI) }

    /// Takes what the adapter has: the TV's remote as buttons, whether a
    /// <Standby> came (the TV turned off), and whether the TV switched to
    /// the box.
    func service() -> (presses: [InputEventDecoder.Press], standby: Bool, selected: Bool) {
        var presses: [InputEventDecoder.Press] = []
        var standby = false, selected = false
        var physical: UInt16 = 0, mask: UInt32 = 0
        while true {
            let got = tvs_cec_event(fd, &physical, &mask)
            guard got >= 0 else { break }
            guard got == 1 else { continue }
            if physical != device.physicalAddress { send(device.physicalAddressChanged(physical).transmit) }
            if let address = (0..<15).first(where: { mask & (1 << $0) != 0 }).map(UInt8.init), device.logicalAddress != address {
                logger.info("HDMI-CEC: playback address \(address) claimed")
                send(device.claimed(address).transmit)
            }
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        while tvs_cec_receive(fd, &bytes, &length) == 0 {
            guard let message = CECMessage(bytes: Array(bytes.prefix(Int(length)))) else { continue }
            let out = device.received(message)
            send(out.transmit)
            presses += out.presses
            standby = standby || out.standby
            selected = selected || out.selected
        }
        return (presses, standby, selected)
    }

    /// The TV to standby (the sleep timer ended, or quit with `standby_on_quit`).
    func standby() {
        send(device.standby())
    }

    private func send(_ messages: [CECMessage]) {
        for message in messages {
            let bytes = message.bytes
            if tvs_cec_transmit(fd, bytes, UInt32(bytes.count)) != 0 {
                logger.debug("HDMI-CEC: \(message) not sent: \(String(cString: strerror(errno)))")
            }
        }
    }
}

/// `tvshell cec status`: the adapters, their physical and logical
/// addresses, or why there are none. Any thread.
public enum CECStatus {
    /// /dev/cec0, /dev/cec1 … that exist.
    static func adapters() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? [])
            .filter { $0.hasPrefix("cec") && $0.dropFirst(3).allSatisfy(\.isNumber) && $0.count > 3 }.sorted().map { "/dev/" + $0 }
    }

    /// "1.0.0.0"; "none" when the adapter has no physical address (no cable, no TV).
    static func physical(_ address: UInt16) -> String {
        address == 0xFFFF ? "none (no TV on the cable?)" : [12, 8, 4, 0].map { String((address >> $0) & 0xF) }.joined(separator: ".")
    }

    /// A report, and whether any adapter was found.
    public static func report() -> (text: String, found: Bool) {
        let paths = adapters()
        guard !paths.isEmpty else {
            return ("no HDMI-CEC adapter: /dev/cec* does not exist. The kernel's CEC framework needs a driver for the adapter "
                + "(vc4-hdmi on a Raspberry Pi with dtoverlay=vc4-kms-v3d, pulse8-cec for a Pulse-Eight USB adapter, an i915 or amdgpu "
                + "port with CEC); `cec-ctl --list-devices` (v4l-utils) lists what the kernel sees.", false)
        }
        var lines: [String] = []
        for path in paths {
            let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                lines.append(InputDevices.openFailure(path, errno: errno, subject: ""))
                continue
            }
            defer { Glibc.close(fd) }
            var driver = [CChar](repeating: 0, count: 32), name = [CChar](repeating: 0, count: 32)
            var available: UInt32 = 0, mask: UInt32 = 0
            var address: UInt16 = 0xFFFF
            guard tvs_cec_caps(fd, &driver, &name, &available) == 0 else {
                lines.append("\(path): not a CEC adapter (\(String(cString: strerror(errno))))")
                continue
            }
            _ = tvs_cec_physical_address(fd, &address)
            _ = tvs_cec_logical_addresses(fd, &mask)
            let logical = (0..<16).filter { mask & (1 << $0) != 0 }.map(String.init)
            func text(_ field: [CChar]) -> String { String(decoding: field.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            lines.append("\(path): \(text(name)) (driver \(text(driver))), physical address \(physical(address)), "
                + "logical \(logical.isEmpty ? "none claimed" : logical.joined(separator: ", "))")
        }
        return (lines.joined(separator: "\n"), true)
    }
}
