import Foundation

/// The soak's command line.
struct SoakOptions {
    var actions = 20_000
    var seed: UInt64 = UInt64(Date().timeIntervalSince1970)
    /// Where tvshell and tvshell-delegate-example are.
    var bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    /// `terminal`: the example in its pty. `tv`: tvshell's own lineup
    /// player with the example's channels on the TV output (mpv's window on
    /// an Xvfb of its own, the shell's screens on its OSD).
    var video = "terminal"

    init(arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--actions": actions = max(1, Int(value) ?? actions)
            case "--seed": seed = UInt64(value) ?? seed
            case "--bin": bin = value
            case "--video" where ["terminal", "tv"].contains(value): video = value
            default: say("tvshell-soak: unknown option \(flag) \(value) (--actions N, --seed S, --bin DIR, --video terminal|tv)")
            }
        }
    }
}

/// An invariant broken, at a step.
struct SoakFailure: Error, CustomStringConvertible {
    let step: Int
    let action: String
    let message: String
    var description: String { "step \(step) (\(action)): \(message)" }
}

/// Prints a line at once (stdout may be a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
