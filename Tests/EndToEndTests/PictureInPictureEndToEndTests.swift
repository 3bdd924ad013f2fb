import Foundation
import ShellTesting
import Testing

/// `get_state.pip`.
private func picture(_ state: [String: Any]) -> [String: Any]? { state["pip"] as? [String: Any] }
private func preview(_ state: [String: Any]) -> [String: Any]? { state["preview"] as? [String: Any] }
private func channelNumber(_ state: [String: Any]) -> Int? { (state["channel"] as? [String: Any])?["number"] as? Int }

/// A property of the player in `slot`, as libmpv reports it.
private func property(_ name: String, _ slot: String, _ shell: ShellUnderTest) throws -> String? {
    try shell.ipc.request(["get_mpv_property", name, slot])["data"] as? String
}

/// How many times the log says `url` was loaded.
private func loads(of fragment: String, _ shell: ShellUnderTest) -> Int {
    let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
    return log.split(separator: "\n").filter { $0.contains(" load ") && $0.contains(fragment) }.count
}

@Suite("Picture in picture and the guide's preview, end to end", .serialized)
struct PictureInPictureEndToEndTests {
    private static let cache = DemoLineupEndToEndTests.cacheHome

    @Test("the film goes into a picture over the home screen, plays on while the list is browsed, and comes back where it was")
    func filmAndBack() throws {
        let shell = try ShellUnderTest([], width: 120, height: 40, connectTimeout: 120, cacheHome: Self.cache)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 5 }
        try shell.ipc.discardEvents()
        try shell.ipc.request(["keypress", "p"])
        let started = try shell.ipc.waitForEvent("pip-started")
        #expect(started["id"] as? String == "demo.film")
        let home = try shell.ipc.waitForState { $0["screen"] as? String == "home" && picture($0) != nil }
        let before = number(picture(home)?["frames_presented"]) ?? 0
        for _ in 0..<3 { try shell.ipc.request(["keypress", "DOWN"]) }
        let browsed = try shell.ipc.waitForState { $0["home_selection"] as? Int == 3 && (number(picture($0)?["frames_presented"]) ?? 0) > before + 10 }
        #expect(picture(browsed)?["muted"] as? Bool == false, "its sound goes on: nothing plays full screen")
        #expect(picture(browsed)?["live"] as? Bool == false)
        let framed = shell.tmux.waitFor { $0.contains("┌─ The Test Pattern") && $0.contains("▀") && $0.contains("Life Channel") }
        #expect(framed.ok, "the picture over the list: \(framed.screen)")

        let last = try shell.ipc.state()
        let position = try #require(number(picture(last)?["position"]))
        try shell.ipc.request(["keypress", "p"])
        _ = try shell.ipc.waitForEvent("pip-restored")
        let restored = try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["pip"] is NSNull }
        let now = try #require(number(restored["position"]))
        #expect(abs(now - position) <= 1, "restored at \(now), the picture was at \(position)")
        #expect(restored["phase"] as? String == "playing")
        #expect(loads(of: "demo-film", shell) == 1, "never loaded again")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 5 }
    }

    @Test("at 80×24 the picture never hides the grid's details or the focused row, and each m moves it somewhere else")
    func clearOfPanels() throws {
        let shell = try ShellUnderTest([], width: 80, height: 24, connectTimeout: 120, cacheHome: Self.cache)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 5 }
        try shell.ipc.request(["keypress", "p"])
        try shell.ipc.waitForState { $0["screen"] as? String == "home" && picture($0) != nil }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        /// Where the picture's frame is drawn (row, column of its corner),
        /// after checking it leaves the details (under the rule) and the
        /// focused channel's row (channel 1, the first) whole.
        func framePlace(_ screen: String) -> (row: Int, column: Int, bottom: Int)? {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let rule = lines.firstIndex(where: { $0.contains("────────────────────") }),
                  let focused = lines.firstIndex(where: { $0.contains("1 Test Card") }),
                  let top = lines.firstIndex(where: { $0.contains("┌─ The Test") }),
                  let bottom = lines[top...].firstIndex(where: { $0.contains("└─") }) else { return nil }
            let frameChars = Set<Character>("│┌┐└┘")
            let details = lines[rule..<min(lines.count, rule + 6)]
            guard !details.contains(where: { $0.contains { frameChars.contains($0) } }),
                  !lines[focused].contains(where: { frameChars.contains($0) }),
                  lines.contains(where: { $0.contains("on Test Card.") }) else { return nil }
            return (top, lines[top].distance(from: lines[top].startIndex, to: lines[top].range(of: "┌─")!.lowerBound), bottom)
        }
        var seen = shell.tmux.waitFor { framePlace($0) != nil }
        #expect(seen.ok, "the picture clear of the details and the focused row: \(seen.screen)")
        var place = try #require(framePlace(seen.screen))
        var corner = try #require(picture(try shell.ipc.state())?["corner"] as? String)
        for press in 1...4 {
            try shell.ipc.request(["keypress", "m"])
            let before = place
            seen = shell.tmux.waitFor { framePlace($0).map { $0.row != before.row || $0.column != before.column } ?? false }
            #expect(seen.ok, "press \(press) of m moves the picture somewhere else, clear of the details: \(seen.screen)")
            place = try #require(framePlace(seen.screen))
            let previous = corner
            let moved = try shell.ipc.waitForState { (picture($0)?["corner"] as? String).map { $0 != previous } ?? false }
            corner = try #require(picture(moved)?["corner"] as? String)
            #expect(picture(moved)?["hidden"] as? Bool == false)
            // The corner it is nearest: its middle in the top or bottom half, the left or right.
            #expect(corner.hasPrefix(place.row + place.bottom + 1 <= 24 ? "top" : "bottom") && corner.hasSuffix(place.column > 40 ? "right" : "left"),
                    "IPC says \(corner), where it is drawn (row \(place.row), column \(place.column))")
        }
    }

    @Test("why the picture could not start goes once it has started")
    func staleNotice() throws {
        let shell = try ShellUnderTest(["--home"], width: 120, height: 40, connectTimeout: 120, cacheHome: Self.cache)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.ipc.request(["keypress", "p"])
        try shell.ipc.waitForState { ($0["notice"] as? String)?.hasPrefix("Picture in picture:") == true }
        try shell.ipc.request(["channel", 1])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        try shell.ipc.request(["keypress", "p"])
        let started = try shell.ipc.waitForState { picture($0) != nil }
        #expect(started["notice"] is NSNull, "the old reason is gone: \(started["notice"] ?? "")")
    }

    @Test("ESC from a playing film starts the picture; with [pip] automatic = false it stops the film")
    func escape() throws {
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: Self.cache)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "ESC"])
        _ = try shell.ipc.waitForEvent("pip-started")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" && (number(picture($0)?["frames_presented"]) ?? 0) > 0 }

        let dir = TVShellBinary.scratchDirectory("pip-config")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        try "[pip]\nautomatic = false\n".write(toFile: config, atomically: true, encoding: .utf8)
        let manual = try ShellUnderTest(["--config", config], connectTimeout: 120, cacheHome: Self.cache)
        try manual.ipc.waitForState { $0["phase"] as? String == "playing" }
        try manual.ipc.request(["keypress", "ESC"])
        let stopped = try manual.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(stopped["pip"] is NSNull && stopped["phase"] as? String == "idle")
        #expect(try manual.ipc.watchEvents(["pip-started"], for: 0.5).isEmpty)

        // g on a channel without the picture: it stops under the guide, and ESC plays it again (not the home screen).
        #expect(try manual.ipc.request(["channel", 2])["error"] as? String == "success")
        try manual.ipc.waitForState { channelNumber($0) == 2 && $0["phase"] as? String == "playing" }
        try manual.tmux.send("g")
        let guide = try manual.ipc.waitForState { $0["screen"] as? String == "guide" }
        #expect(guide["phase"] as? String == "idle" && guide["pip"] is NSNull)
        try manual.tmux.send("Escape")
        try manual.ipc.waitForState { $0["screen"] as? String == "player" && channelNumber($0) == 2 && $0["phase"] as? String == "playing" }
    }

    @Test("a channel in the picture and another full screen both draw; sound only on the full-screen one; x swaps them, and so does the info panel's Swap, after its Move")
    func twoChannels() throws {
        let shell = try ShellUnderTest(["--home"], width: 120, height: 40, connectTimeout: 120, cacheHome: Self.cache)
        try shell.ipc.request(["channel", 1])
        try shell.ipc.waitForState { channelNumber($0) == 1 && $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "p"])
        _ = try shell.ipc.waitForEvent("pip-started")
        try shell.ipc.request(["channel", 2])
        let both = try shell.ipc.waitForState { channelNumber($0) == 2 && $0["phase"] as? String == "playing" }
        let full0 = number(both["frames_presented"]) ?? 0, pip0 = number(picture(both)?["frames_presented"]) ?? 0
        let later = try shell.ipc.waitForState {
            (number($0["frames_presented"]) ?? 0) > full0 + 10 && (number(picture($0)?["frames_presented"]) ?? 0) > pip0 + 10
        }
        #expect(picture(later)?["live"] as? Bool == true && picture(later)?["muted"] as? Bool == true)
        #expect(try property("mute", "picture", shell) == "yes")
        #expect(try property("mute", "main", shell) == "no")
        #expect(try property("path", "picture", shell)?.contains("testsrc2") == true)
        #expect(try property("path", "main", shell)?.contains("mandelbrot") == true)
        #expect(shell.tmux.waitFor { $0.contains("┌─ Test Card") && $0.contains("LIVE") && $0.contains("muted") }.ok)

        try shell.ipc.request(["keypress", "x"])
        let swapped = try shell.ipc.waitForState { channelNumber($0) == 1 && picture($0)?["id"] as? String == "demo.fractal" }
        #expect(picture(swapped)?["muted"] as? Bool == true)
        #expect(try property("path", "main", shell)?.contains("testsrc2") == true)
        #expect(try property("mute", "main", shell) == "no")
        #expect(try property("mute", "picture", shell) == "yes")
        #expect(loads(of: "testsrc2", shell) == 1 && loads(of: "mandelbrot", shell) == 1, "swapped, not reloaded")
        let f1 = number(swapped["frames_presented"]) ?? 0, p1 = number(picture(swapped)?["frames_presented"]) ?? 0
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > f1 + 10 && (number(picture($0)?["frames_presented"]) ?? 0) > p1 + 10 }

        // A remote's way, with no x or m: the info panel's bottom row (DOWN, DOWN): Move, then Swap.
        let corner = picture(try shell.ipc.state())?["corner"] as? String
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.waitForState { $0["overlay"] as? String == "info" }
        #expect(shell.tmux.waitFor { $0.contains("▣  Swap   Move   Close") }.ok)
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.request(["keypress", "RIGHT"])
        try shell.ipc.request(["keypress", "ENTER"])
        let moved = try shell.ipc.waitForState { picture($0)?["corner"] as? String != corner }
        #expect(moved["overlay"] as? String == "info", "the panel stays open for another move")
        try shell.ipc.request(["keypress", "LEFT"])
        try shell.ipc.request(["keypress", "ENTER"])
        let back = try shell.ipc.waitForState { channelNumber($0) == 2 && picture($0)?["id"] as? String == "demo.testcard" }
        #expect(back["overlay"] as? String == "none")
        #expect(try property("path", "main", shell)?.contains("mandelbrot") == true)
        #expect(loads(of: "testsrc2", shell) == 1 && loads(of: "mandelbrot", shell) == 1, "swapped back, not reloaded")
    }

    @Test("the guide previews the channel the selection rests on, muted; ENTER makes it full screen with no second load")
    func guidePreview() throws {
        let shell = try ShellUnderTest(["--home"], width: 120, height: 40, connectTimeout: 120, cacheHome: Self.cache)
        try openGuideList(shell)
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.request(["keypress", "DOWN"])
        let previewing = try shell.ipc.waitForState { preview($0)?["id"] as? String == "demo.fractal" && (number(preview($0)?["frames_presented"]) ?? 0) > 5 }
        #expect(previewing["screen"] as? String == "guide")
        #expect(try property("mute", "preview", shell) == "yes")
        #expect(shell.tmux.waitFor { $0.contains("Preview") && $0.contains("2  Fractal TV") && $0.contains("▀") }.ok)
        try shell.ipc.request(["keypress", "ENTER"])
        let full = try shell.ipc.waitForState { $0["screen"] as? String == "player" && channelNumber($0) == 2 }
        #expect(full["preview"] is NSNull)
        #expect(try property("mute", "main", shell) == "no")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 5 }
        #expect(loads(of: "mandelbrot", shell) == 1, "the preview's load is the one that plays")
    }

    @Test("the grid previews its focused channel, muted, in the details; a restricted one is never opened; ENTER on now makes it full screen with no second load")
    func gridPreview() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--home"], width: 120, height: 40, connectTimeout: 120, cacheHome: Self.cache, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        let first = try shell.ipc.waitForState { preview($0)?["id"] as? String == "demo.testcard" && (number(preview($0)?["frames_presented"]) ?? 0) > 5 }
        #expect((first["guide"] as? [String: Any])?["mode"] as? String == "grid", "in the grid itself")
        #expect(try property("mute", "preview", shell) == "yes")
        for _ in 0..<3 { try shell.ipc.request(["keypress", "DOWN"]) }
        let restricted = try shell.ipc.waitForState { preview($0)?["id"] as? String == "demo.latenight" }
        #expect(preview(restricted)?["restricted"] as? Bool == true && number(preview(restricted)?["frames_presented"]) == 0)
        // Five channels at 120×40: the pane is 43×12 cells from column 75.
        let inPane = shell.tmux.waitFor { screen in
            screen.split(separator: "\n").contains { line in
                line.range(of: "Restricted (TV-MA)").map { line.distance(from: line.startIndex, to: $0.lowerBound) >= 75 } ?? false
            }
        }
        #expect(inPane.ok, "the pane, at the right of the details, says why: \(inPane.screen)")
        #expect(try shell.ipc.request(["get_mpv_property", "path", "preview"])["data"] == nil, "nothing opened")
        #expect(loads(of: "smptehdbars", shell) == 0)
        try shell.ipc.request(["keypress", "UP"])
        try shell.ipc.waitForState { preview($0)?["id"] as? String == "demo.life" && (number(preview($0)?["frames_presented"]) ?? 0) > 5 }
        try shell.ipc.request(["keypress", "ENTER"])
        let full = try shell.ipc.waitForState { $0["screen"] as? String == "player" && channelNumber($0) == 3 }
        #expect(full["preview"] is NSNull)
        #expect(try property("mute", "main", shell) == "no")
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 5 }
        #expect(loads(of: "life=", shell) == 1, "the preview's load is the one that plays")
    }

    @Test("the preview of a channel whose next programme is TV-MA stops as that programme begins (within a second or two), and the pane says why")
    func previewStopsAtItsProgrammesStart() throws {
        let dir = TVShellBinary.scratchDirectory("preview-boundary")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = try alphaBravoLineup(in: dir)
        let now = Date().timeIntervalSince1970
        let boundary = now.rounded(.down) + 14
        let guide = dir.appendingPathComponent("guide.xml").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <tv><channel id="a"><display-name>Alpha</display-name></channel><channel id="b"><display-name>Bravo</display-name></channel>
            <programme start="\(xmltv(now - 600))" stop="\(xmltv(boundary))" channel="a"><title>Cartoons</title><rating system="VCHIP"><value>TV-G</value></rating></programme>
            <programme start="\(xmltv(boundary))" stop="\(xmltv(now + 3600))" channel="a"><title>Late Film</title><rating system="VCHIP"><value>TV-MA</value></rating></programme>
            <programme start="\(xmltv(now - 600))" stop="\(xmltv(now + 3600))" channel="b"><title>News</title><rating system="VCHIP"><value>TV-G</value></rating></programme></tv>
            """.write(toFile: guide, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([lineup.path, "--guide", guide, "--home"], width: 120, height: 40, home: home)
        try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" && guideStored($0) }
        try openGuideList(shell)
        try shell.ipc.waitForState { preview($0)?["title"] as? String == "Alpha" && (number(preview($0)?["frames_presented"]) ?? 0) > 5 }
        try #require(Date().timeIntervalSince1970 < boundary - 1, "the preview must play before Late Film begins")
        let stopped = try shell.ipc.waitForState(timeout: 40) { preview($0)?["restricted"] as? Bool == true }
        let late = Date().timeIntervalSince1970 - boundary
        #expect(late < 3, "stopped \(late) s after Late Film began")
        #expect(stopped["screen"] as? String == "guide")
        #expect(try shell.ipc.request(["get_mpv_property", "path", "preview"])["data"] == nil, "its player stopped")
        #expect(shell.tmux.waitFor { $0.contains("Restricted (TV-MA)") }.ok)
    }

    @Test("a restricted channel is never decoded into the preview or a picture before its passcode")
    func restricted() throws {
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest(["--home"], width: 120, height: 40, connectTimeout: 120, cacheHome: Self.cache, home: home)
        try openGuideList(shell)
        for _ in 0..<4 { try shell.ipc.request(["keypress", "DOWN"]) }
        let guide = try shell.ipc.waitForState { preview($0)?["id"] as? String == "demo.latenight" }
        #expect(preview(guide)?["restricted"] as? Bool == true && number(preview(guide)?["frames_presented"]) == 0)
        #expect(shell.tmux.waitFor { $0.contains("Restricted (TV-MA)") }.ok)
        #expect(try shell.ipc.request(["get_mpv_property", "path", "preview"])["data"] == nil, "nothing opened")
        #expect(loads(of: "smptehdbars", shell) == 0)

        try shell.ipc.request(["keypress", "ENTER"])
        try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        try shell.ipc.request(["keypress", "p"])
        let prompt = try shell.ipc.state()
        #expect(prompt["pip"] is NSNull && prompt["screen"] as? String == "passcode", "the prompt covers everything")
        for digit in "2468" { try shell.ipc.request(["keypress", String(digit)]) }
        let playing = try shell.ipc.waitForState { $0["screen"] as? String == "player" && $0["phase"] as? String == "playing" }
        #expect(playing["pip_possible"] as? Bool == false, "restricted content does not go into a picture")
        try shell.ipc.request(["keypress", "p"])
        let refused = try shell.ipc.waitForState { ($0["notice"] as? String)?.contains("restricted content") == true }
        #expect(refused["pip"] is NSNull)
    }

    @Test("a delegate that never answers the restore is cut off after 2 s; one that answers gets its picture back")
    func delegateRestore() throws {
        let binary = URL(fileURLWithPath: TVShellBinary.path).deletingLastPathComponent().appendingPathComponent("tvshell-delegate-example").path
        for answers in [false, true] {
            let dir = TVShellBinary.scratchDirectory("pip-delegate")
            defer { try? FileManager.default.removeItem(at: dir) }
            let socket = dir.appendingPathComponent("ipc.sock").path
            let home = ParentalHome(dir.appendingPathComponent("home"))
            let tmux = try TmuxSession(command: "\(home.variables) '\(binary)' --ipc-socket '\(socket)' --restore \(answers ? "answer" : "never")",
                                       width: 100, height: 30)
            defer { tmux.kill() }
            let ipc = try IPCClient(path: socket)
            try ipc.waitForState { $0["phase"] as? String == "playing" }
            try ipc.request(["keypress", "p"])
            _ = try ipc.waitForEvent("pip-started")
            let asked = Stopwatch()
            try ipc.request(["keypress", "p"])
            let stopped = try ipc.waitForEvent("pip-stopped", timeout: 6)
            let waited = asked.elapsed
            if answers {
                #expect(stopped["reason"] as? String == "restored")
                try ipc.waitForState { $0["screen"] as? String == "player" }
            } else {
                #expect(stopped["reason"] as? String == "closed")
                #expect(waited >= 1.9 && waited < 4, "cut off after \(waited) s")
                let after = try ipc.waitForState { $0["pip"] is NSNull }
                #expect(after["screen"] as? String == "home")
            }
        }
    }

    @Test("the picture's player picks the smallest HLS variant that covers the picture, and a larger one back full screen")
    func hlsVariant() throws {
        let master = try TestMedia.hlsLadder()
        let shell = try ShellUnderTest([master], width: 160, height: 48)
        try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > 2 }
        func width(_ slot: String) -> String? { try? property("video-params/w", slot, shell) }
        #expect(width("main") == "320")
        try shell.ipc.request(["keypress", "p"])
        _ = try shell.ipc.waitForEvent("pip-started")
        let deadline = Deadline(in: 10)
        while width("picture") != "128" && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(width("picture") == "128", "48×28 px: the 128x72 variant covers it")
        try shell.ipc.request(["keypress", "p"])
        _ = try shell.ipc.waitForEvent("pip-restored")
        let back = Deadline(in: 10)
        while width("main") != "320" && !back.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(width("main") == "320")
    }
}

/// `g` opens the grid; `g` again the list, where the preview pane is.
private func openGuideList(_ shell: ShellUnderTest) throws {
    try shell.ipc.request(["keypress", "g"])
    try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
    try shell.ipc.request(["keypress", "g"])
    try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "list" }
}
