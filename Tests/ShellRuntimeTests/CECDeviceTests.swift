import Testing
@testable import ShellRuntime

/// Frames as `cec-ctl --monitor` prints them.
private func frames(_ texts: [String]) -> [CECMessage] { texts.map { CECMessage($0)! } }

@Suite("HDMI-CEC: tvshell as a playback device, on recorded frames")
struct CECDeviceTests {
    @Test("claiming: 4 answers (another player has it), 8 does not: 8 is ours; the box says where it is and wakes the TV onto itself")
    func claim() {
        var device = CECDevice(physicalAddress: 0x1000)
        #expect(device.start().transmit == frames(["44"]))
        #expect(device.pollAnswered(acknowledged: true).transmit == frames(["88"]))
        let claimed = device.pollAnswered(acknowledged: false)
        #expect(device.logicalAddress == 8)
        #expect(claimed.transmit == frames(["8f:84:10:00:04", "80:04", "8f:82:10:00"]), "Report Physical Address, Image View On, Active Source")
        #expect(device.isActiveSource)
        var full = CECDevice(physicalAddress: 0x2000)
        _ = full.start()
        _ = full.pollAnswered(acknowledged: true)
        _ = full.pollAnswered(acknowledged: true)
        #expect(full.pollAnswered(acknowledged: true).transmit.isEmpty && full.logicalAddress == 15, "every playback address taken: unregistered")
        var quiet = CECDevice(settings: { var s = CECDevice.Settings(); s.wakeTV = false; return s }(), physicalAddress: 0x1000)
        #expect(quiet.claimed(4).transmit == frames(["4f:84:10:00:04"]), "[cec] wake_tv = false: only where it is")
    }

    @Test("the TV's polls answered: power, OSD name, vendor, menu language, CEC version, physical address; an unknown opcode refused; a broadcast never refused")
    func polls() {
        var device = CECDevice(physicalAddress: 0x1000)
        _ = device.claimed(4)
        let answers = frames(["04:8f", "04:46", "04:8c", "04:91", "04:9f", "04:83", "04:8d:02", "04:c0", "0f:c0", "04:ff"]).map { device.received($0).transmit }
        #expect(answers == [
            frames(["40:90:00"]), frames(["40:47:74:76:73:68:65:6c:6c"]), frames(["4f:87:00:0c:03"]), frames(["4f:32:65:6e:67"]),
            frames(["40:9e:06"]), frames(["4f:84:10:00:04"]), frames(["40:8e:00"]), frames(["40:00:c0:00"]), [], frames(["40:00:ff:04"]),
        ])
        #expect(device.received(CECMessage("08:8f")!).transmit.isEmpty, "to another device")
        #expect(device.received(CECMessage("04")!).transmit.isEmpty, "a poll")
    }

    @Test("active source: the TV asks, switches to the box by stream path, or to another input; standby")
    func activeSource() {
        var device = CECDevice(physicalAddress: 0x1000)
        _ = device.claimed(4)
        #expect(device.received(CECMessage("0f:85")!).transmit == frames(["4f:82:10:00"]))
        #expect(device.received(CECMessage("1f:82:20:00")!).transmit.isEmpty)
        #expect(!device.isActiveSource)
        #expect(device.received(CECMessage("0f:85")!).transmit.isEmpty, "not the active source: silent")
        #expect(device.received(CECMessage("0f:86:10:00")!).transmit == frames(["4f:82:10:00"]))
        #expect(device.isActiveSource)
        #expect(device.standby() == frames(["40:36"]))
        #expect(!device.isActiveSource)
    }

    @Test("the TV turned off by its own remote (<Standby> to all, or to the box): told as standby, nothing sent back; other messages are not standby")
    func televisionOff() {
        var device = CECDevice(physicalAddress: 0x1000)
        _ = device.claimed(4)
        _ = device.received(CECMessage("0f:86:10:00")!)
        let off = device.received(CECMessage("0f:36")!)
        #expect(off.standby && off.transmit.isEmpty && !device.isActiveSource)
        #expect(device.received(CECMessage("04:36")!).standby, "to the box alone")
        #expect(!device.received(CECMessage("0f:85")!).standby && !device.received(CECMessage("04:44:01")!).standby)
        #expect(!device.received(CECMessage("08:36")!).standby, "to another device")
    }

    @Test("the TV switching to the box (Set Stream Path to its address) is told as selected; to another input, or the TV asking who is active, is not")
    func televisionOn() {
        var device = CECDevice(physicalAddress: 0x1000)
        _ = device.claimed(4)
        let on = device.received(CECMessage("0f:86:10:00")!)
        #expect(on.selected && on.transmit == frames(["4f:82:10:00"]))
        #expect(!device.received(CECMessage("0f:86:20:00")!).selected, "another input")
        #expect(!device.received(CECMessage("0f:85")!).selected && !device.received(CECMessage("0f:36")!).selected)
    }

    @Test("the TV's remote: pressed and released as buttons; held (pressed again before released) counts up as a repeat")
    func userControl() {
        var device = CECDevice(physicalAddress: 0x1000)
        _ = device.claimed(4)
        let presses = frames(["04:44:01", "04:45", "04:44:04", "04:44:04", "04:44:04", "04:45", "04:44:00", "04:45", "04:44:53", "04:44:2a", "04:44:72"])
            .flatMap { device.received($0).presses }
        #expect(presses == [
            .init(button: "KEY_UP", repeatCount: 0), .init(button: "KEY_RIGHT", repeatCount: 0), .init(button: "KEY_RIGHT", repeatCount: 1),
            .init(button: "KEY_RIGHT", repeatCount: 2), .init(button: "KEY_OK", repeatCount: 0), .init(button: "KEY_EPG", repeatCount: 0),
            .init(button: "KEY_RED", repeatCount: 0),
        ], "0x2a (not a key tvshell uses) gives nothing")
        #expect(device.received(CECMessage("04:44")!).presses.isEmpty, "no operand")
    }

    @Test("frames: parsed and printed as cec-ctl does; at most 16 bytes")
    func messages() {
        #expect(CECMessage("40:47:74:76")?.description == "40:47:74:76")
        #expect(CECMessage(bytes: []) == nil && CECMessage(bytes: [UInt8](repeating: 0, count: 17)) == nil && CECMessage("zz") == nil)
        #expect(CECMessage(from: 4, to: 0, CECOpcode.standby).bytes == [0x40, 0x36])
    }
}
