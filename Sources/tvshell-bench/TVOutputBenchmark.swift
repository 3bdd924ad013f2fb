import Foundation
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

/// The TV output under Xvfb at 1280×720 with `--vo=x11`: tvshell `--video tv`
/// playing a 720p film with its transport bar kept up on the OSD (SPACE
/// twice every 4 s), against mpv playing the same file with its own OSD on
/// (`--osd-level=3`). The bar is laid over the picture as outlined text and
/// thin lines (`ViewContext.chromeOverPicture`): a panel behind it would
/// cost half as much again, mpv blending it into every frame in software.
/// CPU ratio, dropped frames, and key → OSD changed (the
/// shell's `osd-overlay` sent, as `get_state.tv.osd_updates` counts it).
enum TVOutputBenchmark {
    static func report(tvshell: String) throws {
        print("\n== the TV output (Xvfb 1280x720, --vo=x11): tvshell --video tv vs mpv with its OSD, 10 s each")
        guard Spawn.which("Xvfb") != nil else {
            print("  skipped: no Xvfb")
            return
        }
        let film = try TestMedia.hdClip("testsrc2", seconds: 60)
        let display = try VirtualDisplay(width: 1280, height: 720)
        defer { display.stop() }
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tvshell-bench-tv-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = display.environment(["HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])

        var mpvCPU: Double?
        if let mpv = Spawn.which("mpv") {
            let pid = try Spawn.start([mpv, "--no-config", "--vo=x11", "--ao=null", "--fs", "--osd-level=3", "--loop=inf", film], environment: environment)
            Thread.sleep(forTimeInterval: 2)
            mpvCPU = cpu(pid, seconds: 10)
            kill(pid, SIGTERM)
            _ = Spawn.wait(pid)
        }

        let socket = directory.appendingPathComponent("ipc.sock").path
        let pid = try Spawn.start([tvshell, "--video", "tv", "--mpv-option", "vo=x11", "--mpv-option", "ao=null", "--mpv-option", "loop-file=inf",
                                   "--ipc-socket", socket, film], environment: environment)
        defer {
            kill(pid, SIGTERM)
            _ = Spawn.wait(pid)
        }
        let ipc = try IPCClient(path: socket, timeout: 30)
        try ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" }
        let dropsBefore = Double(try ipc.request(["get_mpv_property", "frame-drop-count"])["data"] as? String ?? "0") ?? 0
        guard let before = ProcessSample.read(pid) else { throw SpawnError(message: "cannot read /proc/\(pid)") }
        for _ in 0..<3 {
            _ = try ipc.request(["keypress", "SPACE"])
            _ = try ipc.request(["keypress", "SPACE"])
            Thread.sleep(forTimeInterval: 10.0 / 3)
        }
        guard let after = ProcessSample.read(pid) else { throw SpawnError(message: "cannot read /proc/\(pid)") }
        let ours = (after.cpuSeconds - before.cpuSeconds) / 10 * 100
        let dropsAfter = Double(try ipc.request(["get_mpv_property", "frame-drop-count"])["data"] as? String ?? "0") ?? 0

        var latencies: [Double] = []
        for _ in 0..<40 {
            let before = updates(ipc)
            let sent = Date()
            _ = try ipc.request(["keypress", "i"])
            while updates(ipc) == before && Date().timeIntervalSince(sent) < 1 { usleep(500) }
            latencies.append(Date().timeIntervalSince(sent) * 1000)
            usleep(100_000)
        }
        let keys = Statistics(latencies)
        let ratio = mpvCPU.map { ours / max($0, 0.1) }
        print("  mpv --vo=x11 with its OSD: \(mpvCPU.map { fixed($0, 1) + " % CPU" } ?? "n/a (no mpv)")")
        print("  tvshell --video tv, transport bar up: \(fixed(ours, 1)) % CPU, ratio \(ratio.map { fixed($0) } ?? "n/a") (target ≤ 1.15), "
              + "\(Int(dropsAfter - dropsBefore)) frames dropped (target 0)")
        print("  key → OSD overlay sent: median \(fixed(keys.median)) ms, p99 \(fixed(keys.p99)) ms (target p99 ≤ 50 ms)")
    }

    /// CPU use of `pid` over `seconds`, in percent of one core.
    static func cpu(_ pid: Int32, seconds: Double) -> Double {
        guard let before = ProcessSample.read(pid) else { return .nan }
        Thread.sleep(forTimeInterval: seconds)
        guard let after = ProcessSample.read(pid) else { return .nan }
        return (after.cpuSeconds - before.cpuSeconds) / seconds * 100
    }

    static func updates(_ ipc: IPCClient) -> Int {
        ((try? ipc.state())?["tv"] as? [String: Any])?["osd_updates"] as? Int ?? -1
    }
}
