import Foundation
import ShellTesting
import Testing

/// `--video tv` under Xvfb at 1280×720: mpv's own picture fills the screen
/// and the shell's screens are drawn on its OSD; screenshots checked by
/// their pixels and read back with tesseract; keys typed into mpv's window
/// (xdotool) act as in the terminal.
@Suite("The TV output, end to end", .serialized)
struct TVOutputEndToEndTests {
    final class Running {
        let display: VirtualDisplay
        let ipc: IPCClient
        let pid: pid_t
        let directory: URL

        init(_ arguments: [String], home: ParentalHome? = nil) throws {
            directory = TVShellBinary.scratchDirectory("tv")
            display = try VirtualDisplay(width: 1280, height: 720)
            let socket = directory.appendingPathComponent("ipc.sock").path
            var environment = display.environment(["HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                                                   "XDG_CACHE_HOME": DemoLineupEndToEndTests.cacheHome])
            if let home {
                for pair in home.variables.split(separator: " ") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { environment[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
                }
            }
            pid = try Spawn.start([TVShellBinary.path, "--video", "tv", "--mpv-option", "ao=null", "--ipc-socket", socket,
                                   "--log-file", directory.appendingPathComponent("tvshell.log").path] + arguments,
                                  environment: environment)
            ipc = try IPCClient(path: socket, timeout: 120)
        }

        /// Types `key` (xdotool's name) into mpv's window.
        func type(_ key: String) throws {
            let sent = try Spawn.run(["xdotool", "key", key], environment: display.environment(["PATH": "/usr/bin:/bin"]))
            #expect(sent.status == 0, "\(sent.output)")
        }

        /// Waits until tesseract reads `text` on the screen.
        func waitForText(_ text: String, timeout: Double = 10, lightText: Bool = false) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            var read = try display.text(lightText: lightText)
            while !read.contains(text) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.3)
                read = try display.text(lightText: lightText)
            }
            return read
        }

        deinit {
            kill(pid, SIGTERM)
            _ = Spawn.wait(pid)
            display.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test("the film fills the screen; the transport bar with its title is on it when shown and gone when hidden")
    func film() throws {
        let tv = try Running([])
        try tv.ipc.waitForState(timeout: 60) { $0["phase"] as? String == "playing" && $0["first_frame"] as? Bool == true }
        try tv.ipc.waitForState { $0["transport_visible"] as? Bool == true }
        let report = try #require(try tv.ipc.state()["tv"] as? [String: Any])
        #expect(report["output"] as? String == "x11" && report["width"] as? Int == 1280 && report["height"] as? Int == 720, "\(report)")
        #expect((report["osd_updates"] as? Int ?? 0) > 0)
        // The bar is laid over the picture: white text outlined in black,
        // thin lines, no panel (little for mpv to blend into each frame).
        let read = try tv.waitForText("Test Pattern", lightText: true)
        #expect(read.contains("Test Pattern"), "the bar's title on the TV: \(read)")
        var shot = try tv.display.screenshot()
        let yellow = shot.count(near: 0xFFFF00, tolerance: 90, x: 660, y: 40, width: 100, height: 200)
        #expect(yellow > 100 * 200 / 2, "the test pattern's yellow bar at its place: \(yellow)")
        let track = shot.mean(x: 400, y: 593, width: 200, height: 3)
        func isTrack(_ c: (r: Double, g: Double, b: Double)) -> Bool { abs(c.r - 0x55) < 40 && abs(c.g - 0x55) < 40 && abs(c.b - 0x5F) < 40 }
        #expect(isTrack(track), "the progress bar's track over the picture: \(track)")
        try tv.ipc.waitForState(timeout: 12) { $0["transport_visible"] as? Bool == false }
        // The overlay goes at the next pass of the loop and mpv's next frame:
        // look until the picture is where the bar was, for a second at most.
        let deadline = Date().addingTimeInterval(1)
        var under = track
        repeat {
            shot = try tv.display.screenshot()
            under = shot.mean(x: 400, y: 593, width: 200, height: 3)
        } while isTrack(under) && Date() < deadline
        #expect(!isTrack(under), "the picture where the bar was: \(under)")
    }

    @Test("keys typed into mpv's window: g opens the guide (its channels readable), ESC goes back, UP opens the overlay")
    func keysAndGuide() throws {
        let tv = try Running(["--home"])
        try tv.ipc.waitForState(timeout: 60) { $0["screen"] as? String == "home" }
        try tv.type("g")
        try tv.ipc.waitForState { $0["screen"] as? String == "guide" }
        let read = try tv.waitForText("Test Card")
        #expect(read.contains("Test Card") && read.contains("Fractal"), "the guide on the TV: \(read)")
        try tv.type("Escape")
        try tv.ipc.waitForState { $0["screen"] as? String == "home" }
        try tv.type("Return")
        try tv.ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" }
        try tv.type("Up")
        try tv.ipc.waitForState { $0["overlay"] as? String == "custom" }
    }

    @Test("the remote through lircd acts on the TV as in the terminal: the guide, back, a channel")
    func remote() throws {
        let dir = TVShellBinary.scratchDirectory("tv-lirc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lircd = try Lircd(directory: dir)
        let tv = try Running(["--home", "--lirc-socket", lircd.socketPath])
        try tv.ipc.waitForState(timeout: 60) { $0["screen"] as? String == "home" }
        try lircd.press("KEY_EPG")
        try tv.ipc.waitForState { $0["screen"] as? String == "guide" }
        #expect(try tv.waitForText("Fractal").contains("Fractal"))
        try lircd.press("KEY_BACK")
        try tv.ipc.waitForState { $0["screen"] as? String == "home" }
        try lircd.press("KEY_1")
        try tv.ipc.waitForState(timeout: 30) { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }
    }

    @Test("the passcode prompt for the TV-MA channel covers the screen; nothing of its test pattern is shown")
    func prompt() throws {
        let tv = try Running(["--home"], home: try ParentalHome.withPasscode("2468"))
        try tv.ipc.waitForState(timeout: 60) { $0["screen"] as? String == "home" }
        #expect(try tv.ipc.request(["channel", 4])["error"] as? String == "success")
        let state = try tv.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(number(state["frames_presented"]) == 0)
        let read = try tv.waitForText("passcode")
        #expect(read.contains("TV-MA") && read.lowercased().contains("passcode"), "the prompt on the TV: \(read)")
        let shot = try tv.display.screenshot()
        for colour: UInt32 in [0xFFFF00, 0x00FFFF, 0xFF00FF, 0x00FF00] {
            let seen = shot.count(near: colour, tolerance: 60, x: 0, y: 0, width: 1280, height: 720)
            #expect(seen < 50, "no bar of the restricted pattern (\(String(colour, radix: 16))): \(seen) pixels")
        }
    }

    @Test("with no display and no DRM device, --video tv says which and falls back to the terminal's picture", .enabled(if: !FileManager.default.fileExists(atPath: "/dev/dri")))
    func fallback() throws {
        let shell = try ShellUnderTest(["--video", "tv", "--home"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        let state = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(state["video"] as? String == "terminal")
        #expect(state["tv"] is NSNull)
        #expect(shell.tmux.waitFor { $0.contains("The TV output could not start") }.ok, "\(shell.tmux.capture())")
    }

    static let drmCard = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("card") }

    @Test("on a machine with a DRM card and no display, mpv draws through DRM", .enabled(if: drmCard, "no /dev/dri/card* on this machine: the DRM path is not tried here"))
    func drm() throws {
        let shell = try ShellUnderTest(["--video", "tv", "--home"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        let state = try shell.ipc.waitForState(timeout: 30) { ($0["tv"] as? [String: Any])?["output"] is String }
        #expect((state["tv"] as? [String: Any])?["output"] as? String == "drm")
    }
}
