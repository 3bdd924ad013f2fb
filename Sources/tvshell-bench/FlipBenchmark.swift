import Foundation
import ShellProbes

/// Channel flips on the demo lineup at 160×48. Each flip starts paused (so
/// the first output after the key is the interstitial, not a video frame):
/// key → interstitial on screen, and key → first frame of the new channel
/// (a single press: it loads at once, no settle window).
enum FlipBenchmark {
    struct Result {
        let toInterstitial: Statistics
        let toFirstFrame: Statistics
    }

    static func run(tvshell: String, flips: Int = 20) throws -> Result {
        setenv("XDG_CACHE_HOME", "/tmp/tvshell-test-media-v1/xdg-cache", 1)
        let shell = try BenchShell(tvshell, arguments: [])
        unsetenv("XDG_CACHE_HOME")
        try shell.ipc.request(["channel", 1])
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 3 && $0["screen"] as? String == "player" }
        var interstitial: [Double] = [], firstFrame: [Double] = []
        let right: [UInt8] = [0x1B, 0x4F, 0x43], left: [UInt8] = [0x1B, 0x4F, 0x44]
        for i in 0..<flips {
            try shell.ipc.request(["keypress", "SPACE"])
            try shell.ipc.waitForState { $0["paused"] as? Bool == true && $0["first_frame"] as? Bool == true }
            shell.pty.waitForQuiet(0.2)
            try shell.ipc.discardEvents()
            let start = shell.pty.mark()
            shell.pty.type(i % 2 == 0 ? right : left)
            if let output = shell.pty.waitForOutputAfterMark(timeout: 2) { interstitial.append(output * 1000) }
            _ = try shell.ipc.waitForEvent("first-frame", timeout: 10)
            firstFrame.append((PtyProcess.now() - start) * 1000)
            try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["flip_pending"] as? Bool == false }
        }
        return Result(toInterstitial: Statistics(interstitial), toFirstFrame: Statistics(firstFrame))
    }
}
