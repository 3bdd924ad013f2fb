import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a lineup server answers, changed by the test.
private final class ServedLineup: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    /// Channels 1…`channels` with guide ids c1…, named "`named` 1"….
    func set(channels: Int, named: String = "Channel") {
        let entries = (1...channels).map { "#EXTINF:-1 tvg-id=\"c\($0)\" tvg-chno=\"\($0)\",\(named) \($0)\nav://lavfi:testsrc2=size=160x90:rate=25" }
        lock.withLock { text = "#EXTM3U\n" + entries.joined(separator: "\n") + "\n" }
    }

    /// A list with no channels (an account run out).
    func setEmpty() { lock.withLock { text = "#EXTM3U\n" } }

    var data: Data { lock.withLock { Data(text.utf8) } }
}

/// A box whose lineup server cannot be reached when it starts (the network
/// not up yet at boot, the provider down) shows the channels it had.
@Suite("A lineup read from a URL is kept for a start without its server, end to end", .serialized)
struct LineupCopyEndToEndTests {
    @Test("the lineup read at a start is kept (0600); a start with the server down shows the kept channels and says so, and the lineup read again once the server answers replaces them")
    func keptCopy() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-copy")
        defer { try? FileManager.default.removeItem(at: dir) }
        let served = ServedLineup()
        served.set(channels: 2)
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("get.php") ? served.data : nil })
        defer { server.stop() }
        let cache = dir.appendingPathComponent("cache").path
        let copies = cache + "/tvshell/lineups"
        // A provider's lineup URL carries the account.
        let url = server.url("get.php?username=viewer&password=s3cret&type=m3u_plus&output=tv.m3u")

        do {
            let shell = try ShellUnderTest(["--lineup", url], cacheHome: cache)
            let first = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
            #expect(first["items"] as? Int == 2)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: copies)
        try #require(kept.count == 1 && kept[0].hasSuffix(".m3u"), "\(kept)")
        let copy = copies + "/" + kept[0]
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == String(decoding: served.data, as: UTF8.self))
        #expect(mode(copy) == 0o600 && mode(copies) == 0o700, "a lineup's stream URLs carry its tokens")
        #expect(!kept[0].contains("s3cret") && !kept[0].contains("viewer"), "named by a hash of the URL")

        server.inject(.serverError)
        served.set(channels: 3)
        let shell = try ShellUnderTest(["--lineup", url], cacheHome: cache)
        let shown = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        #expect(shown["items"] as? Int == 2, "the kept channels: \(shown)")
        let notice = try shell.ipc.waitForState(timeout: 10) { ($0["notice"] as? String)?.contains("The lineup could not be read") == true }["notice"] as? String
        #expect(notice?.contains("500") == true && notice?.contains("just now") == true, "\(notice ?? "")")

        server.inject(nil)
        let updated = try shell.ipc.waitForState(timeout: 45) { $0["items"] as? Int == 3 }
        #expect(updated["phase"] as? String == "playing", "the channel watched plays on: \(updated)")
        #expect(shell.waitForLog("read again: 3 channels", timeout: 5), "\(shell.log)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8).contains("Channel 3"), "the new answer kept")
        #expect(!shell.log.contains("s3cret"), "the account's password stays out of the log")
    }

    @Test("with a copy kept, a lineup server that trickles its answer holds the start 20 s, not 10 minutes; one that takes the connection and says nothing, 5 s, not 20: the kept channels play, the notice says why, and the lineup comes once it answers whole",
          arguments: [("trickle", 40.0, "20 s in all"), ("silent", 15.0, "5 s without a byte")])
    func faultyServerAtStart(fault: String, longest: Double, why: String) throws {
        let dir = TVShellBinary.scratchDirectory("lineup-copy-\(fault)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let served = ServedLineup()
        served.set(channels: 2)
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("tv.m3u") ? served.data : nil })
        defer { server.stop() }
        let cache = dir.appendingPathComponent("cache").path
        let url = server.url("tv.m3u")
        try startKeepingCopy(url, channels: 2, cache: cache)
        served.set(channels: 3)
        server.inject(fault == "trickle" ? .trickle : .stall, pathSuffix: "tv.m3u")
        let began = Date()
        let shell = try ShellUnderTest(["--lineup", url], connectTimeout: 60, cacheHome: cache)
        let shown = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        let waited = Date().timeIntervalSince(began)
        #expect(shown["items"] as? Int == 2, "the kept channels: \(shown)")
        #expect(waited < longest, "\(fault): the start waited \(waited) s")
        let notice = try shell.ipc.waitForState(timeout: 10) { ($0["notice"] as? String)?.contains("The lineup could not be read") == true }["notice"] as? String
        #expect(notice?.contains(why) == true, "\(notice ?? "")")
        server.inject(nil)
        let updated = try shell.ipc.waitForState(timeout: 45) { $0["items"] as? Int == 3 }
        #expect(updated["phase"] as? String == "playing", "the channel watched plays on: \(updated)")
    }

    @Test("a start waiting for a slow lineup server says so on the terminal (the URL's account as ***), and the line goes once the lineup came")
    func waitShown() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-wait-line")
        defer { try? FileManager.default.removeItem(at: dir) }
        let served = ServedLineup()
        served.set(channels: 2)
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("get.php") ? served.data : nil })
        defer { server.stop() }
        server.inject(.stall, pathSuffix: "get.php")
        let url = server.url("get.php?username=viewer&password=s3cret&type=m3u_plus")
        let socket = dir.appendingPathComponent("ipc.sock").path
        let tmux = try TmuxSession(command: "XDG_CACHE_HOME='\(dir.path)' '\(TVShellBinary.path)' --ipc-socket '\(socket)' --mpv-option ao=null --lineup '\(url)'",
                                   width: 120, height: 30)
        defer { tmux.kill() }
        let waiting = tmux.waitFor(timeout: 10) { $0.contains("tvshell: reading the lineup from http://127.0.0.1") }
        #expect(waiting.ok, "\(waiting.screen)")
        #expect(!waiting.screen.contains("s3cret"), "\(waiting.screen)")
        server.inject(nil)
        let ipc = try IPCClient(path: socket, timeout: 20)
        _ = try ipc.waitForState { $0["phase"] as? String == "playing" && $0["items"] as? Int == 2 }
        #expect(!tmux.capture().contains("reading the lineup"), "the line stayed on the shell's screen: \(tmux.capture())")
    }

    @Test("a lineup URL switched to over the socket is read again every lineup_refresh, and the one it replaced no more: the old URL's answer (channels with the same guide ids) never comes back over it; the switch logs the URL redacted")
    func switchedLineupKeptFresh() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-switch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = ServedLineup(), new = ServedLineup()
        old.set(channels: 2, named: "Old")
        new.set(channels: 2, named: "New")
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("old.m3u") ? old.data : path.hasSuffix("new.m3u") ? new.data : nil })
        defer { server.stop() }
        let config = dir.appendingPathComponent("config.toml").path
        try "[play]\nlineup_refresh = 60\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config, "--lineup", server.url("old.m3u")], cacheHome: dir.appendingPathComponent("cache").path)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }

        let switched = try shell.ipc.request(["lineup", server.url("new.m3u?username=viewer&password=s3cret")], timeout: 15)
        #expect(switched["error"] as? String == "success", "\(switched)")
        let oldReads = server.requests.filter { $0.hasPrefix("/old.m3u") }.count
        #expect(oldReads == 1, "read once, at the start: \(server.requests)")
        old.set(channels: 3, named: "Old")
        new.set(channels: 3, named: "New")
        // The old lineup's refresh came due 60 s after the start, the new
        // one's 60 s after the switch: by the time the new one's answer is
        // shown, an old refresher left running would have read its URL.
        let updated = try shell.ipc.waitForState(timeout: 100) { $0["items"] as? Int == 3 }
        #expect(updated["phase"] as? String == "playing", "\(updated)")
        #expect(shell.waitForLog("read again: 3 channels", timeout: 5), "\(shell.log)")
        _ = try shell.ipc.request(["channel", 3])
        let third = try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 3 }
        #expect((third["channel"] as? [String: Any])?["name"] as? String == "New 3", "\(third)")
        #expect(server.requests.filter { $0.hasPrefix("/old.m3u") }.count == oldReads, "the replaced lineup is read no more: \(server.requests)")
        #expect(server.requests.contains { $0.hasPrefix("/new.m3u?") && $0.contains("password=s3cret") })
        #expect(shell.log.contains("lineup switched to") && !shell.log.contains("s3cret"), "the account's password stays out of the log")
    }

    @Test("with no copy kept, a lineup server that cannot be reached still ends a start in a terminal (not a box: no kiosk, no TV output) with the reason (exit 66)")
    func noCopy() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-no-copy")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.inject(.serverError)
        let run = try startEnding(lineup: server.url("tv.m3u"), home: dir, cache: dir.appendingPathComponent("cache").path)
        #expect(run.status == 66 && run.output.contains("500"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cache/tvshell/lineups").path), "nothing kept from a failure")
    }

    @Test("a box (a kiosk) with no copy kept and its lineup server down at its first start starts anyway: its screen says why and that it is tried again; once the server answers, the channel its config starts on plays, and the answer is kept for the next start")
    func boxAwaitsLineup() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-await")
        defer { try? FileManager.default.removeItem(at: dir) }
        let served = ServedLineup()
        served.set(channels: 3)
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("tv.m3u") ? served.data : nil })
        defer { server.stop() }
        server.inject(.serverError)
        let config = dir.appendingPathComponent("config.toml").path
        try "[kiosk]\nstart = 2\n".write(toFile: config, atomically: true, encoding: .utf8)
        let cache = dir.appendingPathComponent("cache").path
        let shell = try ShellUnderTest(["--kiosk", "--config", config, "--lineup", server.url("tv.m3u?username=viewer&password=s3cret")],
                                       cacheHome: cache)
        let waiting = try shell.ipc.waitForState(timeout: 30) { ($0["lineup_wait"] as? String)?.contains("500") == true }
        #expect(waiting["items"] as? Int == 0 && waiting["screen"] as? String == "home" && waiting["phase"] as? String == "idle", "\(waiting)")
        let said = shell.tmux.waitFor { $0.contains("No channels yet") && $0.contains("tried again by itself") }
        #expect(said.ok, "\(said.screen)")
        #expect(said.screen.contains("500"), "the reason on screen: \(said.screen)")
        // Keys on a box with no channels do nothing harmful.
        for key in ["Enter", "Down", "g", "Escape", "3", "Enter", "p", "M", "PageUp"] { try shell.tmux.send(key) }
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }

        server.inject(nil)
        let playing = try shell.ipc.waitForState(timeout: 45) { $0["phase"] as? String == "playing" }
        #expect(playing["items"] as? Int == 3 && playing["title"] as? String == "Channel 2" && playing["lineup_wait"] is NSNull, "\(playing)")
        #expect(shell.waitForLog("read: 3 channels, awaited since the start", timeout: 5), "\(shell.log)")
        #expect(!shell.log.contains("s3cret"), "the account's password stays out of the log")
        let copies = cache + "/tvshell/lineups"
        let kept = try FileManager.default.contentsOfDirectory(atPath: copies)
        #expect(kept.count == 1, "the answer kept for a start without the server: \(kept)")
    }

    @Test("a box whose lineup is a file on a share not mounted yet starts awaiting it, its screen saying the file is missing; once the file is there, its start channel plays")
    func boxAwaitsLineupFile() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-file-await")
        defer { try? FileManager.default.removeItem(at: dir) }
        let share = dir.appendingPathComponent("share")
        let path = share.appendingPathComponent("tv.m3u").path
        let shell = try ShellUnderTest(["--kiosk", "--lineup", path], cacheHome: dir.appendingPathComponent("cache").path)
        let waiting = try shell.ipc.waitForState(timeout: 30) { $0["lineup_wait"] as? String == "no such file" }
        #expect(waiting["items"] as? Int == 0, "\(waiting)")
        #expect(shell.tmux.waitFor { $0.contains("No channels yet") && $0.contains("no such file") }.ok, "\(shell.tmux.capture())")
        let served = ServedLineup()
        served.set(channels: 2, named: "Shared")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try served.data.write(to: URL(fileURLWithPath: path))
        let playing = try shell.ipc.waitForState(timeout: 45) { $0["phase"] as? String == "playing" }
        #expect(playing["title"] as? String == "Shared 1" && playing["items"] as? Int == 2, "\(playing)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cache/tvshell/lineups").path), "no copy kept of a file")
    }

    @Test("a lineup URL answering a list with no channels (an account run out) is taken as one that cannot be read: a start shows the kept channels and says why; a box with no copy starts awaiting it; a start in a terminal with no copy ends with the reason (exit 65)")
    func emptyAnswer() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        let served = ServedLineup()
        served.set(channels: 2)
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("tv.m3u") ? served.data : nil })
        defer { server.stop() }
        let cache = dir.appendingPathComponent("cache").path
        let url = server.url("tv.m3u")
        try startKeepingCopy(url, channels: 2, cache: cache)
        served.setEmpty()
        do {
            let shell = try ShellUnderTest(["--lineup", url], cacheHome: cache)
            let shown = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
            #expect(shown["items"] as? Int == 2, "the kept channels: \(shown)")
            let notice = try shell.ipc.waitForState(timeout: 10) { ($0["notice"] as? String)?.contains("The lineup could not be read") == true }["notice"] as? String
            #expect(notice?.contains("its answer has no channels") == true, "\(notice ?? "")")
        }
        let fresh = dir.appendingPathComponent("fresh-cache").path
        do {
            let box = try ShellUnderTest(["--kiosk", "--lineup", url], cacheHome: fresh)
            let waiting = try box.ipc.waitForState(timeout: 30) { ($0["lineup_wait"] as? String) == "its answer has no channels" }
            #expect(waiting["items"] as? Int == 0, "\(waiting)")
            #expect(box.tmux.waitFor { $0.contains("No channels yet") && $0.contains("its answer has no channels") }.ok, "\(box.tmux.capture())")
        }
        let run = try startEnding(lineup: url, home: dir, cache: dir.appendingPathComponent("terminal-cache").path)
        #expect(run.status == 65 && run.output.contains("no channels in this lineup"), "\(run.output)")
    }

    @Test("a network's login page answered for the lineup (200 OK, HTML) is not taken for channels: a start shows the kept ones and names the page; a video stream given for the lineup is refused at its first bytes")
    func loginPage() throws {
        let dir = TVShellBinary.scratchDirectory("lineup-login-page")
        defer { try? FileManager.default.removeItem(at: dir) }
        let served = ServedLineup()
        served.set(channels: 2)
        let page = Data("<!DOCTYPE html>\n<html><head><title>Hotel Wi-Fi: sign in</title></head>\n<body><form action=\"/login\"><input name=\"room\"></form>\n<p><a href=\"http://portal.example/terms\">Terms</a></p></body></html>\n".utf8)
        let portal = LockedFlag()
        let server = try LocalHTTPServer(responder: { path in path.hasSuffix("tv.m3u") ? (portal.isSet ? page : served.data) : nil })
        defer { server.stop() }
        let cache = dir.appendingPathComponent("cache").path
        try startKeepingCopy(server.url("tv.m3u"), channels: 2, cache: cache)
        portal.set()
        let shell = try ShellUnderTest(["--lineup", server.url("tv.m3u")], cacheHome: cache)
        let shown = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        #expect(shown["items"] as? Int == 2, "the kept channels, not the page's lines: \(shown)")
        let notice = try shell.ipc.waitForState(timeout: 10) { ($0["notice"] as? String)?.contains("web page") == true }["notice"] as? String
        #expect(notice?.contains("Hotel Wi-Fi: sign in") == true, "\(notice ?? "")")
        let copies = try FileManager.default.contentsOfDirectory(atPath: cache + "/tvshell/lineups")
        #expect(try String(contentsOfFile: cache + "/tvshell/lineups/" + copies[0], encoding: .utf8).hasPrefix("#EXTM3U"), "the copy kept is not the page")

        // A channel's own URL given for the lineup: an endless MPEG-TS stream.
        let tone = dir.appendingPathComponent("tone.ts").path
        let made = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440",
                                  "-t", "5", "-c:a", "mp2", "-b:a", "128k", "-f", "mpegts", tone])
        #expect(made.status == 0, "\(made.output)")
        let stream = try LiveTSServer(body: try Data(contentsOf: URL(fileURLWithPath: tone)), seconds: 5)
        defer { stream.stop() }
        let began = Date()
        let run = try startEnding(lineup: stream.url("live/1.ts"), home: dir, cache: cache)
        #expect(run.status == 66 && run.output.contains("is an MPEG-TS video stream, not a lineup"), "\(run.output)")
        #expect(Date().timeIntervalSince(began) < 10, "refused at its first bytes, not read until a timeout")
    }
}

/// A start of the lineup at `url` that plays its `channels` channels,
/// keeping its copy in `cache` (the first start of a box), then quit.
private func startKeepingCopy(_ url: String, channels: Int, cache: String) throws {
    let shell = try ShellUnderTest(["--lineup", url], cacheHome: cache)
    try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && $0["items"] as? Int == channels }
}

/// A start in a terminal's place (no terminal: standard input from
/// /dev/null) of `--lineup location`, which is to end: how, and what it
/// printed.
private func startEnding(lineup location: String, home: URL, cache: String) throws -> (status: Int32, output: String) {
    try Spawn.run(["sh", "-c", "exec \"$0\" \"$@\" 2>&1 </dev/null", TVShellBinary.path, "--lineup", location],
                  environment: ["HOME": home.path, "XDG_CACHE_HOME": cache, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
}

/// A flag one thread sets and another reads.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// A file's permission bits.
private func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}
