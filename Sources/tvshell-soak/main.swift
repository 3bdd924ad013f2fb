// tvshell-soak [--actions N] [--seed S] [--bin DIR] [--video tv]: a week of
// zapping in minutes (`make soak`). Drives tvshell-delegate-example --soak (a
// delegate that answers flips at once, late, twice or never, from other
// threads; a TV-MA channel behind a passcode; a dead channel) over its
// automation socket with N seeded random actions at random intervals, checks
// the invariants after every step, and at the end that RSS grew less than
// 5 MiB after the first 2 000 actions and that no descriptor leaked. A
// failure prints its seed and step, so it replays. `--video tv`: the same
// channels in tvshell's own lineup player on the TV output, under an Xvfb
// of its own (its warm neighbours swapped into mpv's window at each flip).
import Foundation
import ShellProbes
#if canImport(Glibc)
import Glibc
#endif

let options = SoakOptions(arguments: Array(CommandLine.arguments.dropFirst()))
do {
    let report = try Soak(options).run()
    say(report)
    exit(0)
} catch let failure as SoakFailure {
    let video = options.video == "tv" ? " SOAK_VIDEO=tv" : ""
    say("soak FAILED (seed \(options.seed), replay: make soak SOAK_SEED=\(options.seed) SOAK_ACTIONS=\(options.actions)\(video)): \(failure)")
    exit(1)
} catch {
    say("soak could not run: \(error)")
    exit(2)
}
