import Foundation

/// Real media made with ffmpeg at test time (nothing large is committed),
/// cached per machine under /tmp so a run makes each clip once.
public enum TestMedia {
    static let directory = URL(fileURLWithPath: "/tmp/tvshell-test-media-v1")
    private static let lock = NSLock()

    /// An H.264 + AAC Matroska clip of `seconds`, 2 s GOP, with chapters
    /// every `seconds / 4` and an SRT subtitle track.
    public static func clip(seconds: Int = 60, size: String = "320x180") throws -> String {
        let name = "clip-\(seconds)s-\(size).mkv"
        return try make(name) { path in
            let meta = directory.appendingPathComponent("\(name).ffmeta")
            var text = ";FFMETADATA1\ntitle=Test Clip\n"
            for i in 0..<4 {
                text += "[CHAPTER]\nTIMEBASE=1/1\nSTART=\(i * seconds / 4)\nEND=\((i + 1) * seconds / 4)\ntitle=Part \(i + 1)\n"
            }
            try text.write(to: meta, atomically: true, encoding: .utf8)
            let srt = directory.appendingPathComponent("\(name).srt")
            try "1\n00:00:01,000 --> 00:00:05,000\nHello from the test clip.\n\n".write(to: srt, atomically: true, encoding: .utf8)
            return [
                "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25:duration=\(seconds)",
                "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
                "-i", meta.path, "-i", srt.path,
                "-map", "0:v", "-map", "1:a", "-map", "3:s", "-map_metadata", "2", "-map_chapters", "2",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-c:s", "srt", "-metadata", "title=Test Clip", path,
            ]
        }
    }

    /// A 3-minute episode with the chapters Intro (0–20 s), Episode,
    /// Advertisement (60–80 s), Episode, Credits (160–180 s); 320x180, 1 s GOP.
    public static func episode() throws -> String {
        let name = "episode-180s.mkv"
        return try make(name) { path in
            let meta = directory.appendingPathComponent("\(name).ffmeta")
            let chapters = [(0, 20, "Intro"), (20, 60, "Episode"), (60, 80, "Advertisement"), (80, 160, "Episode"), (160, 180, "Credits")]
            var text = ";FFMETADATA1\ntitle=Show S01E01\n"
            for (start, end, title) in chapters { text += "[CHAPTER]\nTIMEBASE=1/1\nSTART=\(start)\nEND=\(end)\ntitle=\(title)\n" }
            try text.write(to: meta, atomically: true, encoding: .utf8)
            return [
                "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=180",
                "-f", "lavfi", "-i", "sine=frequency=440:duration=180", "-i", meta.path,
                "-map", "0:v", "-map", "1:a", "-map_metadata", "2", "-map_chapters", "2",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", path,
            ]
        }
    }

    /// A 60 s clip with no chapters, and beside it `NAME.segments.json`
    /// with an intro from 0 to 15 s (or the given text).
    public static func clipWithSidecar(_ sidecar: String = #"[{"kind": "intro", "start": 0, "end": 15}]"#, name: String = "sidecar") throws -> String {
        let file = try make("\(name)-60s.mp4") { path in
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=60",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", path,
            ]
        }
        try sidecar.write(toFile: (file as NSString).deletingPathExtension + ".segments.json", atomically: true, encoding: .utf8)
        return file
    }

    /// An H.264 + AAC clip of 30 s whose rating is only in its metadata:
    /// an mp4 with Apple's `iTunEXTC=mpaa|R|400|` (kept by
    /// `-movflags use_metadata_tags`), or a Matroska file with `LAW_RATING=TV-MA`.
    public static func ratedClip(_ container: String) throws -> String {
        let tags = container == "mp4" ? ["-metadata", "iTunEXTC=mpaa|R|400|", "-movflags", "use_metadata_tags"] : ["-metadata", "LAW_RATING=TV-MA"]
        return try make("rated-30s.\(container)") { path in
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=30",
                "-f", "lavfi", "-i", "sine=frequency=440:duration=30",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac",
                "-metadata", "title=Rated Clip",
            ] + tags + [path]
        }
    }

    /// A 720p30 H.264 clip of `seconds` from the lavfi `source` (testsrc2,
    /// mandelbrot), no audio: the terminal-video benchmark's input.
    public static func hdClip(_ source: String, seconds: Int = 12, audio: Bool = false) throws -> String {
        try make("hd-\(source)-\(seconds)s\(audio ? "-audio" : "").mp4") { path in
            ["-f", "lavfi", "-i", "\(source)=size=1280x720:rate=30"]
                + (audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-c:a", "aac", "-b:a", "96k"] : [])
                + ["-t", String(seconds), "-c:v", "libx264", "-preset", "veryfast", "-g", "60", "-pix_fmt", "yuv420p", path]
        }
    }

    /// An HLS ladder on disk: `master.m3u8` with 1280x720, 320x180 and
    /// 128x72 variants (testsrc2, 6 s, 2 s segments).
    public static func hlsLadder() throws -> String {
        try make("hls-ladder") { partial in
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
            var master = "#EXTM3U\n"
            for (size, bandwidth) in [("1280x720", 3_000_000), ("320x180", 600_000), ("128x72", 200_000)] {
                let dir = partial + "/v" + size
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25",
                                                      "-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-f", "hls", "-hls_time", "2",
                                                      "-hls_playlist_type", "vod", dir + "/index.m3u8"])
                guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
                master += "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),RESOLUTION=\(size)\nv\(size)/index.m3u8\n"
            }
            try master.write(toFile: partial + "/master.m3u8", atomically: true, encoding: .utf8)
            return nil
        } + "/master.m3u8"
    }

    /// A 30 s HLS VOD stream on disk (320x180, 2 s segments): the folder,
    /// holding `index.m3u8` and its segments, for a test to serve.
    public static func hlsStream() throws -> String {
        try make("hls-30s") { partial in
            try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
            let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                                                  "-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-f", "hls", "-hls_time", "2",
                                                  "-hls_playlist_type", "vod", partial + "/index.m3u8"])
            guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
            return nil
        }
    }

    /// A 1280x720 clip of one colour, `rgb` (0xRRGGBB), converted to YUV with
    /// `matrix` (bt601 or bt709) and tagged with that matrix only (primaries
    /// untagged, so no gamut conversion applies).
    public static func taggedColourClip(rgb: UInt32, matrix: String) throws -> String {
        let digits = String(rgb, radix: 16)
        let hex = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        let tags = ["-colorspace", matrix == "bt709" ? "bt709" : "smpte170m", "-color_range", "tv"]
        return try make("colour-\(hex)-\(matrix)-matrix.mp4") { path in
            ["-f", "lavfi", "-i", "color=c=0x\(hex):size=1280x720:rate=25", "-t", "10",
             "-vf", "scale=out_color_matrix=\(matrix):out_range=tv,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast"] + tags + [path]
        }
    }

    /// A phone's portrait film as phones store it: a landscape 320x180
    /// picture, red above blue, 60 s at 10 fps (1 s GOP), its container
    /// saying to turn it (ffmpeg's `rotate=90` tag: mpv's `demux-rotation`
    /// 270, turned upright it is 180x320, red on the left).
    public static func turnedClip() throws -> String {
        let upright = try make("red-above-blue.mp4") { path in
            ["-f", "lavfi", "-i", "color=c=red:size=320x90:rate=10", "-f", "lavfi", "-i", "color=c=blue:size=320x90:rate=10",
             "-filter_complex", "[0][1]vstack,format=yuv420p", "-t", "60", "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", path]
        }
        return try make("red-above-blue-turned.mp4") { path in
            ["-i", upright, "-c", "copy", "-metadata:s:v:0", "rotate=90", path]
        }
    }

    /// An interlaced broadcast as a DVB channel sends it: 1280x720, 25
    /// frames a second of two fields each, top first, the fields a 50th of
    /// a second apart (a white bar 80 wide moving 24 pixels a field on
    /// black), coded as interlaced. Shown as it is, the bar's edges are
    /// combed.
    public static func interlacedClip() throws -> String {
        try make("interlaced-bar.mp4") { path in
            ["-f", "lavfi", "-i", "color=black:size=1280x720:rate=50", "-f", "lavfi", "-i", "color=white:size=80x720:rate=50",
             "-filter_complex", "[0][1]overlay=x='mod(t*1200,1200)':y=0:eval=frame,format=yuv420p,tinterlace=mode=interleave_top,setfield=tff",
             "-t", "30", "-c:v", "libx264", "-preset", "ultrafast", "-flags", "+ildct+ilme", "-x264opts", "tff=1", path]
        }
    }

    /// A progressive 1280x720 picture of fine lines: its rows alternate
    /// white and black, 30 s (what a deinterlacer must leave as it is).
    public static func finelyLinedClip() throws -> String {
        try make("fine-lines.mp4") { path in
            ["-f", "lavfi", "-i", "color=black:size=1280x720:rate=25,format=gray,geq=lum='if(mod(Y,2),16,235)'",
             "-t", "30", "-vf", "format=yuv420p,setfield=prog", "-c:v", "libx264", "-preset", "ultrafast", path]
        }
    }

    /// A song as a music library has it: 30 s of MP3 with its album's
    /// cover (a 300x300 JPEG of 0x3050D0) embedded as an attached picture.
    public static func songWithCover() throws -> String {
        try make("song-with-cover.mp3") { path in
            ["-f", "lavfi", "-i", "sine=frequency=440:duration=30", "-f", "lavfi", "-i", "color=c=0x3050D0:size=300x300:duration=1",
             "-map", "0:a", "-map", "1:v", "-frames:v", "1", "-c:a", "libmp3lame", "-c:v", "mjpeg", "-disposition:v", "attached_pic",
             "-id3v2_version", "3", "-metadata", "title=Blue Song", path]
        }
    }

    /// The 320x180 clip of `clip(seconds: 30)` with an English subtitle
    /// track of pictures as a Blu-ray has them (PGS): one caption, a white
    /// bar 800x80 with a black border at the bottom of a 1920x1080 frame,
    /// from 1 s to 25 s.
    public static func clipWithPictureSubtitles() throws -> String {
        let film = try clip(seconds: 30)
        let captions = try make("caption.sup") { path in
            try Data(pgsCaption(from: 1, to: 25)).write(to: URL(fileURLWithPath: path))
            return nil
        }
        return try make("clip-with-pgs.mkv") { path in
            ["-i", film, "-i", captions, "-map", "0:v", "-map", "0:a", "-map", "1:s", "-c", "copy",
             "-metadata:s:s:0", "language=eng", "-metadata", "title=", path]
        }
    }

    /// A PGS stream (`.sup`) of one caption shown from `start` to `end`
    /// seconds: its display sets (composition, window, palette, object,
    /// end segments) as the Blu-ray format lays them out.
    static func pgsCaption(from start: Int, to end: Int) -> [UInt8] {
        func be(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        func segment(_ pts: Int, _ type: UInt8, _ payload: [UInt8]) -> [UInt8] {
            Array("PG".utf8) + be(pts, 4) + be(0, 4) + [type] + be(payload.count, 2) + payload
        }
        let (width, height, x, y) = (800, 80, 560, 900)
        func displaySet(_ seconds: Int, shown: Bool) -> [UInt8] {
            let pts = seconds * 90_000
            var composition = be(1920, 2) + be(1080, 2) + [0x10] + be(shown ? 0 : 1, 2) + [shown ? 0x80 : 0x00, 0, 0, shown ? 1 : 0]
            if shown { composition += be(0, 2) + [0, 0] + be(x, 2) + be(y, 2) }
            var set = segment(pts, 0x16, composition)
            set += segment(pts, 0x17, [1, 0] + be(x, 2) + be(y, 2) + be(width, 2) + be(height, 2))
            if shown {
                set += segment(pts, 0x14, [0, 0, 1, 235, 128, 128, 255, 2, 16, 128, 128, 255])
                var lines: [UInt8] = []
                for row in 0..<height {
                    // Colour 2 (black) runs, colour 1 (white) inside: 0x00, 0b11LLLLLL LLLLLLLL, colour.
                    let runs = row < 8 || row >= height - 8 ? [(2, width)] : [(2, 8), (1, width - 16), (2, 8)]
                    for (colour, length) in runs {
                        lines += length < 64 ? [0, 0x80 | UInt8(length), UInt8(colour)] : [0, 0xC0 | UInt8(length >> 8), UInt8(length & 0xFF), UInt8(colour)]
                    }
                    lines += [0, 0]
                }
                set += segment(pts, 0x15, be(0, 2) + [0, 0xC0] + be(lines.count + 4, 3) + be(width, 2) + be(height, 2) + lines)
            }
            return set + segment(pts, 0x80, [])
        }
        return displaySet(start, shown: true) + displaySet(end, shown: false)
    }

    /// An internet radio's stream as a Shoutcast or Icecast server sends it
    /// to a client that asks for its titles (`Icy-MetaData: 1`): 60 s of
    /// MP3 with a metadata block after every `interval` bytes saying
    /// `StreamTitle='title';`. Serve it with the header field
    /// `icy-metaint: INTERVAL`.
    public static func icyStream(title: String, interval: Int = 8192) throws -> Data {
        let tone = try make("tone-60s.mp3") { path in
            ["-f", "lavfi", "-i", "sine=frequency=440:duration=60", "-c:a", "libmp3lame", "-b:a", "64k", path]
        }
        let audio = try Data(contentsOf: URL(fileURLWithPath: tone))
        var text = Array("StreamTitle='\(title)';".utf8)
        text += [UInt8](repeating: 0, count: (16 - text.count % 16) % 16)
        let block = Data([UInt8(text.count / 16)] + text)
        var stream = Data(capacity: audio.count + audio.count / interval * block.count)
        var offset = 0
        while offset < audio.count {
            let end = min(offset + interval, audio.count)
            stream.append(audio[offset..<end])
            if end - offset == interval { stream.append(block) }
            offset = end
        }
        return stream
    }

    /// A DVD as a rip keeps it: the folder returned holds its `VIDEO_TS`
    /// (one title of 60 s, PAL MPEG-2 720x576 with AC-3 sound, made with
    /// ffmpeg and dvdauthor), its menus none.
    public static func dvdFolder() throws -> String {
        let title = try make("dvd-title-60s.mpg") { path in
            ["-f", "lavfi", "-i", "testsrc2=size=720x576:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
             "-t", "60", "-target", "pal-dvd", "-b:v", "1000k", path]
        }
        return try make("dvd-60s") { path in
            var environment = ProcessInfo.processInfo.environment
            environment["VIDEO_FORMAT"] = "PAL"
            for arguments in [["dvdauthor", "-o", path, "-t", title], ["dvdauthor", "-o", path, "-T"]] {
                let (status, output) = try Spawn.run(arguments, environment: environment)
                guard status == 0 else { throw SpawnError(message: "dvdauthor failed (\(status)): \(output)") }
            }
            return nil
        }
    }

    /// `dvdFolder()`'s DVD as an image, as `genisoimage -dvd-video` makes
    /// one (ISO 9660 and UDF).
    public static func dvdImage() throws -> String {
        let folder = try dvdFolder()
        return try make("dvd-60s.iso") { path in
            let (status, output) = try Spawn.run(["genisoimage", "-quiet", "-dvd-video", "-V", "FILM", "-o", path, folder])
            guard status == 0 else { throw SpawnError(message: "genisoimage failed (\(status)): \(output)") }
            return nil
        }
    }

    /// A data disc's image (a text file in ISO 9660), as installers and
    /// backups are kept: no film.
    public static func dataImage() throws -> String {
        try make("data.iso") { path in
            let folder = directory.appendingPathComponent("data-disc")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "not a film\n".write(to: folder.appendingPathComponent("README.TXT"), atomically: true, encoding: .utf8)
            let (status, output) = try Spawn.run(["genisoimage", "-quiet", "-V", "DATA", "-o", path, folder.path])
            guard status == 0 else { throw SpawnError(message: "genisoimage failed (\(status)): \(output)") }
            return nil
        }
    }

    /// A file with a video extension and garbage inside.
    public static func corrupt() throws -> String {
        try make("corrupt.mkv") { path in
            let bytes = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return nil
        }
    }

    /// Makes `name` once: `arguments` returns ffmpeg's arguments (output last)
    /// or writes the file itself and returns nil.
    static func make(_ name: String, _ arguments: (String) throws -> [String]?) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: path) { return path }
        let partial = path + ".partial." + (name as NSString).pathExtension
        guard let args = try arguments(partial) else {
            try FileManager.default.moveItem(atPath: partial, toPath: path)
            return path
        }
        let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y"] + args)
        guard status == 0 else { throw SpawnError(message: "ffmpeg failed (\(status)): \(output)") }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        return path
    }
}
