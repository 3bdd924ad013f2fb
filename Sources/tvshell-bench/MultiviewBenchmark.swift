import Foundation
import ShellProbes

/// Multiview at 120×40 (`tvshell-bench TVSHELL multiview`): four live 720p25
/// channels (pre-encoded segments served as sliding windows: no encoder
/// runs beside it), each view's frames per second and the CPU of the whole
/// process over 10 s, against one of them alone full screen in the same run.
enum MultiviewBenchmark {
    static let window = 10.0

    static func report(tvshell: String) throws {
        print("\n== multiview (pty 120x40, four live 720p25 H.264 channels from pre-encoded segments, \(Int(window)) s)")
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(size: "1280x720"), count: 20)
        defer { live.stop() }
        let dir = TVShellBinary.scratchDirectory("bench-multiview")
        defer { try? FileManager.default.removeItem(at: dir) }
        var lineup = "#EXTM3U\n"
        for channel in 1...4 { lineup += "#EXTINF:-1 tvg-chno=\"\(channel)\",Channel \(channel)\n\(live.url(channel: channel))\n" }
        let path = dir.appendingPathComponent("tv.m3u").path
        try lineup.write(toFile: path, atomically: true, encoding: .utf8)
        let socket = dir.appendingPathComponent("ipc.sock").path
        var env = benchEnvironment()
        env["XDG_CONFIG_HOME"] = dir.path
        env["XDG_STATE_HOME"] = dir.path
        let pty = try PtyProcess([tvshell, "--ipc-socket", socket, "--mpv-option", "ao=null", "--lirc-socket", dir.path + "/none", path],
                                 columns: 120, rows: 40, environment: env)
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 25 }
        let alone = try measure(pty, ipc) { [($0["frames_presented"] as? Int ?? 0)] }
        print("  one channel full screen: \(fixed(alone.fps[0])) fps, CPU \(fixed(alone.cpu)) % of a core")
        _ = try ipc.request(["multiview", [1, 2, 3, 4]])
        func views(_ state: [String: Any]) -> [Int] {
            ((state["multiview"] as? [String: Any])?["views"] as? [[String: Any]] ?? []).map { $0["frames_presented"] as? Int ?? 0 }
        }
        try ipc.waitForState(timeout: 30) { views($0).count == 4 && views($0).allSatisfy { $0 > 25 } }
        let four = try measure(pty, ipc, frames: views)
        print("  four views: \(four.fps.map { fixed($0) }.joined(separator: ", ")) fps (target ≥ 24 each), CPU \(fixed(four.cpu)) % of a core (\(fixed(four.cpu / max(alone.cpu, 0.001))) × one alone)")
    }

    private static func measure(_ pty: PtyProcess, _ ipc: IPCClient, frames: ([String: Any]) -> [Int]) throws -> (fps: [Double], cpu: Double) {
        Thread.sleep(forTimeInterval: 1)
        let before = frames(try ipc.state())
        guard let cpu0 = ProcessSample.read(pty.pid) else { throw SpawnError(message: "cannot read /proc/\(pty.pid)") }
        Thread.sleep(forTimeInterval: window)
        guard let cpu1 = ProcessSample.read(pty.pid) else { throw SpawnError(message: "cannot read /proc/\(pty.pid)") }
        let after = frames(try ipc.state())
        return (zip(before, after).map { Double($1 - $0) / window }, (cpu1.cpuSeconds - cpu0.cpuSeconds) / window * 100)
    }
}
