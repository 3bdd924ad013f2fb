import Foundation

/// Media for scrub thumbnails: a 10-minute clip of solid colours, one a
/// 30-second segment, a keyframe every 10 s; the same as HLS with an
/// I-frame playlist, and its thumbnails as a WebVTT sprite sheet and a
/// Roku `.bif`. Made once per machine.
extension TestMedia {
    /// The colours of the 20 segments, 0xRRGGBB.
    public static let segmentColours: [UInt32] = [
        0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0xFF00FF, 0x00FFFF, 0xFF8000, 0x8000FF, 0x00FF80, 0xFF0080,
        0x80FF00, 0x0080FF, 0x804000, 0x408000, 0x004080, 0x800040, 0xFFFFFF, 0x808080, 0x400080, 0x008040,
    ]

    /// The colour shown at `seconds` into the colour clip.
    public static func segmentColour(at seconds: Double) -> (red: Int, green: Int, blue: Int) {
        let colour = segmentColours[min(segmentColours.count - 1, max(0, Int(seconds / 30)))]
        return (Int(colour >> 16), Int(colour >> 8 & 0xFF), Int(colour & 0xFF))
    }

    /// The 10-minute colour clip (H.264 in Matroska, 320x180, 25 fps).
    public static func colourSegments() throws -> String {
        try make("colour-segments-600s.mkv") { path in
            var graph = ""
            for (index, colour) in segmentColours.enumerated() {
                graph += "color=c=0x\(hex(colour)):s=320x180:r=25:d=30[v\(index)];"
            }
            graph += (0..<segmentColours.count).map { "[v\($0)]" }.joined() + "concat=n=\(segmentColours.count):v=1:a=0[out]"
            return ["-filter_complex", graph, "-map", "[out]", "-c:v", "libx264", "-preset", "ultrafast", "-g", "250", "-keyint_min", "250",
                    "-sc_threshold", "0", "-pix_fmt", "yuv420p", path]
        }
    }

    /// The colour HLS's master playlist: its one variant and its I-frames,
    /// then `more` lines.
    private static func master(_ more: String...) -> String {
        (["#EXTM3U", "#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180", "index.m3u8",
          #"#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=60000,RESOLUTION=320x180,URI="iframe.m3u8""#] + more).joined(separator: "\n") + "\n"
    }

    /// The colour clip as HLS VOD (10 s TS segments) in a folder:
    /// `master.m3u8` lists `index.m3u8` and the I-frame playlist
    /// `iframe.m3u8` (each keyframe's byte range, with the segment's PAT and
    /// PMT as its `#EXT-X-MAP`).
    public static func colourSegmentsHLS() throws -> String {
        let clip = try colourSegments()
        return try make("colour-segments-hls") { partial in
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
            let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", clip, "-c", "copy", "-f", "hls", "-hls_time", "10",
                                                  "-hls_playlist_type", "vod", "-hls_segment_filename", partial + "/seg%03d.ts", partial + "/index.m3u8"])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            let segments = try FileManager.default.contentsOfDirectory(atPath: partial).filter { $0.hasSuffix(".ts") }.sorted()
            var iframes = "#EXTM3U\n#EXT-X-VERSION:4\n#EXT-X-TARGETDURATION:10\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-I-FRAMES-ONLY\n"
            var keyframes: [(segment: String, time: Double, offset: Int, length: Int, map: Int)] = []
            for segment in segments {
                let (probed, text) = try Spawn.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=pts_time,pos,flags",
                                                    "-of", "csv=p=0", partial + "/" + segment])
                guard probed == 0 else { throw SpawnError(message: "ffprobe failed (\(probed)): \(text)") }
                let packets = text.split(separator: "\n").compactMap { line -> (Double, Int, Bool)? in
                    let fields = line.split(separator: ",")
                    guard fields.count >= 3, let time = Double(fields[0]), let pos = Int(fields[1]) else { return nil }
                    return (time, pos, fields[2].hasPrefix("K"))
                }
                guard let first = packets.first else { continue }
                for (index, packet) in packets.enumerated() where packet.2 {
                    let end = index + 1 < packets.count ? packets[index + 1].1 : packet.1 + 188 * 50
                    keyframes.append((segment, packet.0, packet.1, end - packet.1, first.1))
                }
            }
            for (index, keyframe) in keyframes.enumerated() {
                let next = index + 1 < keyframes.count ? keyframes[index + 1].time : keyframe.time + 10
                iframes += "#EXT-X-MAP:URI=\"\(keyframe.segment)\",BYTERANGE=\"\(keyframe.map)@0\"\n"
                iframes += "#EXTINF:\(String(format: "%.3f", next - keyframe.time)),\n#EXT-X-BYTERANGE:\(keyframe.length)@\(keyframe.offset)\n\(keyframe.segment)\n"
            }
            iframes += "#EXT-X-ENDLIST\n"
            try iframes.write(toFile: partial + "/iframe.m3u8", atomically: true, encoding: .utf8)
            try master().write(toFile: partial + "/master.m3u8", atomically: true, encoding: .utf8)
            return nil
        }
    }

    /// The colour HLS of `colourSegmentsHLS` (its files linked) with an
    /// image stream beside its I-frames: `images.m3u8`, six 800x180 JPEGs of
    /// 5 × 2 tiles of 160x90, one tile each 10 s; `master.m3u8` lists both.
    public static func colourSegmentsHLSImages() throws -> String {
        let clip = try colourSegments()
        let hls = try colourSegmentsHLS()
        return try make("colour-segments-hls-images") { partial in
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: hls) where name != "master.m3u8" {
                try FileManager.default.createSymbolicLink(atPath: partial + "/" + name, withDestinationPath: hls + "/" + name)
            }
            let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", clip, "-vf",
                                                  "select=not(mod(n\\,250)),scale=160:90,tile=5x2", "-fps_mode", "vfr", "-q:v", "3", partial + "/tiles%d.jpg"])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            let images = try FileManager.default.contentsOfDirectory(atPath: partial).filter { $0.hasPrefix("tiles") }
            var playlist = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:100\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-IMAGES-ONLY\n"
            for index in 1...images.count {
                playlist += "#EXTINF:100.000,\n#EXT-X-TILES:RESOLUTION=160x90,LAYOUT=5x2,DURATION=10.000\ntiles\(index).jpg\n"
            }
            playlist += "#EXT-X-ENDLIST\n"
            try playlist.write(toFile: partial + "/images.m3u8", atomically: true, encoding: .utf8)
            try master(#"#EXT-X-IMAGE-STREAM-INF:BANDWIDTH=8000,RESOLUTION=160x90,CODECS="jpeg",URI="images.m3u8""#)
                .write(toFile: partial + "/master.m3u8", atomically: true, encoding: .utf8)
            return nil
        }
    }

    /// The colour clip's thumbnails, one each 10 s at 160x90: `sprite.jpg`
    /// (10 × 6 tiles), `thumbnails.vtt` naming `sprite_url` (default
    /// `sprite.jpg` beside it) with `#xywh`, and `clip.bif`; in a folder.
    public static func colourSegmentThumbnails() throws -> String {
        let clip = try colourSegments()
        return try make("colour-segments-thumbnails-v2") { partial in
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
            var (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", clip, "-vf", "select=not(mod(n\\,250)),scale=160:90,tile=10x6",
                                                  "-frames:v", "1", "-q:v", "3", partial + "/sprite.jpg"])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", clip, "-vf", "select=not(mod(n\\,250)),scale=160:90", "-fps_mode", "vfr",
                                              "-q:v", "3", partial + "/frame%03d.jpg"])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            var vtt = "WEBVTT\n\n"
            for index in 0..<60 {
                vtt += "\(clock(Double(index * 10))) --> \(clock(Double(index * 10 + 10)))\nsprite.jpg#xywh=\(index % 10 * 160),\(index / 10 * 90),160,90\n\n"
            }
            try vtt.write(toFile: partial + "/thumbnails.vtt", atomically: true, encoding: .utf8)
            let frames = try FileManager.default.contentsOfDirectory(atPath: partial).filter { $0.hasPrefix("frame") }.sorted()
            let images = try frames.map { try Data(contentsOf: URL(fileURLWithPath: partial + "/" + $0)) }
            var bif = Data([0x89, 0x42, 0x49, 0x46, 0x0D, 0x0A, 0x1A, 0x0A])
            func u32(_ value: Int) { bif.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
            u32(0)
            u32(images.count)
            u32(1000)
            bif.append(Data(repeating: 0, count: 64 - bif.count))
            var offset = 64 + 8 * (images.count + 1)
            for (index, image) in images.enumerated() {
                u32(index * 10)
                u32(offset)
                offset += image.count
            }
            u32(0xFFFF_FFFF)
            u32(offset)
            for image in images { bif.append(image) }
            try bif.write(to: URL(fileURLWithPath: partial + "/clip.bif"))
            return nil
        }
    }

    private static func hex(_ colour: UInt32) -> String {
        let digits = String(colour, radix: 16)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return String(format: "%02d:%02d:%02d.000", whole / 3600, whole / 60 % 60, whole % 60)
    }
}

extension TestMedia {
    /// The colour clip twelve times over: two hours (a copy, not encoded again).
    public static func longColourClip() throws -> String {
        let clip = try colourSegments()
        return try make("colour-segments-7200s.mkv") { path in
            ["-stream_loop", "11", "-i", clip, "-c", "copy", path]
        }
    }
}

extension TestMedia {
    /// Two minutes of 1280x720 testsrc2 at 25 fps with a keyframe each
    /// second: a seek to any new second decodes a 720p keyframe.
    public static func hdScrubClip() throws -> String {
        try make("hd-testsrc2-120s-gop25.mkv") { path in
            ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25", "-t", "120", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
             "-keyint_min", "25", "-sc_threshold", "0", "-pix_fmt", "yuv420p", path]
        }
    }
}
