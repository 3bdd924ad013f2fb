import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A live channel as an ISP's IPTV sends it, for tests: ffmpeg sends a clip
/// (copied, not encoded, looped) as MPEG-TS to a multicast group, in RTP
/// (`rtp: true`, as most ISPs do) or bare over UDP, from `source` (an
/// address of the loopback interface: 127.0.0.2 is another sender than
/// 127.0.0.1). The packets stay on this machine (time to live 0, sent and
/// joined on the loopback interface), so a test needs no network. `url` is
/// the address a lineup lists, joined on the loopback interface too.
/// Stops at `stop()`.
public final class MulticastStream {
    /// A multicast group and port.
    public struct Group: Sendable {
        public let address: String
        public let port: Int
    }

    public let group: Group
    private let scheme: String
    private var pid: pid_t?

    /// Starts the sender of `clip` (a 60 s test clip when nil) to `group`
    /// (one of its own when nil, chosen from the process id and a counter,
    /// so tests running at once do not share one).
    public init(rtp: Bool, from source: String = "127.0.0.1", to group: Group? = nil, clip: String? = nil) throws {
        let clip = try clip ?? TestMedia.clip(seconds: 60)
        self.group = group ?? Self.group(first: 239)
        scheme = rtp ? "rtp" : "udp"
        pid = try Spawn.start([
            "ffmpeg", "-nostdin", "-loglevel", "error", "-re", "-stream_loop", "-1", "-i", clip,
            "-map", "0:v", "-map", "0:a", "-c", "copy", "-f", rtp ? "rtp_mpegts" : "mpegts",
            "\(scheme)://\(self.group.address):\(self.group.port)?localaddr=\(source)&ttl=0&pkt_size=1316",
        ])
    }

    /// The group as a lineup lists it: `rtp://@GROUP:PORT`.
    public var url: String { "\(scheme)://@\(group.address):\(group.port)?localaddr=127.0.0.1" }

    /// The group in VLC's form of a source-specific one: `rtp://SOURCE@GROUP:PORT`.
    public func url(naming source: String) -> String { "\(scheme)://\(source)@\(group.address):\(group.port)?localaddr=127.0.0.1" }

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

    /// A group of this process's own: `first`.255.x.y (239: organization-local
    /// scope; 232: source-specific) and an even port (RTP's).
    public static func group(first: Int) -> Group {
        let n = lock.withLock { count += 1; return count }
        let pid = Int(getpid())
        return Group(address: "\(first).255.\(pid % 250 + 1).\(n % 250 + 1)", port: 20_000 + 2 * ((pid * 7 + n * 13) % 10_000))
    }
}
