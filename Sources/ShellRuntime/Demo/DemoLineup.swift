import Catalog
import Foundation
import Logging
import MediaModel
#if canImport(Glibc)
import Glibc
#endif

/// The built-in demo lineup: live-like channels from mpv's lavfi sources
/// (no network, no media files), one rated channel, one that fails to load,
/// and a seekable film with chapters and subtitles that ffmpeg makes once
/// into the XDG cache.
public enum DemoLineup {
    /// The film's length in seconds.
    static let filmDuration = 600

    /// The lineup. Makes the film first if it is missing and ffmpeg is there
    /// (a few seconds, once); without ffmpeg the film is left out, and the
    /// log says why. Call before the screen is taken over: it prints progress.
    public static func items(cacheDirectory: URL, logger: Logger, progress: (String) -> Void) -> [MediaItem] {
        var items: [MediaItem] = []
        let film = cacheDirectory.appendingPathComponent("demo-film.mkv")
        if ensureFilm(at: film, logger: logger, progress: progress) {
            items.append(MediaItem(
                id: "demo.film", title: "The Test Pattern (demo film)", url: film.path, isLive: false,
                rating: "PG", summary: "Ten minutes of test pattern with chapters and subtitles.", group: "Films"
            ))
        }
        items += [
            MediaItem(
                id: "demo.testcard", title: "Test Card", url: "av://lavfi:testsrc2=size=320x180:rate=25",
                isLive: true, number: 1, rating: "TV-G", summary: "The classic test card, live.", group: "Demo channels",
                guideID: "demo.testcard"
            ),
            MediaItem(
                id: "demo.fractal", title: "Fractal TV", url: "av://lavfi:mandelbrot=size=320x180:rate=25",
                isLive: true, number: 2, rating: "TV-Y", summary: "An endless zoom into the Mandelbrot set.", group: "Demo channels",
                guideID: "demo.fractal"
            ),
            MediaItem(
                id: "demo.life", title: "Life Channel", url: "av://lavfi:life=size=320x180:rate=15:mold=10:ratio=0.1:life_color=#00ff80:death_color=#103030",
                isLive: true, number: 3, rating: "TV-G", summary: "Conway's Game of Life, around the clock.", group: "Demo channels",
                guideID: "demo.life"
            ),
            MediaItem(
                id: "demo.latenight", title: "Late Night Bars", url: "av://lavfi:smptehdbars=size=320x180:rate=25",
                isLive: true, number: 4, rating: "TV-MA", summary: "For grown-ups only: colour bars after midnight.", group: "Demo channels",
                guideID: "demo.latenight"
            ),
            MediaItem(
                id: "demo.offair", title: "Off Air", url: "http://127.0.0.1:9/off-air/live.m3u8",
                isLive: true, number: 5, summary: "A channel whose stream is down.", group: "Demo channels",
                guideID: "demo.offair"
            ),
        ]
        return items.resolvingRatings()
    }

    /// Whether `items` are the demo lineup without its film (it could not be
    /// made: no ffmpeg, a cache folder that cannot be written; the log says
    /// why).
    public static func leftOutFilm(_ items: [MediaItem]) -> Bool {
        items.contains { $0.id == "demo.testcard" } && !items.contains { $0.id == "demo.film" }
    }

    /// A made-up guide for the demo channels: half-hour programmes from an
    /// hour before `time` to a day after, one of them rated TV-MA. Counted
    /// from that hour, so what is on at `time` is always a channel's third
    /// title and what follows its first ("The Grid Hour", then "Test Card
    /// Classics"): the end-to-end tests read those.
    public static func guide(for items: [MediaItem], around time: Double) -> ProgrammeGuide {
        let titles = [
            "demo.testcard": ["Test Card Classics", "Tone and Bars", "The Grid Hour"],
            "demo.fractal": ["Deep Zoom", "Seahorse Valley", "Infinite Coastlines"],
            "demo.life": ["Gliders at Dawn", "Oscillators", "The Garden of Eden"],
            "demo.latenight": ["After Dark", "Bars Uncut", "Midnight Calibration"],
            "demo.offair": ["Technical Difficulties"],
        ]
        let start = (time / 1800).rounded(.down) * 1800 - 3600
        var programmes: [Programme] = []
        var channels: [GuideChannel] = []
        for item in items {
            guard let id = item.guideID, let names = titles[id] else { continue }
            channels.append(GuideChannel(id: id, names: [item.title]))
            for slot in 0..<52 {
                let begin = start + Double(slot) * 1800
                let title = names[slot % names.count]
                let ratings = id == "demo.latenight" ? [GuideRating(system: "VCHIP", value: "TV-MA", resolved: RatingsTable.standard.parseXMLTV(system: "VCHIP", value: "TV-MA"))] : []
                programmes.append(Programme(channel: id, start: begin, stop: begin + 1800, title: title,
                                            summary: "\(title) on \(item.title).", ratings: ratings))
            }
        }
        return ProgrammeGuide(channels: channels, programmes: programmes)
    }

    /// The XDG cache directory for tvshell (`$XDG_CACHE_HOME/tvshell/demo`).
    public static func defaultCacheDirectory() -> URL {
        URL(fileURLWithPath: XDGBase.cache()).appendingPathComponent("tvshell/demo")
    }

    /// Whether the film is at `url`, made first if it is not. Shells started
    /// at once on an empty cache take turns (an exclusive `flock` on a file
    /// beside it): the first makes it, the others find it made. Any thread.
    static func ensureFilm(at url: URL, logger: Logger, progress: (String) -> Void) -> Bool {
        if FileManager.default.fileExists(atPath: url.path) { return true }
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            logger.error("demo film: \(error)")
            return false
        }
        let lock = open(dir.appendingPathComponent("demo-film.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            logger.error("demo film: cannot open its lock file: \(String(cString: strerror(errno)))")
            return false
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(lock, LOCK_UN) }
        if FileManager.default.fileExists(atPath: url.path) { return true }
        removeLeftovers(in: dir, keeping: [url.lastPathComponent, "demo-film.lock"])
        return makeFilm(at: url, logger: logger, progress: progress)
    }

    /// Side files of a shell stopped while it made the film (holding the
    /// lock, nobody else is making it now).
    private static func removeLeftovers(in dir: URL, keeping: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names where name.hasPrefix("demo-film.") && !keeping.contains(name) {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(name))
        }
    }

    /// Makes the film at `url` with ffmpeg (its side files named for this
    /// process, the film renamed into place when whole). Call holding the lock.
    static func makeFilm(at url: URL, logger: Logger, progress: (String) -> Void) -> Bool {
        guard let ffmpeg = findExecutable("ffmpeg") else {
            logger.warning("demo film left out: ffmpeg not found in PATH")
            return false
        }
        let dir = url.deletingLastPathComponent()
        let pid = getpid()
        do {
            let chapters = dir.appendingPathComponent("demo-film.\(pid).ffmeta")
            try chapterMetadata().write(to: chapters, atomically: true, encoding: .utf8)
            let subtitles = dir.appendingPathComponent("demo-film.\(pid).srt")
            try subtitleText().write(to: subtitles, atomically: true, encoding: .utf8)
            defer {
                try? FileManager.default.removeItem(at: chapters)
                try? FileManager.default.removeItem(at: subtitles)
            }
            let partial = dir.appendingPathComponent("demo-film.partial-\(pid).mkv")
            progress("tvshell: making the demo film once into \(dir.path) …")
            let d = String(filmDuration)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = [
                "-nostdin", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15:duration=\(d)",
                // Opus, at its own rate: ffmpeg's AAC encoder took 6 of the 10 s
                // a first start waited for the film (on two cores), Opus 3, beside the video.
                "-f", "lavfi", "-i", "sine=frequency=330:beep_factor=4:duration=\(d):sample_rate=48000",
                "-i", chapters.path, "-i", subtitles.path,
                "-map", "0:v", "-map", "1:a", "-map", "3:s", "-map_metadata", "2", "-map_chapters", "2",
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "34", "-g", "30",
                "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                "-c:a", "libopus", "-b:a", "32k", "-c:s", "srt", "-metadata:s:s:0", "language=eng",
                "-metadata", "title=The Test Pattern", "-metadata", "LAW_RATING=PG",
                "-f", "matroska", partial.path,
            ]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                logger.error("demo film: ffmpeg failed (\(process.terminationStatus)): \(errorText)")
                try? FileManager.default.removeItem(at: partial)
                return false
            }
            guard rename(partial.path, url.path) == 0 else {
                logger.error("demo film: cannot move it into place: \(String(cString: strerror(errno)))")
                try? FileManager.default.removeItem(at: partial)
                return false
            }
            return true
        } catch {
            logger.error("demo film: \(error)")
            return false
        }
    }

    static func chapterMetadata() -> String {
        let names = ["Opening", "The Grid", "Colour Wheel", "Intermission", "Finale"]
        var text = ";FFMETADATA1\ntitle=The Test Pattern\n"
        let length = filmDuration / names.count
        for (i, name) in names.enumerated() {
            text += "[CHAPTER]\nTIMEBASE=1/1\nSTART=\(i * length)\nEND=\((i + 1) * length)\ntitle=\(name)\n"
        }
        return text
    }

    static func subtitleText() -> String {
        var text = ""
        for i in 0..<(filmDuration / 20) {
            let start = i * 20 + 2, end = i * 20 + 8
            func stamp(_ s: Int) -> String {
                let h = s / 3600, m = (s / 60) % 60, sec = s % 60
                return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m):\(sec < 10 ? "0" : "")\(sec),000"
            }
            text += "\(i + 1)\n\(stamp(start)) --> \(stamp(end))\nSubtitle \(i + 1): minute \(start / 60), second \(start % 60).\n\n"
        }
        return text
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
