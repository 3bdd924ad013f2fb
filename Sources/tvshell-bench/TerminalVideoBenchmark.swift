import Foundation
import ShellProbes

/// Video drawn in the terminal, tvshell against `mpv --vo=tct` and timg (when
/// installed), on the same 720p30 clip and pty size: bytes written per frame,
/// CPU (user + system of the whole process, decoding included) per frame,
/// and frames shown per second, over a steady window after start-up.
enum TerminalVideoBenchmark {
    struct Result {
        let player: String
        let bytesPerFrame: Double
        let cpuMsPerFrame: Double
        let fps: Double
        /// Frames counted by the player itself, or assumed at the clip's rate.
        let counted: Bool
        /// Frames dropped in the window, when the player says.
        var dropped: Int?
    }

    static let window = 5.0

    /// The pty sizes the terminal-video figures are measured at.
    static let sizes = [(columns: 120, rows: 40), (columns: 200, rows: 60)]

    /// Prints the figures for both clips at each of `sizes`: tvshell, timg
    /// and mpv, and mpv decoding alone with tvshell's options (the floor),
    /// with tvshell's ratio to timg and its CPU a frame beyond decoding.
    static func report(tvshell: String) throws {
        print("\n== video in the terminal (720p30 H.264, \(Int(window)) s steady window; CPU of the whole process; median of \(runs) interleaved runs)")
        for source in ["testsrc2", "mandelbrot"] {
            let hd = try TestMedia.hdClip(source)
            for (columns, rows) in sizes {
                let results = try run(tvshell: tvshell, clip: hd, columns: columns, rows: rows)
                for r in results {
                    let name = r.player.padding(toLength: 19, withPad: " ", startingAt: 0)
                    print("  \(source) \(columns)x\(rows) \(name): \(fixed(r.bytesPerFrame / 1024)) KB/frame, \(fixed(r.cpuMsPerFrame)) ms CPU/frame, "
                        + "\(fixed(r.fps)) fps, \(r.dropped.map { "\($0) dropped" } ?? "drops not reported")\(r.counted ? "" : " (frames assumed at 30 fps)")")
                }
                guard let ours = results.first else { continue }
                for peer in results.dropFirst() where !peer.player.hasPrefix("tvshell") && peer.player != decodeFloorName {
                    let target = peer.player.hasPrefix("timg") ? " (issue 44 target ≤ 0.9)" : ""
                    print("    tvshell / \(peer.player): bytes \(fixed(ours.bytesPerFrame / peer.bytesPerFrame)), CPU \(fixed(ours.cpuMsPerFrame / peer.cpuMsPerFrame))\(target)")
                }
                if let floor = results.first(where: { $0.player == decodeFloorName }) {
                    let timg = results.first { $0.player.hasPrefix("timg") }
                    print("    decoding alone with tvshell's options: \(fixed(floor.cpuMsPerFrame)) ms, \(fixed(floor.cpuMsPerFrame / ours.cpuMsPerFrame)) of tvshell's CPU"
                        + (timg.map { ", \(fixed(floor.cpuMsPerFrame / $0.cpuMsPerFrame)) of timg's" } ?? ""))
                    print("    tvshell beyond decoding (scaling, cells, UI, writes): \(fixed(ours.cpuMsPerFrame - floor.cpuMsPerFrame)) ms a frame (issue 44 target ≤ 1 ms)"
                        + (timg.map { "; 0.9 × timg leaves \(fixed(0.9 * $0.cpuMsPerFrame - floor.cpuMsPerFrame)) ms beyond decoding" } ?? ""))
                }
            }
        }
    }

    /// tvshell with each of `variants` (a name and extra arguments) against
    /// timg and the decode floor on one clip (`mandelbrot`, or
    /// `mandelbrot@200x60` for a size other than the first of `sizes`), `runs`
    /// interleaved runs, medians: for trying decode and scaling options
    /// before making them the default.
    static func compare(tvshell: String, source named: String, variants: [(name: String, arguments: [String])], runs: Int) throws {
        let parts = named.split(separator: "@").map(String.init)
        let source = parts[0]
        let size = parts.count > 1 ? parts[1].split(separator: "x").compactMap { Int($0) } : []
        let hd = try TestMedia.hdClip(source)
        let (columns, rows) = size.count == 2 ? (size[0], size[1]) : sizes[0]
        print("== \(source) \(columns)x\(rows), \(Int(window)) s window, median of \(runs) interleaved runs")
        var players: [() throws -> Result] = variants.map { variant in
            // A variant whose first word is a path runs that build of tvshell.
            let binary = variant.arguments.first.flatMap { $0.hasPrefix("/") ? $0 : nil }
            let extra = binary == nil ? variant.arguments : Array(variant.arguments.dropFirst())
            return { try measureTVShell(binary ?? tvshell, clip: hd, columns: columns, rows: rows, extra: extra, name: variant.name) }
        }
        if let timg = Spawn.which("timg") { players.append { try measureTimg(timg, clip: hd, columns: columns, rows: rows) } }
        if let mpv = Spawn.which("mpv") {
            players.append { try measureMPV(mpv, clip: hd, columns: columns, rows: rows, output: ["--vo=null"] + decodeFloorOptions, name: decodeFloorName) }
        }
        var samples = Array(repeating: [Result](), count: players.count)
        for _ in 0..<runs {
            for (i, measure) in players.enumerated() { samples[i].append(try measure()) }
        }
        for measured in samples {
            let cpu = measured.map(\.cpuMsPerFrame).sorted(), bytes = measured.map(\.bytesPerFrame).sorted()
            print("  \(measured[0].player.padding(toLength: 24, withPad: " ", startingAt: 0)): \(fixed(cpu[cpu.count / 2])) ms CPU/frame (\(cpu.map { fixed($0) }.joined(separator: " "))), "
                + "\(fixed(bytes[bytes.count / 2] / 1024)) KB/frame, \(fixed(measured.map(\.fps).reduce(0, +) / Double(measured.count))) fps")
        }
    }

    /// A terminal that reads 9 MB/s (xterm-class): tvshell and mpv on the
    /// mandelbrot clip with a sine track at 160×48. Prints frames shown and
    /// dropped, how far behind the terminal is when playback pauses (bytes
    /// still in flight, as seconds of reading), and libmpv's A/V sync.
    static func reportThrottled(tvshell: String) throws {
        let clip = try TestMedia.hdClip("mandelbrot", audio: true)
        for (rate, kind) in [(9_000_000, "an xterm-class terminal"), (1_000_000, "a slow SSH link")] {
            print("\n== the terminal reads only \(rate / 1_000_000) MB/s, \(kind) (mandelbrot + sine, 160x48, \(Int(window)) s): frames dropped, not queued")
            for r in [try throttledTVShell(tvshell, clip: clip, rate: rate), try throttledMPV(clip: clip, rate: rate)].compactMap({ $0 }) {
                print("  \(r.player.padding(toLength: 13, withPad: " ", startingAt: 0)): \(fixed(r.fps)) fps shown, \(r.dropped) frames dropped, "
                    + "\(fixed(r.bytesPerSecond / 1e6)) MB/s written, behind by \(fixed(r.lagMs)) ms at pause, A/V sync \(fixed(r.avsyncMs)) ms\(r.note)")
            }
        }
    }

    struct Throttled {
        let player: String
        let fps: Double
        let dropped: Int
        let bytesPerSecond: Double
        let lagMs: Double
        let avsyncMs: Double
        var note = ""
    }

    /// tvshell playing `clip` in a pty of its own (private XDG folders, no
    /// lircd, no audio device), once it has shown ten frames; the folder goes
    /// with the returned `stop`.
    private static func startTVShell(_ tvshell: String, clip: String, columns: Int, rows: Int, extra: [String] = [],
                                     throttle: Int? = nil) throws -> (pty: PtyProcess, ipc: IPCClient, stop: () -> Void) {
        let dir = TVShellBinary.scratchDirectory("bench-video")
        let socket = dir.appendingPathComponent("ipc.sock").path
        var env = benchEnvironment()
        env["XDG_CONFIG_HOME"] = dir.path
        env["XDG_STATE_HOME"] = dir.path
        let pty = try PtyProcess([tvshell, "--ipc-socket", socket, "--mpv-option", "ao=null", "--lirc-socket", dir.path + "/none"] + extra + [clip],
                                 columns: columns, rows: rows, environment: env, throttle: throttle)
        let stop = {
            _ = pty.stop()
            try? FileManager.default.removeItem(at: dir)
        }
        do {
            let ipc = try IPCClient(path: socket)
            try ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 10 }
            return (pty, ipc, stop)
        } catch {
            stop()
            throw error
        }
    }

    private static func throttledTVShell(_ tvshell: String, clip: String, rate: Int) throws -> Throttled {
        let (pty, ipc, stop) = try startTVShell(tvshell, clip: clip, columns: 160, rows: 48, throttle: rate)
        defer { stop() }
        func mpvDrops() -> Int {
            ["frame-drop-count", "decoder-frame-drop-count"].reduce(0) { sum, name in
                sum + (Int((try? ipc.request(["get_mpv_property", name]))?["data"] as? String ?? "") ?? 0)
            }
        }
        let before = try ipc.state()
        let bytes0 = pty.bytesRead, mpvDrops0 = mpvDrops()
        Thread.sleep(forTimeInterval: window)
        let after = try ipc.state()
        let droppedByMPV = mpvDrops() - mpvDrops0
        let avsync = Double((try? ipc.request(["get_mpv_property", "avsync"]))?["data"] as? String ?? "") ?? .nan
        let bytes = Double(pty.bytesRead - bytes0)
        _ = try ipc.request(["keypress", "SPACE"])
        let lag = lagAfterPause(pty)
        let shown = (after["frames_presented"] as? Int ?? 0) - (before["frames_presented"] as? Int ?? 0)
        let dropped = (after["frames_dropped"] as? Int ?? 0) - (before["frames_dropped"] as? Int ?? 0) + droppedByMPV
        return Throttled(player: "tvshell", fps: Double(shown) / window, dropped: dropped, bytesPerSecond: bytes / window,
                         lagMs: lag * 1000, avsyncMs: abs(avsync) * 1000,
                         note: (after["video_tolerance"] as? Int).map { ", colour tolerance now \($0)" } ?? "")
    }

    private static func throttledMPV(clip: String, rate: Int) throws -> Throttled? {
        guard let mpv = Spawn.which("mpv") else { return nil }
        let dir = TVShellBinary.scratchDirectory("bench-throttled")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("mpv.sock").path
        let pty = try PtyProcess([mpv, "--vo=tct", "--ao=null", "--no-config", "--really-quiet", "--input-ipc-server=\(socket)", clip],
                                 columns: 160, rows: 48, environment: benchEnvironment(), throttle: rate)
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        func number(_ name: String) -> Double? {
            let data = (try? ipc.request(["get_property", name]))?["data"]
            return (data as? Double) ?? (data as? Int).map(Double.init)
        }
        let deadline = Deadline(in: 10)
        while (number("estimated-frame-number") ?? 0) < 10 && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        let drops = { (number("frame-drop-count") ?? 0) + (number("decoder-frame-drop-count") ?? 0) }
        let frames0 = number("estimated-frame-number") ?? 0, drops0 = drops(), bytes0 = pty.bytesRead
        Thread.sleep(forTimeInterval: window)
        let frames = (number("estimated-frame-number") ?? 0) - frames0, dropped = drops() - drops0
        let avsync = number("avsync") ?? .nan
        let bytes = Double(pty.bytesRead - bytes0)
        _ = try ipc.request(["set_property", "pause", true])
        let lag = lagAfterPause(pty)
        return Throttled(player: "mpv --vo=tct", fps: (frames - dropped) / window, dropped: Int(dropped), bytesPerSecond: bytes / window,
                         lagMs: lag * 1000, avsyncMs: abs(avsync) * 1000)
    }

    /// Seconds the terminal keeps reading after playback paused: what was
    /// queued ahead of it (output stops within one frame when nothing is).
    private static func lagAfterPause(_ pty: PtyProcess) -> Double {
        let paused = PtyProcess.now()
        pty.waitForQuiet(0.25, timeout: 10)
        return max(0, pty.lastReadTime - paused)
    }

    /// Each player is measured `runs` times, the runs interleaved; the run
    /// with the median CPU is reported (one run varies by a quarter here).
    static let runs = 3

    static func run(tvshell: String, clip: String, columns: Int, rows: Int) throws -> [Result] {
        var players: [() throws -> Result] = [{ try measureTVShell(tvshell, clip: clip, columns: columns, rows: rows) }]
        if columns == sizes[0].columns {
            players.append { try measureTVShell(tvshell, clip: clip, columns: columns, rows: rows, extra: ["--video-decode", "full"], name: "tvshell full decode") }
        }
        if let mpv = Spawn.which("mpv") {
            players.append { try measureMPV(mpv, clip: clip, columns: columns, rows: rows) }
            players.append {
                try measureMPV(mpv, clip: clip, columns: columns, rows: rows, output: ["--vo=null"] + decodeFloorOptions, name: decodeFloorName)
            }
        }
        if let timg = Spawn.which("timg") { players.append { try measureTimg(timg, clip: clip, columns: columns, rows: rows) } }
        var samples = Array(repeating: [Result](), count: players.count)
        for _ in 0..<runs {
            for (i, measure) in players.enumerated() { samples[i].append(try measure()) }
        }
        return samples.map { $0.sorted { $0.cpuMsPerFrame < $1.cpuMsPerFrame }[$0.count / 2] }
    }

    private static func measureTVShell(_ tvshell: String, clip: String, columns: Int, rows: Int, extra: [String] = [], name: String = "tvshell") throws -> Result {
        let (pty, ipc, stop) = try startTVShell(tvshell, clip: clip, columns: columns, rows: rows, extra: extra)
        defer { stop() }
        let frames = { (try? ipc.state()["frames_presented"] as? Int) ?? nil }
        let dropped = { (try? ipc.state()["frames_dropped"] as? Int) ?? nil }
        return try sample(name, pid: pty.pid, pty: pty, frames: frames, dropped: dropped)
    }

    /// mpv decoding with tvshell's light-decoding options and drawing
    /// nothing: the floor under tvshell's CPU a frame, printed beside it.
    static let decodeFloorName = "mpv decode only"
    private static let decodeFloorOptions = ["--vd-lavc-skiploopfilter=all", "--vd-lavc-fast", "--vd-lavc-threads=1"]

    private static func measureMPV(_ mpv: String, clip: String, columns: Int, rows: Int, output: [String] = ["--vo=tct"],
                                   name: String = "mpv --vo=tct") throws -> Result {
        let dir = TVShellBinary.scratchDirectory("bench-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("mpv.sock").path
        let pty = try PtyProcess([mpv] + output + ["--ao=null", "--no-config", "--really-quiet", "--input-ipc-server=\(socket)", clip],
                                 columns: columns, rows: rows, environment: benchEnvironment())
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        func property(_ name: String) -> Int? {
            (try? ipc.request(["get_property", name]))?["data"] as? Int
        }
        let deadline = Deadline(in: 10)
        while (property("estimated-frame-number") ?? 0) < 10 && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        let frames = { () -> Int? in
            guard let shown = property("estimated-frame-number") else { return nil }
            return shown - (property("frame-drop-count") ?? 0) - (property("decoder-frame-drop-count") ?? 0)
        }
        let dropped = { () -> Int? in
            guard let vo = property("frame-drop-count") else { return nil }
            return vo + (property("decoder-frame-drop-count") ?? 0)
        }
        return try sample(name, pid: pty.pid, pty: pty, frames: frames, dropped: dropped)
    }

    private static func measureTimg(_ timg: String, clip: String, columns: Int, rows: Int) throws -> Result {
        let pty = try PtyProcess([timg, "-ph", "--loops=1", "-g", "\(columns)x\(rows)", clip], columns: columns, rows: rows, environment: benchEnvironment())
        defer { _ = pty.stop() }
        Thread.sleep(forTimeInterval: 1)
        return try sample("timg -ph", pid: pty.pid, pty: pty, frames: { nil })
    }

    /// Bytes, CPU and frames over `window` seconds. Without a frame count from
    /// the player, frames are assumed at the clip's 30 fps.
    private static func sample(_ name: String, pid: Int32, pty: PtyProcess, frames: () -> Int?, dropped: () -> Int? = { nil }) throws -> Result {
        guard let before = ProcessSample.read(pid) else { throw SpawnError(message: "\(name) is not running") }
        let bytes0 = pty.bytesRead
        let frames0 = frames(), dropped0 = dropped()
        Thread.sleep(forTimeInterval: window)
        guard let after = ProcessSample.read(pid) else { throw SpawnError(message: "\(name) stopped during the measurement") }
        let bytes = Double(pty.bytesRead - bytes0)
        let counted = frames0 != nil
        let shown = frames().flatMap { end in frames0.map { Double(end - $0) } } ?? 30 * window
        let perFrame = max(shown, 1)
        return Result(player: name, bytesPerFrame: bytes / perFrame, cpuMsPerFrame: (after.cpuSeconds - before.cpuSeconds) * 1000 / perFrame,
                      fps: shown / window, counted: counted, dropped: dropped().flatMap { end in dropped0.map { end - $0 } })
    }
}
