import Foundation
import ShellProbes
import ShellTesting
import Testing

/// `--video window`: the picture in mpv's own window on a desktop, the
/// shell's screens and keys in the terminal.
@Suite("mpv's window (--video window), end to end", .serialized)
struct WindowOutputEndToEndTests {
    @Test("on a display whose OpenGL is software (a VM, a remote X, Xvfb) the film plays in mpv's window titled \"tvshell\", and keys typed in the terminal still reach the shell: mpv's GPU probes must not close descriptor 0, the terminal")
    func softwareOpenGL() throws {
        let display = try VirtualDisplay(width: 1280, height: 720)
        defer { display.stop() }
        let film = try TestMedia.clip(seconds: 30)
        let shell = try ShellUnderTest(["--video", "window", film], environment: display.environment([:]))
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
        #expect(playing["screen"] as? String == "player", "\(playing)")
        let output = try shell.ipc.request(["get_mpv_property", "current-vo"])["data"] as? String
        #expect(output == "x11" || output == "gpu", "mpv's window: \(output ?? "none")")
        #expect(display.windowNames(class: "mpv") == ["tvshell"], "\(display.windowNames(class: "mpv"))")
        try shell.tmux.send("Space")
        let paused = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        #expect(paused["phase"] as? String == "playing")
        #expect(shell.tmux.waitFor { $0.contains("Test Clip") }.ok, "the bar in the terminal: \(shell.tmux.capture())")
        try shell.tmux.send("q")
        #expect(shell.waitForExit() == 0)
    }
}
