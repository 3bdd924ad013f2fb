import Foundation
import ShellCore
@testable import ShellRuntime
import TerminalUI
import Testing

@Suite("Remote and config files")
struct RemoteConfigTests {
    @Test("lircd lines: padded and unpadded codes, hex repeat counts; replies and garbage are skipped")
    func lircLines() {
        #expect(LircEvent(line: "0000000000002aff 00 KEY_UP tvbox") == LircEvent(code: "0000000000002aff", repeatCount: 0, button: "KEY_UP", remote: "tvbox"))
        #expect(LircEvent(line: "2aff 0a KEY_OK my remote")?.repeatCount == 10)
        #expect(LircEvent(line: "2aff 0a KEY_OK my remote")?.remote == "my remote")
        #expect(LircEvent(line: "BEGIN") == nil)
        #expect(LircEvent(line: "SIGHUP") == nil)
        #expect(LircEvent(line: "zz 00 KEY_UP r") == nil)
    }

    @Test("lircrc repeat rules: repeat 0 ignores repeats, delay skips the first ones, repeat N passes every Nth")
    func repeats() {
        func passing(_ b: RemoteMap.Binding) -> [Int] { (0...8).filter { b.passes(repeatCount: $0) } }
        #expect(passing(.init(.select)) == [0])
        #expect(passing(.init(.up, repeatEvery: 1, delay: 2)) == [0, 3, 4, 5, 6, 7, 8])
        #expect(passing(.init(.right, repeatEvery: 2, delay: 2)) == [0, 3, 5, 7])
        #expect(passing(.init(.left, repeatEvery: 3, delay: 0)) == [0, 1, 4, 7])
        #expect(RemoteMap.standard.command(button: "KEY_CHANNELUP", repeatCount: 3) == nil, "held channel keys do not flood flips")
        #expect(RemoteMap.standard.command(button: "KEY_7", repeatCount: 0) == .digit(7))
    }

    @Test("config.toml: keys, remote buttons with repeat rules, kiosk, recovery; bad entries named by line and key")
    func configFile() {
        let config = ShellConfigFile.parse("""
            [keys]
            x = "info"
            q = "none"
            i = "jump"
            [remote]
            KEY_RED = "guide"
            KEY_BLUE = 7
            [remote.KEY_LEFT]
            command = "left"
            repeat = 3
            delay = 1
            [lirc]
            socket = "/run/lirc/lircd"
            [kiosk]
            enabled = true
            start = 4
            fallback = "demo.testcard"
            idle_return = 600
            [recovery]
            retries = 5
            backoff = [0.5, 1, 2]
            stall = 8
            [nonsense]
            a = 1
            """, path: "/etc/tvshell/config.toml")
        #expect(config.keyMap.command(for: "x") == .info)
        #expect(config.keyMap.command(for: "q") == nil)
        #expect(config.keyMap.command(for: "i") == .info, "a bad mapping keeps the default")
        #expect(config.remoteMap.command(button: "KEY_RED", repeatCount: 0) == .guide)
        #expect(config.remoteMap.bindings["KEY_LEFT"] == RemoteMap.Binding(.left, repeatEvery: 3, delay: 1))
        #expect(config.lircSocket == "/run/lirc/lircd")
        #expect(config.kiosk && config.kioskStart == .channel(4) && config.fallback == .item("demo.testcard"))
        #expect(config.idleReturn == 600 && config.retries == 5 && config.backoff == [0.5, 1, 2] && config.stall == 8)
        #expect(config.problems.map(\.description) == [
            "/etc/tvshell/config.toml:4: keys.i: unknown command “jump”; expected one of play_pause, play, pause, left, right, up, down, select, menu, frame_back, frame_forward, channel_up, channel_down, info, guide, quit, picture_in_picture, close_picture, move_picture, swap_picture, picture_back, picture_forward, what_did_they_say, live, day_back, day_forward, previous_channel, favourite, search, multiview, record, volume_up, volume_down, mute, digit_0 … digit_9 or none",
            "/etc/tvshell/config.toml:7: remote.KEY_BLUE: expected a command name in quotes",
            "/etc/tvshell/config.toml:24: nonsense.a: unknown table [nonsense]; expected play, mpv, keys, remote, lirc, kiosk, recovery, video, pip, segments, up_next, library, live, guide, channels, mpris, input, cec, sleep, sound, scrub, accounts, recordings or mqtt",
        ])
        let unnamed = ShellConfigFile.parse("[remote]\n\"\" = \"info\"\n\"KEY OK\" = \"info\"\n[remote.\"\"]\ncommand = \"guide\"", path: "c.toml")
        #expect(unnamed.remoteMap == .standard)
        #expect(unnamed.problems.map(\.description) == [2, 3, 5].map { "c.toml:\($0): \($0 == 5 ? "remote..command" : $0 == 2 ? "remote." : "remote.KEY OK"): a button is named as lircd names it, one word such as KEY_OK (`irw` prints the names)" })
        let stall = ShellConfigFile.parse("[recovery]\nstall = 0.5", path: "c.toml")
        #expect(stall.stall == nil && stall.problems.map(\.description) == ["c.toml:2: recovery.stall: expected seconds from 1 to 600"])
        let broken = ShellConfigFile.parse("[keys]\nx = select", path: "c.toml")
        #expect(broken.keyMap == .standard)
        #expect(broken.problems.first?.line == 2)
    }

    @Test("config.toml: arrays written over several lines (one item a line, comments, a trailing comma) are read; a problem after them names its own line")
    func multiLineArrays() {
        let config = ShellConfigFile.parse("""
            [play]
            guides = [
                "http://one.test/guide.xml",  # the provider's
                "http://two.test/guide.xml",
            ]
            [recovery]
            backoff = [
                0.5, 1,
                2,
            ]
            stall = 0.5
            """, path: "c.toml")
        #expect(config.guides == ["http://one.test/guide.xml", "http://two.test/guide.xml"])
        #expect(config.backoff == [0.5, 1, 2])
        #expect(config.problems.map(\.description) == ["c.toml:11: recovery.stall: expected seconds from 1 to 600"])
    }

    @Test("the config files shipped (contrib/examples, contrib/etc) read with no problem", arguments: ["examples/config.toml", "etc/config.toml"])
    func shippedConfigs(_ name: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("contrib/" + name).path
        let config = ShellConfigFile.parse(try String(contentsOfFile: path, encoding: .utf8), path: path)
        #expect(config.problems.isEmpty, "\(config.problems.map(\.description))")
    }

    @Test("config.toml [video]: cells, colours, tolerance, decode and graphics; bad values keep the default")
    func videoSection() {
        let config = ShellConfigFile.parse("""
            [video]
            cells = "sextant"
            colors = "256"
            tolerance = 6
            decode = "full"
            graphics = "sixel"
            """, path: "v.toml")
        #expect(config.problems.isEmpty)
        #expect(config.video == VideoSettings(cells: .sextant, colors: .palette256, tolerance: 6, fastDecode: false, graphics: .sixel))
        let bad = ShellConfigFile.parse("""
            [video]
            cells = "hexants"
            tolerance = 99
            colors = "auto"
            """, path: "v.toml")
        #expect(bad.video == VideoSettings(), "auto colours is the default; bad entries keep theirs")
        #expect(bad.problems.map(\.description) == [
            "v.toml:2: video.cells: expected \"half\", \"quadrant\" or \"sextant\"",
            "v.toml:3: video.tolerance: expected 0 to 32",
        ])
    }

    @Test("config.toml [live]: timeshift on or off, its memory and disk sizes; mpv's options for a live load; bad sizes named")
    func liveSection() {
        let config = ShellConfigFile.parse("""
            [live]
            timeshift = true
            timeshift_memory = "64MiB"
            timeshift_disk = 0
            warm_neighbours = 0
            max_connections = 3
            warm_budget = { players = 2, bytes_per_minute = "60MiB" }
            warm_delay = 0.5
            """, path: "l.toml")
        #expect(config.problems.isEmpty)
        #expect(config.warmDelay == 0.5)
        #expect(config.warmNeighbours == 0 && config.maxConnections == 3)
        #expect(config.warmBudgetPlayers == 2 && config.warmBudgetBytesPerMinute == 60 << 20)
        let players = ShellConfigFile.parse("[live]\nwarm_budget = 1\n", path: "p.toml")
        #expect(players.problems.isEmpty && players.warmBudgetPlayers == 1 && players.warmBudgetBytesPerMinute == nil)
        #expect(config.timeshift == true && config.timeshiftMemory == 64 << 20 && config.timeshiftDisk == 0)
        let bad = ShellConfigFile.parse("""
            [live]
            timeshift = "yes"
            timeshift_memory = "1KiB"
            timeshift_disk = "lots"
            warm = 2
            warm_neighbours = 1
            max_connections = 0
            warm_budget = 7
            warm_budget = { bytes_per_minute = "1KiB" }
            warm_delay = 90
            """, path: "l.toml")
        #expect(bad.timeshift == nil && bad.timeshiftMemory == nil && bad.timeshiftDisk == nil)
        #expect(bad.problems.map(\.description) == [
            "l.toml:2: live.timeshift: expected true or false",
            "l.toml:3: live.timeshift_memory: expected at least \"1MiB\"",
            "l.toml:4: live.timeshift_disk: expected a size such as \"512MiB\" or \"2GiB\" (0: none)",
            "l.toml:5: live.warm: unknown setting; expected timeshift, timeshift_memory, timeshift_disk, warm_neighbours, warm_budget, warm_delay or max_connections",
            "l.toml:6: live.warm_neighbours: expected 2 or 0 (none)",
            "l.toml:7: live.max_connections: expected a whole number, 1 or more",
            "l.toml:8: live.warm_budget: expected a number of warm players, 0 to 3, or { players = 3, bytes_per_minute = \"60MiB\" }",
            "l.toml:9: live.warm_budget.bytes_per_minute: expected a size a minute such as \"60MiB\", at least \"1MiB\"",
            "l.toml:10: live.warm_delay: expected seconds from 0 to 60, such as 3 or 0.5",
        ])
        #expect(bad.warmDelay == nil)
        #expect(TimeshiftSettings.bytes("2GiB") == 2 << 30 && TimeshiftSettings.bytes("1.5G") == 3 << 29 && TimeshiftSettings.bytes("300 MB") == 300 << 20)
        #expect(TimeshiftSettings.bytes("99999999999999999999GiB") == nil && TimeshiftSettings.bytes("1e400") == nil, "more than a whole number holds ended the process")
        let huge = ShellConfigFile.parse("[live]\nwarm_budget = { players = 2, bytes_per_minute = \"99999999999999999999GiB\" }\ntimeshift_disk = \"99999999999999999999G\"\n", path: "h.toml")
        #expect(huge.problems.map(\.description) == [
            "h.toml:2: live.warm_budget.bytes_per_minute: expected a size a minute such as \"60MiB\", at least \"1MiB\"",
            "h.toml:3: live.timeshift_disk: expected a size such as \"512MiB\" or \"2GiB\" (0: none)",
        ])
        #expect(TimeshiftSettings.applies(to: "https://tv.example/a.m3u8") && !TimeshiftSettings.applies(to: "av://lavfi:testsrc")
                && !TimeshiftSettings.applies(to: "/media/film.mkv"))
    }

    @Test("config.toml [play] lineup_refresh: seconds or with a unit; too short, over 30 days or unreadable named, default kept; seconds over a day named too")
    func lineupRefresh() {
        #expect(ShellConfigFile.parse("[play]\nlineup_refresh = \"6h\"\n", path: "p.toml").lineupRefresh == 21600)
        #expect(ShellConfigFile.parse("[play]\nlineup_refresh = 900\n", path: "p.toml").lineupRefresh == 900)
        #expect(ShellConfigFile.parse("[play]\nlineup = \"http://tv.example/a.m3u\"\n", path: "p.toml").lineupRefresh == nil)
        #expect(ShellConfigFile.parse("[play]\nlineup_refresh = \"30d\"\n", path: "p.toml").lineupRefresh == 2_592_000.0)
        for slip in ["\"31d\"", "1e300", "\"1e300d\""] {
            let over = ShellConfigFile.parse("[play]\nlineup_refresh = \(slip)\n", path: "p.toml")
            #expect(over.lineupRefresh == nil && over.problems.map(\.description) == [
                "p.toml:2: play.lineup_refresh: expected a duration from a minute to 30 days, such as \"12h\", \"30m\" or 3600",
            ], "\(slip)")
        }
        for (section, key) in [("kiosk", "idle_return"), ("recovery", "backoff")] {
            let value = key == "backoff" ? "[1, 1e300]" : "86401"
            let over = ShellConfigFile.parse("[\(section)]\n\(key) = \(value)\n", path: "k.toml")
            #expect(over.problems.map(\.description) == ["k.toml:2: \(section).\(key): expected a number of seconds above 0, at most 86400 (a day)"], "\(key)")
        }
        #expect(ShellConfigFile.parse("[kiosk]\nidle_return = 86400\n", path: "k.toml").problems.isEmpty)
        let bad = ShellConfigFile.parse("[play]\nlineup_refresh = \"10s\"\nrefresh = 1\n", path: "p.toml")
        #expect(bad.lineupRefresh == nil)
        #expect(bad.problems.map(\.description) == [
            "p.toml:2: play.lineup_refresh: expected a duration from a minute to 30 days, such as \"12h\", \"30m\" or 3600",
            "p.toml:3: play.refresh: unknown setting; expected lineup, lineup_refresh, guides, theme or video",
        ])
    }

    @Test("config.toml [guide]: refresh as seconds or with a unit, the store's place; too short, unreadable or relative named, default kept")
    func guideSection() {
        #expect(ShellConfigFile.parse("[guide]\nrefresh = \"6h\"\n", path: "g.toml").guideRefresh == 21600)
        #expect(ShellConfigFile.parse("[guide]\nrefresh = 5400\n", path: "g.toml").guideRefresh == 5400)
        #expect(ShellConfigFile.parse("[guide]\nrefresh = \"1d\"\n", path: "g.toml").guideRefresh == 86400)
        for (value, line) in [("\"10s\"", 2), ("\"soon\"", 2)] {
            let bad = ShellConfigFile.parse("[guide]\nrefresh = \(value)\nreload = 1\n", path: "g.toml")
            #expect(bad.guideRefresh == nil)
            #expect(bad.problems.map(\.description) == [
                "g.toml:\(line): guide.refresh: expected a duration from a minute to 30 days, such as \"12h\", \"30m\" or 3600",
                "g.toml:3: guide.reload: unknown setting; expected refresh, reminders or store",
            ])
        }
        #expect(ShellConfigFile.parse("[guide]\nstore = \"/srv/tv/guide.sqlite3\"\n", path: "g.toml").guideStorePath == "/srv/tv/guide.sqlite3")
        for value in ["\"guide.sqlite3\"", "\"/srv/tv/\"", "3"] {
            let bad = ShellConfigFile.parse("[guide]\nstore = \(value)\n", path: "g.toml")
            #expect(bad.guideStorePath == nil && bad.problems.map(\.description) == ["g.toml:2: guide.store: expected an absolute path to a file in quotes"])
        }
    }

    @Test("config.toml [guide] reminders and [channels] flip and instant_digits: ask or tune, all or favourites, true or false; anything else named, default kept")
    func remindersAndFlip() {
        let set = ShellConfigFile.parse("[guide]\nreminders = \"tune\"\n[channels]\nflip = \"favourites\"\ninstant_digits = true\n", path: "c.toml")
        #expect(set.remindersTune && set.flipFavourites && set.instantDigits == true && set.problems.isEmpty)
        let plain = ShellConfigFile.parse("[guide]\nreminders = \"ask\"\n[channels]\nflip = \"all\"\n", path: "c.toml")
        #expect(!plain.remindersTune && !plain.flipFavourites && plain.problems.isEmpty)
        let bad = ShellConfigFile.parse("[guide]\nreminders = \"beep\"\n[channels]\nflip = 2\norder = \"x\"\ninstant_digits = \"yes\"\n", path: "c.toml")
        #expect(!bad.remindersTune && !bad.flipFavourites && bad.instantDigits == nil)
        #expect(bad.problems.map(\.description) == [
            "c.toml:2: guide.reminders: expected \"ask\" or \"tune\"",
            "c.toml:4: channels.flip: expected \"all\" or \"favourites\"",
            "c.toml:5: channels.order: unknown setting; expected flip or instant_digits",
            "c.toml:6: channels.instant_digits: expected true or false",
        ])
    }

    @Test("an lircrc's tvshell blocks become bindings; other programs' are skipped; bad lines are named")
    func lircrc() {
        let (bindings, problems) = LircrcFile.parse("""
            # remote for tvshell
            begin
                prog = tvshell
                button = KEY_RED
                config = guide
            end
            begin
                prog = mpv
                button = KEY_OK
                config = pause
            end
            begin
                prog = tvshell
                button = KEY_LEFT
                config = left
                repeat = 2
                delay = 3
            end
            begin
                prog = tvshell
                button = KEY_BLUE
                config = explode
            end
            """, path: "lircrc")
        #expect(bindings == ["KEY_RED": RemoteMap.Binding(.guide), "KEY_LEFT": RemoteMap.Binding(.left, repeatEvery: 2, delay: 3)])
        #expect(problems.map(\.description) == ["lircrc:22: config: unknown command “explode”"])
    }

    @Test("[play] and [mpv]: lineup, guides, theme, picture and libmpv options; bad ones named by line and key")
    func playTable() {
        let config = ShellConfigFile.parse("""
            [play]
            lineup = "http://tv.example/l.m3u"
            guides = ["http://tv.example/g.xml.gz", "/srv/g2.xml"]
            theme = "console16"
            video = "window"
            [mpv]
            ao = "alsa"
            volume = 80
            hwdec = true
            """, path: "c.toml")
        #expect(config.lineup == "http://tv.example/l.m3u" && config.guides == ["http://tv.example/g.xml.gz", "/srv/g2.xml"])
        #expect(config.theme == "console16" && config.videoOutput == .window)
        #expect(config.mpvOptions == [.init(key: "ao", value: "alsa"), .init(key: "volume", value: "80"), .init(key: "hwdec", value: "yes")])
        #expect(config.problems.isEmpty)
        let bad = ShellConfigFile.parse("[play]\nvideo = \"cinema\"\nguides = \"one\"\nchannel = 3\n", path: "c.toml")
        #expect(bad.problems.map(\.description) == [
            "c.toml:2: play.video: expected terminal, window, tv or none",
            "c.toml:3: play.guides: expected a list of paths or URLs, like [\"http://…/guide.xml.gz\"]",
            "c.toml:4: play.channel: unknown setting; expected lineup, lineup_refresh, guides, theme or video",
        ])
    }

    @Test("a line that is not TOML is dropped with its line named, the rest of the file is read; inline tables are tables")
    func badLineKeepsTheRest() {
        let config = ShellConfigFile.parse("""
            [keys]
            x = "info"
            y = = "guide"
            [remote]
            KEY_LEFT = { command = "left", repeat = 3, delay = 1 }
            [kiosk
            enabled = true
            [recovery]
            retries = 4
            """, path: "c.toml")
        #expect(config.keyMap.command(for: "x") == .info)
        #expect(config.remoteMap.bindings["KEY_LEFT"] == RemoteMap.Binding(.left, repeatEvery: 3, delay: 1))
        #expect(!config.kiosk, "the entries under a broken header are dropped")
        #expect(config.retries == 4)
        #expect(config.problems.map(\.description) == [
            "c.toml:3: keys.y: expected a quoted string, a number or true / false, found =; the line is ignored",
            "c.toml:6: expected a table header like [name]; the line is ignored",
        ])
    }

    @Test("a key name that can never come (a mouse button, the wheel, Alt+) is refused with its line; the others bind")
    func unknownKeyNames() {
        let config = ShellConfigFile.parse("[keys]\nMBTN_LEFT = \"select\"\nWHEEL_UP = \"up\"\n\"Alt+LEFT\" = \"left\"\nF5 = \"guide\"\n\"Ctrl+g\" = \"guide\"\nk = \"info\"\n", path: "c.toml")
        #expect(config.problems.map(\.line) == [2, 3, 4])
        #expect(config.problems.first?.message.hasPrefix("no key is called MBTN_LEFT") == true)
        #expect(config.keyMap.command(for: "F5") == .guide && config.keyMap.command(for: "k") == .info)
        #expect(config.keyMap.command(for: "Ctrl+g") == .guide)
    }
}
