import Foundation
import ShellProbes

/// Zapping between live HLS channels (ffmpeg encoding in real time into a
/// local HTTP server): flip key → first frame of the new channel drawn, in
/// tvshell with warm neighbours off (cold) or on (warm), against raw libmpv
/// `loadfile replace` → first frame rendered on the same streams.
enum ZapBenchmark {
    /// Three live channels, each its own encoder and server.
    static func streams() throws -> [LiveHLSStream] {
        try ["testsrc=size=160x90:rate=25", "smptebars=size=160x90:rate=25", "rgbtestsrc=size=160x90:rate=25"].map {
            try LiveHLSStream(source: $0, listSize: 30)
        }
    }

    /// `flips` single presses, alternately RIGHT and LEFT, between channels
    /// 1 and 2 of the three; `warm`: `[live] warm_neighbours = 2` (else 0),
    /// each flip made once the neighbours are warm.
    static func tvshell(_ tvshell: String, streams: [LiveHLSStream], warm: Bool, flips: Int = 12) throws -> Statistics {
        let directory = TVShellBinary.scratchDirectory("zap")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lineup = directory.appendingPathComponent("live.m3u")
        var text = "#EXTM3U\n"
        for (n, stream) in streams.enumerated() {
            text += "#EXTINF:-1 tvg-id=\"live\(n + 1)\" tvg-chno=\"\(n + 1)\",Live \(n + 1)\n\(stream.url)\n"
        }
        try text.write(to: lineup, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("config.toml")
        try "[live]\ntimeshift_disk = 0\nwarm_neighbours = \(warm ? 2 : 0)\n[library]\nremember = false\n".write(to: config, atomically: true, encoding: .utf8)
        let shell = try BenchShell(tvshell, arguments: ["--config", config.path, lineup.path])
        try shell.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 3 && $0["screen"] as? String == "player" }
        var samples: [Double] = []
        let right: [UInt8] = [0x1B, 0x4F, 0x43], left: [UInt8] = [0x1B, 0x4F, 0x44]
        for i in 0..<flips {
            if warm {
                try shell.ipc.waitForState(timeout: 20) { ($0["warm"] as? [Int] ?? []).count == 2 && $0["screen"] as? String == "player" }
            } else {
                Thread.sleep(forTimeInterval: 1)
            }
            shell.pty.waitForQuiet(0.05)
            try shell.ipc.discardEvents()
            let start = shell.pty.mark()
            shell.pty.type(i % 2 == 0 ? right : left)
            _ = try shell.ipc.waitForEvent("first-frame", timeout: 10)
            samples.append((PtyProcess.now() - start) * 1000)
            try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["flip_pending"] as? Bool == false }
        }
        return Statistics(samples)
    }

    /// Raw libmpv: `loadfile replace` of channels 1 and 2 in turn (the
    /// same as the flips) → the first frame of the new entry rendered.
    static func raw(streams: [LiveHLSStream], runs: Int = 12) throws -> Statistics {
        try FirstFrameBenchmark.raw(cycling: [streams[0].url, streams[1].url], runs: runs, settle: 1)
    }
}
