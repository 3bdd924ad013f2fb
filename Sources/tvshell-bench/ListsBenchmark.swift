import Foundation
import ShellProbes

/// Key press → screen updated with 50 000 channels (`tvshell-bench TVSHELL
/// lists`): the home screen, the guide's grid and its list, each DOWN /
/// UP in turn, and a letter and a digit typed on the search line (every
/// name, and for a digit every number, looked at; the stored guide
/// searched after), on a 160×48 pty with the 1 000-channel stored guide
/// (`GuideBenchmark`'s files). The time from writing the key to the first
/// byte of the redraw is one sample.
enum ListsBenchmark {
    static func report(tvshell: String) throws {
        let (lineup, guide) = try GuideBenchmark.files()
        let state = GuideBenchmark.directory + "/state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        var env = benchEnvironment()
        env["XDG_STATE_HOME"] = state
        _ = try Spawn.measure([tvshell, "guide", "update", "--lineup", lineup, "--guide", guide], environment: env)
        let shell = try PtyProcess([tvshell, "--home", "--lineup", lineup, "--guide", guide, "--video", "none"],
                                   columns: 160, rows: 48, environment: env)
        defer { _ = shell.stop() }
        shell.waitForQuiet(1, timeout: 30)
        print("\n== key press → screen updated with 50 000 channels (pty 160x48, the stored 1 000-channel guide; target median ≤ 5 ms)")
        let home = presses(shell)
        print("  home screen, DOWN/UP: median \(fixed(home.median)) ms, p99 \(fixed(home.p99)) ms, max \(fixed(home.max)) ms")
        shell.type(Array("g".utf8))
        shell.waitForQuiet(0.5)
        let grid = presses(shell)
        print("  guide grid, DOWN/UP: median \(fixed(grid.median)) ms, p99 \(fixed(grid.p99)) ms, max \(fixed(grid.max)) ms")
        shell.type(Array("g".utf8))
        shell.waitForQuiet(0.5)
        let list = presses(shell)
        print("  guide list, DOWN/UP: median \(fixed(list.median)) ms, p99 \(fixed(list.p99)) ms, max \(fixed(list.max)) ms")
        shell.type(Array("/".utf8))
        shell.waitForQuiet(0.5)
        let typed = presses(shell, keys: (Array("e".utf8), [0x7F]))
        print("  search line, a letter typed / deleted (names of 50 000 channels): median \(fixed(typed.median)) ms, p99 \(fixed(typed.p99)) ms, max \(fixed(typed.max)) ms")
        let digit = presses(shell, keys: (Array("7".utf8), [0x7F]))
        print("  search line, a digit typed / deleted (numbers and names of 50 000 channels): median \(fixed(digit.median)) ms, p99 \(fixed(digit.p99)) ms, max \(fixed(digit.max)) ms")
        DetailsBenchmark.report()
    }

    /// 200 presses: DOWN, DOWN, UP, DOWN … (moving on down the list), or
    /// the two `keys` in turn.
    private static func presses(_ shell: PtyProcess, count: Int = 200, keys: ([UInt8], [UInt8])? = nil) -> Statistics {
        let down: [UInt8] = [0x1B, 0x4F, 0x42], up: [UInt8] = [0x1B, 0x4F, 0x41]
        var samples: [Double] = []
        for i in 0..<count {
            _ = shell.mark()
            if let keys {
                shell.type(i % 2 == 0 ? keys.0 : keys.1)
            } else {
                shell.type(i % 3 == 2 ? up : down)
            }
            if let latency = shell.waitForOutputAfterMark(timeout: 1) { samples.append(latency * 1000) }
            shell.waitForQuiet(0.015)
        }
        return Statistics(samples)
    }
}
