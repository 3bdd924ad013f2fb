import Foundation
import ShellCore
import Testing
@testable import ShellRuntime
#if canImport(Glibc)
import Glibc
#endif

/// One `struct input_event` as the kernel lays it out on a 64-bit machine.
func inputEvent(type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: Int64(1).littleEndian) { bytes += $0 }
    withUnsafeBytes(of: Int64(0).littleEndian) { bytes += $0 }
    withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    return bytes
}

@Suite("Input devices (evdev): events to buttons")
struct InputDeviceTests {
    private func feed(_ decoder: inout InputEventDecoder, _ bytes: [UInt8]) -> [InputEventDecoder.Press] {
        bytes.withUnsafeBytes { decoder.feed($0) }
    }

    @Test("a press, the device's repeats counted, the release; records split anywhere; SYN_DROPPED forgets what was held; mice buttons and unknown codes ignored")
    func decodes() {
        #expect(InputEventDecoder.recordSize == 24)
        var decoder = InputEventDecoder()
        let right: UInt16 = 106
        var stream = inputEvent(type: 1, code: right, value: 1) + inputEvent(type: 0, code: 0, value: 0)
        for _ in 0..<3 { stream += inputEvent(type: 1, code: right, value: 2) }
        stream += inputEvent(type: 1, code: right, value: 0)
        var presses: [InputEventDecoder.Press] = []
        for chunk in stride(from: 0, to: stream.count, by: 7) { presses += feed(&decoder, Array(stream[chunk..<min(stream.count, chunk + 7)])) }
        #expect(presses == [.init(button: "KEY_RIGHT", repeatCount: 0), .init(button: "KEY_RIGHT", repeatCount: 1),
                            .init(button: "KEY_RIGHT", repeatCount: 2), .init(button: "KEY_RIGHT", repeatCount: 3)])
        let dropped = inputEvent(type: 1, code: right, value: 1) + inputEvent(type: 1, code: right, value: 2) + inputEvent(type: 0, code: 3, value: 0)
            + inputEvent(type: 1, code: right, value: 2)
        #expect(feed(&decoder, dropped).map(\.repeatCount) == [0, 1, 1], "after SYN_DROPPED the count starts again")
        #expect(feed(&decoder, inputEvent(type: 1, code: 0x110, value: 1) + inputEvent(type: 1, code: 0x2fe, value: 1) + inputEvent(type: 1, code: 0x2ff, value: 1)).isEmpty, "BTN_LEFT and a code with no name")
        #expect(feed(&decoder, inputEvent(type: 2, code: 0, value: 5)).isEmpty, "relative motion")
        #expect(InputEventDecoder.name(352) == "KEY_OK" && InputEventDecoder.name(365) == "KEY_EPG" && InputEventDecoder.name(398) == "KEY_RED")
    }

    @Test("the remote map takes them as lircd's buttons: held RIGHT passes every second repeat after the first two; a keyboard's letters and keypad digits too")
    func mapped() {
        let map = RemoteMap.standard
        #expect((0...6).map { map.command(button: "KEY_RIGHT", repeatCount: $0) } == [.right, nil, nil, .right, nil, .right, nil])
        #expect(map.command(button: "KEY_OK", repeatCount: 0) == .select && map.command(button: "KEY_EPG", repeatCount: 0) == .guide)
        #expect(map.command(button: "KEY_SPACE", repeatCount: 0) == .playPause && map.command(button: "KEY_G", repeatCount: 0) == .guide)
        // The keypad's digits (a console kiosk's keyboard): channel numbers and the passcode.
        #expect(InputEventDecoder.name(79) == "KEY_KP1" && InputEventDecoder.name(82) == "KEY_KP0")
        #expect((0...9).map { map.command(button: "KEY_KP\($0)", repeatCount: 0) } == (0...9).map { .digit($0) })
    }

    @Test("a device that cannot be opened is named with the group that may read it")
    func permission() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tvshell-input-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let node = dir.appendingPathComponent("event7").path
        #expect(FileManager.default.createFile(atPath: node, contents: nil))
        let group = getgrgid(getegid()).map { String(cString: $0.pointee.gr_name) } ?? "?"
        #expect(InputDevices.openFailure(node, errno: EACCES)
            == "input: \(node) cannot be opened (Permission denied); add tvshell's user to the group \"\(group)\" (usermod -aG \(group) USER) and start it again")
        #expect(InputDevices.openFailure("/dev/input/event99", errno: ENOENT) == "input: /dev/input/event99 cannot be opened (No such file or directory)")
    }

    @Test("[input]: auto, none or paths; grab")
    func config() {
        #expect(ShellConfigFile.parse("[input]\ndevices = [\"/dev/input/event3\", \"/run/remote\"]\ngrab = true", path: "c").inputDevices
            == .paths(["/dev/input/event3", "/run/remote"]))
        #expect(ShellConfigFile.parse("[input]\ndevices = \"none\"", path: "c").inputDevices == InputDeviceSelection.none)
        #expect(ShellConfigFile.parse("[input]\ndevices = \"mice\"", path: "c").problems.first?.message
            == "expected \"auto\", \"none\" or a list of device paths, like [\"/dev/input/event3\"]")
    }
}
