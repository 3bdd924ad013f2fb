import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A stream whose server name never resolves: the shell's only nameserver
/// (a private mount namespace's /etc/resolv.conf) takes the lookup and
/// never answers, as a DNS server behind a dead link does.
@Suite("A DNS lookup that never answers", .serialized)
struct HungLookupEndToEndTests {
    /// A UDP socket on 127.0.0.9:53 that takes queries and answers none
    /// (nil when port 53 cannot be had: not root).
    private final class SilentNameserver {
        let fd: Int32

        init?() {
            fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(53).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.9")
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            guard fd >= 0, bound == 0 else {
                if fd >= 0 { close(fd) }
                return nil
            }
        }

        deinit { close(fd) }

        /// Whether a query came.
        var asked: Bool {
            var pending: Int32 = 0
            return ioctl(fd, UInt(FIONREAD), &pending) == 0 && pending > 0
        }
    }

    @Test("quitting while the channel's server name is being looked up ends within a few seconds, exit 0, the terminal given back; the log says it did not wait",
          .enabled(if: getuid() == 0 && ReadOnlyMount.unavailable == nil, "needs root: port 53 and a private mount namespace"))
    func quitDoesNotWait() throws {
        let nameserver = try #require(SilentNameserver(), "127.0.0.9:53 can be had")
        let dir = TVShellBinary.scratchDirectory("hung-lookup")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let resolv = dir.appendingPathComponent("resolv.conf").path
        try "nameserver 127.0.0.9\noptions timeout:30 attempts:1\n".write(toFile: resolv, atomically: true, encoding: .utf8)
        let lineup = dir.appendingPathComponent("lineup.m3u").path
        try "#EXTM3U\n#EXTINF:-1,Far Away\nhttp://stream.example.net/live.m3u8\n".write(toFile: lineup, atomically: true, encoding: .utf8)
        let wrapper = "unshare -m sh -c 'mount --bind \"$0\" /etc/resolv.conf && exec \"$@\"' '\(resolv)' "
        let shell = try ShellUnderTest([lineup], wrapper: wrapper)
        _ = try shell.ipc.waitForState { $0["phase"] as? String == "loading" }
        let deadline = Deadline(in: 10)
        while !nameserver.asked && !deadline.hasPassed { usleep(20_000) }
        try #require(nameserver.asked, "the lookup reached the silent nameserver")
        let quit = Stopwatch()
        _ = try? shell.ipc.request(["quit"])
        let status = shell.waitForExit(timeout: 10)
        let took = quit.elapsed
        #expect(status == 0, "exit \(String(describing: status)) after \(took) s")
        #expect(took < 6, "quit took \(took) s")
        #expect(shell.terminalModesKept())
        #expect(shell.log.contains("quitting without waiting for it"), "\(shell.log.suffix(800))")
    }
}
