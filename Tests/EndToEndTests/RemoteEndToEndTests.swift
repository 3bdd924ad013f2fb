import Foundation
import ShellTesting
import Testing

@Suite("The remote through a real lircd, and remapped keys", .serialized)
struct RemoteEndToEndTests {
    @Test("buttons drive the shell; held buttons repeat by lircrc's rules; an lircrc and config.toml remap; bad entries are named")
    func remote() throws {
        let dir = TVShellBinary.scratchDirectory("lirc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lircd = try Lircd(directory: dir)
        let lircrc = dir.appendingPathComponent("lircrc").path
        try """
            begin
                prog = tvshell
                button = KEY_RED
                config = guide
            end
            """.write(toFile: lircrc, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml").path
        try """
            [keys]
            x = "info"
            y = "jump"
            [lirc]
            lircrc = "\(lircrc)"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest(["--home", "--lirc-socket", lircd.socketPath, "--config", config], width: 120, height: 36,
                                       connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(shell.tmux.waitFor { $0.contains("config.toml:3: keys.y: unknown command “jump”") }.ok, "the bad mapping is named")

        for repeatCount in 0...5 { try lircd.press("KEY_DOWN", repeat: repeatCount) }
        let moved = try shell.ipc.waitForState { $0["home_selection"] as? Int == 4 }
        #expect(moved["screen"] as? String == "home", "held DOWN: the press and repeats 3, 4, 5 count (delay 2)")
        try lircd.press("KEY_UP")
        let back = try shell.ipc.waitForState { $0["home_selection"] as? Int != 4 }
        #expect(back["home_selection"] as? Int == 3, "a press after the held DOWN (lircd keeps order) lands on 3: no repeat moved it further")

        for repeatCount in 0...3 { try lircd.press("KEY_1", repeat: repeatCount) }
        #expect(try shell.ipc.waitForState { $0["channel_entry"] as? String != nil }["channel_entry"] as? String == "1")
        try lircd.press("KEY_OK")
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }

        try shell.ipc.discardEvents()
        for repeatCount in 0...4 { try lircd.press("KEY_CHANNELUP", repeat: repeatCount) }
        let flipped = try shell.ipc.waitForEvent("channel-flip-completed")
        #expect(((flipped["target"] as? [String: Any])?["number"] as? Int) == 2, "a held channel key flips once")
        #expect(try shell.ipc.watchEvents(["channel-flip-started"], for: 0.5).count == 1, "a held channel key flips once")

        try shell.tmux.send("x")
        try shell.ipc.waitForState { $0["overlay"] as? String == "info" }
        try lircd.press("KEY_BACK")
        try shell.ipc.waitForState { $0["overlay"] as? String == "none" }
        try lircd.press("KEY_RED")
        try shell.ipc.waitForState { $0["screen"] as? String == "guide" }
        // The search line: the remote's number keys type (a channel's
        // number: found first, the focus on it), its on-screen keyboard
        // types letters, its guide key closes it.
        let search = { (state: [String: Any]) in (state["guide"] as? [String: Any])?["search"] as? [String: Any] }
        try lircd.press("KEY_SEARCH")
        try shell.ipc.waitForState { search($0)?["keyboard"] as? String == "a" }
        try lircd.press("KEY_2")
        let two = try shell.ipc.waitForState { search($0)?["text"] as? String == "2" }
        #expect((search(two)?["items"] as? [[String: Any]])?.first?["name"] as? String == "Fractal TV" && search(two)?["keyboard"] is NSNull,
                "channel 2 first, the focus on it: \(search(two) ?? [:])")
        try lircd.press("KEY_4")
        try shell.ipc.waitForState { search($0)?["text"] as? String == "24" }
        try lircd.press("KEY_UP")
        try shell.ipc.waitForState { search($0)?["keyboard"] as? String == "a" }
        // The row: a–z, 0–9, space, delete (38 keys).
        for _ in 0..<37 { try lircd.press("KEY_RIGHT") }
        try shell.ipc.waitForState { search($0)?["keyboard"] as? String == "delete" }
        try lircd.press("KEY_OK")
        try lircd.press("KEY_OK")
        try shell.ipc.waitForState { search($0)?["text"] as? String == "" }
        // "co" on the keyboard: the demo guide's Infinite Coastlines comes up.
        for _ in 0..<35 { try lircd.press("KEY_LEFT") }
        try shell.ipc.waitForState { search($0)?["keyboard"] as? String == "c" }
        try lircd.press("KEY_OK")
        for _ in 0..<12 { try lircd.press("KEY_RIGHT") }
        try shell.ipc.waitForState { search($0)?["keyboard"] as? String == "o" }
        try lircd.press("KEY_OK")
        let found = try shell.ipc.waitForState {
            search($0)?["text"] as? String == "co" && search($0)?["searching"] as? Bool == false && !((search($0)?["results"] as? [Any]) ?? []).isEmpty
        }
        #expect(shell.tmux.waitFor { $0.contains("Search: co") && $0.contains("abcdefghijklmnopqrstuvwxyz") }.ok, "the line and the keyboard on screen")
        try lircd.press("KEY_DOWN")
        let onResults = try shell.ipc.waitForState { search($0)?["keyboard"] is NSNull }
        #expect(search(onResults)?["focus"] as? Int == 0, "\(search(found) ?? [:])")
        try lircd.press("KEY_EPG")
        let closed = try shell.ipc.waitForState { search($0) == nil }
        #expect(closed["screen"] as? String == "guide", "back to the guide")

        lircd.stop()
        // The guide was opened over the channel: ESC brings it back, ESC again goes home.
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "player" }
        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("Down")
        let byKeyboard = try shell.ipc.waitForState { $0["home_selection"] as? Int == 3 }
        #expect(byKeyboard["screen"] as? String == "home", "without lircd the keyboard still works")
        let log = { (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "" }
        #expect(log().contains("closed the connection"), "the log says the remote went away")

        try lircd.start()
        let deadline = Deadline(in: 15)
        while log().components(separatedBy: "connected to lircd").count < 3 && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        #expect(log().components(separatedBy: "connected to lircd").count == 3, "reconnected by itself")
        try lircd.press("KEY_UP")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 2 }
    }

    @Test("the hints name the remote's buttons once it is pressed (OK, GUIDE, HELP), its PREV / NEXT move the grid a day, and the keyboard's keys come back once one is typed")
    func labels() throws {
        let dir = TVShellBinary.scratchDirectory("lirc-labels")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lircd = try Lircd(directory: dir)
        let shell = try ShellUnderTest(["--home", "--lirc-socket", lircd.socketPath], width: 200, height: 40,
                                       connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(shell.tmux.waitFor { $0.contains("↑↓ select · ENTER play · ? keys · g guide") }.ok, "the keyboard's keys at the start")
        try lircd.press("KEY_DOWN")
        #expect(shell.tmux.waitFor { $0.contains("↑↓ select · OK play · HELP keys · GUIDE guide · SEARCH search · FAV favourite") }.ok,
                "a remote's button pressed: its buttons")
        #expect(try shell.ipc.request(["get_state"])["data"].flatMap { ($0 as? [String: Any])?["key_labels"] as? String } == "remote")
        try lircd.press("KEY_HELP")
        #expect(shell.tmux.waitFor { $0.contains("HELP") && $0.contains("this list") && $0.contains("VOL- VOL+ MUTE") }.ok, "the list of keys names the buttons")
        try lircd.press("KEY_BACK")
        try shell.ipc.waitForState { $0["help"] as? Bool == false }
        // The guide's grid: the remote's PREV / NEXT move a day.
        try lircd.press("KEY_EPG")
        let grid = try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        let today = try #require(number((grid["guide"] as? [String: Any])?["time"]))
        #expect(shell.tmux.waitFor { $0.contains("PREV/NEXT day") }.ok, "the grid's hint names them")
        // The focus on now moves with the clock, so a day on is a day after
        // the moment the key came (a few seconds after `today`).
        func focusTime(_ state: [String: Any]) -> Double { number((state["guide"] as? [String: Any])?["time"]) ?? 0 }
        try lircd.press("KEY_NEXT")
        try shell.ipc.waitForState { (today + 86400..<today + 86400 + 60).contains(focusTime($0)) }
        try lircd.press("KEY_PREVIOUS")
        try shell.ipc.waitForState { (today..<today + 60).contains(focusTime($0)) }
        try lircd.press("KEY_BACK")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 2 }
        #expect(shell.tmux.waitFor { $0.contains("↑↓ select · ENTER play · ? keys · g guide") }.ok, "a key typed: the keyboard's keys again")
        lircd.stop()
    }

    @Test("the volume keys: a remote's VOL− / VOL+ (held: it repeats) / MUTE through lircd and the keyboard's ( ) * set mpv's volume and mute, with a badge on screen; multiview's views play at that volume; the next start has them, unless an option sets the volume")
    func volume() throws {
        let dir = TVShellBinary.scratchDirectory("lirc-volume")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lircd = try Lircd(directory: dir)
        let home = ParentalHome(dir.appendingPathComponent("home"))
        let shell = try ShellUnderTest(["--home", "--lirc-socket", lircd.socketPath], width: 120, height: 36,
                                       connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try lircd.press("KEY_VOLUMEDOWN")
        #expect(shell.tmux.waitFor { $0.contains("Volume 95 %") }.ok, "the badge over the home screen")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" && $0["home_selection"] as? Int == 0 }
        try lircd.press("KEY_1")
        try lircd.press("KEY_OK")
        try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }
        #expect(try shell.mpvProperty("volume") { $0.flatMap(Double.init) == 95 }.flatMap(Double.init) == 95, "set before the load, kept by it")

        try lircd.press("KEY_VOLUMEDOWN")
        try lircd.press("KEY_VOLUMEDOWN")
        #expect(try shell.mpvProperty("volume") { $0.flatMap(Double.init) == 85 }.flatMap(Double.init) == 85)
        for repeatCount in 0...4 { try lircd.press("KEY_VOLUMEUP", repeat: repeatCount) }
        #expect(try shell.mpvProperty("volume") { $0.flatMap(Double.init) == 105 }.flatMap(Double.init) == 105,
                "held: the press and repeats 2, 3, 4 count (delay 1)")
        #expect(shell.tmux.waitFor { $0.contains("Volume 105 %") }.ok)
        try lircd.press("KEY_MUTE")
        #expect(try shell.mpvProperty("mute") { $0 == "yes" } == "yes")
        #expect(shell.tmux.waitFor { $0.contains("Muted (volume 105 %)") }.ok)
        #expect(try shell.ipc.request(["get_property", "mute"])["data"] as? Bool == true, "the socket's mute reads the same")

        try shell.tmux.send(")")
        #expect(try shell.mpvProperty("mute") { $0 == "no" } == "no", "a step up turns the sound back on")
        #expect(try shell.mpvProperty("volume") { $0.flatMap(Double.init) == 110 }.flatMap(Double.init) == 110)
        try shell.tmux.send("*")
        #expect(try shell.mpvProperty("mute") { $0 == "yes" } == "yes")
        try shell.tmux.send("*")
        #expect(try shell.mpvProperty("mute") { $0 == "no" } == "no")

        // Multiview: the views opened now play at the shell's volume, and a
        // key changes the one with the sound.
        try shell.tmux.send("M")
        let views = try shell.ipc.waitForState(timeout: 20) { state in
            let views = ((state["multiview"] as? [String: Any])?["views"] as? [[String: Any]]) ?? []
            return views.count == 4 && views.allSatisfy { $0["phase"] as? String == "playing" || $0["phase"] as? String == "failed" }
        }
        #expect(views["screen"] as? String == "player")
        try lircd.press("KEY_RIGHT")
        try shell.ipc.waitForState { ($0["multiview"] as? [String: Any])?["focus"] as? Int == 1 }
        #expect(try shell.mpvProperty("volume", player: "view1") { $0.flatMap(Double.init) == 110 }.flatMap(Double.init) == 110, "opened at the shell's volume")
        #expect(try shell.mpvProperty("mute", player: "view1") { $0 == "no" } == "no", "the focused view has the sound")
        try shell.tmux.send("(")
        #expect(try shell.mpvProperty("volume", player: "view1") { $0.flatMap(Double.init) == 105 }.flatMap(Double.init) == 105)
        #expect(shell.tmux.waitFor { $0.contains("Volume 105 %") }.ok, "the badge over multiview")
        try shell.tmux.send("*")
        #expect(try shell.mpvProperty("mute", player: "view1") { $0 == "yes" } == "yes")
        _ = try shell.ipc.request(["quit"])
        #expect(shell.waitForExit() == 0)

        // Started again: the volume and mute as they were left.
        let again = try ShellUnderTest(["--home"], width: 120, height: 36, connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try again.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try again.ipc.request(["get_property", "volume"])["data"] as? Double == 105)
        #expect(try again.ipc.request(["get_property", "mute"])["data"] as? Bool == true)
        #expect(again.tmux.waitFor { $0.contains("The sound is off, as it was left") }.ok, "the start says why nothing is heard")
        #expect(try again.ipc.request(["channel", 1])["error"] as? String == "success")
        try again.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try again.mpvProperty("volume") { $0.flatMap(Double.init) == 105 }.flatMap(Double.init) == 105)
        #expect(try again.mpvProperty("mute") { $0 == "yes" } == "yes")
        _ = try again.ipc.request(["quit"])
        #expect(again.waitForExit() == 0)
        // An option's volume is the owner's: it wins; the mute kept stays.
        let owner = try ShellUnderTest(["--home", "--mpv-option", "volume=30"], width: 120, height: 36, connectTimeout: 120,
                                       cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try owner.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try owner.ipc.request(["get_property", "volume"])["data"] as? Double == 30)
        #expect(try owner.ipc.request(["get_property", "mute"])["data"] as? Bool == true)
        _ = try owner.ipc.request(["quit"])
        #expect(owner.waitForExit() == 0)
        // A box with a limit ([sound] max_volume, a hotel room's): the kept 105 % starts at it, and nothing goes past it.
        let config = dir.appendingPathComponent("limit.toml").path
        try "[sound]\nmax_volume = 50\n".write(toFile: config, atomically: true, encoding: .utf8)
        let limited = try ShellUnderTest(["--home", "--config", config], width: 120, height: 36, connectTimeout: 120,
                                         cacheHome: DemoLineupEndToEndTests.cacheHome, home: home)
        try limited.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(try limited.ipc.request(["get_property", "volume"])["data"] as? Double == 50)
        try limited.tmux.send(")")
        #expect(limited.tmux.waitFor { $0.contains("Volume 50 % · the highest here") }.ok, "a step up at the limit says so")
        #expect(try limited.ipc.request(["set_property", "volume", 100])["error"] as? String == "success")
        #expect(try limited.ipc.request(["get_property", "volume"])["data"] as? Double == 50, "the socket goes no louder")
        #expect(try limited.ipc.request(["channel", 1])["error"] as? String == "success")
        try limited.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try limited.mpvProperty("volume") { $0.flatMap(Double.init) == 50 }.flatMap(Double.init) == 50)
    }

    @Test("lircd not running at start: the keyboard works, the log says so, and the remote works once lircd starts")
    func lircdLater() throws {
        let dir = TVShellBinary.scratchDirectory("lirc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("lircd.sock").path
        let shell = try ShellUnderTest(["--home", "--lirc-socket", socket], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 1 }
        let log = { (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "" }
        #expect(log().contains("lircd at \(socket): No such file or directory; the remote is off, the keyboard works"))
        let lircd = try Lircd(directory: dir)
        let deadline = Deadline(in: 15)
        while !log().contains("connected to lircd") && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.1) }
        try lircd.press("KEY_DOWN")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 2 }
        #expect(log().components(separatedBy: "the remote is off").count == 2, "said once, not at every retry")
    }

    @Test("lircd back after 8 s away (the back-off then waits up to 8 s): the remote is back within 1 s of its socket")
    func lircdBackAtOnce() throws {
        let dir = TVShellBinary.scratchDirectory("lirc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lircd = try Lircd(directory: dir)
        let shell = try ShellUnderTest(["--home", "--lirc-socket", lircd.socketPath], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try lircd.press("KEY_DOWN")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 1 }
        let log = { (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "" }
        let connections = { log().components(separatedBy: "connected to lircd").count - 1 }
        #expect(connections() == 1)

        lircd.stop()
        let gone = Deadline(in: 10)
        while !log().contains("closed the connection") && !gone.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 8)
        try lircd.start()
        let back = Stopwatch()
        while connections() < 2 && back.elapsed < 15 { Thread.sleep(forTimeInterval: 0.02) }
        let waited = back.elapsed
        #expect(connections() == 2, "reconnected")
        #expect(waited < 1, "the remote is back \(waited) s after lircd's socket")
        try lircd.press("KEY_DOWN")
        try shell.ipc.waitForState { $0["home_selection"] as? Int == 2 }
    }
}
