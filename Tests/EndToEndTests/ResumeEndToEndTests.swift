import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func offer(_ state: [String: Any]) -> Double? { number((state["resume_offer"] as? [String: Any])?["position"]) }

@Suite("Resume and history, end to end", .serialized)
struct ResumeEndToEndTests {
    /// Scrubs the paused film to `target` and plays.
    private func scrub(to target: Double, _ shell: ShellUnderTest) throws {
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        var head = 0.0
        for _ in 0..<400 where head < target {
            try shell.ipc.request(["keypress", "RIGHT"])
            head = number((try shell.ipc.state()["scrub"] as? [String: Any])?["target"]) ?? head
        }
        try shell.ipc.request(["keypress", "PLAYPAUSE"])
    }

    @Test("quit in the middle: the next start offers to resume there before a frame; kill -9 loses at most 5 s; history lists the plays")
    func resume() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("library-home"))
        let film = try TestMedia.clip(seconds: 120)
        var left = 0.0
        do {
            let shell = try ShellUnderTest([film], home: home)
            try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
            try scrub(to: 60, shell)
            let there = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 60 && $0["paused"] as? Bool == false }
            left = number(there["position"]) ?? 0
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        var resumedAt = 0.0
        do {
            let shell = try ShellUnderTest([film], home: home)
            let offered = try shell.ipc.waitForState { offer($0) != nil }
            #expect(abs((offer(offered) ?? 0) - left) <= 5, "offered \(offer(offered) ?? -1), left at \(left)")
            #expect(number(offered["frames_presented"]) == 0, "nothing shown before the choice")
            #expect(shell.tmux.waitFor { $0.contains("Resume from 1:0") && $0.contains("Play from the beginning") }.ok)
            #expect(!shell.tmux.capture().contains("Loading"), "nothing loads while the choice is up: \(shell.tmux.capture())")
            Thread.sleep(forTimeInterval: 0.5)
            #expect(number(try shell.ipc.state()["frames_presented"]) == 0)
            try shell.ipc.request(["keypress", "ENTER"])
            let resumed = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
            #expect(abs((number(resumed["position"]) ?? 0) - (offer(offered) ?? 0)) <= 1.5, "resumed where it was offered")
            let played = try shell.ipc.waitForState(timeout: 20) { (number($0["position"]) ?? 0) >= (number(resumed["position"]) ?? 0) + 12 }
            resumedAt = number(played["position"]) ?? 0
            kill(try #require(shell.pid), SIGKILL)
        }
        let shell = try ShellUnderTest([film], home: home)
        let after = try shell.ipc.waitForState { offer($0) != nil }
        #expect(abs((offer(after) ?? 0) - resumedAt) <= 5, "kill -9 at \(resumedAt): offered \(offer(after) ?? -1)")

        let text = try Spawn.run([TVShellBinary.path, "history"], environment: home.environment)
        let json = try Spawn.run([TVShellBinary.path, "history", "--json"], environment: home.environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(entries.count >= 2, "\(text.output)")
        let textLines = text.output.split(separator: "\n")
        #expect(textLines.count == entries.count)
        for (line, entry) in zip(textLines, entries) {
            #expect(line.hasPrefix("\(entry["id"] ?? "")\t") && line.hasSuffix("\(entry["title"] ?? "")"), "\(line) ~ \(entry)")
        }
    }

    @Test("a film from a server that dies half way: it stops where its stream ended, says so, keeps its place and plays nothing next by itself; ENTER offers to resume there")
    func cutShort() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("cut-short"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let film = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 120)))
        let server = try LocalHTTPServer(files: ["films/long.mkv": film])
        defer { server.stop() }
        server.inject(.dieMidBody, pathSuffix: "long.mkv")
        let shell = try ShellUnderTest([server.url("films/long.mkv"), try TestMedia.clip(seconds: 30)], home: home)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        // Half of the file's bytes is about a minute of it: go near, faster.
        try shell.ipc.request(["seek", 40, "absolute"])
        try shell.ipc.request(["set_property", "speed", 4])
        let stopped = try shell.ipc.waitForState(timeout: 40) { $0["screen"] as? String == "error" }
        let error = try #require(stopped["error"] as? [String: Any])
        let title = error["title"] as? String ?? ""
        #expect(title.hasPrefix("“Test Clip” stopped at "), "\(stopped)")
        #expect((error["reason"] as? String)?.hasPrefix("the stream ended") == true, "\(error)")
        #expect(shell.tmux.waitFor { $0.contains("stopped at") && $0.contains("ENTER: try again") }.ok, "\(shell.tmux.capture())")
        // The error screen moved a playlist on after 4 s: it stays on the film now.
        Thread.sleep(forTimeInterval: 5)
        let still = try shell.ipc.state()
        #expect(still["screen"] as? String == "error" && ((still["url"] as? String)?.hasSuffix("long.mkv") ?? false), "\(still)")
        try shell.ipc.request(["keypress", "ENTER"])
        let offered = try shell.ipc.waitForState { offer($0) != nil }
        #expect((offer(offered) ?? 0) > 40, "offered to resume where it stopped: \(offered)")
        #expect(shell.tmux.waitFor { $0.contains("Resume from") }.ok)
        try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)
        let json = try Spawn.run([TVShellBinary.path, "history", "--json"], environment: home.environment)
        #expect(json.output.contains("\"watched\" : false") && !json.output.contains("\"watched\" : true"), "not watched: \(json.output)")
    }

    @Test("a film whose server dies as the player reads its index to go far ahead: the seek cannot be served, libmpv moves to the film's last frame and ends; the shell says it stopped where it was and plays nothing next by itself")
    func diesReadingIndex() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("dies-reading-index"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let film = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 120)))
        let server = try LocalHTTPServer(files: ["films/long.mkv": film])
        defer { server.stop() }
        // About 2.5 s of the film a second: 0:40 is not read yet when it is asked for.
        server.inject(.dieReadingIndex(bytesPerSecond: 200_000), pathSuffix: "long.mkv")
        let shell = try ShellUnderTest([server.url("films/long.mkv"), try TestMedia.clip(seconds: 30)], home: home)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        try shell.ipc.request(["seek", 40, "absolute"])
        let stopped = try shell.ipc.waitForState(timeout: 40) { $0["screen"] as? String != "player" }
        let error = try #require(stopped["error"] as? [String: Any], "\(stopped)")
        #expect(error["title"] as? String == "“Test Clip” stopped at 0:40", "\(error)")
        #expect((error["reason"] as? String)?.hasPrefix("the stream ended 1:20 before the end") == true, "\(error)")
        #expect(stopped["index"] as? Int == 0 && stopped["screen"] as? String == "error", "\(stopped)")
        #expect(shell.log.contains("Seek failed"), "the seek could not be served: \(shell.log)")
        #expect(shell.tmux.waitFor { $0.contains("stopped at 0:40") && $0.contains("ENTER: try again") }.ok, "\(shell.tmux.capture())")
    }

    @Test("a film from a server that sends only whole files (no byte ranges): its resume cannot start there, so the shell says so, plays it from the start and keeps the place; a seek it refuses leaves the bar where the film plays, saying why; an MP4 with its index at its end cannot play from such a server, and the error says why")
    func wholeFilesOnly() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("whole-files"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let film = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 120)))
        // 60 s of H.264 in an MP4 as ffmpeg writes it, with its index (moov) after the frames.
        let indexLast = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clipWithSidecar()))
        let server = try LocalHTTPServer(files: ["films/long.mkv": film, "films/index-last.mp4": indexLast], ranges: false)
        defer { server.stop() }
        let url = server.url("films/long.mkv")
        do {
            let shell = try ShellUnderTest([url], home: home)
            try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
            try shell.ipc.request(["set_property", "speed", 8])
            try shell.ipc.waitForState(timeout: 30) { (number($0["position"]) ?? 0) > 45 }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        var place = 0.0
        do {
            let shell = try ShellUnderTest([url], home: home)
            place = offer(try shell.ipc.waitForState { offer($0) != nil }) ?? 0
            #expect(place > 45, "offered \(place)")
            try shell.ipc.request(["keypress", "ENTER"])
            let told = try shell.ipc.waitForState(timeout: 20) { ($0["notice"] as? String)?.contains("cannot start at") == true }
            #expect((number(told["position"]) ?? 99) < 10, "from the start: \(told["position"] ?? "")")
            #expect(shell.tmux.waitFor { $0.contains("its server sends only whole files") }.ok, "\(shell.tmux.capture())")
            try shell.ipc.waitForState(timeout: 20) { (number($0["position"]) ?? 0) > 12 }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        do {
            let shell = try ShellUnderTest([url], home: home)
            let again = offer(try shell.ipc.waitForState { offer($0) != nil }) ?? 0
            #expect(abs(again - place) < 0.5, "the place kept: \(again), was \(place)")
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        do {
            // With a small cache (no read-ahead past 300 KiB), a seek far on is one libmpv refuses.
            let shell = try ShellUnderTest(["--mpv-option", "cache=no", "--mpv-option", "demuxer-max-bytes=300KiB", "--mpv-option", "demuxer-readahead-secs=2",
                                            server.url("films/long.mkv")])
            try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
            try shell.ipc.request(["keypress", "SPACE"])
            try shell.ipc.waitForState { $0["paused"] as? Bool == true }
            for _ in 0..<20 { try shell.ipc.request(["keypress", "RIGHT"]) }
            let far = number((try shell.ipc.state()["scrub"] as? [String: Any])?["target"]) ?? 0
            #expect(far > 60, "scrubbed to \(far)")
            // The scrub thumbnail's player is refused the same seek: no frame comes, and it says why.
            try shell.ipc.waitForState(timeout: 10) {
                (($0["scrub"] as? [String: Any])?["thumbnail"] as? [String: Any])?["unavailable"] as? String == "its server sends only whole files"
            }
            try shell.ipc.request(["keypress", "ENTER"])
            let refused = try shell.ipc.waitForState(timeout: 10) { ($0["notice"] as? String)?.contains("cannot go to") == true }
            #expect((number(refused["position"]) ?? 99) < 30, "back where it plays: \(refused["position"] ?? "")")
            try shell.ipc.request(["keypress", "SPACE"])
            let moving = number(refused["position"]) ?? 0
            try shell.ipc.waitForState(timeout: 10) { (number($0["position"]) ?? 0) > moving + 1.5 && (number($0["position"]) ?? 99) < 40 }
        }
        let shell = try ShellUnderTest([server.url("films/index-last.mp4")], home: home)
        let failed = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "error" }
        let reason = (failed["error"] as? [String: Any])?["reason"] as? String ?? ""
        #expect(reason.hasPrefix("the server sends only whole files (no byte ranges)"), "\(failed["error"] ?? "")")
    }

    @Test("a film goes on in the picture in picture: closed there, it offers to resume where the picture got to, not where it left the full screen")
    func resumeFromThePicture() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("library-home"))
        let film = try TestMedia.clip(seconds: 120)
        let shell = try ShellUnderTest([film], home: home)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        try scrub(to: 40, shell)
        let there = try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 40 && $0["paused"] as? Bool == false }
        let left = number(there["position"]) ?? 0
        try shell.ipc.request(["keypress", "p"])
        func picturePosition(_ state: [String: Any]) -> Double? { number((state["pip"] as? [String: Any])?["position"]) }
        let played = try shell.ipc.waitForState(timeout: 30) { (picturePosition($0) ?? 0) >= left + 12 }
        try shell.ipc.request(["keypress", "P"])
        try shell.ipc.waitForState { $0["pip"] is NSNull }
        let closedAt = picturePosition(played) ?? 0
        try shell.ipc.request(["keypress", "ENTER"])
        let offered = try shell.ipc.waitForState { offer($0) != nil }
        #expect((offer(offered) ?? 0) >= closedAt - 0.5 && (offer(offered) ?? 0) <= closedAt + 2,
                "offered \(offer(offered) ?? -1); the picture closed past \(closedAt), the full screen left at \(left)")
    }

    @Test("a file that claims a length of 1e297 s plays as one of unknown length: the transport bar draws, the history lists it (its length ended `tvshell history`)")
    func nonsenseDuration() throws {
        let folder = TVShellBinary.scratchDirectory("resume-nonsense")
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 60))))
        // Matroska's Duration element (0x4489, an 8-byte float in milliseconds) made 1e300.
        let at = try #require((0..<(bytes.count - 11)).first { bytes[$0] == 0x44 && bytes[$0 + 1] == 0x89 && bytes[$0 + 2] == 0x88 })
        withUnsafeBytes(of: (1e300 as Double).bitPattern.bigEndian) { bytes.replaceSubrange((at + 3)..<(at + 11), with: $0) }
        let film = folder.appendingPathComponent("claims.mkv").path
        try Data(bytes).write(to: URL(fileURLWithPath: film))
        let home = ParentalHome(folder.appendingPathComponent("home"))
        do {
            let shell = try ShellUnderTest([film], home: home)
            let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
            #expect(playing["duration"] is NSNull, "no length: \(playing["duration"] ?? "")")
            try shell.ipc.request(["keypress", "SPACE"])
            try shell.ipc.waitForState { $0["paused"] as? Bool == true && $0["transport_visible"] as? Bool == true }
            try shell.ipc.request(["keypress", "SPACE"])
            try shell.ipc.waitForState { $0["paused"] as? Bool == false && (number($0["position"]) ?? 0) > 2 }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let history = try Spawn.run([TVShellBinary.path, "history"], environment: home.environment)
        #expect(history.status == 0 && history.output.contains("claims"), "\(history.output)")
    }

    @Test("home with a film to continue: its progress shown, one row highlighted, UP reaches Continue Watching; every row's programme stops at the rating column")
    func homeRows() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("home-rows"))
        do {
            let shell = try ShellUnderTest([], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
            try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
            try scrub(to: 60, shell)
            try shell.ipc.waitForState { (number($0["position"]) ?? 0) > 60 && $0["paused"] as? Bool == false }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let shell = try ShellUnderTest(["--home"], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        /// The rows drawn on the selection's background (default theme: #EBEBF5).
        func highlighted() -> [String] {
            let escaped = shell.tmux.capture(escapes: true).split(separator: "\n", omittingEmptySubsequences: false)
            let plain = shell.tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let selection = CellColours.Colour(red: 0xEB, green: 0xEB, blue: 0xF5)
            return escaped.enumerated().compactMap { row, line in
                let cells = CellColours(line).cells
                let lit = (10..<20).allSatisfy { cells.indices.contains($0) && cells[$0].background == selection }
                return lit && plain.indices.contains(row) ? plain[row] : nil
            }
        }
        let listed = shell.tmux.waitFor { $0.contains("CONTINUE WATCHING") }
        #expect(listed.ok, "\(listed.screen)")
        // Left at about 1:00 of the demo film's 10:00: a bar with one cell of eight lit, and what is left.
        #expect(listed.screen.contains("━─────── 9 min left"), "\(listed.screen)")
        #expect(highlighted().count == 1, "one row highlighted: \(highlighted())")
        for _ in 0..<8 { try shell.tmux.send("Up") }
        let top = shell.tmux.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let header = lines.firstIndex(where: { $0.contains("CONTINUE WATCHING") }), lines.indices.contains(header + 1) else { return false }
            return highlighted() == [lines[header + 1]]
        }
        #expect(top.ok, "UP reaches the Continue Watching row: \(highlighted()) in \(top.screen)")
        // The rating column is as wide on every row: a row with no rating
        // leaves it empty.
        let lines = shell.tmux.capture().split(separator: "\n").map { Array(String($0)) }
        let rated = try #require(lines.first { String($0).contains("Test Card") && String($0).contains("TV-G") })
        let unrated = try #require(lines.first { String($0).contains("Off Air") })
        let column = try #require((0..<(rated.count - 4)).first { String(rated[$0..<($0 + 4)]) == "TV-G" })
        let span = unrated.count > column ? String(unrated[(column - 1)..<min(unrated.count, column + 4)]) : ""
        #expect(span.allSatisfy { $0 == " " }, "the unrated row keeps out of the rating column: '\(span)' in \(String(unrated))")
    }

    @Test("the demo film's end with nothing proposed goes back to the home screen; no channel starts by itself")
    func filmEnds() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("film-end"))
        let shell = try ShellUnderTest([], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && number($0["duration"]) != nil }
        let duration = try #require(number(playing["duration"]))
        #expect(try shell.ipc.request(["seek", duration - 3, "absolute"])["error"] as? String == "success")
        try shell.ipc.discardEvents()
        let back = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" }
        #expect(back["channel"] is NSNull && back["phase"] as? String != "playing", "nothing plays: \(back["channel"] ?? "")")
        #expect(try shell.ipc.watchEvents(["playback-started"], for: 2).isEmpty, "no channel started by itself")
    }

    @Test("a library file of garbage is moved aside, said once, and the shell plays")
    func corruptLibrary() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("library-broken"))
        let directory = home.state + "/tvshell"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: directory + "/library.sqlite3"))
        let shell = try ShellUnderTest([try TestMedia.clip(seconds: 60)], home: home)
        let told = try shell.ipc.waitForState { ($0["notice"] as? String ?? "").contains("moved aside") }
        #expect(told["screen"] as? String == "player")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 0 }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.contains { $0.hasPrefix("library.sqlite3.broken-") } && files.contains("library.sqlite3"))
    }

    @Test("a library on a read-only filesystem: the shell plays, says why once, and keeps nothing",
          .enabled(if: ReadOnlyMount.unavailable == nil, "\(ReadOnlyMount.unavailable ?? "")"))
    func readOnlyLibrary() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("library-readonly"))
        let directory = home.state + "/tvshell"
        let film = try TestMedia.clip(seconds: 60)
        do {
            let shell = try ShellUnderTest([film], home: home)
            try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1 }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/library.sqlite3"))
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()

        let shell = try ShellUnderTest([film], home: home, wrapper: ReadOnlyMount.wrapper(directory))
        let told = try shell.ipc.waitForState { ($0["notice"] as? String ?? "").contains("nothing is remembered") }
        #expect((told["notice"] as? String ?? "").contains(directory + "/library.sqlite3"), "the notice names the file")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState(timeout: 15) { (number($0["position"]) ?? 0) > 6 }
        try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)
        let log = try String(contentsOfFile: shell.logPath, encoding: .utf8)
        #expect(log.components(separatedBy: "library.sqlite3").count - 1 == 1, "said once:\n\(log)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/library.sqlite3")) == before, "nothing kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == listing, "nothing moved aside")
    }
}

@Suite("The library where the config puts it, end to end")
struct LibraryPathEndToEndTests {
    @Test("[library] path: play keeps its plays and recordings there, account add its lists; history, recordings and account read them there (the config's layers, or --config); another config's library is another; a --config that cannot be read is refused")
    func configuredLibrary() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("library-path"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let box = home.base.appendingPathComponent("box/library.sqlite3").path
        let configDirectory = home.config + "/tvshell"
        try FileManager.default.createDirectory(atPath: configDirectory, withIntermediateDirectories: true)
        try "[library]\npath = \"\(box)\"\n".write(toFile: configDirectory + "/config.toml", atomically: true, encoding: .utf8)
        let lineup = home.base.appendingPathComponent("live.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Test Card\n\(try TestMedia.clip())\n".write(to: lineup, atomically: true, encoding: .utf8)
        do {
            let shell = try ShellUnderTest([lineup.path], home: home)
            try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
            let later = Date().timeIntervalSince1970 + 3600
            #expect(try shell.ipc.request(["record", 1, later, 60])["error"] as? String == "success")
            try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]])?.count == 1 }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let directory = home.base.appendingPathComponent("xtream")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not a film".utf8).write(to: directory.appendingPathComponent("clip"))
        let server = try XtreamTestServer(user: "u", password: "p", segments: directory.path, clip: directory.appendingPathComponent("clip").path)
        defer { server.stop() }
        let added = try Spawn.run([TVShellBinary.path, "account", "add", "tv", "--xtream", server.base, "--user", "u"], environment: home.environment, input: "p\n")
        #expect(added.status == 0, "\(added.output)")
        #expect(FileManager.default.fileExists(atPath: box))
        #expect(!FileManager.default.fileExists(atPath: home.state + "/tvshell/library.sqlite3"), "nothing in the default place")

        let history = try Spawn.run([TVShellBinary.path, "history", "--json"], environment: home.environment)
        let entries = try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [[String: Any]] ?? []
        #expect(entries.count == 1, "the play, from the configured library: \(history.output)")
        let recordings = try Spawn.run([TVShellBinary.path, "recordings", "list", "--json"], environment: home.environment)
        #expect(recordings.output.contains("Test Card"), "the recording, from the configured library: \(recordings.output)")
        let accounts = try Spawn.run([TVShellBinary.path, "account", "list"], environment: home.environment)
        #expect(accounts.output.contains("3 channels"), "the account's lists, from the configured library: \(accounts.output)")

        let other = home.base.appendingPathComponent("other.toml").path
        try "[library]\npath = \"\(home.base.appendingPathComponent("other/library.sqlite3").path)\"\n".write(toFile: other, atomically: true, encoding: .utf8)
        let elsewhere = try Spawn.run([TVShellBinary.path, "history", "--json", "--config", other], environment: home.environment)
        #expect((try JSONSerialization.jsonObject(with: Data(elsewhere.output.utf8)) as? [[String: Any]])?.isEmpty == true, "\(elsewhere.output)")
        let otherAccounts = try Spawn.run([TVShellBinary.path, "account", "list", "--config", other], environment: home.environment)
        #expect(otherAccounts.output.contains("not read yet"), "\(otherAccounts.output)")
        let missing = try Spawn.run([TVShellBinary.path, "recordings", "list", "--config", "/nowhere/config.toml"], environment: home.environment)
        #expect(missing.status != 0 && missing.output.contains("--config /nowhere/config.toml: no such file"), "\(missing.output)")
    }
}
