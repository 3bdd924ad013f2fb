import Foundation
import Glibc
import ShellTesting
import Testing

@Suite("Timeshift: pause and rewind live, end to end", .serialized)
struct TimeshiftEndToEndTests {
    private func key(_ shell: ShellUnderTest, _ name: String) throws {
        let reply = try shell.ipc.request(["keypress", name])
        #expect(reply["error"] as? String == "success", "\(name): \(reply)")
    }

    private func frames(_ state: [String: Any]) -> Double { number(state["frames_presented"]) ?? 0 }

    @Test("a live HLS stream played 22 s then paused 10 s plays on 10 s behind live; scrubbing goes 20 s further back within the buffer; l returns to the edge")
    func pauseRewindLive() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="live" tvg-chno="1",Live
        \(stream.url)
        #EXTINF:-1 tvg-id="bars" tvg-chno="2",Bars
        av://lavfi:smptebars=size=160x90:rate=25
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path], cacheHome: dir.appendingPathComponent("cache").path)

        let atEdge = try shell.ipc.waitForState(timeout: 20) {
            $0["phase"] as? String == "playing" && self.frames($0) > 0 && $0["timeshift"] is [String: Any] && number($0["behind_live"]) == 0
        }
        #expect(atEdge["live"] as? Bool == true)
        let start = number(atEdge["position"]) ?? 0
        let history = try shell.ipc.waitForState(timeout: 40) { (number($0["position"]) ?? 0) >= start + 22 }
        #expect(number(history["behind_live"]) == 0, "playing on at the edge: \(history)")
        let buffered = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("cache/tvshell/timeshift").path)) != nil
        #expect(buffered, "the on-disk buffer's folder is made in $XDG_CACHE_HOME/tvshell/timeshift")

        // The pause is timed from the keypresses' replies (the shell has
        // handled each key when it answers), not from when a polled state
        // shows it: on a loaded machine that can be seconds later.
        try key(shell, "SPACE")
        let pausedAt = Stopwatch()
        let paused = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        #expect(paused["screen"] as? String == "player")
        Thread.sleep(forTimeInterval: max(0, 10 - pausedAt.elapsed))
        try key(shell, "SPACE")
        let pause = pausedAt.elapsed
        let playing = try shell.ipc.waitForState { $0["paused"] as? Bool == false }
        let behind = number(playing["behind_live"]) ?? -1
        #expect(abs(behind - pause) <= 1.5, "behind live after a \(pause) s pause: \(behind)")
        let before = frames(playing)
        let moving = try shell.ipc.waitForState { self.frames($0) > before + 10 }
        // It stays behind: never back towards the edge; it may fall a little
        // further behind while a loaded machine starves its decoding (the
        // edge moves on in wall time), so it is held to what it was on resuming.
        let later = number(moving["behind_live"]) ?? -1
        #expect(later >= pause - 1.5 && later <= behind + 2.5, "it stays behind while it plays: \(later) after \(behind) on resuming, \(moving)")
        let bar = shell.tmux.waitFor { $0.contains("behind live") }
        #expect(bar.ok, "the bar says how far behind live: \(bar.screen)")

        try key(shell, "SPACE")
        let position = number(try shell.ipc.waitForState { $0["paused"] as? Bool == true }["position"]) ?? 0
        var target = position
        var steps = 0
        while target > position - 20, steps < 60 {
            try key(shell, "LEFT")
            let scrubbing = try shell.ipc.state()
            target = number((scrubbing["scrub"] as? [String: Any])?["target"]) ?? position
            steps += 1
        }
        let timeshift = try #require(try shell.ipc.state()["timeshift"] as? [String: Any])
        #expect(target <= position - 20 && target >= (number(timeshift["start"]) ?? .infinity), "20 s back, within the buffer: \(target) from \(position), \(timeshift)")
        try key(shell, "SPACE")
        let rewound = try shell.ipc.waitForState {
            $0["paused"] as? Bool == false && $0["phase"] as? String == "playing" && abs((number($0["position"]) ?? 0) - target) < 3
        }
        let deeper = number(rewound["behind_live"]) ?? -1
        #expect(deeper >= 10 + (position - target) - 2.5 && deeper <= 10 + (position - target) + 3.5, "rewound within the buffer: \(deeper)")
        let rewoundFrames = frames(rewound)
        _ = try shell.ipc.waitForState { self.frames($0) > rewoundFrames + 10 }

        try key(shell, "l")
        let live = try shell.ipc.waitForState { ($0["behind_live"] as? NSNumber).map { $0.doubleValue < 3 } ?? false }
        #expect(live["paused"] as? Bool == false)
        let liveFrames = frames(live)
        let after = try shell.ipc.waitForState { self.frames($0) > liveFrames + 10 }
        #expect((number(after["behind_live"]) ?? 99) < 3, "\(after)")

        try key(shell, "RIGHT")
        let flipped = try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["phase"] as? String == "playing" }
        #expect(flipped["timeshift"] is NSNull, "an av:// channel keeps no buffer")
        #expect(number(flipped["behind_live"]) == 0)
    }

    @Test("a FAST channel's ad breaks (HLS discontinuities: the timestamps start again at each) keep one back buffer: it reaches back over them (9 s), and scrubbing 8 s back across a break plays from there, behind live")
    func rewindAcrossAdBreaks() throws {
        let stream = try AdBreakHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift-breaks")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",FAST\n\(stream.url)\n".write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path], cacheHome: dir.appendingPathComponent("cache").path)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && self.frames($0) > 0 }
        // A break every 2 s: without one timeline the buffer never spans more than one piece.
        func span(_ state: [String: Any]) -> Double {
            let timeshift = state["timeshift"] as? [String: Any]
            return (number(timeshift?["end"]) ?? 0) - (number(timeshift?["start"]) ?? 0)
        }
        try shell.ipc.waitForState(timeout: 30) { span($0) >= 9 }

        try key(shell, "SPACE")
        let position = number(try shell.ipc.waitForState { $0["paused"] as? Bool == true }["position"]) ?? 0
        var target = position
        var steps = 0
        while target > position - 8, steps < 40 {
            try key(shell, "LEFT")
            target = number((try shell.ipc.state()["scrub"] as? [String: Any])?["target"]) ?? position
            steps += 1
        }
        try #require(target <= position - 8, "the scrub head went back 8 s: \(target) from \(position)")
        try key(shell, "SPACE")
        let rewound = try shell.ipc.waitForState {
            $0["paused"] as? Bool == false && $0["phase"] as? String == "playing" && abs((number($0["position"]) ?? 0) - target) < 3
        }
        #expect((number(rewound["behind_live"]) ?? 0) >= 6, "behind live: \(rewound["behind_live"] ?? "none")")
        let rewoundFrames = frames(rewound)
        _ = try shell.ipc.waitForState { self.frames($0) > rewoundFrames + 50 }
    }

    @Test("behind live on a channel of 4 s segments counts on by the second while paused, and playing on keeps the same distance: it does not saw by a segment's length as each one comes in")
    func behindLiveSteady() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(size: "160x90", seconds: 4), count: 20, duration: 4, window: 5)
        defer { live.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift-steady")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Slow segments\n\(live.url(channel: 1))\n".write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path], cacheHome: dir.appendingPathComponent("cache").path)
        let playing = try shell.ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" && self.frames($0) > 0 && $0["timeshift"] is [String: Any] }
        let start = number(playing["position"]) ?? 0
        try shell.ipc.waitForState(timeout: 30) { (number($0["position"]) ?? 0) >= start + 5 }
        try key(shell, "SPACE")
        let pausedAt = Stopwatch()
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        // Paused, it counts on each second, not only as a segment (4 s) comes in.
        var paused: [Double] = []
        while pausedAt.elapsed < 6 {
            if let behind = number(try shell.ipc.state()["behind_live"]), behind != paused.last { paused.append(behind) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let steps = zip(paused, paused.dropFirst()).map { $1 - $0 }
        #expect(paused.count >= 4 && steps.allSatisfy { $0 > 0 && $0 <= 2.5 }, "paused, behind live counted on by the second: \(paused)")
        try key(shell, "SPACE")
        let resumed = try shell.ipc.waitForState { $0["paused"] as? Bool == false && $0["phase"] as? String == "playing" }
        // Ten seconds of playing on: two or three segments come in.
        var seen: [Double] = []
        let watching = Stopwatch()
        var frames = self.frames(resumed)
        while watching.elapsed < 10 {
            let state = try shell.ipc.waitForState { self.frames($0) > frames }
            frames = self.frames(state)
            if let behind = number(state["behind_live"]) { seen.append(behind) }
        }
        #expect(seen.count >= 10 && (seen.min() ?? 0) >= 4.5, "about six seconds behind: \(seen)")
        // Sawing, it came back towards live by a second a second between
        // segments (6.8 … 3.0). A loaded machine may fall further behind
        // while it plays (live moves on with the clock), never back.
        var reached = 0.0, fell = 0.0
        for behind in seen {
            reached = max(reached, behind)
            fell = max(fell, reached - behind)
        }
        #expect(fell <= 0.5, "behind live never came back towards live by itself (it sawed 4 s with the segments): \(seen)")
    }

    @Test("the buffer on disk stays within [live] timeshift_disk: mpv's file keeps all the stream sent, so once it passes its room the channel loads again, a notice saying so, and plays on")
    func bufferOnDiskBounded() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift-disk")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (shell, cache) = try smallRoom(stream, in: dir)
        let loads = "load \(stream.url)"
        var noticed = false
        let largest = try largestBuffer(shell, cache: cache, until: { shell.log.components(separatedBy: loads).count >= 4 }) {
            noticed = noticed || shell.tmux.capture().contains("The rewind buffer filled its room on disk")
        }
        #expect(shell.log.components(separatedBy: loads).count >= 4, "loaded, then started again twice within a minute")
        // What a load takes in as it opens and the 10 s a buffer holds before it starts again (some 750 kB
        // of this stream), and a quarter more (the player reports again at each); unbounded, 3 MB in the minute.
        #expect(largest > 0 && largest < 3 << 19, "the buffer's file never far past its room: \(largest) bytes")
        #expect(shell.log.contains("the rewind buffer's file has"), "the log says why")
        #expect(noticed || shell.tmux.waitFor(timeout: 5) { $0.contains("The rewind buffer filled its room on disk") }.ok, "a notice on screen says why")
        let before = frames(try shell.ipc.state())
        let playing = try shell.ipc.waitForState(timeout: 10) { self.frames($0) > before + 10 }
        #expect(playing["phase"] as? String == "playing")
    }

    @Test("the picture in picture's and the guide preview's buffers on disk stay within [live] timeshift_disk too: each loads its channel again in its place, and plays on")
    func pictureAndPreviewBounded() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift-picture")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (shell, cache) = try smallRoom(stream, in: dir)
        try key(shell, "p")
        _ = try shell.ipc.waitForState { ($0["pip"] as? [String: Any])?["frames_presented"] != nil }
        let inPicture = "load \(stream.url) (picture)"
        var noticed = false
        let pictureLargest = try largestBuffer(shell, cache: cache, until: { shell.log.contains(inPicture) }) {
            noticed = noticed || shell.tmux.capture().contains("The picture's rewind buffer filled its room on disk")
        }
        #expect(shell.log.contains(inPicture), "the picture loaded its channel again")
        #expect(pictureLargest > 0 && pictureLargest < 3 << 19, "the picture's file never far past its room: \(pictureLargest) bytes")
        #expect(noticed || shell.tmux.waitFor(timeout: 5) { $0.contains("The picture's rewind buffer filled its room on disk") }.ok)
        let before = number((try shell.ipc.state()["pip"] as? [String: Any])?["frames_presented"]) ?? 0
        _ = try shell.ipc.waitForState(timeout: 10) { number(($0["pip"] as? [String: Any])?["frames_presented"]) ?? 0 > before + 10 }

        try key(shell, "P")
        _ = try shell.ipc.waitForState { $0["pip"] is NSNull }
        try key(shell, "g")
        _ = try shell.ipc.waitForState(timeout: 20) { ($0["preview"] as? [String: Any])?["phase"] as? String == "playing" }
        let inPreview = "load \(stream.url) (preview)"
        let previewLargest = try largestBuffer(shell, cache: cache, until: { shell.log.components(separatedBy: inPreview).count >= 3 }) {}
        #expect(shell.log.components(separatedBy: inPreview).count >= 3, "the preview loaded its channel again")
        #expect(previewLargest > 0 && previewLargest < 3 << 19, "the preview's file never far past its room: \(previewLargest) bytes")
        let previewed = try shell.ipc.waitForState(timeout: 10) { ($0["preview"] as? [String: Any])?["phase"] as? String == "playing" }
        #expect(previewed["screen"] as? String == "guide")
    }

    /// A shell playing `stream` as channel 1 with 64 KiB of room on disk for
    /// its buffer (1 MiB in memory), from its first frame; its cache folder.
    private func smallRoom(_ stream: LiveHLSStream, in dir: URL) throws -> (ShellUnderTest, String) {
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Live\n\(stream.url)\n".write(to: lineup, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml")
        try "[live]\ntimeshift_memory = \"1MiB\"\ntimeshift_disk = 65536\n".write(to: config, atomically: true, encoding: .utf8)
        let cache = dir.appendingPathComponent("cache").path
        let shell = try ShellUnderTest([lineup.path, "--config", config.path], cacheHome: cache)
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && self.frames($0) > 0 }
        return (shell, cache)
    }

    /// The largest timeshift file the shell holds open under `cache`,
    /// sampled every 0.1 s until `done` (a minute at most), `each` run at
    /// every sample.
    private func largestBuffer(_ shell: ShellUnderTest, cache: String, until done: () -> Bool, each: () -> Void) throws -> Int {
        let pid = try #require(shell.pid)
        var largest = 0
        let deadline = Deadline(in: 60)
        while !done() && !deadline.hasPassed {
            each()
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? [] {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(entry)")) ?? ""
                guard target.hasPrefix(cache + "/tvshell/timeshift/") else { continue }
                // stat follows the descriptor's link to the (unlinked) file; FileManager's attributes are the link's own.
                var status = stat()
                if stat("/proc/\(pid)/fd/\(entry)", &status) == 0 { largest = max(largest, Int(status.st_size)) }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return largest
    }

    @Test("a film in a lineup (a file from the network) with a buffer's room on disk smaller than it plays on from its start: its file holds the film at most, and is never started again")
    func fileChannelNotRestarted() throws {
        let film = try LocalHTTPServer(files: ["film.mkv": try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 60)))])
        defer { film.stop() }
        film.inject(.rate(150_000))  // read while it plays, as over a real line
        let dir = TVShellBinary.scratchDirectory("timeshift-film")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Film\n\(film.url("film.mkv"))\n".write(to: lineup, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml")
        try "[live]\ntimeshift_disk = 65536\n".write(to: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path, "--config", config.path], cacheHome: dir.appendingPathComponent("cache").path)
        let later = try shell.ipc.waitForState(timeout: 30) { (number($0["position"]) ?? 0) > 14 }
        #expect(later["phase"] as? String == "playing")
        #expect(shell.log.components(separatedBy: "load \(film.url("film.mkv"))").count == 2, "loaded once: \(shell.log)")
    }

    @Test("restrictions turned on while a TV-G programme plays, a TV-MA one before it still in the back buffer: scrubbing stops after its end (and the stream's margin); the picture never goes back into it")
    func rewindStopsBeforeRestricted() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift-restricted")
        defer { try? FileManager.default.removeItem(at: dir) }
        let boundary = Date().timeIntervalSince1970.rounded(.down) + 15
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [
            ("Late Film", boundary - 3600, boundary, "TV-MA"), ("Cartoons", boundary, boundary + 7200, "TV-G"),
        ])
        let home = try ParentalHome.withPasscode("2468", mode: "off")
        let shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: home)
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && self.frames($0) > 0 && $0["timeshift"] is [String: Any] }
        let tunedAt = Date().timeIntervalSince1970
        try #require(tunedAt < boundary - 2, "tuned \(tunedAt - boundary) s from the boundary: Late Film must play first")
        #expect(playing["restricted"] as? Bool == false)
        // Late Film's end, the 30 s margin, and 12 s of Cartoons after them.
        _ = try shell.ipc.waitForState(timeout: 70) { _ in Date().timeIntervalSince1970 >= boundary + 42 }

        #expect(try home.restrictions(["mode", "passcode", "--stdin"], input: "2468\n").status == 0)
        _ = try shell.ipc.waitForEvent("restrictions-changed")
        #expect(try shell.ipc.state()["screen"] as? String == "player", "Cartoons (TV-G) plays on")
        try key(shell, "SPACE")
        let paused = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        let timeshift = try #require(paused["timeshift"] as? [String: Any])
        let (start, edge) = (number(timeshift["start"]) ?? 0, number(timeshift["end"]) ?? 0)
        let seekStart = try #require(number(timeshift["seek_start"]), "\(timeshift)")
        let now = Date().timeIntervalSince1970
        #expect(now - (edge - start) < boundary, "the buffer reaches back into Late Film: \(timeshift)")
        let firstAllowed = edge - (now - boundary) + 30
        #expect(seekStart >= firstAllowed - 3, "seekable from \(seekStart), Late Film and the margin end at \(firstAllowed): \(timeshift)")

        var target = number(paused["position"]) ?? edge
        for _ in 0..<80 {
            try key(shell, "LEFT")
            let next = number((try shell.ipc.state()["scrub"] as? [String: Any])?["target"]) ?? target
            if next >= target && next < (number(paused["position"]) ?? edge) { break }
            target = next
        }
        #expect(target >= firstAllowed - 3 && target > start + 5, "the head stops at \(target): Late Film ends (with the margin) at \(firstAllowed), the buffer starts at \(start)")
        try key(shell, "SPACE")
        let rewound = try shell.ipc.waitForState { $0["paused"] as? Bool == false && $0["phase"] as? String == "playing" && abs((number($0["position"]) ?? 0) - target) < 3 }
        let shown = Date().timeIntervalSince1970 - (number(rewound["behind_live"]) ?? 0)
        #expect(shown >= boundary + 27, "the picture is of \(shown - boundary) s after Late Film's end")
        #expect(rewound["screen"] as? String == "player")
    }

    @Test("behind live, the picture reaching a programme over the limits pauses there under the prompt, nothing more shown; the passcode plays it on from there, still behind live (not reloaded at the edge)")
    func behindLiveAsksWhereItIs() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("timeshift-behind")
        defer { try? FileManager.default.removeItem(at: dir) }
        let boundary = Date().timeIntervalSince1970.rounded(.down) + 16
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [
            ("Cartoons", boundary - 3600, boundary, "TV-G"), ("Late Film", boundary, boundary + 7200, "TV-MA"),
        ])
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: home)
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && self.frames($0) > 0 && $0["timeshift"] is [String: Any] }
        #expect(playing["restricted"] as? Bool == false, "Cartoons (TV-G) plays")
        try #require(Date().timeIntervalSince1970 < boundary - 8, "tuned too late: Cartoons must play, then 8 s of pause, before Late Film")

        // 8 s of pause: Late Film begins airing meanwhile, the picture stays on Cartoons.
        try key(shell, "SPACE")
        let pausedAt = Stopwatch()
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        Thread.sleep(forTimeInterval: max(0, 8 - pausedAt.elapsed))
        try key(shell, "SPACE")
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == false }

        let prompt = try shell.ipc.waitForState(timeout: 40) { $0["screen"] as? String == "passcode" }
        let shownAt = Date().timeIntervalSince1970 - (number(prompt["behind_live"]) ?? 0)
        #expect(prompt["paused"] as? Bool == true && prompt["phase"] as? String == "playing", "paused where it is: \(prompt)")
        #expect((number(prompt["behind_live"]) ?? 0) >= 6, "still behind live: \(prompt["behind_live"] ?? "nil")")
        #expect(shownAt >= boundary - 1 && shownAt <= boundary + 4, "the prompt came as the picture reached Late Film: \(shownAt - boundary) s from its start")
        #expect(prompt["rating"] as? String == "TV-MA")
        let position = number(prompt["position"]) ?? 0

        for digit in ["2", "4", "6", "8"] { try key(shell, digit) }
        let granted = try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["paused"] as? Bool == false }
        #expect(granted["authorized"] as? Bool == true)
        let resumedFrames = frames(granted)
        let moving = try shell.ipc.waitForState { self.frames($0) > resumedFrames + 10 }
        #expect((number(moving["behind_live"]) ?? 0) >= 6, "it plays on behind live, from the buffer: \(moving["behind_live"] ?? "nil")")
        let moved = (number(moving["position"]) ?? 0) - position
        #expect(moved >= 0 && moved < 10, "on from where it paused (\(position)): \(moving["position"] ?? "nil")")
        #expect(moving["restricted"] as? Bool == true && moving["screen"] as? String == "player")
    }

    @Test("ESC on the prompt behind live skips the programme held back in the buffer: playback goes on after it (its end and 30 s passed), still behind live, with a word on what was skipped")
    func behindLiveSkipsWhatIsRefused() throws {
        let channel = try TrailerChannel("timeshift-skip")
        defer { channel.stop() }
        let (shell, held) = (channel.shell, channel.held)

        // Paused until the trailer, its 30 s margin and some News have aired.
        try key(shell, "SPACE")
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        _ = try shell.ipc.waitForState(timeout: 60) { _ in Date().timeIntervalSince1970 >= held + 40 }
        try key(shell, "SPACE")
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == false }
        let prompt = try shell.ipc.waitForState(timeout: 30) { $0["screen"] as? String == "passcode" }
        #expect(prompt["paused"] as? Bool == true && prompt["rating"] as? String == "TV-MA", "\(prompt)")
        let position = number(prompt["position"]) ?? 0

        try key(shell, "ESC")
        let escAt = Date().timeIntervalSince1970
        let skipped = try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["paused"] as? Bool == false }
        #expect(skipped["notice"] as? String == "Skipped a programme rated TV-MA",
                "\(skipped["notice"] ?? "nil"); ESC \(escAt - held) s after the trailer began; at the prompt: position \(position), behind \(prompt["behind_live"] ?? "nil"), buffer \(prompt["timeshift"] ?? "nil"); log: \(shell.log.suffix(3000))")
        #expect(skipped["restricted"] as? Bool == false, "News plays: \(skipped["restricted"] ?? "nil")")
        let resumedFrames = frames(skipped)
        let moving = try shell.ipc.waitForState { self.frames($0) > resumedFrames + 10 }
        let shown = Date().timeIntervalSince1970 - (number(moving["behind_live"]) ?? 0)
        #expect((number(moving["behind_live"]) ?? 0) >= 2, "still behind live, from the buffer (not reloaded at the edge): \(moving["behind_live"] ?? "nil")")
        #expect(shown >= held + 8 + 28 && shown < held + 8 + 40, "the picture is of News, \(shown - held - 8) s after the trailer's end")
        #expect((number(moving["position"]) ?? 0) - position >= 30, "sought on past the trailer from \(position): \(moving["position"] ?? "nil")")
    }

    @Test("the picture in picture of a channel behind live stops when its picture reaches a programme held back, though what airs now is allowed")
    func pictureBehindLiveHeldToItsPicture() throws {
        let channel = try TrailerChannel("timeshift-picture")
        defer { channel.stop() }
        let (shell, held) = (channel.shell, channel.held)

        // Paused until the trailer has aired: News airs, Cartoons is on screen.
        try key(shell, "SPACE")
        let pausedAt = Date().timeIntervalSince1970
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        _ = try shell.ipc.waitForState(timeout: 30) { _ in Date().timeIntervalSince1970 >= held + 9 }
        try key(shell, "SPACE")
        let reachesTrailer = Date().timeIntervalSince1970 + (held - pausedAt)
        _ = try shell.ipc.waitForState { $0["paused"] as? Bool == false }
        try key(shell, "p")
        let picture = try shell.ipc.waitForState { ($0["pip"] as? [String: Any])?["title"] as? String == "Live" }
        #expect((picture["pip"] as? [String: Any])?["blocked"] is NSNull, "Cartoons in the picture: \(picture["pip"] ?? "nil")")
        _ = try shell.ipc.waitForState(timeout: 30) { ($0["pip"] as? [String: Any])?["blocked"] as? String == "TV-MA" }
        let late = Date().timeIntervalSince1970 - reachesTrailer
        #expect(late > -2 && late < 5, "stopped as its picture reached the trailer: \(late) s after")
    }
}

/// A live channel (a real HLS stream over HTTP) airing Cartoons (TV-G),
/// then an 8 s Trailer (TV-MA) from `held`, 14 s from now, then News
/// (TV-G), playing at its live edge in a shell whose passcode is 2468;
/// Cartoons plays first. `stop()` ends the stream and removes the folder.
private struct TrailerChannel {
    let stream: LiveHLSStream
    let dir: URL
    let shell: ShellUnderTest
    let held: Double

    init(_ name: String) throws {
        stream = try LiveHLSStream()
        dir = TVShellBinary.scratchDirectory(name)
        held = Date().timeIntervalSince1970.rounded(.down) + 14
        do {
            let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [
                ("Cartoons", held - 3600, held, "TV-G"), ("Trailer", held, held + 8, "TV-MA"), ("News", held + 8, held + 7200, "TV-G"),
            ])
            shell = try ShellUnderTest([lineup, "--guide", guide], cacheHome: dir.appendingPathComponent("cache").path, home: try ParentalHome.withPasscode("2468"))
            _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 && $0["timeshift"] is [String: Any] }
            try #require(Date().timeIntervalSince1970 < held - 6, "tuned too late: Cartoons must play before the trailer")
        } catch {
            stream.stop()
            try? FileManager.default.removeItem(at: dir)
            throw error
        }
    }

    func stop() {
        stream.stop()
        try? FileManager.default.removeItem(at: dir)
    }
}
