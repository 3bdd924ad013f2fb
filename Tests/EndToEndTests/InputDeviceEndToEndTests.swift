import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One `struct input_event` (64-bit layout): a key's press (1), repeat (2) or release (0).
private func key(_ code: UInt16, _ value: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 16)
    withUnsafeBytes(of: UInt16(1).littleEndian) { bytes += $0 }
    withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    return bytes + [UInt8](repeating: 0, count: 24)
}

private let keyG: UInt16 = 34, keyUp: UInt16 = 103, keyRight: UInt16 = 106, keyBack: UInt16 = 158, keyPlayPause: UInt16 = 164

/// The shell reads a pipe of input events as it reads an evdev remote (the
/// same decoder, repeat counting and remote map). This machine has no
/// /dev/uinput (a container), so no uinput device stands in for a remote
/// here; the pipe carries the records a kernel would.
@Suite("Input devices, end to end (a pipe of input events)", .serialized)
struct InputDeviceEndToEndTests {
    @Test("UP opens the overlay, BACK closes it; held RIGHT, paused, scrubs with acceleration")
    func remoteThroughPipe() throws {
        let dir = TVShellBinary.scratchDirectory("input")
        let pipe = dir.appendingPathComponent("remote").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let config = dir.appendingPathComponent("config.toml").path
        try "[input]\ndevices = [\"\(pipe)\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["duration"] is Double }
        #expect(shell.log.contains("input: reading \(pipe) (a pipe of input events)"), "the log names the pipe")
        var fd: Int32 = -1
        let deadline = Deadline(in: 10)
        while fd < 0 && !deadline.hasPassed {
            fd = open(pipe, O_WRONLY | O_NONBLOCK)
            if fd < 0 { usleep(20_000) }
        }
        try #require(fd >= 0, "the shell has the pipe open")
        defer { close(fd) }
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }

        send(key(keyUp, 1) + key(keyUp, 0))
        let up = try shell.ipc.waitForState { $0["overlay"] as? String == "custom" }
        #expect(up["key_labels"] as? String == "keyboard", "an arrow says nothing of the hand it is in")
        send(key(keyBack, 1) + key(keyBack, 0))
        let back = try shell.ipc.waitForState { $0["overlay"] as? String == "none" }
        #expect(back["key_labels"] as? String == "remote", "BACK is a remote's button: the hints name the remote's")

        send(key(keyPlayPause, 1) + key(keyPlayPause, 0))
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        send(key(keyRight, 1))
        let first = try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == true }
        let origin = number(first["position"]) ?? 0
        let step = (number((first["scrub"] as? [String: Any])?["target"]) ?? 0) - origin
        #expect(step > 0)
        for _ in 1...20 {
            send(key(keyRight, 2))
            usleep(40_000)
        }
        send(key(keyRight, 0))
        let held = try shell.ipc.waitForState { (number(($0["scrub"] as? [String: Any])?["target"]) ?? 0) > origin + 10 * step }
        let moved = (number((held["scrub"] as? [String: Any])?["target"]) ?? 0) - origin
        #expect(moved > 10 * step, "9 of the 20 repeats pass the remote map: more than 10 steps means it accelerated (\(moved) s, step \(step) s)")
        #expect(try shell.ipc.state()["phase"] as? String == "playing")
        send(key(keyG, 1) + key(keyG, 0))
        let typed = try shell.ipc.waitForState { $0["screen"] as? String == "guide" }
        #expect(typed["key_labels"] as? String == "keyboard", "a letter is a keyboard's: the hints name the keyboard's keys again")
    }
}
