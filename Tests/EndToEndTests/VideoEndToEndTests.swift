import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Answers tvshell's terminal probe once, like a given terminal, as soon as
/// DA1 (the probe's last query) has been asked.
final class FakeTerminal: @unchecked Sendable {
    private let lock = NSLock()
    private var answered = false
    private var seen: [UInt8] = []
    let reply: [UInt8]
    init(_ reply: String) { self.reply = Array(reply.utf8) }

    func answer(_ piece: [UInt8]) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        guard !answered else { return nil }
        seen += piece
        guard contains(seen, Array("\u{1B}[c".utf8)) else { return nil }
        answered = true
        seen = []
        return reply
    }
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}

/// tvshell in a pty whose other side is the test: it answers the probe and
/// reads everything tvshell writes.
final class ShellInPty {
    let pty: PtyProcess
    let ipc: IPCClient
    let directory = TVShellBinary.scratchDirectory("e2e-pty")

    /// `wrapper` runs tvshell (its path and arguments appended).
    init(_ arguments: [String], term: String = "xterm-256color", columns: Int = 80, rows: Int = 24, pixels: (Int, Int) = (0, 0),
         throttle: Int? = nil, terminal: FakeTerminal? = nil, wrapper: [String] = []) throws {
        let socket = directory.appendingPathComponent("ipc.sock").path
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = term
        env["LANG"] = "C.UTF-8"
        env["COLORTERM"] = "truecolor"
        env["TMUX"] = nil
        env["XDG_CONFIG_HOME"] = directory.path
        env["XDG_STATE_HOME"] = directory.path
        env["SWIFT_BACKTRACE"] = "interactive=no"
        let command: [String] = wrapper + [TVShellBinary.path, "--ipc-socket", socket, "--log-file", directory.path + "/tvshell.log", "--mpv-option", "ao=null",
                                 "--lirc-socket", directory.path + "/none"] + arguments
        var answer: (@Sendable ([UInt8]) -> [UInt8]?)?
        if let terminal { answer = { terminal.answer($0) } }
        pty = try PtyProcess(command, columns: columns, rows: rows, environment: env, throttle: throttle, recording: true,
                             pixels: (width: pixels.0, height: pixels.1), answer: answer)
        ipc = try IPCClient(path: socket, timeout: 15)
    }

    deinit {
        _ = pty.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite("Video in the terminal, end to end", .serialized)
struct VideoEndToEndTests {
    @Test("a kitty-like terminal (answers the graphics query) gets kitty images of the real frames, scaled to the cells")
    func kittyImages() throws {
        let kitty = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.32.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty(["av://lavfi:color=c=0x3050D0:size=320x180:rate=10"], columns: 80, rows: 24, terminal: kitty)
        let state = try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(state["picture"] as? String == "kitty")
        #expect((try shell.ipc.request(["get_mpv_property", "vd-lavc-skiploopfilter"]))["data"] as? String == "default", "images decode in full")
        #expect((try shell.ipc.request(["get_mpv_property", "zimg-threads"]))["data"] as? String == "auto", "images scale on zimg's threads")
        var text = String(decoding: shell.pty.output, as: UTF8.self)
        let header = try #require(text.range(of: "\u{1B}_Ga=T,i=1,p=1,f=24,"), "a kitty transmission")
        let keys = text[header.upperBound...].prefix { $0 != ";" }
        // Through the pty (no shared memory: a remote terminal) the first
        // image is half the size a side; the first second the terminal
        // keeps up with brings the full size.
        #expect(keys.contains("s=320,v=192,c=80,r=24"), "the first at half the size: \(keys)")
        // Only what is new is looked at each time: decoding megabytes of
        // images ten times a second took the CPU the terminal's side needs
        // to keep up on a loaded machine, and the size never stepped up.
        _ = shell.pty.waitForOutput(containing: "\u{1B}_Ga=T,i=1,p=1,f=24,s=640,v=384,c=80,r=24", timeout: 15)
        text = String(decoding: shell.pty.output, as: UTF8.self)
        let full = try #require(text.range(of: "\u{1B}_Ga=T,i=1,p=1,f=24,s=640,v=384,c=80,r=24"),
                                "640 px wide (the cap), the shape of 80×24 cells of 10×20 px, once the terminal kept up")
        let payload = text[full.upperBound...].drop { $0 != ";" }.dropFirst().prefix { $0 != "\u{1B}" }
        let data = try #require(Data(base64Encoded: String(payload.prefix(4096 / 4 * 4))))
        let middle = (192 * 640 + 320) * 3
        if data.count > middle + 2 {
            #expect(abs(Int(data[middle]) - 0x30) <= 4 && abs(Int(data[middle + 2]) - 0xD0) <= 4)
        } else {
            #expect(data.count >= 3 && data[0] == 0 && data[2] == 0, "the first chunk starts in the letterbox (black)")
        }
        let opened = text.components(separatedBy: "\u{1B}[?2026h").count - 1, closed = text.components(separatedBy: "\u{1B}[?2026l").count - 1
        #expect(opened > 0 && opened - closed <= 1, "synchronized updates open and close in pairs: \(opened) / \(closed)")
        try shell.ipc.request(["keypress", "ESC"])
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        shell.pty.waitForQuiet(0.3)
        #expect(String(decoding: shell.pty.output, as: UTF8.self).contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "leaving video deletes the image")
    }

    @Test("in a kitty or sixel picture mpv draws the subtitles into the image: above the transport bar while it shows, at mpv's place when it hides", arguments: ["kitty", "sixel"])
    func subtitlesAboveBarInImages(protocol name: String) throws {
        let dir = TVShellBinary.scratchDirectory("image-subtitles")
        defer { try? FileManager.default.removeItem(at: dir) }
        let film = try filmWithSubtitles(in: dir, languages: [("en", "English")]) { _ in "Said above the bar" }
        let terminal = name == "kitty" ? FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.32.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
            : FakeTerminal("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c")
        let shell = try ShellInPty([film], columns: 80, rows: 24, pixels: (640, 384), terminal: terminal)
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["transport_visible"] as? Bool == true }
        #expect(playing["picture"] as? String == name)
        func subtitlePlace(until done: @escaping (Int) -> Bool) throws -> Int {
            Int(try shell.ipc.mpvProperty("sub-pos", timeout: 10) { done(Int($0 ?? "") ?? 0) } ?? "") ?? 0
        }
        #expect((60..<95).contains(try subtitlePlace { $0 < 100 }), "above the bar")
        try shell.ipc.waitForState(timeout: 12) { $0["transport_visible"] as? Bool == false && $0["hint"] as? Bool == false }
        #expect(try subtitlePlace { $0 == 100 } == 100, "mpv's own place with the bar gone")
    }

    @Test("a kitty terminal on a slow link gets smaller images (the terminal scales them to the same cells) instead of a frame a second")
    func kittyOnSlowLink() throws {
        let kitty = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=320x180:rate=25"], columns: 80, rows: 24, throttle: 1_000_000, terminal: kitty)
        try shell.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        Thread.sleep(forTimeInterval: 4)
        let text = String(decoding: shell.pty.output, as: UTF8.self)
        let sizes = text.components(separatedBy: "\u{1B}_Ga=T,").dropFirst().map { $0.prefix { $0 != ";" } }
        let first = try #require(sizes.first)
        #expect(first.contains("s=320,v=192,c=80,r=24"), "through the pty, half the size a side first: \(first)")
        let last = try #require(sizes.last)
        #expect(last.contains("s=160,v=96,c=80,r=24") || last.contains("s=320,v=192,c=80,r=24"), "smaller images for the same cells: \(last)")
        let state = try shell.ipc.state()
        #expect((state["frames_presented"] as? Int ?? 0) > 20, "several frames a second got through (full-size images manage about one): \(state["frames_presented"] ?? "none")")
    }

    @Test("kitty frames in shared memory that the terminal never takes: four wait at most, and none is left after a crash or a quit",
          arguments: [SIGSEGV, SIGTERM])
    func sharedMemoryLeftovers(_ signal: Int32) throws {
        let kitty = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=320x180:rate=25"], columns: 80, rows: 24, terminal: kitty)
        let state = try shell.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 8 }
        #expect(state["picture"] as? String == "kitty" && state["picture_shared_memory"] as? Bool == true)
        let prefix = "tvshell-\(shell.pty.pid)-"
        func waiting() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix(prefix) }.sorted() }
        #expect(waiting() == (0..<4).map { prefix + "\($0)" }, "the ring's four frames wait, the probe's object is gone")
        let text = String(decoding: shell.pty.output, as: UTF8.self)
        #expect(text.contains("\u{1B}_Ga=T,i=1,t=s,S=737280,p=1,f=24,s=640,v=384,c=80,r=24,"), "frames name their objects, no pixels in the escapes")
        let status = shell.pty.stop(signal)
        #expect(signal == SIGTERM ? status == 0 : status != 0)
        #expect(waiting().isEmpty, "left behind: \(waiting())")
        #expect(ProcessGroup.members(shell.pty.pid).isEmpty, "nothing of the shell's session is left (a crash's backtracer stayed blocked for ever)")
    }

    @Test("with /dev/shm full (a 1 MiB tmpfs in a namespace of its own: one frame fits), kitty frames that do not fit go as base64, and playback goes on")
    func sharedMemoryFull() throws {
        let namespace = try Spawn.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /dev/shm"])
        try #require(namespace.status == 0, "unshare -rm (user and mount namespaces) is needed to give tvshell a small /dev/shm: \(namespace.output)")
        let kitty = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=320x180:rate=25"], columns: 80, rows: 24, terminal: kitty,
                                   wrapper: ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /dev/shm && exec \"$0\" \"$@\""])
        let state = try shell.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 8 }
        #expect(state["picture"] as? String == "kitty" && state["picture_shared_memory"] as? Bool == true)
        // Each frame in the order it went out: through shared memory or as base64, and its bytes. The
        // governor may send smaller images when the pty lags; a smaller one fits beside a full one.
        func frames() -> [(shared: Bool, bytes: Int)] {
            let text = String(decoding: shell.pty.output, as: UTF8.self)
            return text.components(separatedBy: "\u{1B}_Ga=T,i=1,").dropFirst().compactMap { escape in
                guard let header = escape.firstIndex(of: ";") else { return nil }  // still on its way
                let fields = Dictionary(escape[..<header].split(separator: ",").compactMap { field -> (String, Int)? in
                    let pair = field.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 ? (String(pair[0]), Int(pair[1]) ?? 0) : nil
                }, uniquingKeysWith: { first, _ in first })
                if escape.hasPrefix("t=s,") { return fields["S"].map { (true, $0) } }
                return fields["s"].flatMap { width in fields["v"].map { (false, width * $0 * 3) } }
            }
        }
        // The ninth frame is on its way through the pty: wait for its bytes, not a moment.
        let deadline = Deadline(in: 5)
        var sent = frames()
        while sent.count < 9 && !deadline.hasPassed {
            shell.pty.waitForQuiet(0.05, timeout: 0.5)
            sent = frames()
        }
        #expect(sent.count >= 9, "every frame presented went out one way or the other: \(sent.count)")
        // The ring's four objects, none ever read: a frame's object replaces the one four frames
        // before it, and goes through shared memory exactly when it fits beside the other three
        // in the 1 MiB tmpfs (in pages).
        let pages = { (bytes: Int) in (bytes + 4095) / 4096 }
        var ring = [Int](repeating: 0, count: 4)
        let expected = sent.enumerated().map { index, frame -> Bool in
            ring[index % 4] = 0
            let fits = ring.reduce(0, +) + pages(frame.bytes) <= 256
            ring[index % 4] = fits ? pages(frame.bytes) : 0
            return fits
        }
        #expect(sent.map(\.shared) == expected, "frames through shared memory exactly when they fit (sizes \(sent.map(\.bytes)))")
        #expect(sent.contains { $0.shared } && sent.contains { !$0.shared }, "some fit, the others go as base64")
    }

    @Test("a sixel terminal (DA1 lists 4) gets sixel frames that libsixel decodes at the cells' pixel size, the last row left out")
    func sixelImages() throws {
        let decoder = try #require(["/usr/bin/sixel2png", "/usr/local/bin/sixel2png"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let xterm = FakeTerminal("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c")
        let shell = try ShellInPty(["av://lavfi:color=c=0xC03060:size=320x180:rate=10"], columns: 40, rows: 12, pixels: (320, 192), terminal: xterm)
        let state = try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(state["picture"] as? String == "sixel")
        let text = String(decoding: shell.pty.output, as: UTF8.self)
        let start = try #require(text.range(of: "\u{1B}P0;1;0q"))
        let end = try #require(text[start.lowerBound...].range(of: "\u{1B}\\"))
        #expect(text[start.upperBound...].hasPrefix("\"1;1;320;176"), "8×16 px cells from TIOCGWINSZ, 11 of the 12 rows")
        let file = shell.directory.appendingPathComponent("frame.six"), png = shell.directory.appendingPathComponent("frame.png")
        try Data(text[start.lowerBound..<end.upperBound].utf8).write(to: file)
        let decoded = try Spawn.run([decoder, "-i", file.path, "-o", png.path])
        #expect(decoded.status == 0, "\(decoded.output)")
        let probe = try Spawn.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", png.path])
        #expect(probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "320,176")
        let afterImage = text[end.upperBound...]
        let close = try #require(afterImage.range(of: "\u{1B}[?2026l"), "the synchronized update closes after the frame")
        #expect(afterImage[..<close.lowerBound].contains("LIVE"), "the transport bar is drawn again over the image before the update closes")
        #expect(text[..<start.lowerBound].hasSuffix("\u{1B}[?2026h") || text[..<start.lowerBound].contains("\u{1B}[?2026h"))
    }

    @Test("the Linux console is asked DA1 alone and keeps cells; a terminal that never answers costs only the timeout")
    func consoleAndSilence() throws {
        let console = FakeTerminal("\u{1B}[?6c")
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=320x180:rate=10"], term: "linux", terminal: console)
        let state = try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(state["picture"] as? String == "half")
        let text = String(decoding: shell.pty.output, as: UTF8.self)
        #expect(!text.contains("\u{1B}_G") && !text.contains("\u{1B}[>0q") && !text.contains("\u{1B}[16t"), "no query the console would print")
        #expect(text.contains("\u{1B}[c"))

        let silent = try ShellInPty(["av://lavfi:testsrc2=size=320x180:rate=10"])
        let quiet = try silent.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(quiet["picture"] as? String == "half")
    }

    @Test("answers that arrive after the probe gave up (a slow link) are dropped, not taken as ESC and letters; ESC still works")
    func lateAnswers() throws {
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=320x180:rate=10"])
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        let late = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[4;600;800t\u{1B}[?62;4;22c\u{1B}[1;5P"
        for piece in [late.prefix(12), late.dropFirst(12)] {
            shell.pty.type(Array(piece.utf8))
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let state = try shell.ipc.state()
        #expect(state["screen"] as? String == "player", "still playing: \(state["screen"] ?? "none")")
        #expect(state["paused"] as? Bool == false)
        shell.pty.type([0x1B])
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
    }

    @Test("inside tmux (which answers DA1 itself and swallows the kitty query) the picture is cells")
    func insideTmux() throws {
        let shell = try ShellUnderTest(["av://lavfi:testsrc2=size=320x180:rate=10"])
        let state = try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(state["picture"] as? String == "half")
        #expect((try shell.ipc.request(["get_mpv_property", "vd-lavc-skiploopfilter"]))["data"] as? String == "all", "cells decode fast")
        #expect((try shell.ipc.request(["get_mpv_property", "zimg-threads"]))["data"] as? String == "1", "cells scale on one thread")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("terminal answers: tmux"), "tmux's XTVERSION answer is in the log")
    }

    @Test("subtitles over a picture of cells are text on a band above the bar, in the theme's colours, not pixels in the picture")
    func subtitlesAsText() throws {
        let shell = try ShellUnderTest([try TestMedia.clip(seconds: 60)])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["frames_presented"] as? Int ?? 0) > 2 }
        // The bar too: a capture may catch the terminal mid-way through drawing the screen.
        let shown = shell.tmux.waitFor(escapes: true) { $0.contains("Hello from the test clip.") && $0.contains("Test Clip") }
        #expect(shown.ok, "the subtitle as text: \(shell.tmux.capture())")
        let lines = shown.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let subtitle = try #require(lines.firstIndex { $0.contains("Hello from the test clip.") })
        let bar = try #require(lines.firstIndex { $0.contains("Test Clip") })
        #expect(subtitle < bar, "above the transport bar")
        #expect(lines[subtitle].contains("48;2;28;28;34"), "on the bar's colour: \(lines[subtitle].debugDescription)")
        #expect(try shell.ipc.request(["get_mpv_property", "sub-visibility"])["data"] as? String == "no", "mpv draws none into the picture")
        #expect(shell.tmux.waitFor(timeout: 8) { !$0.contains("Hello from the test clip.") }.ok, "gone when the line ends (5 s)")
    }

    @Test("the UI is composited over video: the bar's rows hold the bar's colours and text, the rows above the picture's")
    func compositing() throws {
        let shell = try ShellUnderTest(["av://lavfi:color=c=0x3050D0:size=320x180:rate=10"])
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        try shell.ipc.waitForState(timeout: 8) { $0["transport_visible"] as? Bool == false }
        try shell.tmux.send("Enter")
        let shown = shell.tmux.waitFor(escapes: true) { $0.contains("LIVE") }
        #expect(shown.ok)
        let lines = shown.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let barRow = try #require(lines.firstIndex { $0.contains("LIVE") })
        #expect(lines[barRow].contains("48;2;28;28;34"), "the bar's background on its row: \(lines[barRow].debugDescription)")
        #expect(!lines[barRow].contains("48;2;48;80;208"), "no picture cell painted into the bar's row")
        let barTop = try #require(lines.firstIndex { $0.contains("28;28;34") })
        let above = lines[..<barTop].joined(separator: "\n")
        let last = try #require(above.range(of: "48;2;", options: .backwards))
        #expect(above[last.lowerBound...].hasPrefix("48;2;48;80;208"), "the picture above the bar")
        #expect(!above.contains("LIVE") && !above.contains("28;28;34"), "no bar colours above it")
    }

    @Test("a film stored turned (a phone's portrait clip) plays upright: a portrait picture, red on the left as turned; its scrub thumbnail too (libmpv's software output cannot turn pictures: mpv aborted)")
    func turnedFilm() throws {
        let shell = try ShellUnderTest([try TestMedia.turnedClip()], width: 120, height: 40)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        try shell.ipc.waitForState(timeout: 8) { $0["transport_visible"] as? Bool == false }
        func near(_ r: Int, _ g: Int, _ b: Int) -> (CellColours.Colour) -> Bool {
            { abs($0.red - r) <= 48 && abs($0.green - g) <= 48 && abs($0.blue - b) <= 48 }
        }
        let red = near(255, 0, 0), blue = near(0, 0, 255)
        // 120×80 half-block pixels: a 9:16 picture 80 high is 45 wide, columns 37–82.
        let (screen, upright) = shell.tmux.waitFor(escapes: true) { screen in
            let row = CellColours(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(20).first ?? "")
            return row.all(41..<57, red) && row.all(63..<79, blue)
        }
        let row = CellColours(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(20).first ?? "")
        #expect(upright, "red left of blue across the middle row: \(screen.split(separator: "\n").dropFirst(20).first.map(String.init)?.debugDescription ?? "")")
        #expect(!(0..<30).contains { row.all($0..<($0 + 1), red) || row.all($0..<($0 + 1), blue) }, "nothing of the picture left of it")
        #expect(!(90..<120).contains { row.all($0..<($0 + 1), red) || row.all($0..<($0 + 1), blue) }, "nor right of it")
        let (thumbnail, _) = try scrubPaused(shell.ipc, to: 30)
        #expect(thumbnail["source"] as? String == "player")
        #expect(try shell.ipc.state()["frames_presented"] != nil, "the shell lives on")
    }

    @Test("a song with its album's cover embedded shows the cover as its picture, not \"Audio only\"")
    func songCover() throws {
        let shell = try ShellUnderTest([try TestMedia.songWithCover()])
        let state = try shell.ipc.waitForState { $0["first_frame"] as? Bool == true }
        #expect(state["title"] as? String == "Blue Song")
        // 100×60 half-block pixels: the square cover 60 high is 60 wide, columns 20–79.
        func middle(_ screen: String) -> CellColours {
            CellColours(screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(15).first ?? "")
        }
        let blue = { (c: CellColours.Colour) in abs(c.red - 48) <= 32 && abs(c.green - 80) <= 32 && abs(c.blue - 208) <= 32 }
        let (screen, shown) = shell.tmux.waitFor(escapes: true) { middle($0).all(25..<75, blue) }
        #expect(shown, "the cover's blue across the middle row: \(screen.split(separator: "\n").dropFirst(15).first.map(String.init)?.debugDescription ?? "")")
        #expect(!middle(screen).all(5..<15, blue), "a square picture, not the whole row")
        #expect(!screen.contains("Audio only"))
    }

    @Test("subtitles that are pictures (a Blu-ray's PGS) chosen over a picture of cells say why nothing of them shows, while the bar is up; over IPC the track says it is pictures")
    func pictureSubtitles() throws {
        let shell = try ShellUnderTest([try TestMedia.clipWithPictureSubtitles()], width: 120, height: 30)
        let playing = try shell.ipc.waitForState {
            $0["first_frame"] as? Bool == true && (($0["tracks"] as? [[String: Any]]) ?? []).contains { $0["type"] as? String == "subtitle" }
        }
        let track = (playing["tracks"] as? [[String: Any]] ?? []).first { $0["type"] as? String == "subtitle" }
        #expect(track?["pictures"] as? Bool == true && track?["title"] as? String == "English", "\(track ?? [:])")
        for key in ["SPACE", "UP", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        try shell.ipc.waitForState { ($0["transport_menu"] as? [String: Any])?["open"] as? String == "Subtitles" }
        for key in ["DOWN", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        try shell.ipc.waitForState { (($0["tracks"] as? [[String: Any]]) ?? []).contains { $0["type"] as? String == "subtitle" && $0["selected"] as? Bool == true } }
        #expect(shell.tmux.waitFor { $0.contains("“English” subtitles are pictures") && $0.contains("kitty or sixel terminals") }.ok)
    }

    @Test("colours are right for clips tagged BT.601 and BT.709 (green 254 stays 254, not 216)", arguments: ["bt601", "bt709"])
    func colourMatrix(_ matrix: String) throws {
        for rgb: UInt32 in [0x00FE00, 0xC03060] {
            let clip = try TestMedia.taggedColourClip(rgb: rgb, matrix: matrix)
            let shell = try ShellUnderTest([clip, "--video-tolerance", "0"])
            try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
            let capture = shell.tmux.waitFor(escapes: true) { $0.contains("48;2;") }.screen
            let screen = capture.split(separator: "\n", omittingEmptySubsequences: false).prefix(12).joined(separator: "\n")
            let colours = screen.components(separatedBy: "48;2;").dropFirst().compactMap { part -> [Int]? in
                let fields = part.prefix { $0 != "m" }.split(separator: ";").prefix(3).compactMap { Int($0) }
                return fields.count == 3 && fields != [0, 0, 0] ? fields : nil
            }
            var counts: [[Int]: Int] = [:]
            for c in colours { counts[c, default: 0] += 1 }
            let picture = try #require(counts.max { $0.value < $1.value }?.key,
                                       "\(matrix) \(String(rgb, radix: 16)): no picture colour in \(screen.suffix(300))")
            let expected = [Int(rgb >> 16), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF)]
            #expect(zip(picture, expected).allSatisfy { abs($0 - $1) <= 6 }, "\(matrix): \(picture) for \(expected)")
        }
    }

    @Test("quadrant and sextant cells draw their glyphs; 256 colours are palette indices")
    func cellShapesAndPalette() throws {
        let quadrant = try ShellUnderTest(["av://lavfi:testsrc2=size=320x180:rate=10", "--video-cells", "quadrant"])
        try quadrant.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(quadrant.tmux.waitFor { $0.unicodeScalars.contains { (0x2596...0x259F).contains($0.value) } }.ok, "quadrant glyphs on screen")
        let sextant = try ShellUnderTest(["av://lavfi:testsrc2=size=320x180:rate=10", "--video-cells", "sextant"])
        let state = try sextant.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(state["picture"] as? String == "sextant")
        #expect(sextant.tmux.waitFor { $0.unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) } }.ok, "sextant glyphs on screen")
        let palette = try ShellUnderTest(["av://lavfi:testsrc2=size=320x180:rate=10", "--video-colors", "256"])
        try palette.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        try palette.ipc.waitForState(timeout: 8) { $0["transport_visible"] as? Bool == false && $0["hint"] as? Bool == false }
        let screen = palette.tmux.waitFor(escapes: true) { $0.contains("48;5;") && !$0.contains("48;2;") }
        #expect(screen.ok, "with the UI gone, the picture is in palette indices only: \(screen.screen.suffix(300))")
    }

    @Test("cells decode a 720p clip on one thread; full decoding leaves the threads to libavcodec; no player runs mpv's stats page or console (a Lua state and thread each)")
    func decodeThreads() throws {
        let clip = try TestMedia.hdClip("testsrc2")
        func threads(_ pid: Int32, named name: String) -> Int {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.filter { (try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8))?.hasPrefix(name) == true }.count
        }
        func coreThreads(_ pid: Int32) -> Int { threads(pid, named: "mpv/mpv core") }
        let light = try ShellInPty([clip], columns: 160, rows: 48)
        try light.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 3 }
        #expect((try light.ipc.request(["get_mpv_property", "vd-lavc-threads"]))["data"] as? String == "1")
        #expect(coreThreads(light.pty.pid) == 1, "libavcodec runs no frame threads beside mpv's core")
        #expect(threads(light.pty.pid, named: "mpv/lua") == 0, "no Lua script runs in the player")
        let full = try ShellInPty(["--video-decode", "full", clip], columns: 160, rows: 48)
        try full.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 3 }
        #expect((try full.ipc.request(["get_mpv_property", "vd-lavc-threads"]))["data"] as? String == "0")
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(coreThreads(full.pty.pid) > 1, "libavcodec's own choice on \(ProcessInfo.processInfo.activeProcessorCount) cores is frame threads")
        }
    }

    @Test("a terminal that reads slowly gets frames dropped, not queued: keys answer at once and mpv's clock runs on")
    func slowTerminal() throws {
        let clip = try TestMedia.hdClip("mandelbrot", audio: true)
        let shell = try ShellInPty([clip], columns: 160, rows: 48, throttle: 300_000)
        try shell.ipc.waitForState(timeout: 20) { ($0["frames_presented"] as? Int ?? 0) > 3 }
        Thread.sleep(forTimeInterval: 2)
        let state = try shell.ipc.state()
        #expect((state["frames_dropped"] as? Int ?? 0) > 10, "frames dropped: \(state["frames_dropped"] ?? "none")")
        #expect((state["video_tolerance"] as? Int ?? 0) > 4, "colour precision traded for frames: \(state["video_tolerance"] ?? "none")")
        let position = try #require(number(state["position"]))
        #expect(position > 1.5, "playback ran on at its own pace: \(position)")
        let avsync = Double((try shell.ipc.request(["get_mpv_property", "avsync"]))["data"] as? String ?? "") ?? 1
        #expect(abs(avsync) < 0.1, "A/V sync \(avsync)")
        let before = Stopwatch()
        shell.pty.type(Array(" ".utf8))
        try shell.ipc.waitForState(timeout: 2) { $0["paused"] as? Bool == true }
        #expect(before.elapsed < 0.5, "a key typed into the slow terminal is handled at once")
        let paused = PtyProcess.now()
        shell.pty.waitForQuiet(0.5, timeout: 10)
        #expect(shell.pty.lastReadTime - paused < 1.5, "at most about one frame was still in flight: \(shell.pty.lastReadTime - paused) s")
    }

    @Test("a terminal that reads slower than frames come shows a changed screen at once: the frames wait for it, not it for them", arguments: ["sixel", "half"])
    func slowTerminalScreenFirst(picture: String) throws {
        let sixel = FakeTerminal("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c")
        // Cells change less per frame than an image: more of them.
        let cells = picture == "sixel" ? (80, 24) : (160, 48)
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=640x360:rate=25"], columns: cells.0, rows: cells.1, pixels: (640, 384), throttle: 300_000,
                                   terminal: picture == "sixel" ? sixel : nil)
        try shell.ipc.waitForState(timeout: 20) { ($0["frames_dropped"] as? Int ?? 0) > 10 && $0["picture"] as? String == picture }
        let typed = shell.pty.output.count
        shell.pty.type(Array(")".utf8))
        try shell.ipc.waitForState(timeout: 2) { $0["volume"] as? Int == 105 }
        // Without the fix it never came; with it, well under a second here.
        #expect(shell.pty.waitForOutput(containing: "Volume 105", from: typed, timeout: 6) != nil,
                "the volume badge reached the terminal while the film played on")
        // The film plays on: frames still reach the slow terminal after the
        // badge (a large sixel frame takes it most of a second; on a loaded
        // machine only two or three had gone before).
        let presented = try shell.ipc.state()["frames_presented"] as? Int ?? 0
        try shell.ipc.waitForState(timeout: 10) { $0["paused"] as? Bool == false && ($0["frames_presented"] as? Int ?? 0) > presented + 1 }
    }

    @Test("a kitty terminal that reads slower than frames come shows each changed screen while the film plays on, and gets no frame twice")
    func slowKittyScreenFirst() throws {
        let kitty = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.32.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty(["av://lavfi:testsrc2=size=640x360:rate=25"], columns: 80, rows: 24, throttle: 300_000, terminal: kitty)
        // Past the first images: smaller ones, still dropped.
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 15 && ($0["frames_dropped"] as? Int ?? 0) > 10 }
        let imagesBefore = String(decoding: shell.pty.output, as: UTF8.self).components(separatedBy: "\u{1B}_Ga=T,i=1,").count - 1
        for volume in stride(from: 105, through: 125, by: 5) {
            let typed = shell.pty.output.count
            shell.pty.type(Array(")".utf8))
            try shell.ipc.waitForState(timeout: 5) { $0["volume"] as? Int == volume }
            let deadline = Deadline(in: 6)
            while Self.screenWrites(shell.pty.output.dropFirst(typed)).isEmpty && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
            try #require(!Self.screenWrites(shell.pty.output.dropFirst(typed)).isEmpty, "the screen changed at volume \(volume) while frames were dropped")
        }
        // testsrc2 changes every frame, and a kitty image is sent again
        // for the UI alone only when the colours it paints under the UI
        // change: two equal images in a row are one frame sent twice.
        let images = String(decoding: shell.pty.output, as: UTF8.self)
            .components(separatedBy: "\u{1B}_Ga=T,i=1,").dropFirst().map { $0.components(separatedBy: "\u{1B}8")[0] }
        let twice = zip(images, images.dropFirst()).filter { $0 == $1 }.count
        #expect(images.count - imagesBefore >= 3, "frames went out while the screen changed: \(images.count - imagesBefore) of \(images.count)")
        #expect(twice == 0, "\(twice) of \(images.count) images were the one before sent again")
        #expect(try shell.ipc.state()["paused"] as? Bool == false)
    }

    /// What `output` writes on the screen besides kitty images and the
    /// synchronized updates around them (a piece of an image it starts
    /// inside included).
    static func screenWrites(_ output: ArraySlice<UInt8>) -> String {
        var pieces = String(decoding: output, as: UTF8.self).components(separatedBy: "\u{1B}_G")
        if let end = pieces[0].range(of: "\u{1B}\\") { pieces[0] = String(pieces[0][end.upperBound...]) }
        for index in pieces.indices.dropFirst() {
            pieces[index] = pieces[index].range(of: "\u{1B}\\").map { String(pieces[index][$0.upperBound...]) } ?? ""
        }
        return ["\u{1B}7\u{1B}[1;1H", "\u{1B}8", "\u{1B}[?2026h", "\u{1B}[?2026l"].reduce(pieces.joined()) { $0.replacingOccurrences(of: $1, with: "") }
    }

    @Test("an HLS ladder plays the smallest variant that covers the picture, and a larger one after the terminal grows")
    func hlsVariant() throws {
        let master = try TestMedia.hlsLadder()
        let shell = try ShellUnderTest([master], width: 160, height: 48)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        func width() -> String? { (try? shell.ipc.request(["get_mpv_property", "video-params/w"]))?["data"] as? String }
        #expect(width() == "320", "160×96 px: 320x180 covers it, 128x72 does not")
        try shell.tmux.resize(width: 400, height: 100)
        let deadline = Deadline(in: 10)
        while width() != "1280" && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.2) }
        #expect(width() == "1280", "400×200 px needs the 1280x720 variant")
    }

    @Test("in a kitty terminal the picture in picture is an image of its own (id 2) at its window, above the full-screen one; closed, it is deleted")
    func kittyPicture() throws {
        let kitty = FakeTerminal("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.32.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        let shell = try ShellInPty(["av://lavfi:color=c=0x3050D0:size=320x180:rate=10"], columns: 80, rows: 24, terminal: kitty)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        _ = try shell.ipc.request(["keypress", "p"])
        try shell.ipc.waitForState { (($0["pip"] as? [String: Any])?["frames_presented"] as? Int ?? 0) > 3 }
        // Presented means written to the pty; the test's reader may not
        // have taken those bytes yet on a loaded machine.
        _ = shell.pty.waitForOutput(containing: "\u{1B}_Ga=T,i=2,", timeout: 5)
        let text = String(decoding: shell.pty.output, as: UTF8.self)
        let header = try #require(text.range(of: "\u{1B}_Ga=T,i=2,"), "the picture's own image")
        let placement = text[header.upperBound...].prefix(120)
        #expect(placement.contains("c=24,r=7,") && placement.contains("z=-1"), "its window's 24×7 cells, above the full-screen image: \(placement)")
        let before = text[..<header.lowerBound].suffix(12)
        #expect(before.contains("\u{1B}[16;55H"), "placed at its window (bottom right, off the focused row): \(before.debugDescription)")
        _ = try shell.ipc.request(["keypress", "P"])
        try shell.ipc.waitForState { $0["pip"] is NSNull }
        #expect(shell.pty.waitForOutput(containing: "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\", timeout: 5) != nil, "closed: its image is deleted")
    }

    @Test("in a sixel terminal the picture is a sixel image of its window's pixels, at its window")
    func sixelPicture() throws {
        let xterm = FakeTerminal("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;22c")
        let shell = try ShellInPty(["av://lavfi:color=c=0xC03060:size=320x180:rate=10"], columns: 80, rows: 24, pixels: (640, 384), terminal: xterm)
        try shell.ipc.waitForState { ($0["frames_presented"] as? Int ?? 0) > 2 }
        _ = try shell.ipc.request(["keypress", "p"])
        try shell.ipc.waitForState { (($0["pip"] as? [String: Any])?["frames_presented"] as? Int ?? 0) > 3 }
        // Presented means written to the pty; the test's reader may not
        // have taken those bytes yet on a loaded machine.
        let sixel = "\u{1B}[16;55H\u{1B}P0;1;0q\"1;1;192;112"
        #expect(shell.pty.waitForOutput(containing: sixel, timeout: 5) != nil, "24×7 cells of 8×16 px, at the window")
    }
}
