import Foundation
import ShellProbes

/// A viewer's evening of zapping (`tvshell-bench TVSHELL zaptrace [ZAPS]`):
/// 50 live HLS channels from pre-encoded segments served as sliding live
/// windows (no encoder runs), two of them TV-MA behind a passcode, three
/// favourites, `[live] max_connections = 4`. A trace made from a fixed seed
/// (55 % channel up/down, 15 % the last-channel key, 15 % typed numbers,
/// 10 % guide picks, 5 % favourites by number), each zap's key → the new
/// channel's first frame, 4 s on each channel and then until the `k`th
/// phase of the segments' time for the `k`th zap (`SlidingLiveHLS.phase`);
/// against raw libmpv cold `loadfile` of the same channels in the same run,
/// its `k`th load at the same phase, so cold loads are compared like with
/// like. Then the same trace's first zaps with warming off, for what
/// warming costs (bytes a minute from the server, tvshell's CPU). The
/// server's log must show no request for a restricted channel.
enum ZapTraceBenchmark {
    enum Kind: String, CaseIterable { case flip = "up/down", last = "last channel", typed = "typed number", guide = "guide pick", favourite }

    struct Zap {
        var kind: Kind
        var milliseconds: Double
        var wasWarm: Bool
        /// Its place in the trace, from 1: the phase its keys came at.
        var index = 0
        /// What it was: the keys, from which channel to which, with the
        /// channels warm before the first key and the picture's channel.
        var detail = ""
    }

    static let channels = 50
    static let restricted: Set<Int> = [25, 40]
    static let favourites = [7, 21, 33]

    static func report(tvshell: String, zaps: Int) throws {
        let folder = try TestMedia.liveSegments(size: "320x180")
        let live = try SlidingLiveHLS(folder: folder, count: 20)
        defer { live.stop() }
        let segmentBytes = averageSegmentBytes(folder)
        print("\n== a viewer's zapping: \(zaps) zaps on \(channels) live HLS channels (sliding windows of pre-encoded segments), max_connections = 4")
        // Cold loads spread from 19 to 215 ms over a segment's time: a tenth
        // of the trace (40 at least) for the raw and the warming-off medians.
        let samples = max(40, zaps / 10)
        let (rawSamples, raw) = try FirstFrameBenchmark.rawSamples(cycling: (1...10).map { live.url(channel: 40 + $0) }, runs: samples, settle: 1, live: live)
        print("  raw libmpv cold loadfile → first frame (\(samples) loads at every point of the 1 s segments): median \(fixed(raw.median)) ms, p99 \(fixed(raw.p99)) ms")

        let warm = try run(tvshell, live: live, zaps: zaps, warming: true)
        let fast = warm.zaps.filter { $0.milliseconds <= 0.2 * raw.median }.count
        let all = Statistics(warm.zaps.map(\.milliseconds))
        print("  tvshell, warming on: \(fast) of \(warm.zaps.count) zaps (\(fixed(100 * Double(fast) / Double(max(1, warm.zaps.count)), 1)) %) within 0.2× raw (target ≥ 90 %); median \(fixed(all.median)) ms, p99 \(fixed(all.p99)) ms")
        for kind in Kind.allCases {
            let of = warm.zaps.filter { $0.kind == kind }
            guard !of.isEmpty else { continue }
            let within = of.filter { $0.milliseconds <= 0.2 * raw.median }.count
            print("    \(kind.rawValue): \(within)/\(of.count) within 0.2×, median \(fixed(Statistics(of.map(\.milliseconds)).median)) ms")
        }
        let notWarm = warm.zaps.filter { !$0.wasWarm }
        print("  zaps to a channel not warm before the first key (typed numbers warm as the digits come): \(notWarm.count), median \(fixed(Statistics(notWarm.map(\.milliseconds)).median)) ms")
        let slow = warm.zaps.filter { $0.milliseconds > 0.2 * raw.median }
        if !slow.isEmpty {
            let median = Statistics(slow.map(\.milliseconds)).median
            print("  the zaps over 0.2× raw: \(slow.count), median \(fixed(median)) ms, ratio \(fixed(median / raw.median)) to raw (target ≤ 1.05); the first of them:")
            for zap in slow.prefix(12) { print("    \(zap.kind.rawValue) \(zap.detail): \(fixed(zap.milliseconds)) ms") }
        }
        let coldRun = try run(tvshell, live: live, zaps: min(zaps, samples), warming: false)
        let warmBytes = Double(warm.segments) * segmentBytes / warm.minutes, coldBytes = Double(coldRun.segments) * segmentBytes / coldRun.minutes
        print("  warming's cost: \(fixed(warmBytes / 1_048_576, 1)) MiB a minute from the server against \(fixed(coldBytes / 1_048_576, 1)) without warming"
              + " (\(fixed(warmBytes / max(coldBytes, 1), 2))×); tvshell's CPU \(fixed(warm.cpuPercent, 1)) % against \(fixed(coldRun.cpuPercent, 1)) %")
        // Guide picks promote the preview, which played in the guide: no
        // load, so not a cold zap.
        let cold = coldRun.zaps.filter { $0.kind != .guide }
        let ratios = cold.compactMap { zap in rawSamples.indices.contains(zap.index - 1) ? zap.milliseconds / rawSamples[zap.index - 1] : nil }
        print("  with warming off, \(cold.count) cold zaps (guide picks left out): median \(fixed(Statistics(cold.map(\.milliseconds)).median)) ms,"
              + " \(fixed(Statistics(cold.map(\.milliseconds)).median / raw.median)) × raw's median; each against raw's load at the same phase:"
              + " median ratio \(fixed(Statistics(ratios).median)) (target ≤ 1.05)")
        let leaked = live.server.requests.filter { path in restricted.contains { path.hasPrefix("/live\($0).m3u8") } }
        print("  requests for the restricted channels \(restricted.sorted()): \(leaked.count) (target 0)")
    }

    struct Run {
        var zaps: [Zap]
        var segments: Int
        var minutes: Double
        var cpuPercent: Double
    }

    /// One pass of the trace.
    private static func run(_ tvshell: String, live: SlidingLiveHLS, zaps count: Int, warming: Bool) throws -> Run {
        let directory = TVShellBinary.scratchDirectory("zaptrace")
        defer { try? FileManager.default.removeItem(at: directory) }
        var env = benchEnvironment()
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        for arguments in [["set-passcode", "--stdin"], ["set", "--tv", "TV-PG", "--stdin"], ["mode", "passcode", "--stdin"]] {
            let (status, output) = try Spawn.run([tvshell, "restrictions"] + arguments, environment: env, input: "2468\n")
            guard status == 0 else { throw SpawnError(message: "restrictions \(arguments[0]): \(output)") }
        }
        let lineup = directory.appendingPathComponent("live.m3u")
        var text = "#EXTM3U\n"
        for n in 1...channels {
            let rating = restricted.contains(n) ? " tvg-rating=\"TV-MA\"" : ""
            text += "#EXTINF:-1 tvg-id=\"c\(n)\" tvg-chno=\"\(n)\"\(rating),Channel \(n)\n\(live.url(channel: n))\n"
        }
        try text.write(to: lineup, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("config.toml")
        try "[live]\ntimeshift_disk = 0\nmax_connections = 4\nwarm_neighbours = \(warming ? 2 : 0)\n".write(to: config, atomically: true, encoding: .utf8)
        let shell = try BenchShell(tvshell, arguments: ["--config", config.path, lineup.path], environment: env)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 3 && $0["screen"] as? String == "player" }
        for favourite in favourites {
            try tune(shell, to: favourite)
            try shell.ipc.request(["keypress", "f"])
        }
        try tune(shell, to: 1)
        Thread.sleep(forTimeInterval: 4)

        var random = SeededGenerator(seed: 55)
        var current = 1
        var zaps: [Zap] = []
        let segmentsBefore = segmentRequests(live)
        let began = PtyProcess.now()
        let cpuBefore = ProcessSample.read(shell.pty.pid)?.cpuSeconds ?? 0
        while zaps.count < count {
            let roll = Double(random.next() % 10_000) / 10_000
            let kind: Kind = roll < 0.55 ? .flip : roll < 0.70 ? .last : roll < 0.85 ? .typed : roll < 0.95 ? .guide : .favourite
            let state = try shell.ipc.state()
            let warmNow = Set(state["warm"] as? [Int] ?? [])
            let previous = state["previous_channel"] as? Int
            var keys: [String] = []
            var target: Int
            var before: [String] = []
            switch kind {
            case .flip:
                var step = random.next() % 2 == 0 ? 1 : -1
                if restricted.contains(wrap(current + step)) { step = -step }
                target = wrap(current + step)
                keys = [step > 0 ? "RIGHT" : "LEFT"]
                if restricted.contains(target) { continue }
            case .last:
                guard let previous, previous != current, !restricted.contains(previous) else { continue }
                target = previous
                keys = ["-"]
            case .typed, .favourite:
                repeat {
                    target = kind == .typed ? Int(random.next() % UInt64(channels)) + 1 : favourites[Int(random.next() % UInt64(favourites.count))]
                } while target == current || restricted.contains(target)
                before = String(target).map(String.init)
                keys = ["ENTER"]
            case .guide:
                target = try guidePick(shell, from: current, random: &random)
                keys = ["ENTER"]
            }
            for key in before { try shell.ipc.request(["keypress", key]) }
            if !before.isEmpty { Thread.sleep(forTimeInterval: 0.3) }
            // At a fixed phase, a cold zap's time swung 0.94× to 1.41× raw
            // from run to run: each zap at its own, as raw's loads are.
            live.wait(untilPhase: SlidingLiveHLS.phase(zaps.count + 1))
            let wasWarm = kind == .guide ? true : warmNow.contains(target)
            try shell.ipc.discardEvents()
            let start = PtyProcess.now()
            for key in keys { try shell.ipc.request(["keypress", key]) }
            do {
                _ = try shell.ipc.waitForEvent("first-frame", timeout: 15)
            } catch {
                print("  zap \(zaps.count + 1) (\(kind.rawValue) \(before + keys) to \(target), warm \(warmNow.sorted())): no first frame; state: \(try shell.ipc.state())")
                throw error
            }
            let pip = ((state["pip"] as? [String: Any])?["title"] as? String).map { ", picture: \($0)" } ?? ""
            zaps.append(Zap(kind: kind, milliseconds: (PtyProcess.now() - start) * 1000, wasWarm: wasWarm, index: zaps.count + 1,
                            detail: "\(before + keys) \(current) → \(target), warm before \(warmNow.sorted())\(pip)"))
            try shell.ipc.waitForState(timeout: 15) { $0["screen"] as? String == "player" && $0["flip_pending"] as? Bool == false }
            current = ((try shell.ipc.state())["channel"] as? [String: Any])?["number"] as? Int ?? target
            Thread.sleep(forTimeInterval: 4)
        }
        let minutes = (PtyProcess.now() - began) / 60
        let cpu = (ProcessSample.read(shell.pty.pid)?.cpuSeconds ?? 0) - cpuBefore
        return Run(zaps: zaps, segments: segmentRequests(live) - segmentsBefore, minutes: minutes, cpuPercent: 100 * cpu / (minutes * 60))
    }

    /// Opens the guide, moves 1–4 rows past any restricted channel, lets
    /// the preview play: the channel focused.
    private static func guidePick(_ shell: BenchShell, from current: Int, random: inout SeededGenerator) throws -> Int {
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { $0["screen"] as? String == "guide" }
        let downs = Int(random.next() % 4) + 1
        for _ in 0..<downs { try shell.ipc.request(["keypress", "DOWN"]) }
        var selection = (try shell.ipc.state())["home_selection"] as? Int ?? 0
        for _ in 0..<8 where restricted.contains(selection + 1) || selection + 1 == current {
            try shell.ipc.request(["keypress", "DOWN"])
            selection = (try shell.ipc.state())["home_selection"] as? Int ?? 0
        }
        Thread.sleep(forTimeInterval: 1.5)
        return selection + 1
    }

    private static func tune(_ shell: BenchShell, to number: Int) throws {
        for key in String(number).map(String.init) + ["ENTER"] { try shell.ipc.request(["keypress", key]) }
        try shell.ipc.waitForState(timeout: 15) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == number && $0["first_frame"] as? Bool == true && $0["screen"] as? String == "player"
        }
    }

    private static func wrap(_ n: Int) -> Int { (n - 1 + channels) % channels + 1 }

    private static func segmentRequests(_ live: SlidingLiveHLS) -> Int { live.server.requests.filter { $0.hasSuffix(".ts") }.count }

    private static func averageSegmentBytes(_ folder: String) -> Double {
        let sizes = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ts") }.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size]) as? Int
        }
        return sizes.isEmpty ? 0 : Double(sizes.reduce(0, +)) / Double(sizes.count)
    }
}
