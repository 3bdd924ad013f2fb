import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real tvshell binary running in a private tmux server, with its
/// automation socket connected.
final class ShellUnderTest {
    let tmux: TmuxSession
    let ipc: IPCClient
    let directory: URL
    var logPath: String { directory.appendingPathComponent("tvshell.log").path }

    /// `home`: where XDG_CONFIG_HOME and XDG_STATE_HOME point (parental
    /// settings); a fresh private one by default, so a user's own settings
    /// never reach a test. `wrapper`: a shell command line put before
    /// tvshell's (such as `ReadOnlyMount.wrapper`).
    init(_ arguments: [String], width: Int = 100, height: Int = 30, term: String = "tmux-direct", connectTimeout: Double = 15, cacheHome: String? = nil,
         home: ParentalHome? = nil, environment: [String: String] = [:], wrapper: String = "") throws {
        directory = TVShellBinary.scratchDirectory("e2e")
        let home = home ?? ParentalHome(directory.appendingPathComponent("home"))
        let socket = directory.appendingPathComponent("ipc.sock").path
        let log = directory.appendingPathComponent("tvshell.log").path
        let quoted = ([TVShellBinary.path, "--ipc-socket", socket, "--log-file", log, "--mpv-option", "ao=null"] + arguments)
            .map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
            .joined(separator: " ")
        tmux = try TmuxSession(
            command: "XDG_CACHE_HOME=\(cacheHome ?? directory.path + "/cache") \(home.variables) "
                + environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined() + wrapper + quoted,
            width: width, height: height, term: term)
        ipc = try IPCClient(path: socket, timeout: connectTimeout)
    }

    deinit {
        tmux.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    var pid: pid_t? { tmux.programPID(named: "tvshell") }

    /// Waits for the pane to show the wrapper's "[exited N]" line; returns N.
    func waitForExit(timeout: Double = 10) -> Int? {
        let (screen, ok) = tmux.waitFor(timeout: timeout) { $0.contains("[exited ") }
        guard ok, let range = screen.range(of: #"\[exited (\d+)\]"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst(8).dropLast())
    }

    /// After `waitForExit`: whether the terminal's modes (echo, line
    /// editing, output processing …) are back to those before tvshell ran.
    func terminalModesKept() -> Bool {
        tmux.waitFor(timeout: 5) { $0.contains("[tty modes ") }.screen.contains("[tty modes kept]")
    }
}

func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

extension ShellUnderTest {
    /// The shell's log so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Whether the log says `text`, `times` times or more, within `timeout`
    /// seconds (looked at every 50 ms: for what only the log tells, such as
    /// a broker's refusal; its lines are written a moment after the event).
    func waitForLog(_ text: String, times: Int = 1, timeout: Double = 15) -> Bool {
        let deadline = Deadline(in: timeout)
        while log.components(separatedBy: text).count <= times {
            if deadline.hasPassed { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// libmpv's `name` on the player in `player` (`main`, `picture`, …) as a
    /// string, once `condition` holds or `timeout` seconds have passed
    /// (looked at every 30 ms); nil when mpv has no value. For what the shell
    /// asks of mpv without waiting (pause, mute, speed, volume, stop): its
    /// state changes at once, mpv's core a moment later.
    func mpvProperty(_ name: String, player: String = "main", timeout: Double = 5, until condition: (String?) -> Bool) throws -> String? {
        try ipc.mpvProperty(name, player: player, timeout: timeout, until: condition)
    }
}

extension ShellUnderTest {
    /// The sleep timer set over the socket for 2 s; returns once the shell
    /// is asleep.
    func fallAsleep() throws {
        try #require(try ipc.request(["sleep", 2])["error"] as? String == "success")
        try ipc.waitForState(timeout: 10) { ($0["sleep"] as? [String: Any])?["asleep"] as? Bool == true }
    }

    /// Types `code` through the automation socket, as a remote would.
    func enter(_ code: String) throws {
        for digit in code { try #require(try ipc.request(["keypress", String(digit)])["error"] as? String == "success") }
    }

    /// With the passcode prompt coming up: five wrong codes, each checked
    /// before the next, until the shell refuses for too many.
    func lockOut() throws {
        for n in 1...5 {
            try ipc.waitForState { $0["screen"] as? String == "passcode" && ($0["passcode"] as? [String: Any])?["checking"] as? Bool == false }
            try enter("0000")
            if n < 5 { try ipc.waitForState { ($0["passcode"] as? [String: Any])?["failures"] as? Int == n } }
        }
        let refused = try ipc.waitForEvent("restrictions-authorization") { $0["granted"] as? Bool == false }
        #expect(refused["reason"] as? String == "too many wrong passcodes")
    }
}

/// XDG config and state directories for parental settings, set up with the
/// real `tvshell restrictions` commands.
struct ParentalHome {
    let base: URL
    init(_ base: URL) { self.base = base }

    var config: String { base.appendingPathComponent("config").path }
    var state: String { base.appendingPathComponent("state").path }
    var variables: String { "XDG_CONFIG_HOME='\(config)' XDG_STATE_HOME='\(state)'" }
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = config
        env["XDG_STATE_HOME"] = state
        return env
    }

    /// Runs `tvshell restrictions ARGS` with `input` on stdin.
    @discardableResult
    func restrictions(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        try Spawn.run([TVShellBinary.path, "restrictions"] + arguments, environment: environment, input: input)
    }

    /// A fresh home with passcode `code`, TV limited to TV-PG and movies to
    /// PG-13, in `mode`.
    static func withPasscode(_ code: String = "2468", mode: String = "passcode") throws -> ParentalHome {
        let home = ParentalHome(TVShellBinary.scratchDirectory("parental"))
        try #require(try home.restrictions(["set-passcode", "--stdin"], input: code + "\n").status == 0)
        try #require(try home.restrictions(["set", "--movies", "PG-13", "--tv", "TV-PG", "--stdin"], input: code + "\n").status == 0)
        try #require(try home.restrictions(["mode", mode, "--stdin"], input: code + "\n").status == 0)
        return home
    }
}

/// The lines of `text` where `secret` (a passcode) stands on its own, not
/// inside a longer run of letters and digits: a pid, a UUID, a timestamp or
/// a hash that happens to hold the same digits is no leak; the passcode
/// written out is.
func linesLeaking(_ secret: String, in text: String) -> [Substring] {
    func isWordCharacter(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber } ?? false }
    return text.split(separator: "\n").filter { line in
        line.ranges(of: secret).contains { range in
            !isWordCharacter(range.lowerBound > line.startIndex ? line[line.index(before: range.lowerBound)] : nil)
                && !isWordCharacter(range.upperBound < line.endIndex ? line[range.upperBound] : nil)
        }
    }
}
