import Foundation
import ShellTesting
import Testing

@Suite("Overlays in tmux and over IPC", .serialized)
struct OverlayEndToEndTests {
    @Test("UP shows the custom overlay and DOWN dismisses it; DOWN shows the info panel; choosing a subtitle changes mpv's sid")
    func overlays() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && !(($0["tracks"] as? [Any]) ?? []).isEmpty }
        #expect(shell.tmux.waitFor { $0.contains("▲ More") }.ok, "the hint at the start")

        try shell.ipc.request(["keypress", "UP"])
        #expect(try shell.ipc.state()["overlay"] as? String == "custom")
        #expect(shell.tmux.waitFor { $0.contains("Play From Beginning") && $0.contains("Part 1") }.ok)
        try shell.ipc.request(["keypress", "DOWN"])
        #expect(try shell.ipc.state()["overlay"] as? String == "none")

        try shell.ipc.request(["keypress", "DOWN"])
        #expect(try shell.ipc.state()["overlay"] as? String == "info")
        #expect(shell.tmux.waitFor { $0.contains("Subtitles") && $0.contains("Test Clip") }.ok)
        func sid(becomes value: String) throws -> String {
            var sid = ""
            for _ in 0..<50 where sid != value {
                sid = try shell.ipc.request(["get_mpv_property", "sid"])["data"] as? String ?? ""
                usleep(20_000)
            }
            return sid
        }
        // Moving to a tab shows it at once.
        try shell.ipc.request(["keypress", "RIGHT"])
        #expect(try shell.ipc.state()["info_tab"] as? String == "Chapters")
        #expect(shell.tmux.waitFor { $0.contains("Part 1") && !$0.contains("Test Clip") }.ok, "the chapters shown, not the Info text")
        try shell.ipc.request(["keypress", "RIGHT"])
        #expect(try shell.ipc.state()["info_tab"] as? String == "Subtitles")
        // DOWN goes into the tab's content: LEFT to Off, ENTER.
        for key in ["DOWN", "LEFT", "LEFT", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        let inside = try shell.ipc.state()
        #expect(inside["info_tab"] as? String == "Subtitles" && inside["overlay"] as? String == "info", "DOWN stayed in the tab: \(inside["info_tab"] ?? "")")
        #expect(try sid(becomes: "no") == "no", "Off switches it off in mpv")
        for key in ["RIGHT", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        #expect(try sid(becomes: "1") == "1", "and the track turns it on again")
        let selected = (try shell.ipc.state()["tracks"] as? [[String: Any]] ?? []).first { $0["type"] as? String == "subtitle" }
        #expect(selected?["selected"] as? Bool == true, "mpv's track list agrees")
        // UP goes back to the tabs, UP again closes the panel.
        try shell.ipc.request(["keypress", "UP"])
        let tabs = try shell.ipc.state()
        #expect(tabs["overlay"] as? String == "info" && tabs["overlay_focus"] as? Int == 2, "back on the Subtitles tab: \(tabs["overlay_focus"] ?? "")")
        try shell.ipc.request(["keypress", "UP"])
        #expect(try shell.ipc.state()["overlay"] as? String == "none")
    }

    @Test("the demo film's subtitles are named by their language (\"English\"), not its code, in the paused bar's Subtitles menu and over IPC")
    func languageNames() throws {
        let shell = try ShellUnderTest([], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        let playing = try shell.ipc.waitForState {
            $0["phase"] as? String == "playing" && (($0["tracks"] as? [[String: Any]]) ?? []).contains { $0["type"] as? String == "subtitle" }
        }
        let subtitle = (playing["tracks"] as? [[String: Any]] ?? []).first { $0["type"] as? String == "subtitle" }
        #expect(subtitle?["title"] as? String == "English", "\(subtitle ?? [:])")
        for key in ["SPACE", "UP", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        let menu = try shell.ipc.waitForState { ($0["transport_menu"] as? [String: Any])?["open"] as? String == "Subtitles" }
        #expect((menu["transport_menu"] as? [String: Any])?["choices"] as? [String] == ["Off", "English"])
        let shown = shell.tmux.waitFor { $0.contains("English") && $0.contains("Off") }
        #expect(shown.ok && !shown.screen.contains("eng\n") && !shown.screen.contains(" eng "), "\(shown.screen)")
    }

    @Test("a downloaded release's subtitles in its Subs folder (2_English.srt, 3_French.srt) are the film's, named by language; French chosen shows")
    func releaseSubsFolder() throws {
        let dir = TVShellBinary.scratchDirectory("subs-folder")
        defer { try? FileManager.default.removeItem(at: dir) }
        let release = dir.appendingPathComponent("Night.Drive.2011.720p.BluRay")
        try FileManager.default.createDirectory(at: release.appendingPathComponent("Subs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.clipWithSidecar(name: "untitled"), toPath: release.appendingPathComponent("Night.Drive.2011.720p.BluRay.mp4").path)
        for (file, line) in [("2_English.srt", "Night falls"), ("3_French.srt", "La nuit tombe")] {
            try "1\n00:00:00,000 --> 00:01:00,000\n\(line)\n\n".write(to: release.appendingPathComponent("Subs/" + file), atomically: true, encoding: .utf8)
        }
        func subtitles(_ state: [String: Any]) -> [String] {
            ((state["tracks"] as? [[String: Any]]) ?? []).filter { $0["type"] as? String == "subtitle" }
                .map { ($0["title"] as? String ?? "") + ($0["selected"] as? Bool == true ? " ●" : "") }
        }
        let shell = try ShellUnderTest([release.path])
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && subtitles($0).count == 2 }
        #expect(subtitles(playing).map { $0.replacingOccurrences(of: " ●", with: "") } == ["English", "French"], "\(subtitles(playing))")
        // The Subtitles tab's items: LEFT to Off, RIGHT twice to French.
        for key in ["DOWN", "RIGHT", "DOWN", "LEFT", "LEFT", "LEFT", "RIGHT", "RIGHT", "ENTER", "ESC"] { try shell.ipc.request(["keypress", key]) }
        #expect(subtitles(try shell.ipc.state()) == ["English", "French ●"])
        #expect(shell.tmux.waitFor { $0.contains("La nuit tombe") }.ok, "mpv shows the French file")
    }

    @Test("broadcast recordings: a soundtrack flagged for the blind is 'German (audio description)', one tagged qaa 'Original language'; audio description chosen in one is chosen in the next, not the plain German listed before it")
    func audioDescriptionCarried() throws {
        let dir = TVShellBinary.scratchDirectory("audio-description")
        defer { try? FileManager.default.removeItem(at: dir) }
        // (language, flagged for the blind) of each soundtrack, in order.
        func recording(_ name: String, _ soundtracks: [(String, Bool)]) throws -> String {
            let path = dir.appendingPathComponent("\(name).ts").path
            var arguments = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=30"]
            for (n, _) in soundtracks.enumerated() { arguments += ["-f", "lavfi", "-i", "sine=frequency=\(300 + 100 * n):duration=30"] }
            arguments += ["-map", "0:v"] + soundtracks.indices.flatMap { ["-map", "\($0 + 1):a"] }
            arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "mp2"]
            for (n, (language, described)) in soundtracks.enumerated() {
                arguments += ["-metadata:s:a:\(n)", "language=\(language)", "-disposition:a:\(n)", described ? "visual_impaired" : "0"]
            }
            let made = try Spawn.run(arguments + [path])
            try #require(made.status == 0, "\(made.output)")
            return path
        }
        let news = try recording("News", [("deu", false), ("deu", true), ("qaa", false)])
        let film = try recording("Film", [("deu", false), ("eng", false), ("deu", true)])
        func audio(_ state: [String: Any]) -> [String] {
            ((state["tracks"] as? [[String: Any]]) ?? []).filter { $0["type"] as? String == "audio" }
                .map { ($0["title"] as? String ?? "") + ($0["selected"] as? Bool == true ? " ●" : "") }
        }
        let shell = try ShellUnderTest([news, film])
        let first = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && audio($0).count == 3 }
        #expect(audio(first) == ["German ●", "German (audio description)", "Original language"], "\(audio(first))")
        // The Audio tab's items: LEFT to the first, RIGHT once to the described one.
        for key in ["DOWN", "RIGHT", "RIGHT", "DOWN", "LEFT", "LEFT", "LEFT", "RIGHT", "ENTER", "ESC"] { try shell.ipc.request(["keypress", key]) }
        #expect(audio(try shell.ipc.state()) == ["German", "German (audio description) ●", "Original language"])

        #expect(try shell.ipc.request(["play", film])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["title"] as? String == "Film" && $0["phase"] as? String == "playing" && audio($0).count == 3 }
        try shell.ipc.waitForState { audio($0) == ["German", "English", "German (audio description) ●"] }
        #expect(try shell.ipc.request(["get_mpv_property", "aid"])["data"] as? String == "3")
    }

    @Test("a film's subtitle files are named by their language; French chosen in one film is French in the next, Off stays off, and French is chosen again after a restart; a film without French gets the player's own choice")
    func subtitlesCarried() throws {
        let dir = TVShellBinary.scratchDirectory("subtitles-carried")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The second has a German file too, listed first: French is
        // another track number there.
        let films = try ["First", "Second"].map { name in
            try filmWithSubtitles(in: dir, name: name, languages: (name == "Second" ? [("de", "German")] : []) + [("en", "English"), ("fr", "French")]) {
                "\(name) in \($0)"
            }
        }
        func subtitles(_ state: [String: Any]) -> [String] {
            ((state["tracks"] as? [[String: Any]]) ?? []).filter { $0["type"] as? String == "subtitle" }
                .map { ($0["title"] as? String ?? "") + ($0["selected"] as? Bool == true ? " ●" : "") }
        }
        let home = ParentalHome(dir.appendingPathComponent("home"))
        let shell = try ShellUnderTest(films, home: home)
        let first = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && subtitles($0).count == 2 }
        #expect(subtitles(first).map { $0.replacingOccurrences(of: " ●", with: "") } == ["English", "French"], "not the files' names: \(subtitles(first))")
        // The Subtitles tab's items: LEFT to Off, RIGHT twice to French.
        for key in ["DOWN", "RIGHT", "DOWN", "LEFT", "LEFT", "LEFT", "RIGHT", "RIGHT", "ENTER", "ESC"] { try shell.ipc.request(["keypress", key]) }
        #expect(subtitles(try shell.ipc.state()) == ["English", "French ●"])

        #expect(try shell.ipc.request(["play", films[1]])["error"] as? String == "success")
        let second = try shell.ipc.waitForState { $0["title"] as? String == "Second" && subtitles($0) == ["German", "English", "French ●"] }
        #expect(second["phase"] as? String == "playing")
        #expect(shell.tmux.waitFor { $0.contains("Second in French") }.ok, "mpv shows the French file")

        for key in ["DOWN", "RIGHT", "DOWN", "LEFT", "LEFT", "LEFT", "ENTER", "ESC"] { try shell.ipc.request(["keypress", key]) }
        #expect(subtitles(try shell.ipc.state()) == ["German", "English", "French"])
        #expect(try shell.ipc.request(["play", films[0]])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["title"] as? String == "First" && $0["phase"] as? String == "playing" && subtitles($0).count == 2 }
        #expect(try shell.ipc.request(["get_mpv_property", "sid"])["data"] as? String == "no", "subtitles stay off")
        #expect(subtitles(try shell.ipc.state()) == ["English", "French"])

        // French again, and the shell started again: French from the start.
        for key in ["DOWN", "RIGHT", "DOWN", "LEFT", "LEFT", "LEFT", "RIGHT", "RIGHT", "ENTER", "ESC"] { try shell.ipc.request(["keypress", key]) }
        #expect(subtitles(try shell.ipc.state()) == ["English", "French ●"])
        _ = try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)
        let again = try ShellUnderTest(films, home: home)
        try again.ipc.waitForState { $0["title"] as? String == "First" && $0["phase"] as? String == "playing" && subtitles($0) == ["English", "French ●"] }
        #expect(again.tmux.waitFor { $0.contains("First in French") }.ok)

        // A film without French: the player's own choice (its first), not
        // the track number French had (English there).
        let third = try filmWithSubtitles(in: dir, name: "Third", languages: [("de", "German"), ("en", "English")]) { "Third in \($0)" }
        #expect(try again.ipc.request(["play", third])["error"] as? String == "success")
        let own = try again.ipc.waitForState { $0["title"] as? String == "Third" && $0["phase"] as? String == "playing" && subtitles($0).count == 2 }
        #expect(subtitles(own) == ["German ●", "English"], "\(subtitles(own))")
    }

    @Test("on a live channel the info panel has no Chapters tab, and Now and Next start their times in one column")
    func liveInfo() throws {
        let shell = try ShellUnderTest(["--home"], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try shell.ipc.request(["channel", 1])["error"] as? String == "success")
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "DOWN"])
        // The panel's own Now line (the live bar has a "Next" of its own).
        let panel = shell.tmux.waitFor { $0.contains("Subtitles") && $0.range(of: #"Now .*\d\d:\d\d"#, options: .regularExpression) != nil }
        #expect(panel.ok, "\(panel.screen)")
        #expect(!panel.screen.contains("Chapters"), "no Chapters tab on a live channel")
        // The panel's lines only, below its tabs: the channel card of the
        // zap (still up on a slow runner) and the live bar have Now / Next
        // lines of their own, elsewhere on the screen.
        let all = panel.screen.split(separator: "\n").map(String.init)
        let lines = Array(all.drop { !$0.contains("Subtitles") })
        func timeColumn(_ label: String) -> Int? {
            guard let line = lines.first(where: { $0.contains(label + " ") && $0.range(of: #"\d\d:\d\d"#, options: .regularExpression) != nil }),
                  let range = line.range(of: #"\d\d:\d\d"#, options: .regularExpression) else { return nil }
            return line.distance(from: line.startIndex, to: range.lowerBound)
        }
        #expect(timeColumn("Now") != nil && timeColumn("Now") == timeColumn("Next"), "Now at \(timeColumn("Now") ?? -1), Next at \(timeColumn("Next") ?? -1)")
    }

    @Test("/ without a stored guide finds what plays by name, and says there is no guide to search when nothing is called so")
    func searchWithoutGuide() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest(["--home", clip])
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("/", "z", "z")
        let said = shell.tmux.waitFor { $0.contains("No channel or film is called “zz” (there is no guide to search)") }
        #expect(said.ok, "\(said.screen)")
        try shell.tmux.send("BSpace", "BSpace", "c", "l", "i", "p")
        let found = shell.tmux.waitFor { $0.contains("Film       clip-60s") }
        #expect(found.ok, "\(found.screen)")
        let search = ((try shell.ipc.state()["guide"] as? [String: Any])?["search"] as? [String: Any])
        #expect((search?["items"] as? [[String: Any]])?.count == 1 && (search?["results"] as? [Any])?.isEmpty == true, "\(search ?? [:])")
    }

    @Test("every key says what it did: +10 s, a frame, what did they say, back to live or why not")
    func feedback() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        try shell.ipc.request(["keypress", "RIGHT"])
        #expect(try shell.ipc.state()["badge"] as? String == "+10 s")
        #expect(shell.tmux.waitFor { $0.contains("+10 s") }.ok)
        try shell.ipc.request(["keypress", "l"])
        #expect(try shell.ipc.state()["badge"] as? String == "Not a live channel")
        try shell.ipc.request(["keypress", "w"])
        #expect((try shell.ipc.state()["badge"] as? String)?.hasPrefix("−15 s") == true)
        try shell.ipc.request(["keypress", "SPACE"])
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        try shell.ipc.request(["keypress", "."])
        #expect(try shell.ipc.state()["badge"] as? String == "+1 frame")
        try shell.ipc.waitForState(timeout: 5) { $0["badge"] is NSNull }
    }

    @Test("? lists the keys of the screen in front; the next key only closes the list")
    func keysList() throws {
        let shell = try ShellUnderTest(["--home"], width: 100, height: 30, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        let home = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        let hint = shell.tmux.waitFor { $0.contains("? keys") && $0.contains("g guide") && $0.contains("/ search") }
        #expect(hint.ok, "the home hint names the keys: \(hint.screen)")
        try shell.tmux.send("?")
        let listed = shell.tmux.waitFor { $0.contains("Keys") && $0.contains("the guide") && $0.contains("search channels, films and the guide") && $0.contains("any key closes") }
        #expect(listed.ok, "\(listed.screen)")
        #expect(try shell.ipc.state()["help"] as? Bool == true)
        try shell.tmux.send("Down")
        let after = try shell.ipc.waitForState { $0["help"] as? Bool == false }
        #expect(after["home_selection"] as? Int == home["home_selection"] as? Int && after["screen"] as? String == "home", "the key only closed the list")
        try shell.ipc.request(["channel", 1])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.ipc.request(["keypress", "l"])
        #expect(try shell.ipc.state()["badge"] as? String == "No timeshift on this channel: it is live")
    }
}
