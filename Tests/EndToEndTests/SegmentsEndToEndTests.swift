import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func action(_ state: [String: Any]) -> [String: Any]? { state["contextual_action"] as? [String: Any] }

@Suite("Segments and Skip Intro, end to end", .serialized)
struct SegmentsEndToEndTests {
    @Test("an episode whose chapters are Intro … Advertisement … Credits: Skip Intro at 2 s, ENTER lands past the intro")
    func skipIntro() throws {
        let shell = try ShellUnderTest([try TestMedia.episode()])
        let offered = try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 1 && action($0) != nil }
        #expect(action(offered)?["title"] as? String == "Skip Intro" && number(action(offered)?["target"]) == 20)
        let kinds = (offered["segments"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")@\(number($0["start"]) ?? -1)" }
        #expect(kinds == ["intro@0.0", "commercial@60.0", "credits@160.0"])
        #expect(shell.tmux.waitFor { $0.contains("Skip Intro") }.ok)
        try shell.ipc.discardEvents()
        try shell.ipc.request(["keypress", "ENTER"])
        let taken = try shell.ipc.waitForEvent("contextual-action")
        #expect(taken["id"] as? String == "skip-intro" && taken["automatic"] as? Bool == false)
        let after = try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 20 }
        #expect(action(after) == nil)
    }

    @Test("once Skip Intro has hidden itself, the first DOWN opens the info panel, as at any time")
    func downDuringIntro() throws {
        let shell = try ShellUnderTest([try TestMedia.episode()])
        try shell.ipc.waitForState { action($0)?["shown"] as? Bool == true }
        // The button's 8 s, and the bar's 5, are up.
        try shell.ipc.waitForState(timeout: 15) { action($0)?["shown"] as? Bool == false }
        try shell.ipc.request(["keypress", "DOWN"])
        let state = try shell.ipc.state()
        #expect(state["overlay"] as? String == "info", "one DOWN: the info panel (\(state["overlay"] ?? ""))")
    }

    @Test("intro = \"auto\": skipped by itself on a fresh start; LEFT within 5 s goes back into it, and then it only asks")
    func automaticIntro() throws {
        let dir = TVShellBinary.scratchDirectory("segments-config")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[segments]\nintro = \"auto\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config, try TestMedia.episode()])
        let skipped = try shell.ipc.waitForEvent("contextual-action")
        #expect(skipped["automatic"] as? Bool == true)
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 20 && ($0["notice"] as? String ?? "").hasPrefix("Skipped intro") }
        try shell.ipc.request(["keypress", "LEFT"])
        let back = try shell.ipc.waitForState { (number($0["position"]) ?? 99) < 5 && action($0) != nil }
        #expect(action(back)?["title"] as? String == "Skip Intro", "back in the intro it asks instead")
        #expect(try shell.ipc.watchEvents(["contextual-action"], for: 1).isEmpty, "no second skip by itself")
    }

    @Test("segments from NAME.segments.json beside a file; a broken one is named with its line and key")
    func sidecar() throws {
        let shell = try ShellUnderTest([try TestMedia.clipWithSidecar()])
        let offered = try shell.ipc.waitForState { action($0) != nil }
        #expect(number(action(offered)?["target"]) == 15)
        let broken = try TestMedia.clipWithSidecar("[\n  {\"kind\": \"outro\", \"start\": 0, \"end\": 15}\n]", name: "broken-sidecar")
        let second = try ShellUnderTest([broken])
        let told = try second.ipc.waitForState { ($0["notice"] as? String)?.contains("segments.json:2: kind") == true }
        #expect((told["notice"] as? String ?? "").contains("expected one of intro"))
        #expect(told["screen"] as? String == "player", "it plays on")
    }

    /// Scrubs from where playback is (paused) until the head is at or past
    /// `target` (forward) or before it (back), then commits with `commit`
    /// (PLAYPAUSE plays, ENTER stays paused); the head.
    private func scrub(to target: Double, _ shell: ShellUnderTest, commit: String = "PLAYPAUSE") throws -> Double {
        let start = try shell.ipc.state()
        let forward = target > (number(start["position"]) ?? 0)
        var head = number(start["position"]) ?? 0
        for _ in 0..<400 where forward ? head < target : head > target {
            try shell.ipc.request(["keypress", forward ? "RIGHT" : "LEFT"])
            head = number((try shell.ipc.state()["scrub"] as? [String: Any])?["target"]) ?? head
        }
        try shell.ipc.request(["keypress", commit])
        return head
    }

    @Test("a scrub committed with ENTER while paused over an unwatched break lands in it at once: in_interstitial and the bar's Ad label, still paused")
    func pausedCommitInBreak() throws {
        let shell = try ShellUnderTest([try TestMedia.episode()])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        for _ in 0..<3 { try shell.ipc.request(["keypress", "RIGHT"]) }
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 29 }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let head = try scrub(to: 120, shell, commit: "ENTER")
        let landed = try shell.ipc.waitForState(timeout: 5) { $0["in_interstitial"] as? Bool == true }
        #expect(landed["paused"] as? Bool == true, "ENTER keeps it paused")
        let position = number(landed["position"]) ?? 0
        #expect(position >= 60 && position < 62, "at the break's start: \(position)")
        #expect(number(landed["pending_target"]) == head)
        #expect(shell.tmux.waitFor { $0.contains("Ad · ") && $0.contains(" left") }.ok, "the bar says so")
    }

    @Test("an ad break must be watched: scrubbing over it plays it first, refuses skips meanwhile, then goes on to the target; watched, it is skipped")
    func adBreak() throws {
        let shell = try ShellUnderTest([try TestMedia.episode()])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        for _ in 0..<3 { try shell.ipc.request(["keypress", "RIGHT"]) }
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 29 }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let head = try scrub(to: 120, shell)
        let inBreak = try shell.ipc.waitForState { $0["in_interstitial"] as? Bool == true }
        let position = try #require(number(inBreak["position"]))
        #expect(position >= 60 && position < 62, "the break first: \(position)")
        #expect(number(inBreak["pending_target"]) == head, "the target is kept")
        try shell.ipc.request(["keypress", "RIGHT"])
        let refused = try shell.ipc.waitForState { ($0["notice"] as? String ?? "").hasPrefix("Ad · ") }
        #expect((number(refused["position"]) ?? 99) < 80, "no skipping out of the break")
        _ = try shell.ipc.waitForEvent("interstitial-finished", timeout: 30)
        let after = try shell.ipc.waitForState { $0["in_interstitial"] as? Bool == false && (number($0["position"]) ?? 0) > 100 }
        #expect(abs((number(after["position"]) ?? 0) - head) <= 1.5, "then on to \(head): \(after["position"] ?? "?")")
        #expect(((after["segments"] as? [[String: Any]]) ?? []).contains { $0["kind"] as? String == "commercial" && $0["watched"] as? Bool == true })

        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        _ = try scrub(to: 30, shell)
        try shell.ipc.waitForState { (number($0["position"]) ?? 99) < 40 && $0["paused"] as? Bool == false }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let again = try scrub(to: 120, shell)
        let straight = try shell.ipc.waitForState { abs((number($0["position"]) ?? 0) - again) < 1.5 }
        #expect(straight["in_interstitial"] as? Bool == false && straight["pending_target"] is NSNull, "a watched break is skipped like anything else")
    }
}

@Suite("The transport bar's menu row, end to end", .serialized)
struct TransportMenuEndToEndTests {
    @Test("paused, UP opens Subtitles / Audio / Speed; Speed → 1.25× sets libmpv's speed; what plays next plays at 1× (libmpv keeps a speed)")
    func speed() throws {
        let shell = try ShellUnderTest([try TestMedia.clip(seconds: 60)])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        try shell.ipc.request(["keypress", "UP"])
        let row = try shell.ipc.waitForState { $0["overlay"] as? String == "menus" }
        #expect((row["transport_menu"] as? [String: Any])?["menus"] as? [String] == ["Subtitles", "Audio", "Speed"])
        #expect(shell.tmux.waitFor { $0.contains("Subtitles ▾") && $0.contains("Speed 1× ▾") }.ok)
        for key in ["RIGHT", "RIGHT", "ENTER", "DOWN", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        try shell.ipc.waitForState { $0["overlay"] as? String == "none" }
        #expect(try shell.mpvProperty("speed") { $0 == "1.250000" } == "1.250000")
        let channel = "av://lavfi:testsrc2=size=160x90:rate=25"
        #expect(try shell.ipc.request(["play", channel])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["url"] as? String == channel && $0["phase"] as? String == "playing" }
        #expect(try shell.mpvProperty("speed") { $0 == "1.000000" } == "1.000000", "the next at 1×, as its bar says")
    }
}

@Suite("Ad breaks announced by an HLS stream, end to end", .serialized)
struct HLSBreaksEndToEndTests {
    /// The 30 s stream served over HTTP with `tags` inserted before segment `n` (0-based): `[n: "#EXT-X-…"]`.
    private func serve(_ tags: [Int: String], header: String = "") throws -> (LocalHTTPServer, String) {
        let folder = try TestMedia.hlsStream()
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".ts") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        var lines: [String] = []
        var segment = 0
        for line in try String(contentsOfFile: folder + "/index.m3u8", encoding: .utf8).split(separator: "\n").map(String.init) {
            if line.hasPrefix("#EXTINF") {
                if let tag = tags[segment] { lines.append(tag) }
                segment += 1
            }
            lines.append(line)
            if line.hasPrefix("#EXT-X-TARGETDURATION"), !header.isEmpty { lines.append(header) }
        }
        files["index.m3u8"] = Data(lines.joined(separator: "\n").utf8)
        let server = try LocalHTTPServer(files: files)
        return (server, server.url("index.m3u8"))
    }

    private func breaks(_ shell: ShellUnderTest) throws -> [String] {
        let state = try shell.ipc.waitForState { !(($0["segments"] as? [[String: Any]]) ?? []).isEmpty }
        return (state["segments"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")@\(number($0["start"]) ?? -1)-\(number($0["end"]) ?? -1)" }
    }

    @Test("EXT-X-CUE-OUT / CUE-IN in a local HLS stream become an ad break")
    func cues() throws {
        let (server, url) = try serve([5: "#EXT-X-CUE-OUT:DURATION=6", 8: "#EXT-X-CUE-IN"])
        defer { server.stop() }
        let shell = try ShellUnderTest([url])
        #expect(try breaks(shell) == ["commercial@10.0-16.0"])
    }

    @Test("EXT-X-DATERANGE interstitials in a local HLS stream become an ad break")
    func dateRange() throws {
        let (server, url) = try serve([:], header: """
            #EXT-X-PROGRAM-DATE-TIME:2026-11-23T10:00:00.000Z
            #EXT-X-DATERANGE:ID="ad",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-23T10:00:12.000Z",DURATION=4.0,X-ASSET-URI="ad.m3u8"
            """)
        defer { server.stop() }
        let shell = try ShellUnderTest([url])
        #expect(try breaks(shell) == ["commercial@12.0-16.0"])
    }

    @Test("an interstitial of 1e300 s in a stream's playlist is dropped as nonsense, the sensible one kept: the transport bar draws its marks and the shell plays on (its mark ended the process)")
    func nonsenseBreak() throws {
        let (server, url) = try serve([:], header: """
            #EXT-X-PROGRAM-DATE-TIME:2026-11-23T10:00:00.000Z
            #EXT-X-DATERANGE:ID="ad",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-23T10:00:12.000Z",DURATION=4.0,X-ASSET-URI="ad.m3u8"
            #EXT-X-DATERANGE:ID="long",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-23T10:00:20.000Z",DURATION=1e300,X-ASSET-URI="ad.m3u8"
            """)
        defer { server.stop() }
        let shell = try ShellUnderTest([url])
        #expect(try breaks(shell) == ["commercial@12.0-16.0"])
        let pid = try #require(shell.pid)
        // The playlist's breaks are known as it loads; a pause waits for the play.
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true && $0["transport_visible"] as? Bool == true }
        #expect(shell.tmux.waitFor { $0.contains("-0:") || $0.contains("-0") }.ok)
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == false }
        #expect(kill(pid, 0) == 0 && shell.pid == pid, "the same process plays on")
    }
}

@Suite("What did they say, end to end", .serialized)
struct WhatDidTheySayEndToEndTests {
    @Test("w turns subtitles on (libmpv's sid) for the replayed 15 s, then puts them back off")
    func replay() throws {
        let shell = try ShellUnderTest([try TestMedia.clip(seconds: 60)])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        func sid() throws -> String? { try shell.ipc.request(["get_mpv_property", "sid"])["data"] as? String }
        // Subtitles off, through the menu row: pause, UP, Subtitles, up to Off.
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        for key in ["UP", "ENTER", "UP", "UP", "UP", "ENTER", "SPACE"] { try shell.ipc.request(["keypress", key]) }
        try shell.ipc.waitForState { $0["paused"] as? Bool == false }
        #expect(try sid() == "no")
        try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 3 }
        try shell.ipc.request(["keypress", "w"])
        let replaying = try shell.ipc.waitForState { $0["what_did_they_say"] is [String: Any] }
        let until = try #require(number((replaying["what_did_they_say"] as? [String: Any])?["until"]))
        #expect(try sid() != "no", "subtitles on for the replay")
        let after = try shell.ipc.waitForState(timeout: 25) { $0["what_did_they_say"] is NSNull && (number($0["position"]) ?? 0) >= until }
        #expect((number(after["position"]) ?? 0) >= until)
        #expect(try sid() == "no", "and off again after it")
    }
}

@Suite("Up Next, end to end", .serialized)
struct UpNextEndToEndTests {
    /// Show S01E01–E03 (the ffmpeg-made episode, copied), and a config with
    /// breaks not enforced (the scrub to the credits crosses one) and `countdown`.
    private func setup(countdown: Int = 10) throws -> (files: [String], config: String, dir: URL) {
        let dir = TVShellBinary.scratchDirectory("up-next")
        let source = try TestMedia.episode()
        let files = (1...3).map { dir.appendingPathComponent("Show S01E0\($0).mkv").path }
        for file in files { try FileManager.default.copyItem(atPath: source, toPath: file) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[segments]\nlinear = false\n[up_next]\ncountdown = \(countdown)\n".write(toFile: config, atomically: true, encoding: .utf8)
        return (files, config, dir)
    }

    /// Scrubs the paused episode to 157 s and plays.
    private func toCredits(_ shell: ShellUnderTest) throws {
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        var head = 0.0
        for _ in 0..<400 where head < 157 {
            try shell.ipc.request(["keypress", "RIGHT"])
            head = number((try shell.ipc.state()["scrub"] as? [String: Any])?["target"]) ?? head
        }
        try shell.ipc.request(["keypress", "PLAYPAUSE"])
    }

    private func upNext(_ state: [String: Any]) -> [String: Any]? { state["up_next"] as? [String: Any] }

    @Test("at E01's Credits chapter the card proposes E02 with a countdown; ENTER plays E02 from the start")
    func accept() throws {
        let (files, config, dir) = try setup()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try ShellUnderTest(["--config", config] + files)
        try toCredits(shell)
        let card = try shell.ipc.waitForState(timeout: 20) { self.upNext($0) != nil }
        #expect(upNext(card)?["title"] as? String == "Show — S01E02" && upNext(card)?["automatic"] as? Bool == true, "\(upNext(card) ?? [:])")
        let drawn = shell.tmux.waitFor { $0.contains("Up Next") && $0.contains("Show — S01E02") }
        #expect(drawn.ok && !drawn.screen.contains("Skip Credits"), "the card alone, not beside Skip Credits: \(drawn.screen)")
        let first = number(upNext(card)?["seconds_left"]) ?? 0
        try shell.ipc.waitForState { (number(self.upNext($0)?["seconds_left"]) ?? 99) < first }
        try shell.ipc.request(["keypress", "ENTER"])
        let next = try shell.ipc.waitForState { ($0["url"] as? String ?? "").hasSuffix("S01E02.mkv") && $0["phase"] as? String == "playing" }
        #expect((number(next["position"]) ?? 99) < 5, "from the start")
    }

    @Test("E02's thumbnail beside it (Show S01E02-thumb.png) is on the card, drawn by the preview player, and goes with the card")
    func thumbnail() throws {
        let (files, config, dir) = try setup()
        defer { try? FileManager.default.removeItem(at: dir) }
        let thumb = dir.appendingPathComponent("Show S01E02-thumb.png").path
        let made = try Spawn.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=red:size=320x180", "-frames:v", "1", thumb])
        #expect(made.status == 0, "\(made.output)")
        let shell = try ShellUnderTest(["--config", config] + files, width: 120, height: 36)
        try toCredits(shell)
        let card = try shell.ipc.waitForState(timeout: 20) { self.upNext($0)?["image_shown"] as? Bool == true }
        #expect(upNext(card)?["image"] as? String == thumb)
        let path = try shell.ipc.request(["get_mpv_property", "path", "preview"])
        #expect(path["data"] as? String == thumb, "\(path)")
        let red = { (c: CellColours.Colour) in c.red > 200 && c.green < 60 && c.blue < 60 }
        let drawn = shell.tmux.waitFor(timeout: 5, escapes: true) { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return (25...28).allSatisfy { lines.indices.contains($0) && CellColours(lines[$0]).all(64..<76, red) }
        }
        #expect(drawn.ok, "the thumbnail's red fills the card's image place, 16×4 cells at (62, 25), 16:9 so less a column each side")
        #expect(drawn.screen.contains("Up Next") && drawn.screen.contains("Show — S01E02"))
        #expect(!CellColours(drawn.screen.split(separator: "\n", omittingEmptySubsequences: false)[25]).all(80..<82, red), "and only that")
        try shell.ipc.request(["keypress", "ENTER"])
        try shell.ipc.waitForState { ($0["url"] as? String ?? "").hasSuffix("S01E02.mkv") && $0["up_next"] is NSNull }
        let idle = try shell.mpvProperty("idle-active", player: "preview") { $0 == "yes" }
        #expect(idle == "yes", "the preview player stopped with the card: \(idle ?? "no value")")
    }

    @Test("ESC lets E01 finish, then the home screen; with no answer the countdown plays E02")
    func rejectAndCountdown() throws {
        let (files, config, dir) = try setup(countdown: 3)
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let shell = try ShellUnderTest(["--config", config] + files)
            try toCredits(shell)
            try shell.ipc.waitForState(timeout: 20) { self.upNext($0) != nil }
            try shell.ipc.request(["keypress", "ESC"])
            let rejected = try shell.ipc.waitForEvent("content-proposal")
            #expect(rejected["outcome"] as? String == "rejected")
            try shell.ipc.waitForState(timeout: 30) { $0["screen"] as? String == "home" }
        }
        let shell = try ShellUnderTest(["--config", config] + files)
        try toCredits(shell)
        let accepted = try shell.ipc.waitForEvent("content-proposal", timeout: 30)
        #expect(accepted["outcome"] as? String == "accepted")
        try shell.ipc.waitForState { ($0["url"] as? String ?? "").hasSuffix("S01E02.mkv") }
    }

    @Test("with still_watching = 1, the episode the countdown played with no key pressed asks \"Still watching?\" with no countdown, and ends paused under it; ENTER plays the next")
    func stillWatching() throws {
        let dir = TVShellBinary.scratchDirectory("still-watching")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try TestMedia.clip(seconds: 6)
        let files = (1...3).map { dir.appendingPathComponent("Show S01E0\($0).mkv").path }
        for file in files { try FileManager.default.copyItem(atPath: source, toPath: file) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[up_next]\ncountdown = 1\nstill_watching = 1\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config] + files)
        // Six seconds long, each episode's card comes up at its start.
        let asked = try shell.ipc.waitForState(timeout: 20) { ($0["url"] as? String ?? "").hasSuffix("S01E02.mkv") && self.upNext($0) != nil }
        #expect(upNext(asked)?["still_watching"] as? Bool == true && upNext(asked)?["automatic"] as? Bool == false, "\(upNext(asked) ?? [:])")
        #expect(upNext(asked)?["title"] as? String == "Show — S01E03")
        #expect(shell.tmux.waitFor { $0.contains("Still watching? Up Next") && $0.contains("Show — S01E03") }.ok)
        let ended = try shell.ipc.waitForState(timeout: 20) { $0["paused"] as? Bool == true && $0["phase"] as? String == "ended" }
        #expect((ended["url"] as? String ?? "").hasSuffix("S01E02.mkv") && upNext(ended)?["still_watching"] as? Bool == true,
                "E02 ended under the card, E03 not started: \(ended["url"] ?? "")")
        try shell.ipc.request(["keypress", "ENTER"])
        try shell.ipc.waitForState { ($0["url"] as? String ?? "").hasSuffix("S01E03.mkv") && $0["phase"] as? String == "playing" }
    }

    @Test("with still_watching = 1, an album's songs (one with its cover) play on by themselves: the third starts, nobody asked \"Still watching?\"")
    func albumPlaysOn() throws {
        let dir = TVShellBinary.scratchDirectory("album")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cover = dir.appendingPathComponent("cover.png").path
        var made = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=64x64", "-frames:v", "1", cover])
        #expect(made.status == 0, "\(made.output)")
        let songs = (1...3).map { dir.appendingPathComponent("0\($0) Song \($0).mp3").path }
        for (index, song) in songs.enumerated() {
            let sine = ["-f", "lavfi", "-i", "sine=frequency=\(440 + 110 * index):duration=4"]
            let withCover = index == 0 ? ["-i", cover, "-map", "0", "-map", "1", "-c:v", "png", "-disposition:v", "attached_pic"] : []
            made = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y"] + sine + withCover + ["-id3v2_version", "3", song])
            #expect(made.status == 0, "\(made.output)")
        }
        let config = dir.appendingPathComponent("config.toml").path
        try "[up_next]\ncountdown = 1\nstill_watching = 1\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--config", config, dir.path])
        let first = try shell.ipc.waitForState(timeout: 20) { ($0["url"] as? String ?? "").hasSuffix("Song 1.mp3") && $0["phase"] as? String == "playing" }
        let kinds = ((first["tracks"] as? [[String: Any]]) ?? []).compactMap { $0["type"] as? String }
        #expect(kinds.contains("video"), "the first song's cover is a video track: \(kinds)")
        let third = try shell.ipc.waitForState(timeout: 30) { ($0["url"] as? String ?? "").hasSuffix("Song 3.mp3") && $0["phase"] as? String == "playing" }
        #expect(third["up_next"] is NSNull, "\(third["up_next"] ?? "")")
    }
}
