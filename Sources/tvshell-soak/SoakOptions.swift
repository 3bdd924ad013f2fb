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
            if flag == "--help" || flag == "-h" { Self.usage(exitCode: 0) }
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--actions" where Int(value).map { $0 > 0 } == true: actions = Int(value)!
            case "--seed" where UInt64(value) != nil: seed = UInt64(value)!
            case "--bin" where !value.isEmpty: bin = value
            case "--video" where ["terminal", "tv"].contains(value): video = value
            default:
                say("tvshell-soak: bad option \(flag) \(value)")
                Self.usage(exitCode: 2)
            }
        }
    }

    /// Prints the options and ends the process: a mistyped option never starts a soak of the defaults.
    static func usage(exitCode: Int32) -> Never {
        say("usage: tvshell-soak [--actions N] [--seed S] [--bin DIR] [--video terminal|tv]")
        exit(exitCode)
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
