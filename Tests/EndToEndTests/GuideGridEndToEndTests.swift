import Foundation
import ShellTesting
import Testing

private func focus(_ state: [String: Any]) -> [String: Any]? { (state["guide"] as? [String: Any])?["focus"] as? [String: Any] }

@Suite("The guide grid, end to end", .serialized)
struct GuideGridEndToEndTests {
    @Test("g opens the grid on the channel playing; RIGHT, DOWN and LEFT move the focus (get_state.guide and the screen agree); g shows the list; ENTER on now tunes")
    func navigate() throws {
        let dir = TVShellBinary.scratchDirectory("guide-grid")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Two-hour programmes, "Now" from an hour ago: the test never straddles a change.
        let base = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 3600
        func programmes(_ channel: String, _ names: [String]) -> String {
            names.enumerated().map { i, name in
                let start = base + Double(i - 1) * 7200
                return "<programme start=\"\(xmltv(start))\" stop=\"\(xmltv(start + 7200))\" channel=\"\(channel)\"><title>\(name)</title><desc>About \(name).</desc></programme>"
            }.joined()
        }
        let guide = dir.appendingPathComponent("guide.xml")
        try "<tv>\(programmes("a.tv", ["Alpha Before", "Alpha Now", "Alpha Next", "Alpha Late"]))\(programmes("b.tv", ["Bravo Before", "Bravo Now", "Bravo Next", "Bravo Late"]))</tv>"
            .write(to: guide, atomically: true, encoding: .utf8)
        let lineup = dir.appendingPathComponent("lineup.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="a.tv",Alpha
            av://lavfi:testsrc2=size=160x90:rate=25
            #EXTINF:-1 tvg-id="b.tv",Bravo
            av://lavfi:mandelbrot=size=160x90:rate=25
            """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path, "--guide", guide.path], width: 80, height: 24)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && guideStored($0) }

        try shell.ipc.request(["keypress", "g"])
        var state = try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        #expect(state["screen"] as? String == "guide")
        #expect(focus(state)?["title"] as? String == "Alpha Now" && focus(state)?["channel"] as? Int == 1)
        #expect(shell.tmux.waitFor { $0.contains("Alpha Now") && $0.contains("Bravo Next") && $0.contains("About Alpha Now.") }.ok, "\(shell.tmux.capture())")

        try shell.ipc.request(["keypress", "RIGHT"])
        state = try shell.ipc.waitForState { focus($0)?["title"] as? String == "Alpha Next" }
        #expect(focus(state)?["start"] as? Double == base + 7200)
        #expect(shell.tmux.waitFor { $0.contains("About Alpha Next.") }.ok, "\(shell.tmux.capture())")
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.waitForState { focus($0)?["title"] as? String == "Bravo Next" && focus($0)?["channel"] as? Int == 2 }
        try shell.ipc.request(["keypress", "LEFT"])
        try shell.ipc.waitForState { focus($0)?["title"] as? String == "Bravo Now" }

        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "list" }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { focus($0)?["title"] as? String == "Alpha Now" }
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.waitForState { focus($0)?["title"] as? String == "Bravo Now" }
        try shell.ipc.request(["keypress", "ENTER"])
        state = try shell.ipc.waitForState(timeout: 15) { $0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 2 }
        #expect(state["guide"] is NSNull && state["screen"] as? String == "player")
    }

    @Test("at 80×24 a notice over a full grid moves up clear of the focused programme's details")
    func noticeClearOfDetails() throws {
        let dir = TVShellBinary.scratchDirectory("guide-notice")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Twelve channels: the grid's rows reach down to where a notice goes.
        let base = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 3600
        var programmes = "", lineup = "#EXTM3U\n"
        for n in 1...12 {
            programmes += "<programme start=\"\(xmltv(base))\" stop=\"\(xmltv(base + 7200))\" channel=\"c\(n).tv\">"
                + "<title>Show \(n)</title><desc>About show \(n).</desc></programme>"
            lineup += "#EXTINF:-1 tvg-id=\"c\(n).tv\" tvg-chno=\"\(n)\",Channel \(n)\nav://lavfi:testsrc2=size=160x90:rate=5\n"
        }
        let guide = dir.appendingPathComponent("guide.xml"), list = dir.appendingPathComponent("lineup.m3u")
        try "<tv>\(programmes)</tv>".write(to: guide, atomically: true, encoding: .utf8)
        try lineup.write(to: list, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([list.path, "--guide", guide.path, "--home"], width: 80, height: 24)
        try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" && guideStored($0) }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        try shell.ipc.request(["keypress", "p"])
        try shell.ipc.waitForState { ($0["notice"] as? String)?.hasPrefix("Picture in picture:") == true }
        let seen = shell.tmux.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard let rule = lines.firstIndex(where: { $0.contains("──────────────────────────────") }),
                  let notice = lines.firstIndex(where: { $0.contains("nothing is playing") }) else { return false }
            // The rule whole, then when and where, the title, the description.
            return rule >= 15 && notice < rule && lines[rule].trimmingCharacters(in: .whitespaces).allSatisfy { $0 == "─" }
                && lines[rule + 1].contains("1 Channel 1") && lines[(rule + 1)...].contains { $0.contains("About show 1.") }
        }
        #expect(seen.ok, "the notice above the details, which stay whole: \(seen.screen)")
    }

    @Test("the grid's details follow its last channel directly; the channel playing is marked by its number")
    func detailsUnderGrid() throws {
        let shell = try ShellUnderTest([], width: 100, height: 40, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        let seen = shell.tmux.waitFor { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard let last = lines.firstIndex(where: { $0.contains("5 Off Air") }),
                  let rule = lines.firstIndex(where: { $0.contains("──────────────────────────────") }) else { return false }
            return rule == last + 1 && lines.contains { $0.hasPrefix("   2▶Fractal TV") }
        }
        #expect(seen.ok, "the rule right under channel 5, channel 2 marked: \(seen.screen)")
    }

    @Test("the grid opened as a programme ends: after it, DOWN meets the next channel's programme on now and ENTER tunes it (it was refused as a past programme without catch-up)")
    func focusFollowsTheClock() throws {
        let dir = TVShellBinary.scratchDirectory("grid-boundary")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = try alphaBravoLineup(in: dir)
        let now = Date().timeIntervalSince1970
        // Room for a slow start on a loaded machine: the grid must be up before it.
        let boundary = now.rounded(.down) + 25
        var programmes = ""
        for (channel, name) in [("a", "Alpha"), ("b", "Bravo")] {
            programmes += "<programme start=\"\(xmltv(now - 600))\" stop=\"\(xmltv(boundary))\" channel=\"\(channel)\"><title>\(name) Ending</title></programme>"
            programmes += "<programme start=\"\(xmltv(boundary))\" stop=\"\(xmltv(now + 3600))\" channel=\"\(channel)\"><title>\(name) Starting</title></programme>"
        }
        let guide = dir.appendingPathComponent("guide.xml")
        try "<tv><channel id=\"a\"><display-name>Alpha</display-name></channel><channel id=\"b\"><display-name>Bravo</display-name></channel>\(programmes)</tv>"
            .write(to: guide, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path, "--guide", guide.path], width: 120, height: 40)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && guideStored($0) }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { focus($0)?["title"] as? String == "Alpha Ending" }
        try #require(Date().timeIntervalSince1970 < boundary - 1, "the grid must open before the programme ends")
        // Waits for the wall clock itself: no event marks the programme's
        // end (the shell's own ticks fall on whole minutes; the key's comes
        // with the key).
        while Date().timeIntervalSince1970 < boundary + 0.5 { Thread.sleep(forTimeInterval: 0.1) }
        try shell.ipc.request(["keypress", "DOWN"])
        let down = try shell.ipc.waitForState { focus($0)?["channel"] as? Int == 2 }
        #expect(focus(down)?["title"] as? String == "Bravo Starting", "what is on now on Bravo: \(focus(down) ?? [:])")
        try shell.ipc.request(["keypress", "ENTER"])
        let tuned = try shell.ipc.waitForState(timeout: 15) {
            $0["notice"] is String || ($0["phase"] as? String == "playing" && ($0["channel"] as? [String: Any])?["number"] as? Int == 2)
        }
        #expect(tuned["screen"] as? String == "player", "tuned, not refused: \(tuned["notice"] ?? "")")
    }

    @Test("browsing the grid days ahead and back out does not lose what airs now: a channel whose programme on now is TV-MA (the channel unrated) still asks for the passcode when tuned at once")
    func browsingAheadKeepsNow() throws {
        let dir = TVShellBinary.scratchDirectory("grid-ahead")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = try alphaBravoLineup(in: dir)
        let now = floor(Date().timeIntervalSince1970 / 3600) * 3600
        var programmes = ""
        for hour in -2..<(5 * 24) {
            let start = now + Double(hour) * 3600
            programmes += "<programme start=\"\(xmltv(start))\" stop=\"\(xmltv(start + 3600))\" channel=\"a\"><title>Alpha \(hour)</title></programme>"
            let rating = hour == 0 ? "<rating system=\"VCHIP\"><value>TV-MA</value></rating>" : ""
            programmes += "<programme start=\"\(xmltv(start))\" stop=\"\(xmltv(start + 3600))\" channel=\"b\"><title>Bravo \(hour)</title>\(rating)</programme>"
        }
        let guide = dir.appendingPathComponent("guide.xml")
        try "<tv><channel id=\"a\"><display-name>Alpha</display-name></channel><channel id=\"b\"><display-name>Bravo</display-name></channel>\(programmes)</tv>"
            .write(to: guide, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode()
        let shell = try ShellUnderTest([lineup.path, "--guide", guide.path], home: home)
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && guideStored($0) }
        try shell.tmux.send("g")
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        for _ in 0..<3 { try shell.tmux.send(">") }
        let ahead = try shell.ipc.waitForState(timeout: 15) { state in
            ((((state["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String) ?? "").hasPrefix("Alpha 7")
        }
        #expect(((ahead["guide"] as? [String: Any])?["time"] as? Double ?? 0) > now + 2 * 86_400, "three days ahead, beyond the window held at the start")
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "player" }
        #expect(try shell.ipc.request(["channel", 2])["error"] as? String == "success")
        let asked = try shell.ipc.waitForState(timeout: 10) { $0["screen"] as? String == "passcode" || (($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["phase"] as? String == "playing") }
        #expect(asked["screen"] as? String == "passcode", "Bravo 0 is TV-MA: \(asked["screen"] ?? "")")
        #expect(asked["rating"] as? String == "TV-MA")
    }
}
