import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket standing in for systemd's notify socket.
private final class NotifySocket {
    let path: String
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw SpawnError(message: "bind \(path): \(String(cString: strerror(errno)))") }
    }

    /// The messages that arrive within `seconds`.
    func receive(for seconds: Double) -> [String] {
        var messages: [String] = []
        let deadline = Deadline(in: seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !deadline.hasPassed {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { messages.append(String(decoding: buffer[0..<n], as: UTF8.self)) }
        }
        return messages
    }

    deinit {
        close(fd)
        unlink(path)
    }
}

@Suite("Running under systemd")
struct ServiceEndToEndTests {
    @Test("READY once running, WATCHDOG from the run loop at half WatchdogSec, STOPPING on SIGTERM")
    func notify() throws {
        let dir = TVShellBinary.scratchDirectory("notify")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = try NotifySocket(path: dir.appendingPathComponent("notify.sock").path)
        var env = ProcessInfo.processInfo.environment
        env["NOTIFY_SOCKET"] = socket.path
        env["WATCHDOG_USEC"] = "600000"
        env["XDG_CONFIG_HOME"] = dir.path
        env["XDG_STATE_HOME"] = dir.path
        let pid = try Spawn.start([TVShellBinary.path, "--video", "none", "--mpv-option", "ao=null", "av://lavfi:testsrc2=size=160x90"],
                                  environment: env, outputPath: dir.appendingPathComponent("out.txt").path)
        let first = socket.receive(for: 2.5)
        #expect(first.first?.contains("READY=1") == true, "\(first)")
        #expect(first.filter { $0 == "WATCHDOG=1" }.count >= 4, "pinged every 0.3 s: \(first)")
        kill(pid, SIGTERM)
        let last = socket.receive(for: 1.5)
        #expect(last.contains("STOPPING=1"), "\(last)")
        #expect(Spawn.wait(pid) == 0)
    }

    @Test("the unit files in contrib/ are ones systemd accepts", arguments: ["tvshell@.service", "tvshell-tv@.service"])
    func unitFile(_ name: String) throws {
        let analyze = try #require(Spawn.which("systemd-analyze"), "systemd-analyze (Debian's systemd package) is installed by make test")
        let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contrib/systemd/" + name).path
        let dir = TVShellBinary.scratchDirectory("unit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent(name.replacingOccurrences(of: "@.", with: "@tty7.")).path
        try String(contentsOfFile: unit, encoding: .utf8).replacingOccurrences(of: "/usr/local/bin/tvshell", with: TVShellBinary.path)
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let (status, output) = try Spawn.run([analyze, "verify", copy])
        #expect(status == 0 && output.isEmpty, "systemd-analyze verify: \(output)")
    }
}
