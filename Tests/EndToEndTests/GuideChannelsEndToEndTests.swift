import Foundation
import ShellTesting
import Testing

private func channelNumber(_ state: [String: Any]) -> Int? { (state["channel"] as? [String: Any])?["number"] as? Int }
private func search(_ state: [String: Any]) -> [String: Any]? { (state["guide"] as? [String: Any])?["search"] as? [String: Any] }
private func playing(_ state: [String: Any], channel: Int) -> Bool { state["phase"] as? String == "playing" && channelNumber(state) == channel }

/// A lineup of Alpha (a.tv) and Bravo (b.tv) with a guide: `alpha` and
/// `bravo` are (title, start, stop) triples.
private func lineupWithGuide(_ dir: URL, alpha: [(String, Double, Double)], bravo: [(String, Double, Double)],
                             bravoRating: String? = nil) throws -> (lineup: String, guide: String) {
    func programmes(_ channel: String, _ list: [(String, Double, Double)]) -> String {
        list.map { "<programme start=\"\(xmltv($0.1))\" stop=\"\(xmltv($0.2))\" channel=\"\(channel)\"><title>\($0.0)</title></programme>" }.joined()
    }
    let guide = dir.appendingPathComponent("guide.xml")
    try "<tv>\(programmes("a.tv", alpha))\(programmes("b.tv", bravo))</tv>".write(to: guide, atomically: true, encoding: .utf8)
    let lineup = dir.appendingPathComponent("lineup.m3u")
    try """
        #EXTM3U
        #EXTINF:-1 tvg-id="a.tv",Alpha
        av://lavfi:testsrc2=size=160x90:rate=25
        #EXTINF:-1 tvg-id="b.tv"\(bravoRating.map { " tvg-rating=\"\($0)\"" } ?? ""),Bravo
        \(try TestMedia.clip())
        """.write(to: lineup, atomically: true, encoding: .utf8)
    return (lineup.path, guide.path)
}

/// From channel 1 playing: the grid, Bravo's "Big Match", ENTER (a reminder).
private func remindBigMatch(_ shell: ShellUnderTest) throws {
    try shell.ipc.request(["keypress", "g"])
    try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
    try shell.ipc.request(["keypress", "DOWN"])
    try shell.ipc.request(["keypress", "RIGHT"])
    try shell.ipc.waitForState { (($0["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String == "Big Match" }
    try remindFocused(shell)
}

/// ENTER on the focused future programme, then "Remind me", the dialog's first choice.
private func remindFocused(_ shell: ShellUnderTest) throws {
    try shell.ipc.request(["keypress", "ENTER"])
    try shell.ipc.waitForState { ((($0["recordings"] as? [String: Any])?["dialog"] as? [String: Any])?["choices"] as? [String])?.first == "Remind me" }
    try shell.ipc.request(["keypress", "ENTER"])
}

@Suite("Search, reminders, favourites and the previous channel, end to end", .serialized)
struct GuideChannelsEndToEndTests {
    @Test("/ and typed letters find a programme (the screen and get_state agree), ENTER tunes it; - goes back to the channel before; IPC guide_search answers too")
    func searchAndPrevious() throws {
        let dir = TVShellBinary.scratchDirectory("guide-search")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date().timeIntervalSince1970
        let files = try lineupWithGuide(dir, alpha: [("Morning Show", now - 3600, now + 7200)],
                                        bravo: [("Cooking Duel", now - 3600, now + 7200), ("Cooking Later", now + 7200, now + 9000)])
        let shell = try ShellUnderTest([files.lineup, "--guide", files.guide], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) && guideStored($0) }

        let answer = try shell.ipc.request(["guide_search", "cook"])
        let found = answer["data"] as? [[String: Any]] ?? []
        #expect(found.map { $0["title"] as? String } == ["Cooking Duel", "Cooking Later"], "\(answer)")
        #expect(found.first?["channel"] as? Int == 2 && found.first?["channel_name"] as? String == "Bravo")
        #expect(try shell.ipc.request(["guide_search", 3])["error"] as? String == "invalid parameter: guide_search needs the text to look for")

        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        try shell.ipc.request(["keypress", "/"])
        try shell.ipc.waitForState { search($0)?["text"] as? String == "" }
        for key in ["d", "u", "e", "l"] { try shell.ipc.request(["keypress", key]) }
        let state = try shell.ipc.waitForState { (search($0)?["results"] as? [[String: Any]])?.count == 1 }
        #expect((search(state)?["results"] as? [[String: Any]])?.first?["title"] as? String == "Cooking Duel")
        #expect(shell.tmux.waitFor { $0.contains("Search: duel") && $0.contains("Cooking Duel") && $0.contains("ENTER watch") }.ok,
                "\(shell.tmux.capture())")
        try shell.ipc.request(["keypress", "ENTER"])
        let tuned = try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 2) }
        #expect(tuned["previous_channel"] as? Int == 1 && tuned["guide"] is NSNull)

        try shell.ipc.request(["keypress", "-"])
        let back = try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 1) }
        #expect(back["previous_channel"] as? Int == 2)
    }

    @Test("without a guide, / typed in the terminal finds channels by name (every word, anywhere) and by number; DOWN and ENTER tune the one chosen")
    func searchNamesWithoutGuide() throws {
        let dir = TVShellBinary.scratchDirectory("name-search")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("lineup.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1",Alpha News
            av://lavfi:testsrc2=size=160x90:rate=25
            #EXTINF:-1 tvg-chno="2",Bravo Sport
            av://lavfi:testsrc=size=160x90:rate=25
            #EXTINF:-1 tvg-chno="3",Charlie News HD
            av://lavfi:smptebars=size=160x90:rate=25
            """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--home", "--lineup", lineup.path], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" }
        try shell.tmux.send("/")
        try shell.ipc.waitForState { search($0)?["text"] as? String == "" }
        try shell.tmux.send("n", "e", "w", "s")
        let found = try shell.ipc.waitForState { search($0)?["text"] as? String == "news" }
        #expect((search(found)?["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Alpha News", "Charlie News HD"], "\(search(found) ?? [:])")
        #expect(search(found)?["searching"] as? Bool == false, "no guide to wait for")
        #expect(shell.tmux.waitFor { $0.contains("Channel    1 Alpha News") && $0.contains("Channel    3 Charlie News HD") && !$0.contains("Bravo") }.ok,
                "\(shell.tmux.capture())")
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { search($0)?["focus"] as? Int == 1 }
        try shell.tmux.send("Enter")
        let tuned = try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 3) }
        #expect(tuned["guide"] is NSNull)
        // A channel's number typed on the search line finds it first; ENTER tunes it.
        try shell.tmux.send("g")
        try shell.ipc.waitForState { $0["screen"] as? String == "guide" }
        try shell.tmux.send("/")
        try shell.ipc.waitForState { search($0)?["text"] as? String == "" }
        try shell.tmux.send("2")
        let numbered = try shell.ipc.waitForState { search($0)?["text"] as? String == "2" }
        #expect((search(numbered)?["items"] as? [[String: Any]])?.first?["name"] as? String == "Bravo Sport", "\(search(numbered) ?? [:])")
        try shell.tmux.send("Enter")
        try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 2) }
    }

    @Test("ENTER on future programmes in the grid, then Remind me, sets reminders; a minute before they start one notice lists both; DOWN chooses, ENTER tunes")
    func reminderFires() throws {
        let dir = TVShellBinary.scratchDirectory("guide-reminder")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = (Date().timeIntervalSince1970).rounded(.down)
        let start = now + 75
        let files = try lineupWithGuide(dir, alpha: [("Alpha Now", now - 3600, start), ("Alpha Late", start, start + 7200)],
                                        bravo: [("Bravo Now", now - 3600, start), ("Big Match", start, start + 7200)])
        let shell = try ShellUnderTest([files.lineup, "--guide", files.guide], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) && guideStored($0) }
        try remindBigMatch(shell)
        let set = try shell.ipc.waitForState { ($0["reminders"] as? [[String: Any]])?.count == 1 }
        let reminder = (set["reminders"] as? [[String: Any]])?.first
        #expect(reminder?["title"] as? String == "Big Match" && reminder?["start"] as? Double == start && reminder?["channel"] as? Int == 2)
        try shell.ipc.request(["keypress", "UP"])
        try shell.ipc.waitForState { (($0["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String == "Alpha Late" }
        try remindFocused(shell)
        try shell.ipc.waitForState { ($0["reminders"] as? [[String: Any]])?.count == 2 }
        try shell.ipc.request(["keypress", "ESC"])

        let due = try shell.ipc.waitForState(timeout: 100) { $0["reminder_due"] is [String: Any] }
        let wall = Date().timeIntervalSince1970
        #expect(wall >= start - 61 && wall < start, "the notice comes a minute before (\(start - wall) s left)")
        #expect((due["reminders"] as? [Any])?.isEmpty == true)
        #expect((due["reminders_due"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Alpha Late", "Big Match"], "both kept: \(due["reminders_due"] ?? "")")
        let listed = shell.tmux.waitFor { $0.contains("2 programmes start") && $0.contains("Alpha Late on Alpha") && $0.contains("Big Match on Bravo") }
        #expect(listed.ok, "\(listed.screen)")
        try shell.ipc.request(["keypress", "DOWN"])
        #expect(((try shell.ipc.state()["reminder_due"] as? [String: Any])?["title"] as? String) == "Big Match")
        try shell.ipc.request(["keypress", "ENTER"])
        let tuned = try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 2) }
        #expect(tuned["reminder_due"] is NSNull)
    }

    @Test("Record series on a future programme in the grid schedules every airing of its title on that channel from the stored guide, a week ahead, padded, each held to the channel's rating")
    func recordSeries() throws {
        let dir = TVShellBinary.scratchDirectory("guide-series")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
        let files = try lineupWithGuide(dir, alpha: [("Alpha Now", now - 600, now + 3600)],
                                        bravo: [("Bravo Now", now - 600, now + 3600), ("Big Match", now + 3600, now + 7200),
                                                ("News", now + 7200, now + 10800), ("Big Match", now + 10800, now + 14400),
                                                ("Big Match", now + 86400, now + 90000), ("Big Match", now + 9 * 86400, now + 9 * 86400 + 3600)],
                                        bravoRating: "TV-MA")
        let shell = try ShellUnderTest([files.lineup, "--guide", files.guide], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) && guideStored($0) }
        try shell.ipc.request(["keypress", "g"])
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.request(["keypress", "RIGHT"])
        try shell.ipc.waitForState { (($0["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String == "Big Match" }
        try shell.ipc.request(["keypress", "ENTER"])
        let dialog = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["dialog"] as? [String: Any]) != nil }
        #expect(((dialog["recordings"] as? [String: Any])?["dialog"] as? [String: Any])?["choices"] as? [String] == ["Remind me", "Record", "Record series", "Cancel"])
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.request(["keypress", "ENTER"])
        let scheduled = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]])?.count == 3 }
        let list = ((scheduled["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]]) ?? []
        #expect(list.map { $0["start"] as? Double } == [now + 3600 - 60, now + 10800 - 60, now + 86400 - 60], "within a week, a minute early")
        #expect(list.map { $0["end"] as? Double } == [now + 7200 + 120, now + 14400 + 120, now + 90000 + 120], "two minutes late")
        #expect(list.allSatisfy { $0["title"] as? String == "Big Match" && $0["channel_name"] as? String == "Bravo" })
        #expect(list.allSatisfy { $0["series"] as? Bool == true })
        #expect(list.map { $0["rating"] as? String } == ["TV-MA", "TV-MA", "TV-MA"], "each airing the rule finds is held to its channel's rating, as the first: \(list)")
    }

    @Test("the r key in the grid, typed in the terminal, offers the future programme with Record focused (ENTER schedules it once); on the home screen it opens the channel's dialog, or says why a channel the player makes cannot be recorded")
    func recordKeyInGuide() throws {
        let dir = TVShellBinary.scratchDirectory("guide-record-key")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
        let files = try lineupWithGuide(dir, alpha: [("Alpha Now", now - 600, now + 3600)],
                                        bravo: [("Bravo Now", now - 600, now + 3600), ("Big Match", now + 3600, now + 7200)])
        let shell = try ShellUnderTest([files.lineup, "--guide", files.guide], width: 100, height: 30)
        try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) && guideStored($0) }
        try shell.tmux.send("g")
        try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        try shell.tmux.send("Down", "Right")
        try shell.ipc.waitForState { (($0["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String == "Big Match" }
        try shell.tmux.send("r")
        let offered = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["dialog"] as? [String: Any]) != nil }
        let dialog = (offered["recordings"] as? [String: Any])?["dialog"] as? [String: Any]
        #expect(dialog?["choices"] as? [String] == ["Remind me", "Record", "Record series", "Cancel"] && dialog?["focus"] as? Int == 1, "\(dialog ?? [:])")
        #expect(shell.tmux.waitFor { $0.contains("Big Match") && $0.contains("Record series") }.ok, "\(shell.tmux.capture())")
        try shell.tmux.send("Enter")
        let scheduled = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]])?.count == 1 }
        let list = ((scheduled["recordings"] as? [String: Any])?["scheduled"] as? [[String: Any]]) ?? []
        #expect(list.first?["title"] as? String == "Big Match" && list.first?["series"] as? Bool == false, "\(list)")

        // ESC leaves the grid to what played; ESC again, the home screen.
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "player" }
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("r")
        #expect(shell.tmux.waitFor { $0.contains("Alpha cannot be recorded") }.ok, "a channel the player makes says why at once")
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 1 }
        try shell.tmux.send("r")
        let opened = try shell.ipc.waitForState { (($0["recordings"] as? [String: Any])?["dialog"] as? [String: Any]) != nil }
        let channel = (opened["recordings"] as? [String: Any])?["dialog"] as? [String: Any]
        #expect((channel?["choices"] as? [String])?.first?.hasPrefix("Record until") == true, "\(channel ?? [:])")
    }

    @Test("a reminder for a channel the next lineup does not have is dropped with one notice")
    func reminderOfAnotherLineup() throws {
        let dir = TVShellBinary.scratchDirectory("guide-reminder-lineup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let home = ParentalHome(dir.appendingPathComponent("home"))
        let now = (Date().timeIntervalSince1970).rounded(.down)
        let files = try lineupWithGuide(dir, alpha: [("Alpha Now", now - 3600, now + 7200)],
                                        bravo: [("Bravo Now", now - 3600, now + 3600), ("Big Match", now + 3600, now + 7200)])
        do {
            let shell = try ShellUnderTest([files.lineup, "--guide", files.guide], width: 100, height: 30, home: home)
            try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) && guideStored($0) }
            try remindBigMatch(shell)
            try shell.ipc.waitForState { ($0["reminders"] as? [[String: Any]])?.count == 1 }
            try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let other = dir.appendingPathComponent("alpha-only.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"a.tv\",Alpha\nav://lavfi:testsrc2=size=160x90:rate=25\n".write(to: other, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([other.path], width: 100, height: 30, home: home)
        let told = try shell.ipc.waitForState(timeout: 20) { ($0["notice"] as? String)?.contains("Reminder dropped") == true }
        #expect((told["notice"] as? String)?.contains("Big Match on Bravo is not in this lineup") == true, "\(told["notice"] ?? "")")
        #expect((told["reminders"] as? [Any])?.isEmpty == true)
    }

    @Test("f marks channels; they survive a restart with a changed lineup (renumbered, reordered, renamed), lead the list, and flip = favourites goes round them only")
    func favouritesSurvive() throws {
        let dir = TVShellBinary.scratchDirectory("favourites")
        defer { try? FileManager.default.removeItem(at: dir) }
        let home = ParentalHome(dir.appendingPathComponent("home"))
        let first = dir.appendingPathComponent("first.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="a.tv",Alpha
            av://lavfi:testsrc2=size=160x90:rate=25
            #EXTINF:-1 tvg-id="b.tv",Bravo
            av://lavfi:mandelbrot=size=160x90:rate=25
            #EXTINF:-1,Charlie
            av://lavfi:life=size=160x90:rate=25
            """.write(to: first, atomically: true, encoding: .utf8)
        do {
            let shell = try ShellUnderTest([first.path], home: home)
            try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) }
            try shell.ipc.request(["keypress", "f"])
            try shell.ipc.waitForState { ($0["favourites"] as? [Any])?.count == 1 }
            try shell.ipc.request(["channel", 3])
            try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 3) }
            try shell.ipc.request(["keypress", "f"])
            let state = try shell.ipc.waitForState { ($0["favourites"] as? [Any])?.count == 2 }
            #expect((state["favourites"] as? [[String: Any]])?.compactMap { $0["key"] as? String } == ["Charlie", "a.tv"])
            _ = try shell.ipc.request(["quit"])
            #expect(shell.waitForExit() == 0)
        }
        let second = dir.appendingPathComponent("second.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="d.tv" tvg-chno="1",Delta
            av://lavfi:testsrc=size=160x90:rate=25
            #EXTINF:-1 tvg-id="b.tv" tvg-chno="2",Bravo
            av://lavfi:mandelbrot=size=160x90:rate=25
            #EXTINF:-1 tvg-chno="7",Charlie
            av://lavfi:life=size=160x90:rate=25
            #EXTINF:-1 tvg-id="a.tv" tvg-chno="12",Alpha HD
            av://lavfi:testsrc2=size=160x90:rate=25
            """.write(to: second, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml")
        try "[channels]\nflip = \"favourites\"\n".write(to: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([second.path, "--config", config.path], home: home)
        let state = try shell.ipc.waitForState(timeout: 20) { playing($0, channel: 1) && ($0["favourites"] as? [Any])?.count == 2 }
        let favourites = state["favourites"] as? [[String: Any]] ?? []
        #expect(favourites.compactMap { $0["channel"] as? Int } == [7, 12] && favourites.last?["name"] as? String == "Alpha HD", "\(favourites)")
        try shell.ipc.request(["keypress", "PGUP"])
        try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 7) }
        try shell.ipc.request(["keypress", "PGUP"])
        try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 12) }
        try shell.ipc.request(["keypress", "PGUP"])
        try shell.ipc.waitForState(timeout: 15) { playing($0, channel: 7) }
        try shell.ipc.request(["keypress", "g"])
        // The whole list on screen: a capture may catch the terminal mid-way through drawing it.
        let list = shell.tmux.waitFor { $0.contains("FAVOURITES") && $0.contains("Alpha HD") && $0.contains("Delta") }
        #expect(list.ok, "\(list.screen)")
        let lines = list.screen.split(separator: "\n").map(String.init)
        let favouritesRow = lines.firstIndex { $0.contains("FAVOURITES") } ?? -1
        let deltaRow = lines.firstIndex { $0.contains("Delta") } ?? -1
        #expect(favouritesRow >= 0 && deltaRow > favouritesRow + 2, "the favourites come first:\n\(list.screen)")
    }
}
