import Foundation
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

/// One soak run: the shell under test, the seeded actions, the invariants.
final class Soak {
    private let options: SoakOptions
    private var rng: SeededGenerator
    private let passcode = "2468"
    /// The example's flip timeout (`ShellSettings.flipTimeout` there) and
    /// the slack allowed past it before an interstitial counts as stuck (a
    /// flip into the restricted channel stays open under the prompt, which
    /// answers it: that is not an interstitial).
    private let flipTimeout = 3.0, slack = 3.0

    private var step = 0
    private var action = "start"
    private var flipsStarted = 0
    private var flipsCompleted = 0
    private var prompts = 0
    private var promptUp = false
    /// Whether a typed code was being checked at the last look (its answer
    /// may take the prompt down between two looks).
    private var promptChecking = false
    private var interstitialSince: Date?
    /// The TV output's display (nil on the terminal).
    private var display: VirtualDisplay?
    /// How many times the TV was looked at for mpv's window.
    private var windowLooks = 0
    /// The last steps, for a failure's report.
    private var recent: [String] = []

    init(_ options: SoakOptions) {
        self.options = options
        rng = SeededGenerator(seed: options.seed)
    }

    func run() throws -> String {
        let home = TVShellBinary.scratchDirectory("soak")
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = home.path + "/config"
        environment["XDG_STATE_HOME"] = home.path + "/state"
        environment["XDG_CACHE_HOME"] = home.path + "/cache"
        environment["TERM"] = "xterm-256color"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        let tvshell = options.bin + "/tvshell"
        for arguments in [["set-passcode"], ["set", "--tv", "TV-PG"], ["mode", "passcode"]] {
            let result = try Spawn.run([tvshell, "restrictions"] + arguments + ["--stdin"], environment: environment, input: passcode + "\n")
            guard result.status == 0 else { throw SpawnError(message: "tvshell restrictions \(arguments.joined(separator: " ")): \(result.output)") }
        }
        let socket = home.path + "/ipc.sock"
        var command = [options.bin + "/tvshell-delegate-example", "--ipc-socket", socket, "--soak", "\(options.seed)"]
        if options.video == "tv" {
            let display = try VirtualDisplay(width: 1280, height: 720)
            self.display = display
            environment = display.environment(environment)
            command = [tvshell, try Self.lineup(in: home), "--video", "tv", "--mpv-option", "ao=null", "--ipc-socket", socket]
        }
        defer { display?.stop() }
        let pty = try PtyProcess(command, columns: 100, rows: 30, environment: environment)
        defer { _ = pty.stop() }
        let ipc = try IPCClient(path: socket, timeout: 30)
        try ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" }

        let started = Date()
        say("soak: \(options.actions) actions, seed \(options.seed), video \(options.video), pid \(pty.pid)")
        var early: Settled?
        for n in 1...options.actions {
            step = n
            try perform(ipc)
            if n == min(2000, options.actions) {
                early = try settle(ipc, pid: pty.pid)
                say("soak: after \(n) actions: RSS \(mib(early!.rss)) MiB (anonymous \(mib(early!.anon)) MiB), \(early!.fds) descriptors")
            } else if n % 2000 == 0 {
                say("soak: \(n) actions, \(flipsStarted) flips, \(prompts) prompts, \(Int(Date().timeIntervalSince(started))) s")
            }
        }
        action = "the end"
        let end = try settle(ipc, pid: pty.pid)
        guard flipsStarted == flipsCompleted else {
            throw SoakFailure(step: step, action: action, message: "\(flipsStarted) flips started, \(flipsCompleted) completed")
        }
        let grew = end.rss - early!.rss
        let summary = "soak: \(options.actions) actions in \(Int(Date().timeIntervalSince(started))) s, seed \(options.seed): "
            + "\(flipsStarted) flips each completed once, \(prompts) passcode prompts; "
            + "RSS \(mib(early!.rss)) MiB after \(min(2000, options.actions)) actions, \(mib(end.rss)) MiB at the end (grew \(mib(grew)) MiB); "
            + "anonymous \(mib(early!.anon)) and \(mib(end.anon)) MiB (grew \(mib(end.anon - early!.anon)) MiB); "
            + "descriptors \(early!.fds) and \(end.fds)" + (display == nil ? "" : "; mpv's window on the TV at each of \(windowLooks) looks")
        guard grew < 5 * 1024 else { throw SoakFailure(step: step, action: action, message: "RSS grew \(mib(grew)) MiB (limit 5). " + summary) }
        guard end.fds == early!.fds else { throw SoakFailure(step: step, action: action, message: "descriptors leaked. " + summary) }
        return summary
    }

    /// The example's channels as a lineup, for tvshell's own lineup player
    /// on the TV output: its neighbours warm, each flip to one swapping its
    /// player into mpv's window (a delegate's flips load anew). Its path.
    private static func lineup(in home: URL) throws -> String {
        let channels = [
            ("A", "1", "", "av://lavfi:testsrc2=size=320x180:rate=25"), ("B", "2", "", "av://lavfi:mandelbrot=size=320x180:rate=25"),
            ("C", "3", "", "av://lavfi:smptehdbars=size=320x180:rate=25"),
            ("Late Channel", "4", " tvg-rating=\"TV-MA\"", "av://lavfi:smptebars=size=320x180:rate=25"),
            ("Dead Channel", "5", "", "/nonexistent/dead-channel.ts"),
        ]
        let entries = channels.map { "#EXTINF:-1 tvg-id=\"soak\($0.1)\" tvg-chno=\"\($0.1)\"\($0.2),\($0.0)\n\($0.3)" }
        let path = home.appendingPathComponent("soak.m3u").path
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try (["#EXTM3U"] + entries).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: - Actions

    private func perform(_ ipc: IPCClient) throws {
        let roll = Int.random(in: 0..<100, using: &rng)
        var idle = false
        switch roll {
        case 0..<25: try key(ipc, ["RIGHT", "LEFT", "PGUP", "PGDWN"].randomElement(using: &rng)!)
        case 25..<35: try request(ipc, ["channel", Int.random(in: 1...5, using: &rng)])
        case 35..<43:
            for _ in 0..<Int.random(in: 1...2, using: &rng) { try key(ipc, String(Int.random(in: 1...5, using: &rng))) }
            if Bool.random(using: &rng) { try key(ipc, "ENTER") }
        case 43..<48: try request(ipc, ["play", "/nonexistent/soak-\(Int.random(in: 0..<1000, using: &rng)).ts"])
        case 48..<53: try request(ipc, ["play", "av://lavfi:testsrc2=size=160x90:rate=25"])
        case 53..<68:
            let right = Int.random(in: 0..<3, using: &rng) == 0
            let code = right ? passcode : String(format: "%04d", Int.random(in: 0..<10000, using: &rng))
            action = "passcode \(right ? "right" : "wrong")"
            for digit in code { _ = try ipc.request(["keypress", String(digit)]) }
        // The five navigation keys twice each: the volume keys come less often.
        case 68..<90: try key(ipc, ["ESC", "UP", "DOWN", "ENTER", "SPACE", "ESC", "UP", "DOWN", "ENTER", "SPACE", "(", ")", "*"].randomElement(using: &rng)!)
        // The picture in picture: opened, swapped with the screen (on the TV
        // output the picture's player takes mpv's window over), closed.
        case 90..<94:
            try key(ipc, ["p", "x", "x", "P"].randomElement(using: &rng)!)
            try checkWindow()
        default:
            idle = true
            action = "idle"
            usleep(UInt32.random(in: 20_000...300_000, using: &rng))
        }
        if !idle { usleep(UInt32.random(in: 0...20_000, using: &rng)) }
        try check(ipc, afterIdle: idle)
    }

    private func key(_ ipc: IPCClient, _ name: String) throws {
        action = "keypress \(name)"
        _ = try ipc.request(["keypress", name])
    }

    private func request(_ ipc: IPCClient, _ command: [Any]) throws {
        action = command.map { "\($0)" }.joined(separator: " ")
        _ = try ipc.request(command)
    }

    // MARK: - Invariants

    private func check(_ ipc: IPCClient, afterIdle: Bool) throws {
        let state = try ipc.state()
        absorbEvents(ipc)
        guard flipsCompleted <= flipsStarted else { throw fail("a flip completed twice (\(flipsStarted) started, \(flipsCompleted) completed)") }

        let screen = state["screen"] as? String
        recent = Array((recent + ["\(step) \(action) → \(screen ?? "?") #\(state["index"] ?? "?") flip \(state["flip_pending"] ?? "?")\(state["passcode"].map { "\($0)" } ?? "") \(state["notice"] as? String ?? "")"]).suffix(12))
        let up = screen == "passcode"
        if up && !promptUp { prompts += 1 }
        if promptUp && !up && afterIdle && !promptChecking { throw fail("the passcode prompt went by itself (screen now \(screen ?? "?"))") }
        promptUp = up
        promptChecking = (state["passcode"] as? [String: Any])?["checking"] as? Bool == true
        if up {
            let frames = state["frames_presented"] as? Int ?? 0
            guard state["authorized"] as? Bool != true, frames == 0 else { throw fail("\(frames) frames presented under the prompt") }
            let path = try ipc.request(["get_mpv_property", "path"])["data"] as? String ?? ""
            // The path is read after the state: the prompt may have been
            // answered (or a new one asked) in between, which the events
            // between the two replies tell, in order.
            let promptChanged = absorbEvents(ipc)
            if path.contains("smptebars="), !promptChanged { throw fail("the restricted channel is open under the prompt (\(path))") }
        }
        if screen == "interstitial" {
            let since = interstitialSince ?? Date()
            interstitialSince = since
            guard Date().timeIntervalSince(since) < flipTimeout + slack else {
                throw fail("the flip's interstitial has been up for \(Int(Date().timeIntervalSince(since))) s (timeout \(Int(flipTimeout)) s)")
            }
        } else {
            interstitialSince = nil
        }
    }

    /// On the TV, mpv's window is up (within 3 s: a player taking it over
    /// opens it as the other lets it go): the screens are drawn on it and
    /// the keys typed on the TV come through it. A picture closed and then
    /// another opened left the TV without one.
    private func checkWindow() throws {
        guard let display else { return }
        windowLooks += 1
        let deadline = Deadline(in: 3)
        while display.windows(class: "mpv").isEmpty {
            if deadline.hasPassed { throw fail("mpv's window is gone from the TV") }
            usleep(50_000)
        }
    }

    /// Counts the flip events received since the last call; true when a
    /// prompt was answered or asked among them.
    @discardableResult
    private func absorbEvents(_ ipc: IPCClient) -> Bool {
        var promptChanged = false
        for event in ipc.takeEvents() {
            switch event["event"] as? String {
            case "channel-flip-started": flipsStarted += 1
            case "channel-flip-completed": flipsCompleted += 1
            case "restrictions-authorization", "restrictions-authorization-requested": promptChanged = true
            default: break
            }
        }
        return promptChanged
    }

    private func fail(_ message: String) -> SoakFailure {
        SoakFailure(step: step, action: action, message: message + "\nthe last steps:\n  " + recent.joined(separator: "\n  "))
    }

    /// What `settle` reads, in KiB, and the descriptors open.
    private struct Settled {
        let rss: Int, anon: Int, fds: Int
    }

    /// Back to channel 1 playing, the picture closed, flips answered, a
    /// second's rest: the same point each time RSS and descriptors are read.
    private func settle(_ ipc: IPCClient, pid: pid_t) throws -> Settled {
        let deadline = Deadline(in: 30)
        while !deadline.hasPassed {
            if try ipc.state()["screen"] as? String == "passcode" { _ = try ipc.request(["keypress", "ESC"]) }
            _ = try ipc.request(["channel", 1])
            _ = try ipc.request(["keypress", "P"])
            let playing = try? ipc.waitForState(timeout: flipTimeout + slack) {
                $0["phase"] as? String == "playing" && $0["flip_pending"] as? Bool == false && $0["index"] as? Int == 0
            }
            if playing != nil { break }
        }
        usleep(UInt32((flipTimeout + 0.5) * 1_000_000))
        try check(ipc, afterIdle: false)
        try checkWindow()
        guard flipsStarted == flipsCompleted else { throw fail("\(flipsStarted) flips started, \(flipsCompleted) completed after a rest") }
        let sample = ProcessSample.read(pid)
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        return Settled(rss: sample?.rssKiB ?? 0, anon: sample?.anonKiB ?? 0, fds: fds)
    }

    private func mib(_ kib: Int) -> String { String(format: "%.1f", Double(kib) / 1024) }
}
