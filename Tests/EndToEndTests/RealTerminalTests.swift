import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// tvshell in a real terminal emulator on a virtual X display, looked at
/// through screenshots: the picture protocol the terminal answers for is
/// used, the picture reaches the window, and the UI is drawn on top of it.
private final class ShellInTerminal {
    let display: VirtualDisplay
    let ipc: IPCClient
    let windowClass: String
    private let terminal: pid_t
    private let directory = TVShellBinary.scratchDirectory("e2e-x11")
    private let socket: String

    /// The tvshell process in the terminal: the one started with this
    /// shell's socket (found in /proc).
    var shellPID: Int? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int.init).first { pid in
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.first.map { $0.hasSuffix("tvshell") } == true && arguments.contains(socket)
        }
    }

    /// The picture: one colour, so any frame is the same.
    static let colour = (r: 0x30, g: 0x50, b: 0xD0)

    init(_ emulator: [String], windowClass: String) throws {
        display = try VirtualDisplay()
        socket = directory.appendingPathComponent("ipc.sock").path
        self.windowClass = windowClass
        var env = display.environment(ProcessInfo.processInfo.environment)
        env["TMUX"] = nil
        env["XDG_CONFIG_HOME"] = directory.path
        env["XDG_STATE_HOME"] = directory.path
        env["SWIFT_BACKTRACE"] = "interactive=no"
        let source = String(format: "av://lavfi:color=c=0x%02X%02X%02X:size=320x180:rate=10", Self.colour.r, Self.colour.g, Self.colour.b)
        let shell = [TVShellBinary.path, "--ipc-socket", socket, "--log-file", directory.path + "/tvshell.log", "--mpv-option", "ao=null",
                     "--lirc-socket", directory.path + "/none", source]
        terminal = try Spawn.start(emulator + shell, environment: env, outputPath: directory.path + "/terminal.log")
        do {
            ipc = try IPCClient(path: socket, timeout: 30)
        } catch {
            kill(terminal, SIGTERM)
            _ = Spawn.wait(terminal)
            throw error
        }
    }

    deinit {
        kill(terminal, SIGTERM)
        _ = Spawn.wait(terminal)
        display.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the window shows, checked until it holds or `timeout` passes:
    /// the picture's colour in the upper middle, none of the bar's light
    /// text there; in the bottom rows (the bar's five and a few of video),
    /// the bar's text on the bar's own background (at least a quarter of
    /// them), not on the picture: `barBackground` is the default theme's
    /// 0x1C1C22 as the terminal can show it. Returns what was seen last.
    func waitForPictureUnderBar(tolerance: Double, barBackground: UInt32, timeout: Double = 20) throws -> (picture: Bool, barText: Bool, barBackground: Bool, detail: String) {
        let deadline = Deadline(in: timeout)
        var last = (picture: false, barText: false, barBackground: false, detail: "no window of class \(windowClass)")
        repeat {
            if let window = display.window(class: windowClass), window.width > 100, window.height > 100 {
                let shot = try display.screenshot()
                let w = min(window.width, shot.width - window.x), h = min(window.height, shot.height - window.y)
                let block = (x: window.x + w * 3 / 10, y: window.y + h / 4, width: w * 4 / 10, height: h / 5)
                let mean = shot.mean(x: block.x, y: block.y, width: block.width, height: block.height)
                let picture = abs(mean.r - Double(Self.colour.r)) <= tolerance && abs(mean.g - Double(Self.colour.g)) <= tolerance
                    && abs(mean.b - Double(Self.colour.b)) <= tolerance
                    && shot.count(atLeast: 200, x: block.x, y: block.y, width: block.width, height: block.height) == 0
                let band = (y: window.y + h * 7 / 10, height: h * 3 / 10)
                let lightInBar = shot.count(atLeast: 200, x: window.x, y: band.y, width: w, height: band.height)
                let barPixels = shot.count(near: barBackground, tolerance: 6, x: window.x, y: band.y, width: w, height: band.height)
                let barShare = Double(barPixels) / Double(max(1, w * band.height))
                last = (picture, lightInBar > 20, barShare >= 0.25,
                        "window \(window), picture block mean \(mean), \(lightInBar) light pixels in the bottom rows, \(Int(barShare * 100)) % of them the bar's background")
                if picture && last.barText && last.barBackground { return last }
            }
            Thread.sleep(forTimeInterval: 0.5)
        } while !deadline.hasPassed
        return last
    }
}

@Suite("Real terminal emulators on a virtual display", .serialized)
struct RealTerminalTests {
    /// Plays the one-colour picture in `emulator`, pauses (the bar comes up)
    /// and checks the protocol tvshell chose and what the window shows.
    private func playPaused(in emulator: [String], windowClass: String, picture: String, sharedMemory: Bool = false, tolerance: Double,
                            barBackground: UInt32) throws {
        let shell = try ShellInTerminal(emulator, windowClass: windowClass)
        let state = try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(state["picture"] as? String == picture)
        #expect(state["picture_shared_memory"] as? Bool == sharedMemory)
        _ = try shell.ipc.request(["keypress", "SPACE"])
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let seen = try shell.waitForPictureUnderBar(tolerance: tolerance, barBackground: barBackground)
        #expect(seen.picture, "the picture reaches the window in its colour: \(seen.detail)")
        #expect(seen.barText, "the transport bar's text is drawn over the picture: \(seen.detail)")
        #expect(seen.barBackground, "the bar's background hides the picture under it: \(seen.detail)")
    }

    /// xterm's TERM=xterm has 8 colours: the bar's background is ANSI black.
    @Test("xterm -ti vt340 (recorded answers in CapabilityTests): sixel is chosen, the dithered picture reaches the window, the paused bar's text is on top")
    func xtermSixel() throws {
        try playPaused(in: ["xterm", "-ti", "vt340", "-geometry", "80x24+0+0", "-e"], windowClass: "XTerm", picture: "sixel", tolerance: 16,
                       barBackground: 0x000000)
    }

    private static let kitty = ["kitty", "--config", "NONE", "-o", "linux_display_server=x11", "-o", "remember_window_size=no", "-o", "initial_window_width=80c",
                                "-o", "initial_window_height=24c"]

    /// kitty 0.26 draws cell backgrounds over an image almost transparently:
    /// the bar's colour must come from the image (`ImageUnderlay`).
    @Test("kitty: the graphics protocol is chosen, frames go through shared memory, the image reaches the window, the paused bar's text is on top of its own background")
    func kittyImages() throws {
        try playPaused(in: Self.kitty, windowClass: "kitty", picture: "kitty", sharedMemory: true, tolerance: 6, barBackground: 0x1C1C22)
    }

    @Test("kitty: frames in shared memory are taken by the terminal as they come, and none is left behind when tvshell crashes")
    func kittySharedMemoryAfterCrash() throws {
        let shell = try ShellInTerminal(Self.kitty, windowClass: "kitty")
        let state = try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 20 }
        #expect(state["picture_shared_memory"] as? Bool == true)
        let pid = try #require(shell.shellPID)
        let prefix = "tvshell-\(pid)-"
        func waiting() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix(prefix) } }
        let counts = (0..<10).map { _ in
            Thread.sleep(forTimeInterval: 0.1)
            return waiting().count
        }
        #expect(counts.min() ?? 4 < 4, "kitty takes the objects (unread, the ring's four would wait): \(counts)")
        kill(pid_t(pid), SIGSEGV)
        let deadline = Deadline(in: 20)
        while kill(pid_t(pid), 0) == 0 && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(kill(pid_t(pid), 0) != 0, "tvshell ended")
        #expect(waiting().isEmpty, "objects left: \(waiting())")
    }

}
