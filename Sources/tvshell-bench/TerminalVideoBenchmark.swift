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
    }

    static let window = 5.0

    /// Prints the figures for both clips at 160×48 and 80×24, with tvshell's
    /// ratios to each peer.
    static func report(tvshell: String) throws {
        print("\n== video in the terminal (720p30 H.264, \(Int(window)) s steady window; CPU of the whole process)")
        for source in ["testsrc2", "mandelbrot"] {
            let hd = try TestMedia.hdClip(source)
            for (columns, rows) in [(160, 48), (80, 24)] {
                let results = try run(tvshell: tvshell, clip: hd, columns: columns, rows: rows)
                for r in results {
                    let name = r.player.padding(toLength: 13, withPad: " ", startingAt: 0)
                    print("  \(source) \(columns)x\(rows) \(name): \(fixed(r.bytesPerFrame / 1024)) KB/frame, \(fixed(r.cpuMsPerFrame)) ms CPU/frame, "
                        + "\(fixed(r.fps)) fps\(r.counted ? "" : " (frames assumed at 30 fps)")")
                }
                guard let ours = results.first else { continue }
                for peer in results.dropFirst() {
                    print("    tvshell / \(peer.player): bytes \(fixed(ours.bytesPerFrame / peer.bytesPerFrame)), CPU \(fixed(ours.cpuMsPerFrame / peer.cpuMsPerFrame)) (issue 7 target ≤ 0.8 of the best peer)")
                }
            }
        }
    }

    static func run(tvshell: String, clip: String, columns: Int, rows: Int) throws -> [Result] {
        var results = [try measureTVShell(tvshell, clip: clip, columns: columns, rows: rows)]
        if let mpv = Spawn.which("mpv") { results.append(try measureMPV(mpv, clip: clip, columns: columns, rows: rows)) }
        if let timg = Spawn.which("timg") { results.append(try measureTimg(timg, clip: clip, columns: columns, rows: rows)) }
        return results
    }

    private static func measureTVShell(_ tvshell: String, clip: String, columns: Int, rows: Int) throws -> Result {
        let dir = TVShellBinary.scratchDirectory("bench-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("ipc.sock").path
        var env = benchEnvironment()
        env["XDG_CONFIG_HOME"] = dir.path
        env["XDG_STATE_HOME"] = dir.path
        let pty = try PtyProcess([tvshell, "--ipc-socket", socket, "--mpv-option", "ao=null", "--lirc-socket", dir.path + "/none", clip],
                                 columns: columns, rows: rows, environment: env)
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 10 }
        let frames = { (try? ipc.state()["frames_presented"] as? Int) ?? nil }
        return try sample("tvshell", pid: pty.pid, pty: pty, frames: frames)
    }

    private static func measureMPV(_ mpv: String, clip: String, columns: Int, rows: Int) throws -> Result {
        let dir = TVShellBinary.scratchDirectory("bench-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("mpv.sock").path
        let pty = try PtyProcess([mpv, "--vo=tct", "--ao=null", "--no-config", "--really-quiet", "--input-ipc-server=\(socket)", clip],
                                 columns: columns, rows: rows, environment: benchEnvironment())
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        func property(_ name: String) -> Int? {
            (try? ipc.request(["get_property", name]))?["data"] as? Int
        }
        let deadline = Date().addingTimeInterval(10)
        while (property("estimated-frame-number") ?? 0) < 10 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let frames = { () -> Int? in
            guard let shown = property("estimated-frame-number") else { return nil }
            return shown - (property("frame-drop-count") ?? 0) - (property("decoder-frame-drop-count") ?? 0)
        }
        return try sample("mpv --vo=tct", pid: pty.pid, pty: pty, frames: frames)
    }

    private static func measureTimg(_ timg: String, clip: String, columns: Int, rows: Int) throws -> Result {
        let pty = try PtyProcess([timg, "-ph", "--loops=1", "-g", "\(columns)x\(rows)", clip], columns: columns, rows: rows, environment: benchEnvironment())
        defer { _ = pty.stop() }
        Thread.sleep(forTimeInterval: 1)
        return try sample("timg -ph", pid: pty.pid, pty: pty, frames: { nil })
    }

    /// Bytes, CPU and frames over `window` seconds. Without a frame count from
    /// the player, frames are assumed at the clip's 30 fps.
    private static func sample(_ name: String, pid: Int32, pty: PtyProcess, frames: () -> Int?) throws -> Result {
        guard let before = ProcessSample.read(pid) else { throw SpawnError(message: "\(name) is not running") }
        let bytes0 = pty.bytesRead
        let frames0 = frames()
        Thread.sleep(forTimeInterval: window)
        guard let after = ProcessSample.read(pid) else { throw SpawnError(message: "\(name) stopped during the measurement") }
        let bytes = Double(pty.bytesRead - bytes0)
        let counted = frames0 != nil
        let shown = frames().flatMap { end in frames0.map { Double(end - $0) } } ?? 30 * window
        let perFrame = max(shown, 1)
        return Result(player: name, bytesPerFrame: bytes / perFrame, cpuMsPerFrame: (after.cpuSeconds - before.cpuSeconds) * 1000 / perFrame,
                      fps: shown / window, counted: counted)
    }
}
