import Foundation
import MPVClient
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

/// Scrub thumbnails (`tvshell-bench TVSHELL thumbnails`): key → thumbnail
/// shown in tvshell (a thumbnail player seeking to a new keyframe each
/// press) against raw libmpv seeking to the same keyframes and rendering
/// each at the same pixels, in the same run; and key → screen while
/// scrubbing with thumbnails on and off.
enum ThumbnailBenchmark {
    /// The thumbnail's pixels at 160 columns in half blocks: 32 × 9 cells.
    static let width = 32, height = 18

    static func report(tvshell: String) throws {
        print("\n== scrub thumbnails (pty 160x48, 720p H.264, a keyframe each second; a 1 s step a press, apart: a new keyframe each)")
        let clip = try TestMedia.hdScrubClip()
        let raw = try Self.raw(clip, samples: 40)
        print("  raw libmpv seek (keyframes) → that frame rendered at \(width)x\(height): median \(fixed(raw.median)) ms, p99 \(fixed(raw.p99)) ms")
        let ours = try Self.tvshell(tvshell, clip: clip, samples: 40)
        print("  tvshell key → thumbnail shown: median \(fixed(ours.median)) ms, p99 \(fixed(ours.p99)) ms; ratio median \(fixed(ours.median / raw.median)), p99 \(fixed(ours.p99 / raw.p99)) (target ≤ 1.5; p99 ≤ 300 ms)")
        let film = try TestMedia.clip(seconds: 60, size: "640x360")
        let on = try KeyLatencyBenchmark.run(tvshell: tvshell, clip: film, thumbnails: true)
        let off = try KeyLatencyBenchmark.run(tvshell: tvshell, clip: film, thumbnails: false)
        print("  key → screen while scrubbing: thumbnails on median \(fixed(on.median)) ms, p99 \(fixed(on.p99)) ms; off median \(fixed(off.median)) ms, p99 \(fixed(off.p99)) ms; p99 difference \(fixed(on.p99 - off.p99)) ms (target ≤ 2)")
    }

    /// Raw libmpv, set up as the thumbnail player is: paused, keyframe
    /// seeks, no audio; each sample a seek to the next keyframe → its frame
    /// rendered (every frame is taken at once, as tvshell does).
    static func raw(_ clip: String, samples: Int) throws -> Statistics {
        let mpv = try MPVHandle()
        for (k, v) in [("vo", "libmpv"), ("ao", "null"), ("idle", "yes"), ("keep-open", "yes"), ("terminal", "no"), ("video-timing-offset", "0"),
                       ("hr-seek", "no"), ("aid", "no"), ("sid", "no"), ("pause", "yes"), ("vd-lavc-threads", "1"), ("vd-lavc-skiploopfilter", "all"),
                       ("cache-pause", "no"), ("ytdl", "no")] {
            try mpv.setOption(k, v)
        }
        try mpv.initialize()
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError(message: "pipe") }
        defer { close(fds[0]); close(fds[1]) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        let renderer = try MPVSoftwareRenderer(mpv: mpv, updateFD: fds[1])
        defer {
            renderer.free()
            mpv.destroy()
        }
        /// Waits for a new frame and renders it; false after 5 s.
        func nextFrame() throws -> Bool {
            let start = PtyProcess.now()
            while PtyProcess.now() - start < 5 {
                while mpv.waitEvent(timeout: 0) != nil {}
                if renderer.update() {
                    let fresh = renderer.nextFrameIsNew
                    try renderer.render(width: width, height: height)
                    renderer.reportSwap()
                    if fresh { return true }
                } else {
                    usleep(100)
                }
            }
            return false
        }
        _ = try mpv.loadFile(clip)
        guard try nextFrame() else { throw SpawnError(message: "no first frame of \(clip)") }
        var times: [Double] = []
        for index in 0..<samples {
            let start = PtyProcess.now()
            try mpv.command(["seek", String(Double(index + 1) + 0.5), "absolute+keyframes"])
            guard try nextFrame() else { throw SpawnError(message: "no frame after a seek") }
            times.append((PtyProcess.now() - start) * 1000)
            Thread.sleep(forTimeInterval: 0.05)
        }
        return Statistics(times)
    }

    /// tvshell paused over the clip: RIGHT (one 1 s step) → the last of
    /// the screen's updates it makes (the bar at once, the thumbnail when
    /// its frame is in), read on the pty: nothing else draws while paused.
    /// Each is checked over the socket to be the new head's thumbnail. The
    /// first two presses (the thumbnail player opening the clip) are not
    /// counted.
    static func tvshell(_ tvshell: String, clip: String, samples: Int) throws -> Statistics {
        let shell = try BenchShell.paused(tvshell, clip: clip)
        shell.pty.waitForQuiet(0.3)
        var times: [Double] = []
        var previous = -1.0
        for index in 0..<(samples + 2) {
            let start = shell.pty.mark()
            shell.pty.type([0x1B, 0x4F, 0x43])
            _ = shell.pty.waitForOutputAfterMark(timeout: 2)
            shell.pty.waitForQuiet(0.1, timeout: 5)
            let last = shell.pty.lastReadTime
            let scrub = try shell.ipc.state()["scrub"] as? [String: Any]
            let thumbnail = scrub?["thumbnail"] as? [String: Any]
            let target = (scrub?["target"] as? NSNumber)?.doubleValue ?? -1
            guard target > previous, thumbnail?["shown"] as? Bool == true, (thumbnail?["time"] as? NSNumber)?.doubleValue == target else {
                throw SpawnError(message: "no thumbnail of the new head after a press: \(scrub ?? [:])")
            }
            previous = target
            if index >= 2 { times.append((last - start) * 1000) }
            Thread.sleep(forTimeInterval: 0.3)
        }
        return Statistics(times)
    }
}
