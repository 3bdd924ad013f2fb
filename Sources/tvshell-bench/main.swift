import Foundation
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

// tvshell-bench TVSHELL: prints the foundation's figures (not asserted).
setlocale(LC_NUMERIC, "C")
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3 && ["video", "quantisation", "pip", "keys", "flips", "zap", "guide", "tv", "fleet", "thumbnails", "multiview", "lists", "downloads"].contains(arguments[2])
        || arguments.count >= 6 && arguments[2] == "compare" && Int(arguments[4]) != nil
        || (arguments.count == 3 || arguments.count == 4 && Int(arguments[3]) != nil) && arguments[2] == "zaptrace" else {
    FileHandle.standardError.write(Data("usage: tvshell-bench PATH_TO_TVSHELL [video | quantisation | pip | keys | flips | zap | guide | tv | fleet | thumbnails | multiview | lists | downloads | zaptrace [ZAPS] | compare testsrc2|mandelbrot[@COLSxROWS] RUNS NAME=[/OTHER/TVSHELL] ARGS...]\n".utf8))
    exit(64)
}
let tvshell = arguments[1]

do {
    if arguments.count > 2 && arguments[2] == "compare" {
        let variants = arguments[5...].map { spec in
            let parts = spec.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (name: parts[0], arguments: parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : [])
        }
        try TerminalVideoBenchmark.compare(tvshell: tvshell, source: arguments[3], variants: variants, runs: Int(arguments[4])!)
        exit(0)
    }
    if arguments.count >= 3 && arguments[2] == "zaptrace" {
        try ZapTraceBenchmark.report(tvshell: tvshell, zaps: arguments.count == 4 ? Int(arguments[3])! : 1000)
        exit(0)
    }
    if arguments.count == 3 {
        if arguments[2] == "video" {
            try TerminalVideoBenchmark.report(tvshell: tvshell)
            try TerminalVideoBenchmark.reportThrottled(tvshell: tvshell)
        } else if arguments[2] == "keys" {
            let clip = try TestMedia.clip(seconds: 60, size: "640x360")
            for remember in [true, false] {
                let (stats, dropped) = try KeyLatencyBenchmark.playing(tvshell: tvshell, clip: clip, remember: remember)
                print("library \(remember ? "on " : "off"): key → screen median \(fixed(stats.median)) ms, p99 \(fixed(stats.p99)) ms, \(dropped) frames dropped")
            }
        } else if arguments[2] == "flips" {
            try reportFlips(tvshell)
        } else if arguments[2] == "guide" {
            try GuideBenchmark.report(tvshell: tvshell)
            try ListsBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "zap" {
            try reportZap(tvshell)
        } else if arguments[2] == "tv" {
            try TVOutputBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "fleet" {
            try FleetBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "thumbnails" {
            try ThumbnailBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "lists" {
            try ListsBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "downloads" {
            try DownloadBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "multiview" {
            try MultiviewBenchmark.report(tvshell: tvshell)
        } else if arguments[2] == "pip" {
            try PictureBenchmark.report(tvshell: tvshell, film: try TestMedia.hdClip("testsrc2", seconds: 30), channel: "av://lavfi:mandelbrot=size=320x180:rate=25")
        } else {
            try QuantisationBenchmark.report()
        }
        exit(0)
    }
    print("tvshell-bench: making the test clip (H.264 640x360, 60 s) …")
    let clip = try TestMedia.clip(seconds: 60, size: "640x360")
    let lavfi = "av://lavfi:testsrc2=size=320x180:rate=25"

    print("\n== key press → screen updated (pty 160x48, paused over the picture, scrub steps)")
    let keys = try KeyLatencyBenchmark.run(tvshell: tvshell, clip: clip)
    print("  \(keys.count) presses: median \(fixed(keys.median)) ms, p99 \(fixed(keys.p99)) ms, max \(fixed(keys.max)) ms   (target p99 ≤ 16 ms)")

    print("\n== key press → screen updated while playing (pty 160x48, ENTER toggles the bar), positions saved every 5 s or not")
    for remember in [true, false] {
        let (stats, dropped) = try KeyLatencyBenchmark.playing(tvshell: tvshell, clip: clip, remember: remember)
        print("  library \(remember ? "on " : "off"): median \(fixed(stats.median)) ms, p99 \(fixed(stats.p99)) ms, \(dropped) frames dropped   (target: the same with saving on)")
    }

    print("\n== loadfile → first frame presented (160x96 px), tvshell vs raw libmpv, 10 runs each")
    for (name, source) in [("lavfi testsrc2", lavfi), ("H.264 clip", clip)] {
        let raw = try FirstFrameBenchmark.raw(source, runs: 10)
        let ours = try FirstFrameBenchmark.tvshell(tvshell, source, runs: 10)
        print("  \(name): raw libmpv median \(fixed(raw.median)) ms (p99 \(fixed(raw.p99))), tvshell median \(fixed(ours.median)) ms (p99 \(fixed(ours.p99))), ratio \(fixed(ours.median / raw.median)) (target ≤ 1.05)")
    }

    try reportFlips(tvshell)
    try reportZap(tvshell)
    try ZapTraceBenchmark.report(tvshell: tvshell, zaps: 1000)

    try TerminalVideoBenchmark.report(tvshell: tvshell)
    try TerminalVideoBenchmark.reportThrottled(tvshell: tvshell)
    try QuantisationBenchmark.report()
    try PictureBenchmark.report(tvshell: tvshell, film: try TestMedia.hdClip("testsrc2", seconds: 30), channel: "av://lavfi:mandelbrot=size=320x180:rate=25")
    try TVOutputBenchmark.report(tvshell: tvshell)
    try FleetBenchmark.report(tvshell: tvshell)
    try ThumbnailBenchmark.report(tvshell: tvshell)
    try MultiviewBenchmark.report(tvshell: tvshell)

    print("\n== parsing")
    for result in [CatalogBenchmark.m3u(), CatalogBenchmark.xmltv()] {
        print("  \(result.name) (\(result.bytes / 1024) KiB, \(result.count) entries): \(fixed(result.milliseconds, 0)) ms, RSS +\(fixed(result.rssGrowthMiB, 1)) MiB")
    }

    try GuideBenchmark.report(tvshell: tvshell)
    try DownloadBenchmark.report(tvshell: tvshell)

    print("\n== paused for 10 s (pty 160x48)")
    let idle = try PausedIdleBenchmark.tvshell(tvshell, clip: clip, seconds: 10)
    print("  tvshell: CPU \(fixed(idle.cpuPercent)) %, \(fixed(idle.wakeupsPerSecond, 1)) context switches/s (all threads), RSS \(fixed(idle.rssMiB, 1)) MiB")
    if let mpv = try PausedIdleBenchmark.mpv(clip: clip, seconds: 10) {
        print("  mpv --vo=tct: CPU \(fixed(mpv.cpuPercent)) %, \(fixed(mpv.wakeupsPerSecond, 1)) context switches/s, RSS \(fixed(mpv.rssMiB, 1)) MiB")
        print("  ratios tvshell/mpv: CPU \(fixed(idle.cpuPercent / max(mpv.cpuPercent, 0.001))), wakeups \(fixed(idle.wakeupsPerSecond / max(mpv.wakeupsPerSecond, 0.001))), RSS \(fixed(idle.rssMiB / mpv.rssMiB))")
    } else {
        print("  mpv: not installed, no comparison")
    }
} catch {
    FileHandle.standardError.write(Data("tvshell-bench: \(error)\n".utf8))
    exit(1)
}

/// Zapping live HLS channels, cold and warm, against raw libmpv (`tvshell-bench TVSHELL zap`).
func reportZap(_ tvshell: String) throws {
    print("\n== zapping live HLS channels (ffmpeg into a local HTTP server, 1 s segments), key → first frame of the new channel")
    let streams = try ZapBenchmark.streams()
    defer { streams.forEach { $0.stop() } }
    let raw = try ZapBenchmark.raw(streams: streams)
    print("  raw libmpv loadfile replace → first frame: median \(fixed(raw.median)) ms, p99 \(fixed(raw.p99)) ms")
    let cold = try ZapBenchmark.tvshell(tvshell, streams: streams, warm: false)
    print("  tvshell cold (warm_neighbours = 0): median \(fixed(cold.median)) ms, p99 \(fixed(cold.p99)) ms; ratio \(fixed(cold.median / raw.median)) (target ≤ 1.05), difference \(fixed(cold.median - raw.median)) ms (target ≤ 10)")
    let warm = try ZapBenchmark.tvshell(tvshell, streams: streams, warm: true)
    print("  tvshell warm (warm_neighbours = 2): median \(fixed(warm.median)) ms, p99 \(fixed(warm.p99)) ms; ratio \(fixed(warm.median / raw.median)) (target ≤ 0.2)")
}

/// Channel flips on the demo lineup against raw libmpv (`tvshell-bench TVSHELL flips`).
func reportFlips(_ tvshell: String) throws {
    print("\n== channel flips on the demo lineup (pty 160x48)")
    let flips = try FlipBenchmark.run(tvshell: tvshell)
    print("  key → interstitial on screen: median \(fixed(flips.toInterstitial.median)) ms, p99 \(fixed(flips.toInterstitial.p99)) ms   (target p99 ≤ 16 ms)")
    print("  key → first frame of the new channel (a single press, cold): median \(fixed(flips.toFirstFrame.median)) ms, p99 \(fixed(flips.toFirstFrame.p99)) ms")
    let rawFlip = try FirstFrameBenchmark.raw("av://lavfi:mandelbrot=size=320x180:rate=25", runs: 10)
    print("  raw libmpv loadfile → first frame, same kind of source: median \(fixed(rawFlip.median)) ms; difference \(fixed(flips.toFirstFrame.median - rawFlip.median)) ms (target ≤ 10 ms), ratio \(fixed(flips.toFirstFrame.median / rawFlip.median)) (target ≤ 1.05)")
}
