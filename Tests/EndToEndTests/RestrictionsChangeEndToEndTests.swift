import Foundation
import ShellTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// When `path` was last written (its mtime, as wall-clock seconds).
private func modified(_ path: String) -> Double {
    var info = stat()
    stat(path, &info)
    return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
}

private func frames(_ state: [String: Any]) -> Double { number(state["frames_presented"]) ?? 0 }

/// Whether `condition` comes true within `timeout` seconds (looked at every 50 ms).
private func eventually(timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Deadline(in: timeout)
    while !condition() {
        if deadline.hasPassed { return false }
        usleep(50_000)
    }
    return true
}

extension ParentalHome {
    var settingsFile: String { config + "/tvshell/restrictions.toml" }

    /// Replaces the settings file as an editor or a half-finished copy
    /// would: `bytes` renamed over it, 0600.
    func replaceSettings(with bytes: Data) throws {
        let temporary = settingsFile + ".edit"
        try bytes.write(to: URL(fileURLWithPath: temporary))
        chmod(temporary, 0o600)
        rename(temporary, settingsFile)
    }
}

/// Changes made with `tvshell restrictions` while a shell runs reach it at
/// once: what the new settings forbid stops and asks.
@Suite("Parental restrictions changed while tvshell runs, end to end", .serialized)
struct RestrictionsChangeEndToEndTests {
    @Test("restrictions turned on by the CLI while TV-MA channel 4 plays: the prompt covers it within 1 s, no frame after; tuning away and back asks; audited")
    func turnedOnWhileWatching() throws {
        let home = try ParentalHome.withPasscode("2468", mode: "off")
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try shell.ipc.request(["channel", 4])["error"] as? String == "success")
        let before = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 5 }
        #expect(before["restricted"] as? Bool == false, "mode off: channel 4 plays")

        #expect(try home.restrictions(["mode", "passcode", "--stdin"], input: "2468\n").status == 0)
        let changedAt = modified(home.settingsFile)
        let covered = try shell.ipc.waitForState(timeout: 5) { $0["screen"] as? String == "passcode" }
        let delay = Date().timeIntervalSince1970 - changedAt
        #expect(delay < 1, "the prompt covers channel 4 \(delay) s after the file changed")
        #expect(covered["rating"] as? String == "TV-MA")
        #expect((covered["restrictions"] as? [String: Any])?["mode"] as? String == "passcode")
        let changed = try shell.ipc.waitForEvent("restrictions-changed")
        #expect(changed["mode"] as? String == "passcode" && changed["tv"] as? String == "TV-PG")
        #expect((changed["stopped"] as? [[String: Any]])?.map { $0["what"] as? String } == ["player"])
        #expect((changed["stopped"] as? [[String: Any]])?.first?["id"] as? String == "demo.latenight")
        let frozen = frames(covered)
        _ = try shell.ipc.watchEvents([], for: 1)
        #expect(frames(try shell.ipc.state()) == frozen, "frames_presented stops rising")
        #expect(try shell.ipc.request(["get_mpv_property", "path"])["error"] as? String == "property unavailable", "channel 4's player is stopped")
        #expect(shell.tmux.waitFor { $0.contains("“Late Night Bars” is rated TV-MA.") && $0.contains("Enter the passcode") }.ok)

        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        _ = try shell.ipc.request(["channel", 3])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 0 }
        _ = try shell.ipc.request(["channel", 4])
        let again = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(frames(again) == 0 && again["rating"] as? String == "TV-MA", "tuned away and back: asked, not played")

        let log = try home.restrictions(["log", "--json"]).output
        let records = log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.contains { $0["event"] as? String == "restrictions-changed" && $0["via"] as? String == "cli" && $0["detail"] as? String == "mode passcode" })
        #expect(records.contains { $0["event"] as? String == "restrictions-applied" && $0["via"] as? String == "file" })
        #expect(records.contains { $0["event"] as? String == "stopped" && $0["id"] as? String == "demo.latenight" && $0["rating"] as? String == "TV-MA" })
        #expect(linesLeaking("2468", in: log).isEmpty && !log.contains("argon2"), "no passcode or hash in the audit log: \(linesLeaking("2468", in: log))")
        let text = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(linesLeaking("2468", in: text).isEmpty && !text.contains("argon2"), "\(linesLeaking("2468", in: text))")
    }

    @Test("`restrictions set --tv TV-Y` while TV-G channel 3 plays: the prompt covers it within 1 s and its frames stop")
    func lowerLimitWhileWatching() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        _ = try shell.ipc.request(["channel", 3])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 5 }

        #expect(try home.restrictions(["set", "--tv", "TV-Y", "--stdin"], input: "2468\n").status == 0)
        let changedAt = modified(home.settingsFile)
        let covered = try shell.ipc.waitForState(timeout: 5) { $0["screen"] as? String == "passcode" }
        let delay = Date().timeIntervalSince1970 - changedAt
        #expect(delay < 1, "the prompt covers channel 3 \(delay) s after the file changed")
        #expect(covered["rating"] as? String == "TV-G")
        let frozen = frames(covered)
        _ = try shell.ipc.watchEvents([], for: 1)
        #expect(frames(try shell.ipc.state()) == frozen)
        #expect(try shell.ipc.request(["get_mpv_property", "path"])["error"] as? String == "property unavailable")
        try shell.enter("2468")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 0 && $0["authorized"] as? Bool == true }
    }

    @Test("turned on while channel 4 is in the picture and warm beside channel 3: the picture and the warm player close; channel 3 plays on")
    func pictureAndWarmClose() throws {
        let home = try ParentalHome.withPasscode("2468", mode: "off")
        let shell = try ShellUnderTest(["--home"], width: 120, height: 40, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        _ = try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 0 }
        _ = try shell.ipc.request(["keypress", "p"])
        try shell.ipc.waitForState { ($0["pip"] as? [String: Any])?["id"] as? String == "demo.latenight" }
        _ = try shell.ipc.request(["channel", 3])
        let ready = try shell.ipc.waitForState(timeout: 20) {
            $0["phase"] as? String == "playing" && ($0["warm"] as? [Int] ?? []).contains(4) && $0["pip"] is [String: Any]
        }
        #expect((ready["pip"] as? [String: Any])?["title"] as? String == "Late Night Bars")
        try shell.ipc.discardEvents()

        #expect(try home.restrictions(["mode", "passcode", "--stdin"], input: "2468\n").status == 0)
        let changedAt = modified(home.settingsFile)
        let closed = try shell.ipc.waitForState(timeout: 5) { $0["pip"] is NSNull && !($0["warm"] as? [Int] ?? []).contains(4) }
        let delay = Date().timeIntervalSince1970 - changedAt
        #expect(delay < 1, "picture and warm player closed \(delay) s after the file changed")
        let stopped = try shell.ipc.waitForEvent("pip-stopped")
        #expect(stopped["reason"] as? String == "restricted")
        let changed = try shell.ipc.waitForEvent("restrictions-changed")
        #expect(Set((changed["stopped"] as? [[String: Any]] ?? []).compactMap { $0["what"] as? String }) == ["pip", "warm"])
        #expect(closed["screen"] as? String == "player" && closed["rating"] as? String == "TV-G")
        let playing = frames(closed)
        try shell.ipc.waitForState { frames($0) > playing + 5 }
        #expect(try shell.ipc.request(["get_mpv_property", "path", "picture"])["error"] as? String != "success",
                "the picture's player has nothing open")
    }

    @Test("a settings file replaced by garbage or a half-written one keeps the last good settings, with a log line; TV-MA still asks")
    func garbageKeepsSettings() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--home"], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        _ = try shell.ipc.request(["channel", 3])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 0 }
        let settings = try shell.ipc.state()["restrictions"] as? [String: Any]
        #expect(settings?["mode"] as? String == "passcode" && settings?["tv"] as? String == "TV-PG")

        var garbage = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
        garbage[0] = 0xFF
        try home.replaceSettings(with: garbage)
        #expect(shell.tmux.waitFor { $0.contains("Restrictions:") && $0.contains("the settings in force stay") }.ok, "told on screen")
        try home.replaceSettings(with: Data("mode = \"off\"\n[limits]\ntv = ".utf8))
        let logged = eventually(timeout: 5) {
            ((try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "").contains("restrictions.toml:3: limits.tv")
        }
        #expect(logged, "the log names the file, line and key")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.components(separatedBy: "the settings in force stay").count - 1 == 2, "one error line for each bad file")
        let state = try shell.ipc.state()
        #expect(state["restrictions"] as? [String: Any] as NSDictionary? == settings as NSDictionary?, "the last good settings")
        #expect(state["screen"] as? String == "player" && state["phase"] as? String == "playing")
        _ = try shell.ipc.request(["channel", 4])
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" && $0["rating"] as? String == "TV-MA" }
    }

    @Test("a guide given to a running shell (IPC guide) that rates the programme on now TV-MA on the unrated channel playing: the prompt covers it within seconds of the guide being stored, not at the next half-minute tick")
    func guideArrivingLater() throws {
        let dir = TVShellBinary.scratchDirectory("guide-later")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"m\" tvg-chno=\"1\",Mixed\nav://lavfi:testsrc2=size=160x90:rate=25\n".write(to: lineup, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([lineup.path], home: home)
        let unrated = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && frames($0) > 5 }
        #expect(unrated["screen"] as? String == "player" && unrated["restricted"] as? Bool == false, "no guide yet: the unrated channel plays")
        let now = Date().timeIntervalSince1970
        let guide = dir.appendingPathComponent("guide.xml").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <tv><channel id="m"><display-name>Mixed</display-name></channel>
            <programme start="\(xmltv(now - 600))" stop="\(xmltv(now + 3000))" channel="m"><title>Late Film</title><rating system="VCHIP"><value>TV-MA</value></rating></programme></tv>
            """.write(toFile: guide, atomically: true, encoding: .utf8)
        #expect(try shell.ipc.request(["guide", guide])["error"] as? String == "success")
        _ = try shell.ipc.waitForState(timeout: 30) { ($0["guide_status"] as? [String: Any])?["refreshed"] is NSNumber }
        let storedAt = Stopwatch()
        let asked = try shell.ipc.waitForState(timeout: 10) { $0["screen"] as? String == "passcode" }
        let delay = storedAt.elapsed
        #expect(delay < 5, "asked \(delay) s after the guide was stored")
        #expect(asked["rating"] as? String == "TV-MA")
    }

    @Test("a zap a second after another channel's TV-MA programme began (long before the shell's next half-minute tick) asks for the passcode: the gate reads the wall clock of the key, not of the last tick")
    func zapJustAfterABoundary() throws {
        let dir = TVShellBinary.scratchDirectory("zap-boundary")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = try alphaBravoLineup(in: dir)
        let (guide, boundary) = try lateFilmGuide(in: dir)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([lineup.path, "--guide", guide], home: home)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && guideStored($0) }
        try #require(Date().timeIntervalSince1970 < boundary - 1, "the shell must be up before Bravo's boundary")
        _ = try shell.ipc.waitForState(timeout: 15) { _ in Date().timeIntervalSince1970 >= boundary + 1.5 }
        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        let asked = try shell.ipc.waitForState(timeout: 10) { $0["screen"] as? String == "passcode" || (($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["phase"] as? String == "playing") }
        #expect(asked["screen"] as? String == "passcode", "Late Film began \(Date().timeIntervalSince1970 - boundary) s ago")
        #expect(asked["rating"] as? String == "TV-MA")
        #expect(frames(asked) == 0, "nothing of Late Film decoded")
    }

    @Test("a zap a fifth of a second after another channel's TV-MA programme began, the shell told the time half a second before it began: the prompt, and Late Film is never loaded (the gate reads the time at every key, not at one up to a second old)")
    func zapWithinASecondOfTheTimeTold() throws {
        let dir = TVShellBinary.scratchDirectory("zap-told")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = try alphaBravoLineup(in: dir)
        let (guide, boundary) = try lateFilmGuide(in: dir)
        let config = dir.appendingPathComponent("config.toml")
        try "[live]\nwarm_neighbours = 0\n".write(to: config, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([lineup.path, "--guide", guide, "--config", config.path], home: home)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && guideStored($0) }
        try #require(Date().timeIntervalSince1970 < boundary - 1.5, "the shell must be up before Bravo's boundary")
        // A request the shell reduces (get_state is only read): the time is told with it.
        _ = try shell.ipc.waitForState(timeout: 15) { _ in Date().timeIntervalSince1970 >= boundary - 0.5 }
        #expect(try shell.ipc.request(["message", "Late Film at nine", 5])["error"] as? String == "success")
        _ = try shell.ipc.waitForState(timeout: 5) { _ in Date().timeIntervalSince1970 >= boundary + 0.2 }
        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        let asked = try shell.ipc.waitForState(timeout: 10) { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "TV-MA")
        #expect(frames(asked) == 0, "nothing of Late Film decoded")
        #expect(!shell.log.contains("load av://lavfi:smptebars"), "Bravo was loaded before its prompt: \(shell.log)")
    }
}

/// A guide of Alpha (`a`: news for the hour) and Bravo (`b`: TV-G Cartoons,
/// then a TV-MA Late Film from 8 s from now, on the second): its path, and
/// when Late Film begins.
private func lateFilmGuide(in dir: URL) throws -> (path: String, boundary: Double) {
    let start = Date().timeIntervalSince1970
    let boundary = floor(start) + 8
    let guide = dir.appendingPathComponent("guide.xml").path
    try """
        <?xml version="1.0" encoding="UTF-8"?>
        <tv><channel id="a"><display-name>Alpha</display-name></channel><channel id="b"><display-name>Bravo</display-name></channel>
        <programme start="\(xmltv(start - 600))" stop="\(xmltv(start + 3600))" channel="a"><title>Alpha News</title></programme>
        <programme start="\(xmltv(start - 600))" stop="\(xmltv(boundary))" channel="b"><title>Cartoons</title><rating system="VCHIP"><value>TV-G</value></rating></programme>
        <programme start="\(xmltv(boundary))" stop="\(xmltv(start + 3600))" channel="b"><title>Late Film</title><rating system="VCHIP"><value>TV-MA</value></rating></programme></tv>
        """.write(toFile: guide, atomically: true, encoding: .utf8)
    return (guide, boundary)
}
