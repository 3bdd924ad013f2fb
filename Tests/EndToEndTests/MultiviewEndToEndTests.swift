import Foundation
import ShellTesting
import Testing

/// Multiview on live HLS channels made of pre-encoded segments served as
/// sliding windows (`SlidingLiveHLS`): no encoder runs beside the shell.
@Suite("Multiview, end to end", .serialized)
struct MultiviewEndToEndTests {
    private func views(_ state: [String: Any]) -> [[String: Any]] {
        (state["multiview"] as? [String: Any])?["views"] as? [[String: Any]] ?? []
    }

    private func lineup(_ live: SlidingLiveHLS, ratings: [Int: String] = [:], in folder: URL) throws -> String {
        var text = "#EXTM3U\n"
        for channel in 1...5 {
            text += "#EXTINF:-1 tvg-id=\"c\(channel)\" tvg-chno=\"\(channel)\" tvg-rating=\"\(ratings[channel] ?? "TV-G")\",Channel \(channel)\n\(live.url(channel: channel))\n"
        }
        let path = folder.appendingPathComponent("tv.m3u").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("M on a live channel: four views each drawing frames, the sound with the focus (libmpv's mute per player), arrows move it, ENTER makes the focused one full screen without loading it again; a TV-MA channel put in from the picker row is never opened")
    func fourViews() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try ParentalHome.withPasscode()
        let shell = try ShellUnderTest([try lineup(live, ratings: [5: "TV-MA"], in: folder)], width: 120, height: 40, home: home)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        _ = try shell.ipc.request(["keypress", "M"])
        let started = try shell.ipc.waitForEvent("multiview-started")
        #expect(started["channels"] as? [Int] == [1, 2, 3, 4])
        let up = try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && v.allSatisfy { ($0["frames_presented"] as? Int ?? 0) > 5 }
        }
        let v = views(up)
        #expect(v.map { $0["channel"] as? Int } == [1, 2, 3, 4])
        let before = v.map { $0["frames_presented"] as? Int ?? 0 }
        let rising = try shell.ipc.waitForState { state in
            let now = self.views(state).map { $0["frames_presented"] as? Int ?? 0 }
            return now.count == 4 && (0..<4).allSatisfy { now[$0] > before[$0] + 10 }
        }
        #expect(views(rising).count == 4, "each of the four views draws on")
        /// Whether `slot`'s player is muted, once it is as `expected` (mpv takes the mute a moment after the shell).
        func muted(_ slot: String, _ expected: Bool) throws -> Bool? {
            try shell.mpvProperty("mute", player: slot) { $0 == (expected ? "yes" : "no") }.map { $0 == "yes" }
        }
        #expect(try muted("view0", false) == false && muted("view1", true) == true && muted("view2", true) == true && muted("view3", true) == true, "the sound with the focus")
        // The picker row: DOWN twice from the top left, its first channel not on screen is 5 (TV-MA): ENTER puts it in view 2.
        _ = try shell.ipc.request(["keypress", "DOWN"])
        _ = try shell.ipc.request(["keypress", "DOWN"])
        _ = try shell.ipc.request(["keypress", "ENTER"])
        let restricted = try shell.ipc.waitForState { self.views($0).count == 4 && self.views($0)[2]["channel"] as? Int == 5 }
        #expect(views(restricted)[2]["restricted"] as? String == "TV-MA" && views(restricted)[2]["frames_presented"] as? Int == 0)
        #expect(shell.tmux.waitFor { $0.contains("Restricted (TV-MA)") }.ok)
        _ = try shell.ipc.request(["keypress", "UP"])
        _ = try shell.ipc.request(["keypress", "RIGHT"])
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["focus"] as? Int == 1 }
        #expect(try muted("view0", true) == true && muted("view1", false) == false, "the sound follows the focus")
        let promotedFrom = try shell.ipc.state()
        let viewFrames = views(promotedFrom)[1]["frames_presented"] as? Int ?? 0
        _ = try shell.ipc.request(["keypress", "ENTER"])
        let stopped = try shell.ipc.waitForEvent("multiview-stopped")
        #expect(stopped["channel"] as? Int == 2)
        let full = try shell.ipc.waitForState { $0["multiview"] is NSNull && ($0["channel"] as? [String: Any])?["number"] as? Int == 2 }
        // A view reports the frames it rendered; full screen, those less the
        // ones the terminal dropped (one may be dropped as it goes full screen).
        let counted = (full["frames_presented"] as? Int ?? 0) + (full["frames_dropped"] as? Int ?? 0)
        #expect(counted >= viewFrames, "the view's player went on full screen, its frames counted on: \(counted) ≥ \(viewFrames)")
        #expect(!shell.log.contains("load \(live.url(channel: 2))\n"), "channel 2 was not loaded again full screen (only in its view)")
        #expect(try muted("main", false) == false)
        #expect(!live.server.requests.contains("/live5.m3u8"), "the TV-MA channel was never opened: \(live.server.requests.filter { $0.hasSuffix(".m3u8") })")
    }

    @Test("M with the next channel warm: its view takes the warm player over and draws at once, with no second load of it")
    func warmHandedOn() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview-warm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.toml").path
        try "[live]\nwarm_delay = 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([try lineup(live, in: folder), "--config", config], width: 120, height: 40)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 && ($0["warm"] as? [Int])?.contains(2) == true }
        _ = try shell.ipc.request(["keypress", "M"])
        let up = try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && (v[1]["frames_presented"] as? Int ?? 0) > 5
        }
        #expect(views(up)[1]["channel"] as? Int == 2)
        #expect(shell.log.components(separatedBy: "warm \(live.url(channel: 2)) (").count == 2, "opened once, warm")
        #expect(!shell.log.contains("load \(live.url(channel: 2)) (view1)"), "not loaded again in its view")
        #expect(shell.log.contains("load \(live.url(channel: 3)) (view2)"), "a channel not warm opens in its view")
    }

    @Test("ENTER on a view: the views of the channels likely next stay warm (no load of them after), and channel up to one draws at once from its player")
    func promotedLeavesWarm() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview-promote-warm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.toml").path
        try "[live]\nwarm_neighbours = 2\nwarm_delay = 30\n".write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([try lineup(live, in: folder), "--config", config], width: 120, height: 40)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        _ = try shell.ipc.request(["keypress", "M"])
        try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && v.allSatisfy { ($0["frames_presented"] as? Int ?? 0) > 3 }
        }
        _ = try shell.ipc.request(["keypress", "RIGHT"])
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["focus"] as? Int == 1 }
        _ = try shell.ipc.request(["keypress", "ENTER"])
        let full = try shell.ipc.waitForState(timeout: 20) { state in
            state["multiview"] is NSNull && (state["channel"] as? [String: Any])?["number"] as? Int == 2
                && Set(state["warm"] as? [Int] ?? []) == [1, 3]
        }
        #expect(Set(full["warm"] as? [Int] ?? []) == [1, 3], "channels 1 and 3, the views beside it, warm before the 30 s warm delay")
        for channel in [1, 3] {
            #expect(!shell.log.contains("warm \(live.url(channel: channel)) ("), "channel \(channel) kept its view's player, not opened again warm")
        }
        _ = try shell.ipc.request(["keypress", "CHANNEL_UP"])
        let done = try shell.ipc.waitForEvent("channel-flip-completed")
        #expect(done["success"] as? Bool == true)
        try shell.ipc.waitForState(timeout: 20) { ($0["channel"] as? [String: Any])?["number"] as? Int == 3 && $0["phase"] as? String == "playing" }
        #expect(!shell.log.contains("load \(live.url(channel: 3))\n"), "channel 3 swapped in from its warm player, not loaded: \(shell.log)")
        #expect(shell.log.components(separatedBy: "load \(live.url(channel: 3)) (").count == 2, "opened once, in its view")
    }

    @Test("with max_connections = 3 the fourth view says why it is empty; m changes the layout, and so does the picker row's layout button; ESC goes back to the focused channel")
    func connectionCap() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview-cap")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.toml")
        try "[live]\nmax_connections = 3\nwarm_neighbours = 0\n".write(to: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([try lineup(live, in: folder), "--config", config.path], width: 120, height: 40)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(try shell.ipc.request(["multiview", [1, 2, 3, 4]])["error"] as? String == "success")
        let up = try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && (0..<3).allSatisfy { (v[$0]["frames_presented"] as? Int ?? 0) > 3 }
        }
        let blocked = views(up)[3]["blocked"] as? String ?? ""
        #expect(blocked.contains("max_connections"), "the fourth view: \(blocked)")
        #expect(shell.tmux.waitFor { $0.contains("Not opened") }.ok)
        #expect(!live.server.requests.contains("/live4.m3u8"))
        _ = try shell.ipc.request(["keypress", "m"])
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["layout"] as? String == "1+3" }
        // A remote's way to the layout: the picker row's layout button, after
        // its last channel (DOWN from the large view, RIGHT past channel 5).
        _ = try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.waitForState { (($0["multiview"] as? [String: Any])?["picker"] as? [String: Any])?["channel"] as? Int == 5 }
        _ = try shell.ipc.request(["keypress", "RIGHT"])
        try shell.ipc.waitForState { (($0["multiview"] as? [String: Any])?["picker"] as? [String: Any])?["layout"] as? Bool == true }
        #expect(shell.tmux.waitFor { $0.contains(" Layout 1+3 ") && $0.contains("ENTER next layout") }.ok)
        _ = try shell.ipc.request(["keypress", "ENTER"])
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["layout"] as? String == "grid" }
        #expect(shell.tmux.waitFor { $0.contains(" Layout 2×2 ") }.ok)
        _ = try shell.ipc.request(["keypress", "UP"])
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["picker"] is NSNull }
        _ = try shell.ipc.request(["keypress", "ESC"])
        try shell.ipc.waitForState { $0["multiview"] is NSNull && ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }
    }

    @Test("the sleep timer in multiview: asleep, every view's player stops (the box does not stream four channels in the dark all night); a key wakes it to the home screen")
    func sleepStopsViews() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview-sleep")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shell = try ShellUnderTest([try lineup(live, in: folder)], width: 120, height: 40)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        #expect(try shell.ipc.request(["multiview", [1, 2, 3, 4]])["error"] as? String == "success")
        try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && v.allSatisfy { ($0["frames_presented"] as? Int ?? 0) > 3 }
        }
        try shell.fallAsleep()
        let asleep = try shell.ipc.state()
        #expect(asleep["multiview"] is NSNull && asleep["screen"] as? String == "home", "\(asleep)")
        for slot in ["view0", "view1", "view2", "view3"] {
            #expect(try shell.mpvProperty("path", player: slot) { $0 == nil } == nil, "\(slot) stopped")
        }
        try shell.tmux.send("Down")
        let awake = try shell.ipc.waitForState { $0["sleep"] is NSNull }
        #expect(awake["multiview"] is NSNull && awake["screen"] as? String == "home")
    }

    @Test("restrictions turned on by the CLI while a TV-MA channel plays in a view: that view stops at once and says so, the others draw on, the event names it; ENTER on it asks for the passcode there, and with it the channel draws in its view again, multiview staying")
    func restrictionsApplyAtOnce() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview-restrictions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try ParentalHome.withPasscode("2468", mode: "off")
        let shell = try ShellUnderTest([try lineup(live, ratings: [3: "TV-MA"], in: folder)], width: 120, height: 40, home: home)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 }
        _ = try shell.ipc.request(["keypress", "M"])
        try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && v.allSatisfy { ($0["frames_presented"] as? Int ?? 0) > 5 }
        }
        #expect(try home.restrictions(["mode", "passcode", "--stdin"], input: "2468\n").status == 0)
        let stopped = try shell.ipc.waitForState(timeout: 5) { self.views($0).count == 4 && self.views($0)[2]["restricted"] as? String == "TV-MA" }
        #expect(views(stopped)[2]["phase"] as? String == "idle")
        let event = try shell.ipc.waitForEvent("restrictions-changed")
        let places = (event["stopped"] as? [[String: Any]] ?? []).map { $0["what"] as? String }
        #expect(places.contains("multiview"), "\(event)")
        let others = views(stopped).map { $0["frames_presented"] as? Int ?? 0 }
        try shell.ipc.waitForState { state in
            let now = self.views(state).map { $0["frames_presented"] as? Int ?? 0 }
            return now.count == 4 && [0, 1, 3].allSatisfy { now[$0] > others[$0] + 10 }
        }
        _ = try shell.ipc.request(["keypress", "DOWN"])
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["focus"] as? Int == 2 }
        #expect(shell.tmux.waitFor { $0.contains("ENTER passcode") }.ok)
        _ = try shell.ipc.request(["keypress", "ENTER"])
        let asked = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(asked["rating"] as? String == "TV-MA" && views(asked).count == 4, "multiview stays under the prompt")
        #expect(views(asked)[2]["phase"] as? String == "idle" && views(asked)[2]["frames_presented"] as? Int == 0, "nothing of it before the code")
        #expect(shell.tmux.waitFor { $0.contains("Enter the passcode to show it in its view") }.ok)
        try shell.enter("2468")
        let back = try shell.ipc.waitForState(timeout: 20) { state in
            let v = self.views(state)
            return state["screen"] as? String == "player" && v.count == 4 && v[2]["restricted"] is NSNull && (v[2]["frames_presented"] as? Int ?? 0) > 5
        }
        #expect(views(back)[2]["channel"] as? Int == 3)
    }

    @Test("a view whose channel's next programme is TV-MA stops as it begins (within a second or two), not at the shell's next half-minute look at the clock; the others draw on")
    func viewStopsAtItsProgrammesStart() throws {
        let live = try SlidingLiveHLS(folder: try TestMedia.liveSegments(), count: 20)
        defer { live.stop() }
        let folder = TVShellBinary.scratchDirectory("multiview-boundary")
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date().timeIntervalSince1970
        let boundary = now.rounded(.down) + 14
        let programmes = (1...5).map { channel in
            let night = channel == 3
                ? "<programme channel=\"c3\" start=\"\(xmltv(boundary))\" stop=\"\(xmltv(boundary + 3600))\"><title>Night</title><rating system=\"VCHIP\"><value>TV-MA</value></rating></programme>"
                : ""
            return "<channel id=\"c\(channel)\"><display-name>Channel \(channel)</display-name></channel>"
                + "<programme channel=\"c\(channel)\" start=\"\(xmltv(now - 600))\" stop=\"\(xmltv(channel == 3 ? boundary : now + 3600))\"><title>Day</title>"
                + "<rating system=\"VCHIP\"><value>TV-G</value></rating></programme>" + night
        }
        let guide = folder.appendingPathComponent("guide.xml").path
        try ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tv>" + programmes.joined(separator: "\n") + "</tv>\n").write(toFile: guide, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode("2468")
        let shell = try ShellUnderTest([try lineup(live, in: folder), "--guide", guide], width: 120, height: 40, home: home)
        try shell.ipc.waitForState(timeout: 30) { ($0["frames_presented"] as? Int ?? 0) > 2 && guideStored($0) }
        _ = try shell.ipc.request(["keypress", "M"])
        try shell.ipc.waitForState(timeout: 30) { state in
            let v = self.views(state)
            return v.count == 4 && v.allSatisfy { ($0["frames_presented"] as? Int ?? 0) > 5 }
        }
        try #require(Date().timeIntervalSince1970 < boundary - 1, "multiview must be up before channel 3's Night begins")
        let stopped = try shell.ipc.waitForState(timeout: 40) { self.views($0).count == 4 && self.views($0)[2]["restricted"] as? String == "TV-MA" }
        let late = Date().timeIntervalSince1970 - boundary
        #expect(late < 3, "stopped \(late) s after Night began")
        #expect(views(stopped)[2]["phase"] as? String == "idle")
        let others = views(stopped).map { $0["frames_presented"] as? Int ?? 0 }
        try shell.ipc.waitForState { state in
            let now = self.views(state).map { $0["frames_presented"] as? Int ?? 0 }
            return now.count == 4 && [0, 1, 3].allSatisfy { now[$0] > others[$0] + 10 }
        }
    }
}
