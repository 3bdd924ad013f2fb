import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A live HLS stream whose ad breaks start its timestamps again, as FAST
/// channels' (Pluto TV's, Samsung TV Plus's) do: a programme and an ad,
/// each encoded once as two 1 s segments whose timestamps start from the
/// same place, listed in turn — each change marked `#EXT-X-DISCONTINUITY` —
/// one segment more each second in a sliding playlist, served over HTTP by
/// a `LocalHTTPServer`. `url` is its playlist. Stops (and removes its
/// folder) at `stop()`; its own thread writes the playlist until then.
public final class AdBreakHLSStream: @unchecked Sendable {
    public let directory: URL
    public let server: LocalHTTPServer
    private let lock = NSLock()
    private var running = true
    /// The pieces in turn: each one's segment files.
    private let pieces: [[String]]
    /// The segments listed so far, and whether a break comes before each
    /// (written by `init`, then by the stream's thread alone).
    private var listed: [(name: String, break: Bool)] = []

    /// Encodes the two pieces and lists the first `ready` segments.
    public init(ready: Int = 3) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tvshell-adbreaks-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var pieces: [[String]] = []
        for (name, source, tone) in [("programme", "testsrc2=size=160x90:rate=25", 440), ("ad", "smptebars=size=160x90:rate=25", 880)] {
            let (status, output) = try Spawn.run([
                "ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source,
                "-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=48000", "-t", "2",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac",
                "-f", "hls", "-hls_time", "1", "-hls_list_size", "0",
                "-hls_segment_filename", directory.appendingPathComponent("\(name)%d.ts").path,
                directory.appendingPathComponent("\(name).m3u8").path,
            ])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            pieces.append(["\(name)0.ts", "\(name)1.ts"])
        }
        self.pieces = pieces
        server = try LocalHTTPServer(directory: directory.path)
        for _ in 0..<ready { try append() }
        Thread.detachNewThread { [weak self] in
            while true {
                usleep(1_000_000)
                guard let self, self.isRunning else { return }
                try? self.append()
            }
        }
    }

    /// The playlist's URL.
    public var url: String { server.url("index.m3u8") }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// Lists the next segment (a link to its piece's file under a name of
    /// its own) and writes the playlist's last 120.
    private func append() throws {
        let count = listed.count
        let perPiece = pieces[0].count
        let piece = (count / perPiece) % pieces.count
        let name = "s\(count).ts"
        let target = directory.appendingPathComponent(name).path
        guard link(directory.appendingPathComponent(pieces[piece][count % perPiece]).path, target) == 0 else {
            throw SpawnError(message: "could not link \(name)")
        }
        listed.append((name, count > 0 && count % perPiece == 0))
        let window = listed.suffix(120)
        let first = listed.count - window.count
        let breaksBefore = listed.prefix(first).filter(\.break).count
        var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:\(first)\n#EXT-X-DISCONTINUITY-SEQUENCE:\(breaksBefore)\n"
        for segment in window {
            if segment.break { text += "#EXT-X-DISCONTINUITY\n" }
            text += "#EXTINF:1.000000,\n\(segment.name)\n"
        }
        let partial = directory.appendingPathComponent("index.m3u8.partial")
        try text.write(to: partial, atomically: false, encoding: .utf8)
        guard rename(partial.path, directory.appendingPathComponent("index.m3u8").path) == 0 else {
            throw SpawnError(message: "could not write the playlist")
        }
    }

    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }
}
