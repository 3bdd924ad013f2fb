import Foundation
import MPVClient
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

/// `loadfile` → first frame presented: tvshell (IPC `play` → its
/// `first-frame` event, the frame drawn in the terminal) against raw libmpv
/// (`loadfile replace` → the first frame rendered by the software renderer,
/// at the same pixel size, after the new entry's video was configured), same
/// sources, same run, each load replacing the same source playing.
enum FirstFrameBenchmark {
    static let columns = 160, rows = 48

    static func raw(_ source: String, runs: Int) throws -> Statistics {
        try raw(cycling: [source], runs: runs, settle: 0.3)
    }

    /// Raw libmpv: `loadfile replace` of `sources` in turn (one warm-up
    /// load first) → the new entry's first frame rendered; `settle` seconds
    /// of playing between loads, and up to `jitter` seconds more (from a
    /// fixed seed), so loads of live streams fall at every point of their
    /// segments' time, not always the same.
    static func raw(cycling sources: [String], runs: Int, settle: Double, jitter: Double = 0) throws -> Statistics {
        try rawSamples(cycling: sources, runs: runs, settle: settle, jitter: jitter).statistics
    }

    /// `raw`'s samples in order, and their statistics; given `live`, after
    /// `settle` each waits for `live`'s next `k`th phase
    /// (`SlidingLiveHLS.phase`) instead of a jitter, so the `k`th sample is
    /// made at phase `k`.
    static func rawSamples(cycling sources: [String], runs: Int, settle: Double, jitter: Double = 0,
                           live: SlidingLiveHLS? = nil) throws -> (samples: [Double], statistics: Statistics) {
        var random = SeededGenerator(seed: 7)
        let mpv = try MPVHandle()
        for (k, v) in [("vo", "libmpv"), ("ao", "null"), ("idle", "yes"), ("keep-open", "yes"), ("terminal", "no"),
                       ("video-timing-offset", "0"), ("hr-seek", "yes"), ("ytdl", "no")] {
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
        var samples: [Double] = []
        for run in 0...runs {
            let source = sources[run % sources.count]
            let start = PtyProcess.now()
            let entry = try mpv.loadFile(source)
            var started = false, configured = false, presented = false
            while !presented && PtyProcess.now() - start < 10 {
                while let event = mpv.waitEvent(timeout: 0) {
                    if event == .startFile(entryID: entry) { started = true }
                    if event == .videoReconfig && started { configured = true }
                }
                if renderer.update() {
                    try renderer.render(width: columns, height: rows * 2)
                    presented = configured
                } else {
                    usleep(200)
                }
            }
            guard presented else { throw SpawnError(message: "no first frame for \(source)") }
            if run > 0 { samples.append((PtyProcess.now() - start) * 1000) }
            let settled = PtyProcess.now()
            let rest = settle + (live.map { $0.seconds(untilPhase: SlidingLiveHLS.phase(run + 1), after: settle) }
                                 ?? jitter * Double(random.next() % 1000) / 1000)
            while PtyProcess.now() - settled < rest {
                _ = mpv.waitEvent(timeout: 0.01)
                if renderer.update() { try renderer.render(width: columns, height: rows * 2) }
            }
        }
        return (samples, Statistics(samples))
    }

    static func tvshell(_ tvshell: String, _ source: String, runs: Int) throws -> Statistics {
        let shell = try BenchShell(tvshell, arguments: ["--home", source])
        var samples: [Double] = []
        for run in 0...runs {
            try shell.ipc.discardEvents()
            let start = PtyProcess.now()
            try shell.ipc.request(["play", source])
            _ = try shell.ipc.waitForEvent("first-frame", timeout: 10)
            if run > 0 { samples.append((PtyProcess.now() - start) * 1000) }
            Thread.sleep(forTimeInterval: 0.3)
        }
        return Statistics(samples)
    }
}
