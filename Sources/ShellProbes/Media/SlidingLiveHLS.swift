import Foundation

/// Live HLS channels made of pre-encoded segments, so no encoder competes
/// with what is measured: each channel's playlist (`liveN.m3u8`) is a
/// window of the last `window` segments as the clock goes on, looping over
/// the folder's `segNNN.ts` (a discontinuity at each loop), served with the
/// segments by a `LocalHTTPServer`.
public final class SlidingLiveHLS: @unchecked Sendable {
    public let server: LocalHTTPServer
    /// When the windows began to slide, and how often they move on.
    private let start: Date
    private let duration: Double

    /// `folder` holds `count` segments of `duration` seconds each.
    public init(folder: String, count: Int, duration: Double = 1, window: Int = 6) throws {
        let start = Date()
        self.start = start
        self.duration = duration
        server = try LocalHTTPServer(directory: folder, responder: { path in
            guard path.hasPrefix("live"), path.hasSuffix(".m3u8") else { return nil }
            let now = Int(Date().timeIntervalSince(start) / duration) + window
            let first = now - window
            var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\(Int(duration.rounded(.up)))\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
            text += "#EXT-X-DISCONTINUITY-SEQUENCE:\(first / count)\n"
            for sequence in first..<now {
                if sequence % count == 0, sequence != first { text += "#EXT-X-DISCONTINUITY\n" }
                text += "#EXTINF:\(String(format: "%.3f", duration)),\n/seg\(String(format: "%03d", sequence % count)).ts\n"
            }
            return Data(text.utf8)
        })
    }

    /// Channel `channel`'s playlist.
    public func url(channel: Int) -> String { server.url("live\(channel).m3u8") }

    public func stop() { server.stop() }

    /// Sleeps until the windows are `phase` (0..<1) of a segment's time past
    /// their last move: a cold load's time depends on where in a segment it
    /// falls (19 to 215 ms here), so loads compared with each other are made
    /// at the same phases.
    public func wait(untilPhase phase: Double) {
        Thread.sleep(forTimeInterval: seconds(untilPhase: phase))
    }

    /// Seconds from `after` seconds from now until the windows are next at `phase`.
    public func seconds(untilPhase phase: Double, after: Double = 0) -> Double {
        let position = (Date().timeIntervalSince(start) + after) / duration
        var ahead = phase - (position - position.rounded(.down))
        if ahead < 0 { ahead += 1 }
        return ahead * duration
    }

    /// The `k`th of a sequence of phases that covers a segment's time evenly
    /// for any number of loads (multiples of the golden ratio, modulo 1).
    public static func phase(_ k: Int) -> Double {
        let x = Double(k) * 0.618_033_988_749_895
        return x - x.rounded(.down)
    }
}

extension TestMedia {
    /// Twenty MPEG-TS segments of `seconds` each of testsrc2 (`size`, 25
    /// fps, a keyframe a second), for `SlidingLiveHLS`: the folder.
    public static func liveSegments(size: String = "320x180", seconds: Int = 1) throws -> String {
        try make("live-segments-\(size)" + (seconds == 1 ? "" : "-\(seconds)s")) { partial in
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
            let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25",
                                                  "-t", "\(20 * seconds)", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0",
                                                  "-pix_fmt", "yuv420p", "-f", "hls", "-hls_time", "\(seconds)", "-hls_playlist_type", "vod",
                                                  "-hls_segment_filename", partial + "/seg%03d.ts", partial + "/vod.m3u8"])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            return nil
        }
    }
}
