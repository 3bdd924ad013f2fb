import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("tvshell in tmux and over IPC", .serialized)
struct PlayerEndToEndTests {
    @Test("plays a file in the terminal: 24-bit half-blocks, title and times in the transport bar, which hides itself")
    func playsInTerminal() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        let state = try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 5 }
        #expect(state["screen"] as? String == "player")
        #expect(state["phase"] as? String == "playing")
        #expect(state["live"] as? Bool == false)
        let colours = shell.tmux.capture(escapes: true)
        #expect(colours.contains("▀"))
        #expect(colours.contains("38;2;"), "direct colour escapes")
        let plain = shell.tmux.waitFor { $0.contains("Test Clip") && $0.contains("-0:") }
        #expect(plain.ok, "title and remaining time: \(plain.screen)")
        try shell.ipc.waitForState(timeout: 8) { $0["transport_visible"] as? Bool == false }
        let hidden = shell.tmux.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return !screen.contains("Test Clip") && lines.count > 27 && lines[25...27].allSatisfy { $0.contains("▀") }
        }
        #expect(hidden.ok, "the bar hid itself and the picture took its rows back: \(hidden.screen)")
        try shell.tmux.send("Enter")
        #expect(shell.tmux.waitFor { $0.contains("Test Clip") }.ok, "ENTER shows it again")
    }

    @Test("files as long as each other, with the same tracks and chapters (a series' episodes), each have their length, tracks and chapters: mpv does not tell a value again that did not change")
    func sameLengthFiles() throws {
        let dir = TVShellBinary.scratchDirectory("same-length")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try TestMedia.clip(seconds: 20)
        let files = ["Show S01E01.mkv", "Show S01E02.mkv"].map { dir.appendingPathComponent($0).path }
        for file in files { try FileManager.default.copyItem(atPath: source, toPath: file) }
        let shell = try ShellUnderTest([files[0]])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        // Which loads lose the notifications is a race in mpv: many loads, each checked.
        var missing: [String] = []
        for round in 0..<30 {
            let file = files[(round + 1) % 2]
            #expect(try shell.ipc.request(["play", file])["error"] as? String == "success")
            func known(_ state: [String: Any]) -> Bool {
                number(state["duration"]) != nil && (state["tracks"] as? [Any] ?? []).count == 3 && (state["chapters"] as? [Any] ?? []).count == 4
            }
            let state = try shell.ipc.waitForState { $0["url"] as? String == file && $0["phase"] as? String == "playing" }
            // Told with the file's start; a load that never gets them is waited for 3 s.
            if (try? shell.ipc.waitForState(timeout: 3) { $0["url"] as? String == file && known($0) }) == nil {
                let last = try shell.ipc.state()
                missing.append("load \(round + 1): duration \(last["duration"] ?? "none"), \((last["tracks"] as? [Any] ?? []).count) tracks, "
                               + "\((last["chapters"] as? [Any] ?? []).count) chapters (\(state["title"] ?? ""))")
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("an internet radio's song (the ICY title its server sends within the stream) shows on its card in place of \"Audio only\", and over IPC")
    func radioSong() throws {
        let server = try LocalHTTPServer(files: ["radio.mp3": try TestMedia.icyStream(title: "Artist - A Song")], ranges: false)
        server.answerWith(fields: ["icy-metaint: 8192", "icy-name: Radio Test"])
        let dir = TVShellBinary.scratchDirectory("icy-radio")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("radio.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Radio Test\n\(server.url("radio.mp3"))\n".write(toFile: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup], width: 100, height: 30)
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["stream_title"] as? String == "Artist - A Song" }
        #expect(playing["title"] as? String == "Radio Test", "the channel keeps its name")
        #expect(shell.tmux.waitFor { $0.contains("Artist - A Song") && $0.contains("Radio Test") && !$0.contains("Audio only") }.ok)
        #expect(server.requestHeaders.first?["icy-metadata"] == "1", "the player asks for the titles")
    }

    @Test("a still picture takes back the rows of the hidden bar")
    func stillPictureUnderBar() throws {
        let still = "av://lavfi:color=c=0x3050D0:size=320x180:rate=5"
        let shell = try ShellUnderTest([still])
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 0 }
        #expect(shell.tmux.waitFor { $0.contains("LIVE") }.ok)
        try shell.ipc.waitForState(timeout: 8) { $0["transport_visible"] as? Bool == false }
        #expect(shell.tmux.waitFor { !$0.contains("LIVE") }.ok)
        try shell.tmux.send("Enter")
        #expect(shell.tmux.waitFor { $0.contains("LIVE") }.ok, "ENTER shows the bar over the painted picture")
        try shell.tmux.send("Enter")
        let gone = shell.tmux.waitFor(escapes: true) { screen in
            // capture-pane -e writes an SGR only where it changes: the last one
            // before the bar's rows must be the picture's, and nothing else
            // (no text, no other colour) may follow in those rows.
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard !screen.contains("LIVE"), !screen.contains("color=c"), lines.count > 28 else { return false }
            let before = lines[0..<25].joined(separator: "\n")
            guard let last = before.range(of: "\u{1B}[", options: .backwards) else { return false }
            let rows = lines[25...27].joined()
            return before[last.lowerBound...].contains("48;2;48;80;208") && rows.allSatisfy { $0 == " " }
        }
        #expect(gone.ok, "no trace of the bar: \(gone.screen.suffix(600))")
    }

    @Test("pause, scrub coarse then fine, cancel keeps the position, commit seeks to the head")
    func scrubbing() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 2 }
        try shell.tmux.send("Space")
        let paused = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let origin = try #require(number(paused["position"]))

        try shell.tmux.send("Right")
        var s = try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == true }
        let scrub = try #require(s["scrub"] as? [String: Any])
        #expect(scrub["mode"] as? String == "coarse")
        #expect(abs((number(scrub["target"]) ?? 0) - (origin + 1)) < 0.01, "one coarse step of 1 s on a 60 s clip")
        #expect(shell.tmux.waitFor { $0.contains("SCRUB") }.ok)

        try shell.tmux.send("Down")
        try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["mode"] as? String == "fine" }
        try shell.tmux.send("Right")
        s = try shell.ipc.waitForState { abs((number(($0["scrub"] as? [String: Any])?["target"]) ?? 0) - (origin + 1.1)) < 0.01 }
        let fine = shell.tmux.waitFor { $0.contains("FINE") && $0.contains("▼") }
        #expect(fine.ok, "fine mode shows its ruler: \(fine.screen)")

        try shell.tmux.send("Escape")
        s = try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == false }
        #expect(abs((number(s["position"]) ?? -1) - origin) < 0.05, "cancel leaves playback where it was")
        #expect(s["paused"] as? Bool == true)

        try shell.tmux.send("Right")
        try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == true }
        for _ in 0..<5 { try shell.tmux.send("Right") }
        // The keys travel through tmux and the pty: wait for them, not a moment.
        s = try shell.ipc.waitForState { (number(($0["scrub"] as? [String: Any])?["target"]) ?? 0) > origin + 5 }
        #expect(abs((number(s["position"]) ?? -1) - origin) < 0.05, "no seek before commit")
        try shell.tmux.send("Enter")
        s = try shell.ipc.waitForState { ($0["scrub"] as? [String: Any])?["active"] as? Bool == false }
        let target = try #require(number(s["position"]), "the committed head")
        #expect(target > origin + 5)
        #expect(s["paused"] as? Bool == true)
        var mpvPosition = -1.0
        for _ in 0..<100 where abs(mpvPosition - target) >= 0.1 {
            mpvPosition = Double(try shell.ipc.request(["get_mpv_property", "time-pos"])["data"] as? String ?? "") ?? -1
            usleep(20_000)
        }
        #expect(abs(mpvPosition - target) < 0.1, "mpv itself is at the head")
    }

    @Test("RIGHT while playing skips 10 s; frame steps while paused")
    func skipAndFrameStep() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        let before = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 1 }
        try shell.tmux.send("Right")
        let after = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > (number(before["position"]) ?? 0) + 9 }
        #expect((number(after["position"]) ?? 0) < (number(before["position"]) ?? 0) + 13)
        let landed = number(after["position"]) ?? 0
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) > landed + 0.5 }
        try shell.tmux.send("Space")
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        // The shell says paused at the key; the player pauses a moment
        // later, and its last position comes after: the step is measured
        // from where libmpv itself stopped.
        let pausedWord = try shell.mpvProperty("pause") { ["yes", "true", "1"].contains($0 ?? "") }
        try #require(["yes", "true", "1"].contains(pausedWord ?? ""), "libmpv paused: \(pausedWord ?? "nil")")
        let stopped = try #require(try shell.mpvProperty("time-pos") { $0.flatMap(Double.init) != nil }.flatMap(Double.init))
        let settled = try shell.ipc.waitForState { $0["paused"] as? Bool == true && abs((number($0["position"]) ?? 0) - stopped) < 0.001 }
        let p0 = number(settled["position"]) ?? 0
        try shell.tmux.send(".")
        let stepped = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > p0 + 0.02 }
        #expect((number(stepped["position"]) ?? 0) < p0 + 0.1, "one frame at 25 fps")
    }

    @Test("a missing and a corrupt file show the error screen with mpv's reason; the next item still plays")
    func errorScreens() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let corrupt = try TestMedia.corrupt()
        let shell = try ShellUnderTest(["/nonexistent/missing-film.mkv", corrupt, clip])
        let failed = try shell.ipc.waitForState(timeout: 3) { $0["screen"] as? String == "error" }
        let error = try #require(failed["error"] as? [String: Any])
        #expect(error["title"] as? String == "Could not play “missing-film”", "the file's name made readable: \(error)")
        #expect((error["reason"] as? String ?? "").contains("loading failed"))
        let screen = shell.tmux.waitFor { $0.contains("Could not play") && $0.contains("/nonexistent/missing-film.mkv") && $0.contains("such file or directory") }
        #expect(screen.ok, "error screen: \(screen.screen)")
        try shell.tmux.send("Enter")
        let second = try shell.ipc.waitForEvent("error") { $0["url"] as? String != "/nonexistent/missing-film.mkv" }
        #expect(second["url"] as? String == corrupt)
        #expect(shell.tmux.waitFor { $0.contains("Could not play") && $0.contains("corrupt.mkv") }.ok)
        let started = try shell.ipc.waitForEvent("playback-started", timeout: 10) { $0["url"] as? String == clip }
        #expect(started["title"] as? String == "Test Clip", "the next item plays by itself after the error, under its container title")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 && $0["screen"] as? String == "player" }
    }

    @Test("SIGTERM quits cleanly and restores the terminal, its modes included")
    func sigterm() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(shell.tmux.display("#{alternate_on}") == "1")
        let pid = try #require(shell.pid)
        kill(pid, SIGTERM)
        #expect(shell.waitForExit() == 0)
        #expect(shell.tmux.display("#{alternate_on}") == "0")
        #expect(shell.tmux.display("#{cursor_flag}") == "1")
        #expect(shell.terminalModesKept(), "stty modes as before: \(shell.tmux.capture())")
    }

    @Test("SIGINT, SIGHUP and q quit cleanly", arguments: [SIGINT, SIGHUP])
    func signalsQuit(_ signal: Int32) throws {
        let clip = try TestMedia.clip(seconds: 60)
        let a = try ShellUnderTest([clip])
        try a.ipc.waitForState { $0["phase"] as? String == "playing" }
        kill(try #require(a.pid), signal)
        #expect(a.waitForExit() == 0)
        #expect(a.tmux.display("#{alternate_on}") == "0")
    }

    @Test("q quits cleanly")
    func qQuits() throws {
        let clip = try TestMedia.clip(seconds: 60)

        let b = try ShellUnderTest([clip])
        try b.ipc.waitForState { $0["phase"] as? String == "playing" }
        try b.tmux.send("q")
        #expect(b.waitForExit() == 0)
        #expect(b.tmux.display("#{alternate_on}") == "0")
        #expect(b.terminalModesKept(), "stty modes as before: \(b.tmux.capture())")
    }

    @Test("a crash restores the terminal too, its modes included")
    func crash() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        kill(try #require(shell.pid), SIGSEGV)
        let status = shell.waitForExit(timeout: 30)
        #expect(status != nil && status != 0)
        #expect(shell.tmux.display("#{alternate_on}") == "0")
        #expect(shell.tmux.display("#{cursor_flag}") == "1")
        #expect(shell.terminalModesKept(), "stty modes as before: \(shell.tmux.capture())")
    }

    @Test("a crash without SWIFT_BACKTRACE (a TV, a service) ends the process at once, the terminal restored: no backtracer waiting for a key")
    func crashWithoutBacktraceSetting() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip], wrapper: "env -u SWIFT_BACKTRACE ")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        let pid = try #require(shell.pid)
        #expect(String(data: FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data(), encoding: .utf8)?
            .contains("SWIFT_BACKTRACE") == false, "the shell runs without the setting")
        kill(pid, SIGSEGV)
        let status = shell.waitForExit(timeout: 5)
        #expect(status == 128 + Int(SIGSEGV), "ended by the signal within 5 s, not after the backtracer's 30 s wait (\(status.map(String.init) ?? "still running"))")
        #expect(shell.tmux.display("#{alternate_on}") == "0")
        #expect(shell.terminalModesKept(), "stty modes as before: \(shell.tmux.capture())")
    }

    /// In dash, which leaves the terminal's modes to its jobs (bash puts its
    /// own back, and would hide a job that does not).
    @Test("Ctrl-Z gives the shell the terminal as it was, fg brings the picture back, q leaves the terminal modes as they were")
    func suspendAndResume() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let directory = TVShellBinary.scratchDirectory("e2e-suspend")
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("ipc.sock").path
        let tmux = try TmuxSession(command: "PS1='$ ' dash -i", width: 100, height: 30)
        defer { tmux.kill() }
        func modes(_ name: String) throws -> String {
            let file = directory.appendingPathComponent(name).path
            try tmux.send("stty -g > \(file)", "Enter")
            let deadline = Deadline(in: 10)
            while (try? String(contentsOfFile: file, encoding: .utf8))?.hasSuffix("\n") != true && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
            return try String(contentsOfFile: file, encoding: .utf8)
        }
        let before = try modes("before")
        let command = [TVShellBinary.path, "--ipc-socket", socket, "--mpv-option", "ao=null", "--lirc-socket", directory.path + "/none", clip]
            .map { "'\($0)'" }.joined(separator: " ")
        try tmux.send("XDG_CONFIG_HOME=\(directory.path) XDG_STATE_HOME=\(directory.path) \(command)", "Enter")
        let ipc = try IPCClient(path: socket, timeout: 15)
        let playing = try ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(tmux.display("#{alternate_on}") == "1")
        try tmux.send("C-z")
        #expect(tmux.waitFor { $0.contains("Stopped") }.ok, "bash reports the job stopped: \(tmux.capture())")
        #expect(tmux.display("#{alternate_on}") == "0")
        #expect(try modes("stopped") == before, "the modes while tvshell is stopped")
        try tmux.send("fg", "Enter")
        let resumed = try ipc.waitForState { (number($0["frames_presented"]) ?? 0) > (number(playing["frames_presented"]) ?? 0) + 5 }
        #expect(resumed["screen"] as? String == "player")
        #expect(tmux.display("#{alternate_on}") == "1")
        try tmux.send("q")
        let deadline = Deadline(in: 10)
        while tmux.display("#{alternate_on}") != "0" && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try modes("after") == before, "the modes after tvshell quits")
    }

    @Test("resizing re-lays out at once; below the minimum a clear message shows")
    func resize() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        try shell.tmux.send("Space")
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        try shell.tmux.resize(width: 60, height: 20)
        let small = shell.tmux.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 19 && lines[15].contains("Test Clip") && lines[18].contains("-")
        }
        #expect(small.ok, "bar at the bottom of 60x20: \(small.screen)")
        try shell.tmux.resize(width: 20, height: 6)
        #expect(shell.tmux.waitFor { $0.contains("Terminal too") }.ok)
        try shell.tmux.resize(width: 120, height: 40)
        let big = shell.tmux.waitFor(escapes: true) { screen in
            screen.split(separator: "\n").count >= 36 && screen.contains("▀") && !screen.contains("Terminal too")
        }
        #expect(big.ok)
        #expect(try shell.ipc.state()["screen"] as? String == "player")
    }

    @Test("automation: get_state fields, events, errors for bad requests, play, quit")
    func automation() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        let state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        for key in ["screen", "overlay", "paused", "position", "duration", "live", "scrub", "channel", "flip_pending",
                    "rating", "restricted", "authorized", "frames_presented", "kiosk"] {
            #expect(state.keys.contains(key), "get_state has \(key)")
        }
        #expect(state["overlay"] as? String == "none")
        #expect(state["kiosk"] as? Bool == false)
        #expect(try shell.ipc.request(["keypress", "NO_SUCH_KEY"])["error"] as? String != "success")
        #expect(try shell.ipc.request(["no_such_command"])["error"] as? String == "unknown command no_such_command")
        #expect(try shell.ipc.request(["keypress", "SPACE"])["error"] as? String == "success")
        #expect(try shell.ipc.state()["paused"] as? Bool == true)
        #expect(try shell.ipc.request(["play", "av://lavfi:testsrc2=size=160x90:rate=25"])["error"] as? String == "success")
        let lavfi = "av://lavfi:testsrc2=size=160x90:rate=25"
        let started = try shell.ipc.waitForEvent("playback-started") { $0["url"] as? String == lavfi }
        #expect(started["title"] as? String == lavfi)
        let live = try shell.ipc.waitForState { $0["live"] as? Bool == true }
        #expect(live["paused"] as? Bool == false)
        #expect(shell.tmux.waitFor { $0.contains("LIVE") }.ok)
        #expect(try shell.ipc.request(["quit"])["error"] as? String == "success")
        #expect(shell.waitForExit() == 0)
    }

    @Test("an item that is a picture of 6000×6000 (a PNG named so at a URL, or a local file with no extension) is refused by its decoder with a clear reason, not decoded whole in the shell; a small one shows")
    func hugePicture() throws {
        let folder = TVShellBinary.scratchDirectory("huge-picture")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, size) in [("poster.png", "6000x6000"), ("small.png", "320x180")] {
            let (status, output) = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=green:s=\(size)",
                                                  "-frames:v", "1", folder.appendingPathComponent(name).path])
            try #require(status == 0, "ffmpeg: \(output)")
        }
        let unnamed = folder.appendingPathComponent("poster").path, small = folder.appendingPathComponent("picture").path
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("poster.png").path, toPath: unnamed)
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("small.png").path, toPath: small)
        let server = try LocalHTTPServer(directory: folder.path)
        defer { server.stop() }
        let shell = try ShellUnderTest([try TestMedia.clip(seconds: 60)])
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let pid = try #require(shell.pid)
        func peak() throws -> Int { try #require(ProcessSample.read(pid)?.peakKiB) }
        let before = try peak()
        for location in [server.url("poster.png"), unnamed] {
            #expect(try shell.ipc.request(["play", location])["error"] as? String == "success")
            let failed = try shell.ipc.waitForState(timeout: 20) { ($0["error"] as? [String: Any])?["reason"] is String && $0["url"] as? String == location }
            #expect((failed["error"] as? [String: Any])?["reason"] as? String == "the picture is larger than 4096 × 4096 pixels, the most the shell decodes")
            #expect(shell.tmux.waitFor { $0.contains("larger than 4096") }.ok, "the reason on the screen")
        }
        let grown = try peak() - before
        #expect(grown < 64 << 10, "the shell's peak grew \(grown) kB (6000×6000 decoded is 108 MB a copy)")
        #expect(shell.waitForLog("exceeds specified max pixel count", times: 2), "mpv's log says why, each time")
        #expect(try shell.ipc.request(["play", small])["error"] as? String == "success")
        let shown = try shell.ipc.waitForState(timeout: 20) { $0["url"] as? String == small && ($0["frames_presented"] as? Int ?? 0) > 0 }
        #expect(shown["error"] is NSNull)
    }

    @Test("a channel whose URL is a station's playlist (.pls) plays what it lists: playing, not loading for ever; one that lists nothing or itself says so; the channel's user agent reaches the stream it lists; a playlist played keeps its own title")
    func stationPlaylist() throws {
        let folder = TVShellBinary.scratchDirectory("station")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A clip with no title of its own: the title is the load's, not its file name.
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: folder.appendingPathComponent("stream.mp4").path)
        let server = try LocalHTTPServer(directory: folder.path)
        defer { server.stop() }
        try "[playlist]\nFile1=\(server.url("stream.mp4"))\nTitle1=Bars FM\nNumberOfEntries=1\nVersion=2\n"
            .write(to: folder.appendingPathComponent("station.pls"), atomically: true, encoding: .utf8)
        try "[playlist]\nNumberOfEntries=0\n".write(to: folder.appendingPathComponent("silent.pls"), atomically: true, encoding: .utf8)
        try "[playlist]\nFile1=\(server.url("loop.pls"))\nNumberOfEntries=1\n".write(to: folder.appendingPathComponent("loop.pls"), atomically: true, encoding: .utf8)
        let lineup = folder.appendingPathComponent("radio.m3u")
        try "#EXTM3U\n#EXTINF:-1,Bars FM\n#EXTVLCOPT:http-user-agent=StationAgent/1.0\n\(server.url("station.pls"))\n#EXTINF:-1,Silent FM\n\(server.url("silent.pls"))\n#EXTINF:-1,Loop FM\n\(server.url("loop.pls"))\n"
            .write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        #expect(playing["title"] as? String == "Bars FM" && playing["screen"] as? String == "player", "\(playing)")
        let asked = zip(server.requests, server.requestHeaders).filter { $0.0.contains("stream.mp4") }.map { $0.1["user-agent"] }
        #expect(!asked.isEmpty && asked.allSatisfy { $0 == "StationAgent/1.0" }, "the stream asked for with the channel's agent: \(asked)")

        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        let silent = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "error" }
        #expect((silent["error"] as? [String: Any])?["reason"] as? String == "nothing to play: the playlist lists nothing", "\(silent)")
        try shell.ipc.discardEvents()
        #expect(try shell.ipc.request(["channel", 3])["error"] as? String == "success")
        let loop = try shell.ipc.waitForState(timeout: 20) { (($0["error"] as? [String: Any])?["reason"] as? String)?.contains("nested") == true }
        #expect((loop["error"] as? [String: Any])?["reason"] as? String == "nothing to play: playlists nested more than 5 deep (one that lists itself?)")
        #expect(server.requests.filter { $0.contains("loop.pls") }.count <= 10, "read a handful of times (the depth, and one mpv may have begun as it was stopped), not for ever")

        let evening = folder.appendingPathComponent("evening.m3u").path
        try "#EXTM3U\n\(server.url("stream.mp4"))\n".write(toFile: evening, atomically: true, encoding: .utf8)
        #expect(try shell.ipc.request(["play", evening])["error"] as? String == "success")
        let own = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        #expect(own["title"] as? String == "evening", "the playlist's title, not its first entry's file name: \(own)")
    }

    @Test("--video none plays audio only: nothing drawn, position advances")
    func audioOnly() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest(["--video", "none", clip])
        let s = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 1 }
        #expect(number(s["frames_presented"]) == 0)
        #expect(s["video"] as? String == "none")
        #expect(shell.tmux.waitFor { $0.contains("Audio only") }.ok)
    }

    @Test("256-colour terminals get palette escapes")
    func palette256() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip], term: "tmux-256color")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 3 }
        let screen = shell.tmux.capture(escapes: true)
        #expect(screen.contains("38;5;"))
        #expect(!screen.contains("38;2;"))
    }
}
