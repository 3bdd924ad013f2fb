import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A live HLS stream for tests: ffmpeg encodes a lavfi test pattern (and a
/// tone) in real time into `directory` as 1 s segments with a sliding
/// playlist, served over HTTP by a `LocalHTTPServer` on that folder.
/// `url` is its playlist. Stops (and removes the folder) at `stop()`.
public final class LiveHLSStream {
    public let directory: URL
    public let server: LocalHTTPServer
    private var pid: pid_t?

    /// Starts the encoder and waits until the playlist lists `ready`
    /// segments. `source`: the lavfi video source.
    public init(source: String = "testsrc2=size=160x90:rate=25", listSize: Int = 120, ready: Int = 3) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tvshell-live-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = try LocalHTTPServer(directory: directory.path)
        pid = try Spawn.start([
            "ffmpeg", "-nostdin", "-loglevel", "error", "-re", "-f", "lavfi", "-i", source,
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
            "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-c:a", "aac",
            "-f", "hls", "-hls_time", "1", "-hls_list_size", String(listSize), "-hls_flags", "delete_segments+independent_segments",
            directory.appendingPathComponent("index.m3u8").path,
        ], outputPath: directory.appendingPathComponent("ffmpeg.log").path)
        let playlist = directory.appendingPathComponent("index.m3u8").path
        let deadline = Deadline(in: 30)
        while (try? String(contentsOfFile: playlist, encoding: .utf8))?.components(separatedBy: "#EXTINF").count ?? 0 <= ready {
            guard !deadline.hasPassed else {
                stop()
                throw SpawnError(message: "the live HLS encoder made no playlist in 30 s")
            }
            usleep(100_000)
        }
    }

    /// The playlist's URL.
    public var url: String { server.url("index.m3u8") }

    public func stop() {
        if let pid {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            self.pid = nil
        }
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }
}
