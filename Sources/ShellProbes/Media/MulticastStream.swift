import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A live channel as an ISP's IPTV sends it, for tests: ffmpeg sends a test
/// clip (copied, not encoded, looped) as MPEG-TS to a multicast group, in
/// RTP (`rtp: true`, as most ISPs do) or bare over UDP. The packets stay on
/// this machine (time to live 0, sent and joined on the loopback
/// interface), so a test needs no network; `url` is the address a lineup
/// lists, joined on the loopback interface too. Stops at `stop()`.
public final class MulticastStream {
    public let url: String
    private var pid: pid_t?

    /// Starts the sender to a group of its own (chosen from the process id
    /// and a counter, so tests running at once do not share one).
    public init(rtp: Bool) throws {
        let clip = try TestMedia.clip(seconds: 60)
        let group = Self.nextGroup()
        let scheme = rtp ? "rtp" : "udp"
        url = "\(scheme)://@\(group.address):\(group.port)?localaddr=127.0.0.1"
        pid = try Spawn.start([
            "ffmpeg", "-nostdin", "-loglevel", "error", "-re", "-stream_loop", "-1", "-i", clip,
            "-map", "0:v", "-map", "0:a", "-c", "copy", "-f", rtp ? "rtp_mpegts" : "mpegts",
            "\(scheme)://\(group.address):\(group.port)?localaddr=127.0.0.1&ttl=0&pkt_size=1316",
        ])
    }

    public func stop() {
        if let pid {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            self.pid = nil
        }
    }

    deinit { stop() }

    nonisolated(unsafe) private static var count = 0
    private static let lock = NSLock()

    /// 239.255.x.y (organization-local scope) and an even port (RTP's).
    private static func nextGroup() -> (address: String, port: Int) {
        let n = lock.withLock { count += 1; return count }
        let pid = Int(getpid())
        return ("239.255.\(pid % 250 + 1).\(n % 250 + 1)", 20_000 + 2 * ((pid * 7 + n * 13) % 10_000))
    }
}
