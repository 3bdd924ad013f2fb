import Foundation
import ShellProbes

/// Picture in picture at 120×40: the CPU of the whole process per second
/// and the frames per second of each picture, for a film full screen with a
/// live channel in a picture, against the same film alone (the reference,
/// measured in the same run).
enum PictureBenchmark {
    struct Result {
        let name: String
        let cpuPercent: Double
        let fullScreenFPS: Double
        let pictureFPS: Double?
    }

    static let window = 5.0

    /// The film alone, then the film with the channel in a picture; the
    /// median of `runs` interleaved runs of each.
    static func report(tvshell: String, film: String, channel: String, runs: Int = 3) throws {
        print("\n== picture in picture (pty 120x40, \(Int(window)) s window, CPU of the whole process, median of \(runs) interleaved runs)")
        var alone: [Result] = [], both: [Result] = []
        for _ in 0..<runs {
            alone.append(try measure(tvshell, film: film, channel: nil))
            both.append(try measure(tvshell, film: film, channel: channel))
        }
        let reference = median(alone), pip = median(both)
        for r in [reference, pip] {
            print("  \(r.name.padding(toLength: 30, withPad: " ", startingAt: 0)): CPU \(fixed(r.cpuPercent)) % of a core, full screen \(fixed(r.fullScreenFPS)) fps"
                + (r.pictureFPS.map { ", picture \(fixed($0)) fps" } ?? ""))
        }
        print("  ratio CPU with / without the picture: \(fixed(pip.cpuPercent / max(reference.cpuPercent, 0.001)))   (target: both pictures ≥ 25 fps)")
    }

    private static func median(_ results: [Result]) -> Result {
        results.sorted { $0.cpuPercent < $1.cpuPercent }[results.count / 2]
    }

    /// tvshell playing `film` full screen, with `channel` put into a picture
    /// first when given.
    private static func measure(_ tvshell: String, film: String, channel: String?) throws -> Result {
        let dir = TVShellBinary.scratchDirectory("bench-pip")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("ipc.sock").path
        var env = benchEnvironment()
        env["XDG_CONFIG_HOME"] = dir.path
        env["XDG_STATE_HOME"] = dir.path
        let items = channel.map { [$0, film] } ?? [film]
        let pty = try PtyProcess([tvshell, "--ipc-socket", socket, "--mpv-option", "ao=null", "--lirc-socket", dir.path + "/none"] + items,
                                 columns: 120, rows: 40, environment: env)
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 10 }
        if channel != nil {
            _ = try ipc.request(["keypress", "p"])
            try ipc.waitForState { $0["pip"] is [String: Any] }
            _ = try ipc.request(["play", film])
            try ipc.waitForState { $0["url"] as? String == film && ($0["frames_presented"] as? Int ?? 0) > 10 }
        }
        Thread.sleep(forTimeInterval: 1)
        let before = try ipc.state()
        guard let cpu0 = ProcessSample.read(pty.pid) else { throw SpawnError(message: "cannot read /proc/\(pty.pid)") }
        Thread.sleep(forTimeInterval: window)
        guard let cpu1 = ProcessSample.read(pty.pid) else { throw SpawnError(message: "cannot read /proc/\(pty.pid)") }
        let after = try ipc.state()
        func frames(_ state: [String: Any]) -> Int { state["frames_presented"] as? Int ?? 0 }
        func pictureFrames(_ state: [String: Any]) -> Int? { (state["pip"] as? [String: Any])?["frames_presented"] as? Int }
        let picture = zip(pictureFrames(before), pictureFrames(after)).map { Double($1 - $0) / window }
        return Result(name: channel == nil ? "film alone" : "film + channel in a picture",
                      cpuPercent: (cpu1.cpuSeconds - cpu0.cpuSeconds) / window * 100,
                      fullScreenFPS: Double(frames(after) - frames(before)) / window, pictureFPS: picture)
    }
}

private func zip(_ a: Int?, _ b: Int?) -> (Int, Int)? {
    guard let a, let b else { return nil }
    return (a, b)
}
