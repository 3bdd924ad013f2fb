import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func mpvProperty(_ name: String, _ shell: ShellUnderTest) throws -> (error: String?, value: String?) {
    let reply = try shell.ipc.request(["get_mpv_property", name])
    return (reply["error"] as? String, reply["data"] as? String)
}

/// mpv's paths on `shell`'s main player, read until it holds none: what
/// played before a prompt is stopped by a command mpv's core takes a moment
/// after the shell's state changes, so it may still be held when the prompt
/// is seen. Returns every path seen on the way, and whether the player ended
/// holding nothing.
private func pathsUntilClosed(_ shell: ShellUnderTest) throws -> (seen: [String], closed: Bool) {
    var seen: [String] = []
    let last = try shell.mpvProperty("path") { path in
        if let path, seen.last != path { seen.append(path) }
        return path == nil
    }
    return (seen, last == nil)
}

/// The demo lineup on its home screen, with `home`'s parental settings.
private func demoAtHome(_ home: ParentalHome) throws -> ShellUnderTest {
    let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
    try shell.ipc.waitForState { $0["screen"] as? String == "home" }
    return shell
}

@Suite("Parental restrictions, end to end", .serialized)
struct RestrictionsEndToEndTests {
    @Test("demo channel 4 (TV-MA): the prompt covers everything, nothing is opened; wrong then right code; audited")
    func demoChannel() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--home"], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        let guide = shell.tmux.waitFor { $0.contains("Late Night Bars") && $0.contains("Restricted (TV-MA)") }
        #expect(guide.ok, "the guide hides what the TV-MA channel airs")
        #expect(!["After Dark", "Bars Uncut", "Midnight Calibration"].contains { guide.screen.contains($0) })
        #expect(try shell.ipc.request(["channel", 4])["error"] as? String == "success")
        let asked = try shell.ipc.waitForEvent("restrictions-authorization-requested")
        #expect(asked["rating"] as? String == "TV-MA")
        var state = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(state["restricted"] as? Bool == true)
        #expect(state["authorized"] as? Bool == false)
        #expect(state["rating"] as? String == "TV-MA")
        #expect(number(state["frames_presented"]) == 0)
        #expect(try mpvProperty("path", shell).error == "property unavailable", "the stream is not even opened")
        #expect(shell.tmux.waitFor { $0.contains("“Late Night Bars” is rated TV-MA.") && $0.contains("Enter the passcode") }.ok)

        try shell.enter("79")
        let partial = try JSONSerialization.data(withJSONObject: try shell.ipc.state())
        #expect(!String(decoding: partial, as: UTF8.self).contains("79"), "get_state shows nothing typed")
        try shell.enter("86")
        state = try shell.ipc.waitForState { ($0["passcode"] as? [String: Any])?["failures"] as? Int == 1 }
        #expect(state["screen"] as? String == "passcode")
        #expect(shell.tmux.waitFor { $0.contains("Wrong passcode. 4 more tries") }.ok)
        #expect(try mpvProperty("path", shell).error == "property unavailable")

        try shell.enter("2468")
        let granted = try shell.ipc.waitForEvent("restrictions-authorization")
        #expect(granted["granted"] as? Bool == true)
        state = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(state["authorized"] as? Bool == true)
        #expect(state["restricted"] as? Bool == true)
        #expect(try mpvProperty("path", shell).value?.contains("smptehdbars") == true)

        let log = try home.restrictions(["log", "--json"])
        let records = log.output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let played = records.filter { $0["id"] as? String == "demo.latenight" }
        #expect(played.map { $0["event"] as? String } == ["wrong-passcode", "granted"])
        #expect(played.allSatisfy { $0["via"] as? String == "ipc" && $0["title"] as? String == "Late Night Bars" })
        #expect(linesLeaking("2468", in: log.output).isEmpty && linesLeaking("7986", in: log.output).isEmpty, "no passcode in the audit log")
        let text = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(linesLeaking("2468", in: text).isEmpty, "nor in the log file: \(linesLeaking("2468", in: text))")
    }

    @Test("a passcode given in the evening covers nothing once the box has slept: demo channel 4 (TV-MA) asks again after the sleep timer, nothing of it opened")
    func sleepEndsTheGrant() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try demoAtHome(home)
        _ = try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["authorized"] as? Bool == true }
        _ = try shell.ipc.request(["keypress", "ESC"])
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        _ = try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 4 }

        try shell.fallAsleep()
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["sleep"] is NSNull }
        _ = try shell.ipc.request(["channel", 4])
        let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(asked["authorized"] as? Bool == false && number(asked["frames_presented"]) == 0, "\(asked)")
        #expect(try mpvProperty("path", shell).error == "property unavailable", "the stream is not opened")
    }

    @Test("a passcode set by 0.6 (scrypt) opens the prompt after the upgrade, and is stored as Argon2id from then on")
    func scryptPasscodeUpgrade() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("parental-0.6"))
        let directory = home.config + "/tvshell"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory + "/restrictions.toml"
        // As tvshell 0.6 wrote it after `set-passcode` (2468), `set --tv TV-PG` and `mode passcode`.
        try """
            # tvshell parental restrictions, written by `tvshell restrictions`.
            # It holds the passcode hash: keep it private (chmod 600).
            mode = "passcode"
            unrated = "allow"

            [limits]
            movies = "all"
            tv = "us-tv|TV-PG"

            [passcode]
            hash = "scrypt$32768$8$1$ks4SDDxcZN+f2iVV62RlFQ==$j6zCBlmySe3kxIzDtuXWglrDB0JAiJ7G+PaRNDF5IQg="

            """.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("hash = \"$argon2id$v=19$"), "\(text)")
        #expect(!text.contains("scrypt") && linesLeaking("2468", in: text).isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try home.restrictions(["status"]).output.contains("passcode"), "the CLI reads the new hash's file")
    }

    @Test("RIGHT from demo channel 3 into TV-MA channel 4: the prompt is still up after 30 s and after 60 s, then the code plays it")
    func promptAfterFlipStays() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try demoAtHome(home)
        #expect(try shell.ipc.request(["channel", 3])["error"] as? String == "success")
        _ = try shell.ipc.waitForEvent("playback-started") { ($0["url"] as? String ?? "").contains("life") }
        try shell.ipc.discardEvents()
        #expect(try shell.ipc.request(["keypress", "RIGHT"])["error"] as? String == "success")
        let asked = try shell.ipc.waitForEvent("restrictions-authorization-requested")
        #expect(asked["rating"] as? String == "TV-MA")
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        let ending: Set<String> = ["restrictions-authorization", "channel-flip-completed", "playback-started", "error"]
        for checkpoint in [30, 60] {
            let seen = try shell.ipc.watchEvents(ending, for: 30)
            #expect(seen.isEmpty, "nothing ends the prompt by \(checkpoint) s: \(seen)")
            let state = try shell.ipc.state()
            #expect(state["screen"] as? String == "passcode", "still the prompt at \(checkpoint) s")
            #expect(number(state["frames_presented"]) == 0)
            #expect(state["flip_pending"] as? Bool == true, "the flip waits for the prompt's answer")
        }
        #expect(try mpvProperty("path", shell).error == "property unavailable", "channel 4 is not even opened")
        try shell.enter("2468")
        let completed = try shell.ipc.waitForEvent("channel-flip-completed")
        #expect(completed["success"] as? Bool == true)
        #expect(((completed["target"] as? [String: Any])?["number"] as? Int) == 4)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(try shell.ipc.watchEvents(["channel-flip-completed"], for: 0.5).isEmpty, "the flip ended once")
    }

    @Test("on channel 4's prompt the channel keys flip on past it: LEFT back to 3, RIGHT on to 5 (which fails, and the way back is 3, not the prompt)")
    func flipPastPrompt() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try demoAtHome(home)
        #expect(try shell.ipc.request(["channel", 3])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 3 }
        try shell.tmux.send("Right")
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.tmux.send("Left")
        try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["phase"] as? String == "playing"
            && ($0["channel"] as? [String: Any])?["number"] as? Int == 3 }
        try shell.tmux.send("Right")
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.ipc.discardEvents()
        try shell.tmux.send("PPage")
        let flip = try shell.ipc.waitForEvent("channel-flip-started")
        #expect(((flip["target"] as? [String: Any])?["number"] as? Int) == 5, "on past 4 to 5: \(flip)")
        let back = try shell.ipc.waitForState(timeout: 30) { $0["screen"] as? String == "player" && $0["phase"] as? String == "playing" }
        #expect((back["channel"] as? [String: Any])?["number"] as? Int == 3, "5 is off air: back to 3, where the flips started")
        #expect(number(back["frames_presented"]) ?? 0 > 0)
        #expect(try mpvProperty("path", shell).value?.contains("smptehdbars") != true, "channel 4 was never opened")
    }

    @Test("ESC on a prompt reached by typing a number goes back to the channel that played")
    func escapeAfterNumber() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try demoAtHome(home)
        #expect(try shell.ipc.request(["channel", 1])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 1 }
        try shell.tmux.send("4")
        try shell.ipc.waitForState(timeout: 10) { $0["screen"] as? String == "passcode" }
        try shell.tmux.send("Escape")
        let back = try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["phase"] as? String == "playing" }
        #expect((back["channel"] as? [String: Any])?["number"] as? Int == 1, "back to channel 1, not the home screen")
    }

    @Test("a wrong code at the command line and one on the screen are counted apart; restrictions status names ratings as people do")
    func countedApart() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try demoAtHome(home)
        let wrong = try home.restrictions(["set", "--tv", "TV-Y", "--stdin"], input: "1111\n")
        #expect(wrong.status != 0, "\(wrong.output)")
        _ = try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.enter("0000")
        let state = try shell.ipc.waitForState { ($0["passcode"] as? [String: Any])?["failures"] as? Int == 1 }
        #expect(((state["passcode"] as? [String: Any])?["message"] as? String)?.contains("4 more tries") == true, "\(state["passcode"] ?? "")")
        #expect(shell.tmux.waitFor { $0.contains("4 more tries") }.ok)
        // The screen's counter is written as the prompt counts it.
        var status = try home.restrictions(["status"])
        let deadline = Deadline(in: 3)
        while !status.output.contains("(1 wrong since the last right one) on the screen") && !deadline.hasPassed {
            usleep(100_000)
            status = try home.restrictions(["status"])
        }
        #expect(status.output.contains("up to TV-PG (USA, TV)") && status.output.contains("up to PG-13 (USA, films)"), "\(status.output)")
        #expect(!status.output.contains("us-tv|") && !status.output.contains("mpaa|"))
        #expect(status.output.contains("(1 wrong since the last right one) on the screen")
                && status.output.contains("(1 wrong since the last right one) at the command line"), "\(status.output)")
    }

    @Test("five wrong codes lock the prompt; killing tvshell does not reset the lock")
    func lockoutSurvivesRestart() throws {
        let home = try ParentalHome.withPasscode("2468")
        do {
            let shell = try demoAtHome(home)
            _ = try shell.ipc.request(["channel", 4])
            try shell.lockOut()
            try shell.ipc.waitForState { $0["screen"] as? String == "home" }
            if let pid = shell.pid { kill(pid, SIGKILL) }
        }
        let shell = try demoAtHome(home)
        _ = try shell.ipc.request(["channel", 4])
        let locked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        let passcode = locked["passcode"] as? [String: Any] ?? [:]
        #expect(passcode["locked"] as? Bool == true)
        #expect((number(passcode["locked_seconds"]) ?? 0) > 30)
        #expect(shell.tmux.waitFor { $0.contains("Try again in") }.ok)
        // The countdown ticks each second with the time really left.
        func shown() -> Int? {
            guard let match = shell.tmux.capture().firstMatch(of: /Try again in (\d+):(\d\d)/) else { return nil }
            return Int(match.1)! * 60 + Int(match.2)!
        }
        for _ in 0..<2 {
            let left = try #require(number((try shell.ipc.state()["passcode"] as? [String: Any])?["locked_seconds"]))
            try shell.ipc.waitForState { (number(($0["passcode"] as? [String: Any])?["locked_seconds"]) ?? 0) <= left - 2 }
            let now = try #require(number((try shell.ipc.state()["passcode"] as? [String: Any])?["locked_seconds"]))
            let drawn = shell.tmux.waitFor(timeout: 2) { _ in shown().map { abs(Double($0) - now) <= 1 } ?? false }
            #expect(drawn.ok, "the prompt shows \(shown().map(String.init) ?? "nothing") s left, IPC \(now) s")
        }
        try shell.enter("2468")
        let after = try shell.ipc.state()
        #expect(after["screen"] as? String == "passcode", "a locked prompt takes no digits, not even the right ones")
        #expect((after["passcode"] as? [String: Any])?["checking"] as? Bool == false, "the digits (reduced before each keypress was answered) sent nothing to check")
    }

    @Test(
        "a rating only in the file (mp4 iTunEXTC, mkv LAW_RATING): opened but held, no frame and no audio until authorized",
        arguments: ["mp4", "mkv"])
    func fileMetadata(container: String) throws {
        let clip = try TestMedia.ratedClip(container)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([clip], home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(try shell.ipc.watchEvents(["first-frame", "playback-started"], for: 0.5).isEmpty, "held: nothing plays")
        let state = try shell.ipc.state()
        #expect(state["screen"] as? String == "passcode")
        #expect(state["rating"] as? String == (container == "mp4" ? "R" : "TV-MA"))
        #expect(number(state["frames_presented"]) == 0)
        #expect(try mpvProperty("path", shell).value == clip, "the file is open")
        #expect(try mpvProperty("current-ao", shell).error == "property unavailable", "no audio output")
        #expect(try mpvProperty("audio-params", shell).error == "property unavailable", "no audio decoded")
        #expect(try mpvProperty("video-params", shell).error == "property unavailable", "no video decoded")
        #expect(number(try shell.ipc.state()["frames_presented"]) == 0)

        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(try mpvProperty("current-ao", shell).value == "null")
    }

    @Test("a film rated only in the .nfo beside it (Kodi's, as Radarr writes it): asked for before the file is opened, under the .nfo's title")
    func sidecarRating() throws {
        let folder = TVShellBinary.scratchDirectory("nfo-films")
        defer { try? FileManager.default.removeItem(at: folder) }
        let film = folder.appendingPathComponent("Night.Drive.2011.720p.mp4").path
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: film)
        try "<movie><title>Night Drive</title><year>2011</year><plot>A driver takes one last job.</plot><mpaa>US:Rated R</mpaa></movie>"
            .write(toFile: folder.appendingPathComponent("Night.Drive.2011.720p.nfo").path, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([folder.path], home: home)
        let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "R" && asked["title"] as? String == "Night Drive (2011)", "\(asked)")
        #expect(try mpvProperty("path", shell).error == "property unavailable", "the file is not even opened")
        #expect(number(asked["frames_presented"]) == 0)
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        try shell.ipc.request(["keypress", "i"])
        #expect(shell.tmux.waitFor { $0.contains("A driver takes one last job.") }.ok, "the .nfo's plot on the card")
    }

    @Test("a film rated only in its .nfo, opened while running: the socket's play, mpv's loadfile and playerctl open (a file:// URI) each ask for the passcode before the file is opened")
    func sidecarRatingOpened() throws {
        let folder = TVShellBinary.scratchDirectory("nfo-opened").appendingPathComponent("Night Drive (2011)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let film = folder.appendingPathComponent("Night.Drive.2011.720p.mp4")
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: film.path)
        try "<movie><title>Night Drive</title><year>2011</year><mpaa>US:Rated R</mpaa></movie>"
            .write(to: folder.appendingPathComponent("movie.nfo"), atomically: true, encoding: .utf8)
        let bus = try DBusSession()
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["av://lavfi:testsrc2=size=160x90:rate=25"], home: home, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let opens: [(String, () throws -> Bool)] = [
            ("play", { try shell.ipc.request(["play", film.path])["error"] as? String == "success" }),
            ("loadfile", { try shell.ipc.request(["loadfile", film.path, "replace"])["error"] as? String == "success" }),
            ("playerctl open", { try bus.playerctl("open", film.absoluteString).status == 0 }),
        ]
        for (way, open) in opens {
            #expect(try open(), "\(way)")
            let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
            #expect(asked["rating"] as? String == "R" && asked["title"] as? String == "Night Drive (2011)", "\(way): \(asked)")
            let paths = try pathsUntilClosed(shell)
            #expect(paths.closed && paths.seen.allSatisfy { $0.contains("testsrc2") }, "\(way): the file is not even opened (\(paths.seen))")
            #expect(number(asked["frames_presented"]) == 0, "\(way)")
            try shell.tmux.send("Escape")
            try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["index"] as? Int == 0 && $0["phase"] as? String == "playing" }
        }
        #expect(try shell.ipc.state()["items"] as? Int == 2, "one item for the film, named by its path or its URI")
    }

    @Test("a lineup (M3U) that lists a film on the disk rated only in its .nfo asks for the passcode before opening it, under the lineup's name, at a start and when switched to while running")
    func sidecarRatingInLineup() throws {
        let folder = TVShellBinary.scratchDirectory("nfo-lineup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let film = folder.appendingPathComponent("Night.Drive.2011.720p.mp4").path
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: film)
        try "<movie><title>Night Drive</title><mpaa>US:Rated R</mpaa></movie>"
            .write(toFile: folder.appendingPathComponent("Night.Drive.2011.720p.nfo").path, atomically: true, encoding: .utf8)
        let lineup = folder.appendingPathComponent("films.m3u").path
        try "#EXTM3U\n#EXTINF:-1,Film Night\n\(film)\n".write(toFile: lineup, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([lineup], home: home)
        let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "R" && asked["title"] as? String == "Film Night", "\(asked)")
        #expect(try mpvProperty("path", shell).error == "property unavailable", "the file is not even opened")

        // The same lineup switched to while running (the socket's and the fleet's `lineup`).
        let running = try ShellUnderTest(["av://lavfi:testsrc2=size=160x90:rate=25"], home: home)
        try running.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try running.ipc.request(["lineup", lineup])["error"] as? String == "success")
        let switched = try running.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(switched["rating"] as? String == "R" && switched["title"] as? String == "Film Night", "\(switched)")
        let paths = try pathsUntilClosed(running)
        #expect(paths.closed && paths.seen.allSatisfy { $0.contains("testsrc2") }, "the file is not even opened (\(paths.seen))")
    }

    @Test("a playlist of streams played over the socket: mpv's first entry is held and rated as any load (asked for before it decodes), and no entry after it is left to play unasked; a playlist of files is its films, the first held as well")
    func playlistEntryRated() throws {
        let folder = TVShellBinary.scratchDirectory("rated-playlist")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: try TestMedia.ratedClip("mp4"), toPath: folder.appendingPathComponent("rated.mp4").path)
        try FileManager.default.copyItem(atPath: try TestMedia.clip(seconds: 10), toPath: folder.appendingPathComponent("plain.mkv").path)
        let server = try LocalHTTPServer(directory: folder.path)
        defer { server.stop() }
        let list = folder.appendingPathComponent("evening.m3u").path
        try "#EXTM3U\n\(server.url("rated.mp4"))\n\(server.url("plain.mkv"))\n".write(toFile: list, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["av://lavfi:testsrc2=size=160x90:rate=25"], home: home)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try shell.ipc.request(["play", list])["error"] as? String == "success")
        let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "R" && asked["items"] as? Int == 2, "\(asked)")
        #expect(number(asked["frames_presented"]) == 0)
        #expect(try mpvProperty("playlist-count", shell).value == "1", "the playlist's other entries are dropped")
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }

        let films = folder.appendingPathComponent("films.m3u").path
        try "#EXTM3U\nrated.mp4\nplain.mkv\n".write(toFile: films, atomically: true, encoding: .utf8)
        #expect(try shell.ipc.request(["play", films])["error"] as? String == "success")
        let held = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(held["rating"] as? String == "R" && held["items"] as? Int == 4 && held["index"] as? Int == 2, "\(held)")
        #expect(number(held["frames_presented"]) == 0)
    }

    @Test("ESC on a file's prompt: it never decodes, and the player is dismissed")
    func fileMetadataCancelled() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([try TestMedia.ratedClip("mp4")], home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        let path = try shell.mpvProperty("path") { $0 == nil }
        #expect(path == nil, "the file is closed (path \(path ?? "none"))")
        #expect(try mpvProperty("path", shell).error == "property unavailable")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(!log.contains("AO:"), "no audio output was opened")
    }

    @Test("deny mode: no prompt, the reason on screen")
    func denyMode() throws {
        let home = try ParentalHome.withPasscode("2468", mode: "deny")
        let shell = try demoAtHome(home)
        _ = try shell.ipc.request(["channel", 4])
        let state = try shell.ipc.waitForState { $0["screen"] as? String == "error" }
        #expect((state["error"] as? [String: Any])?["title"] as? String == "“Late Night Bars” is restricted")
        #expect(shell.tmux.waitFor { $0.contains("this TV allows movies up to PG-13, TV shows up to TV-PG") }.ok)
        #expect(try mpvProperty("path", shell).error == "property unavailable")
    }

    @Test("a settings file others can read is refused with a message, and restricted content is not shown")
    func insecureSettings() throws {
        let home = try ParentalHome.withPasscode("2468")
        chmod(home.config + "/tvshell/restrictions.toml", 0o644)
        let status = try home.restrictions(["status"])
        #expect(status.status == 78)
        #expect(status.output.contains("chmod 600"))
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        #expect(shell.tmux.waitFor { $0.contains("Restrictions:") && $0.contains("chmod 600") }.ok)
        _ = try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["screen"] as? String == "error" }
    }

    @Test("set-passcode asks twice on the terminal without echo; changes then need the passcode")
    func commandLine() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("parental"))
        #expect(try home.restrictions(["mode", "passcode"]).status == 77, "no passcode yet: refused")
        let tmux = try TmuxSession(command: "\(home.variables) '\(TVShellBinary.path)' restrictions set-passcode", width: 80, height: 12)
        defer { tmux.kill() }
        #expect(tmux.waitFor { $0.contains("New passcode (4 digits):") }.ok)
        try tmux.send("1", "3", "5", "7", "Enter")
        #expect(tmux.waitFor { $0.contains("Again:") }.ok)
        try tmux.send("1", "3", "5", "7", "Enter")
        let done = tmux.waitFor { $0.contains("Passcode set.") }
        #expect(done.ok)
        #expect(!done.screen.contains("1357"), "typed without echo")

        #expect(try home.restrictions(["mode", "passcode", "--stdin"], input: "1357\n").status == 0)
        let wrong = try home.restrictions(["mode", "off", "--stdin"], input: "0000\n")
        #expect(wrong.status == 77 && wrong.output.contains("wrong passcode"))
        #expect(try home.restrictions(["set", "--movies", "TV-MA", "--stdin"], input: "1357\n").status == 64)
        #expect(try home.restrictions(["set", "--movies", "R", "--tv", "TV-14", "--unrated", "restrict", "--stdin"], input: "1357\n").status == 0)
        let status = try home.restrictions(["status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any] ?? [:]
        #expect(object["mode"] as? String == "passcode")
        #expect(object["movies"] as? String == "mpaa|R")
        #expect(object["tv"] as? String == "us-tv|TV-14")
        #expect(object["unrated"] as? String == "restrict")
        #expect(object["failures"] as? Int == 0, "the right passcode resets the counter")
        let file = try String(contentsOfFile: home.config + "/tvshell/restrictions.toml", encoding: .utf8)
        #expect(!file.contains("1357"))
    }
}
