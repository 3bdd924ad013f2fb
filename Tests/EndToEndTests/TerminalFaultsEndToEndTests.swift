import Foundation
import ShellProbes
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal misbehaving under a playing shell: stopped for half a
/// minute, or resized hundreds of times. The reference for "the right
/// picture" is a second shell started at the final size on the same still
/// source (SMPTE bars do not move, so two shells draw the same cells).
@Suite("terminal faults", .serialized)
struct TerminalFaultsEndToEndTests {
    static let bars = "av://lavfi:smptebars=size=320x180:rate=25"

    /// A config drawing video losslessly (`tolerance = 0`): with the default
    /// tolerance a cell within 4 of its new colour is left as it was, so a
    /// screen that showed something else first differs from a fresh one.
    static func losslessConfig() throws -> String {
        let path = TVShellBinary.scratchDirectory("lossless").appendingPathComponent("config.toml").path
        try "[video]\ntolerance = 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Waits until the two panes show the same: each cell's character and
    /// background, and its foreground unless it is a space (tmux keeps a
    /// space's unseen foreground, which differs with how it was drawn);
    /// half blocks compared by what they show.
    private func sameScreen(_ a: ShellUnderTest, _ b: ShellUnderTest, timeout: Double) -> (ok: Bool, a: String, b: String) {
        let deadline = Deadline(in: timeout)
        var (left, right) = (a.tmux.capture(escapes: true), b.tmux.capture(escapes: true))
        while Self.visible(left) != Self.visible(right) {
            if deadline.hasPassed { return (false, left, right) }
            usleep(100_000)
            (left, right) = (a.tmux.capture(escapes: true), b.tmux.capture(escapes: true))
        }
        return (true, left, right)
    }

    /// What a captured screen shows, a row of cells per line, the colours
    /// carried from cell to cell as tmux writes them.
    static func visible(_ screen: String) -> [[String]] {
        var foreground = "", background = ""
        var rows: [[String]] = [[]]
        var scalars = Array(screen.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[", let end = scalars.firstIndex(where: { $0.properties.isAlphabetic }) {
                let parameters = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<end]))
                    .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                if scalars[end] == "m" {
                    var i = 0
                    while i < parameters.count {
                        switch parameters[i] {
                        case 0: (foreground, background) = ("", "")
                        case 39: foreground = ""
                        case 49: background = ""
                        case 38, 48:
                            let count = parameters.dropFirst(i + 1).first == 2 ? 4 : 2
                            let colour = parameters.dropFirst(i + 1).prefix(count).map(String.init).joined(separator: ";")
                            if parameters[i] == 38 { foreground = colour } else { background = colour }
                            i += count
                        default: break
                        }
                        i += 1
                    }
                }
                scalars = scalars[scalars.index(after: end)...]
            } else if scalar == "\n" {
                rows.append([])
            } else {
                // A lower half block is the upper one with the colours
                // swapped, and a block of one colour a space: the blitter
                // picks whichever costs fewer bytes after what it drew.
                var (character, top, bottom) = (scalar, foreground, background)
                if character == "▄" { (character, top, bottom) = ("▀", background, foreground) }
                if character == "▀" && top == bottom { character = " " }
                rows[rows.count - 1].append("\(character)|\(bottom)|\(character == " " ? "" : top)")
            }
        }
        return rows
    }

    /// Saves two differing screens (with escapes) for a failure's message:
    /// they are too long to print.
    static func keep(_ a: String, _ b: String, _ name: String) -> String {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tvshell-screens-\(name)-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? a.write(to: directory.appendingPathComponent("got.txt"), atomically: true, encoding: .utf8)
        try? b.write(to: directory.appendingPathComponent("expected.txt"), atomically: true, encoding: .utf8)
        let (seen, wanted) = (visible(a), visible(b))
        let rows = (0..<max(seen.count, wanted.count)).filter { $0 >= seen.count || $0 >= wanted.count || seen[$0] != wanted[$0] }
        return "rows \(rows) differ; both screens in \(directory.path)"
    }

    @Test("the start-up probe leaves tmux's window title alone (an APC string would become it)")
    func titleKept() throws {
        let shell = try ShellUnderTest([Self.bars])
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        let title = shell.tmux.display("#{pane_title}")
        #expect(!title.contains("Gi=") && !title.contains("a=q"), "the pane's title: \(title)")
    }

    @Test("a resize storm (500 resizes in 10 s) ends with the picture a shell started at the final size draws")
    func resizeStorm() throws {
        let shell = try ShellUnderTest([Self.bars], width: 100, height: 30)
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        var random = SeededGenerator(seed: 500)
        let started = Stopwatch()
        for n in 0..<500 {
            try shell.tmux.resize(width: Int.random(in: 30...220, using: &random), height: Int.random(in: 8...70, using: &random))
            let wait = Double(n + 1) * 0.02 - started.elapsed
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        }
        let stormTime = started.elapsed
        try shell.tmux.resize(width: 137, height: 43)
        let answered = Stopwatch()
        let after = try shell.ipc.state()
        #expect(answered.elapsed < 1, "the shell answers at once after the storm")
        #expect(after["screen"] as? String == "player")
        #expect(after["phase"] as? String == "playing")
        #expect(stormTime < 15, "500 resizes took \(stormTime) s")

        let reference = try ShellUnderTest([Self.bars], width: 137, height: 43)
        try reference.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        let same = sameScreen(shell, reference, timeout: 15)
        #expect(same.ok, "after the storm, and started at 137x43: \(Self.keep(same.a, same.b, "resize-storm"))")
        #expect(same.a.split(separator: "\n", omittingEmptySubsequences: false).count >= 43)
    }

    @Test("a terminal stopped for 30 s: the shell answers and plays on meanwhile, and shows what is current once it reads again")
    func stoppedTerminal() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let config = try Self.losslessConfig()
        let shell = try ShellUnderTest(["--config", config, clip], width: 100, height: 30)
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        let reference = try ShellUnderTest(["--config", config, Self.bars], width: 100, height: 30)
        try reference.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }

        let server = try #require(pid_t(shell.tmux.display("#{pid}")), "the tmux server's pid")
        #expect(kill(server, SIGSTOP) == 0)
        defer { kill(server, SIGCONT) }
        let stopped = Stopwatch()
        var slowest = 0.0
        var positions: [Double] = []
        var changed = false
        while stopped.elapsed < 30 {
            let asked = Stopwatch()
            let state = try shell.ipc.state()
            slowest = max(slowest, asked.elapsed)
            if !changed, let position = number(state["position"]) { positions.append(position) }
            if !changed && stopped.elapsed > 10 {
                // Keys and a new item while nobody reads the terminal: each
                // redraws the screen.
                for key in ["SPACE", "SPACE", "RIGHT"] { _ = try shell.ipc.request(["keypress", key]) }
                _ = try shell.ipc.request(["play", Self.bars])
                changed = true
            }
            usleep(250_000)
        }
        let barsPlaying = try shell.ipc.waitForState(timeout: 5) { $0["phase"] as? String == "playing" }
        #expect(barsPlaying["screen"] as? String == "player")
        #expect(slowest < 1, "the slowest answer while the terminal was stopped took \(slowest) s")
        #expect((positions.last ?? 0) > (positions.first ?? 0) + 5, "the clip played on meanwhile: \(positions)")
        #expect(try shell.ipc.request(["get_mpv_property", "path"])["data"] as? String == Self.bars)

        #expect(kill(server, SIGCONT) == 0)
        let resumed = Stopwatch()
        let same = sameScreen(shell, reference, timeout: 10)
        let caughtUp = resumed.elapsed
        #expect(same.ok, "after the stop, and drawn afresh: \(Self.keep(same.a, same.b, "stopped-terminal"))")
        #expect(caughtUp < 3, "the screen was current \(caughtUp) s after the terminal read again")
    }
}
