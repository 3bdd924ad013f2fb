import Foundation
import ShellTesting
import Testing

/// An Xtream Codes account end to end, against `XtreamTestServer`: added
/// with the password on standard input, its live channels (grouped, with
/// the account's guide), a film and a series' episodes on the home screen;
/// a channel, the film and an episode play (the episode resumes); catch-up
/// asks for the account's `/timeshift/…`; the password is nowhere but the
/// accounts file; a changed password is told and the stored lists stay.
@Suite("Xtream Codes accounts, end to end", .serialized)
struct XtreamEndToEndTests {
    static let password = "Sup3rS3cretPW"

    /// A test server, a fresh home in a scratch folder named `name`, and
    /// `tvshell account add tv` run against it (the password on standard
    /// input).
    static func accountAdded(_ name: String) throws -> (server: XtreamTestServer, home: ParentalHome, added: (status: Int32, output: String)) {
        let server = try XtreamTestServer(user: "xcuser", password: password, segments: try TestMedia.liveSegments(), clip: try TestMedia.clip(seconds: 60))
        let home = ParentalHome(TVShellBinary.scratchDirectory(name))
        let added = try Spawn.run([TVShellBinary.path, "account", "add", "tv", "--xtream", server.base, "--user", "xcuser"],
                                  environment: home.environment, input: password + "\n")
        return (server, home, added)
    }

    /// `accountAdded`, checked, with nothing of its lists stored: as a box
    /// whose first start comes before any list was fetched.
    static func accountWithNothingStored(_ name: String) throws -> (server: XtreamTestServer, home: ParentalHome) {
        let (server, home, added) = try accountAdded(name)
        try #require(added.status == 0, "\(added.output)")
        for file in ["library.sqlite3", "library.sqlite3-wal", "library.sqlite3-shm"] {
            try? FileManager.default.removeItem(atPath: home.state + "/tvshell/" + file)
        }
        return (server, home)
    }

    /// A kiosk on account "tv" started in `home`, once it awaits the account
    /// for a reason that holds `reason` and its screen says "No channels
    /// yet" and `says`: the shell, that state, and the screen.
    static func boxAwaiting(_ home: ParentalHome, reason: String, says: String) throws -> (shell: ShellUnderTest, waiting: [String: Any], screen: String) {
        let shell = try ShellUnderTest(["--kiosk", "--account", "tv"], home: home)
        let waiting = try shell.ipc.waitForState(timeout: 30) { ($0["lineup_wait"] as? String)?.contains(reason) == true }
        #expect(waiting["items"] as? Int == 0 && waiting["phase"] as? String == "idle", "\(waiting)")
        let said = shell.tmux.waitFor { $0.contains("No channels yet") && $0.contains(says) }
        #expect(said.ok, "\(said.screen)")
        return (shell, waiting, said.screen)
    }

    /// `accountAdded`, then the provider adds channel 4 ("XC Four") while
    /// the box's stored lists are two hours old, and a config that refreshes
    /// lists older than an hour.
    static func staleAccount(_ name: String) throws -> (server: XtreamTestServer, home: ParentalHome, config: URL) {
        let (server, home, added) = try accountAdded(name)
        try #require(added.status == 0, "\(added.output)")
        server.addChannel(number: 4, name: "XC Four")
        try StoredAccountLists.age("tv", libraryPath: home.state + "/tvshell/library.sqlite3", by: 7200)
        let config = home.base.appendingPathComponent("config.toml")
        try "[accounts]\nrefresh = \"1h\"\n".write(to: config, atomically: true, encoding: .utf8)
        return (server, home, config)
    }

    @Test("account add, then --account: channels with their guide, a film and an episode that resumes, catch-up's /timeshift/ URL; the password in no log, reply, event, report, MPRIS or ps; a wrong password is told and the stored lists stay")
    func account() throws {
        let (server, home, added) = try Self.accountAdded("xtream-home")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }
        #expect(added.status == 0, "\(added.output)")
        #expect(added.output.contains("3 channels · 1 film · 2 episodes"), "\(added.output)")
        let accountsFile = home.config + "/tvshell/accounts.toml"
        let mode = (try FileManager.default.attributesOfItem(atPath: accountsFile)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600, "accounts.toml is \(String(mode ?? 0, radix: 8))")
        let listed = try Spawn.run([TVShellBinary.path, "account", "list"], environment: home.environment)
        #expect(listed.output.contains("tv") && listed.output.contains("2 connections"), "\(listed.output)")
        let inspect = try Spawn.run([TVShellBinary.path, "lineup", "inspect", "--account", "tv", "--json"], environment: home.environment)
        #expect(inspect.status == 0 && inspect.output.contains("XC Sport Two"), "\(inspect.output)")
        #expect(inspect.output.contains("/timeshift/***/***/{duration:60}/"), "\(inspect.output)")
        let requestsBefore = server.server.requests.count

        let bus = try DBusSession()
        var seen: [String] = [added.output, listed.output, inspect.output]
        do {
            let shell = try ShellUnderTest(["--account", "tv"], height: 40, home: home, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            // The lists are the stored ones: the account is signed in to in
            // the background, and the provider's note shown.
            _ = try shell.ipc.waitForState(timeout: 10) { $0["notice"] as? String == "Account tv: Welcome" }
            let playing = try shell.ipc.waitForState(timeout: 30) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
            seen.append("\(playing)")
            #expect(playing["title"] as? String == "XC News")
            #expect(server.server.requests.dropFirst(requestsBefore).contains { $0.hasPrefix("/live/xcuser/\(Self.password)/101.m3u8") },
                    "the stored lists play at once: \(server.server.requests.suffix(8))")
            // The account's guide comes into the store from xmltv.php.
            let guided = try shell.ipc.waitForState(timeout: 30) { "\($0["guide"] ?? "")".contains("News Now") || ($0["guide_status"] as? [String: Any])?["refreshed"] is NSNumber }
            seen.append("\(guided)")
            #expect(server.server.requests.contains { $0.hasPrefix("/xmltv.php?") })
            seen.append(try bus.playerctl("metadata").output)
            seen.append(try Spawn.run(["ps", "-eo", "args"]).output)

            try shell.tmux.send("Escape")
            let screen = shell.tmux.waitFor(timeout: 15) { $0.contains("Test Show S01E02") && $0.contains("News Now") }
            #expect(screen.ok, "the home screen: \(screen.screen)")
            for text in ["XC NEWS", "XC SPORT", "FILMS · DRAMA", "The Test Film", "SERIES · TEST SHOW", "Test Show S01E01 · Pilot"] {
                #expect(screen.screen.contains(text), "\(text) on \(screen.screen)")
            }
            seen.append(screen.screen)

            // Catch-up: the programme before this one, from the account's archive.
            let earlier = server.hour - 3600
            let reply = try shell.ipc.request(["catchup", 1, earlier + 60])
            seen.append("\(reply)")
            let archived = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && $0["archive"] is [String: Any] }
            seen.append("\(archived)")
            let stamp = Self.stamp(earlier)
            #expect(server.server.requests.contains("/timeshift/xcuser/\(Self.password)/60/\(stamp)/101.ts"), "\(server.server.requests.filter { $0.contains("timeshift") })")

            // The film, then the first episode, chosen on the home screen.
            try select(shell, index: 3)
            let film = try shell.ipc.waitForState(timeout: 20) { $0["title"] as? String == "The Test Film" && (number($0["frames_presented"]) ?? 0) > 0 }
            seen.append("\(film)")
            try select(shell, index: 4)
            let episode = try shell.ipc.waitForState(timeout: 20) { ($0["title"] as? String)?.hasPrefix("Test Show S01E01") == true && (number($0["frames_presented"]) ?? 0) > 0 }
            seen.append("\(episode)")
            seen.append("\(try shell.ipc.request(["seek", 36, "absolute"]))")
            seen.append("\(try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= 36 })")
            _ = try shell.ipc.request(["quit"])
            #expect(shell.waitForExit(timeout: 15) == 0)
            seen.append("\(shell.ipc.events)")
            seen.append((try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "")
        }

        // The library keeps the account's answers and plays with the account
        // as ***: the password the server echoes in user_info is taken out.
        for file in ["library.sqlite3", "library.sqlite3-wal"] {
            if let bytes = FileManager.default.contents(atPath: home.state + "/tvshell/" + file) { seen.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(seen.last?.contains("get_live_streams") == true, "the stored answers were read")
        // The provider changes the password: the stored lists still show, the reason is told.
        server.acceptPassword("Changed1")
        do {
            let shell = try ShellUnderTest(["--account", "tv", "--home"], height: 40, home: home)
            let told = try shell.ipc.waitForState(timeout: 20) { ($0["notice"] as? String)?.contains("wrong user name or password") == true }
            seen.append("\(told)")
            #expect(told["items"] as? Int == 6, "the stored lists stay")
            #expect((told["notice"] as? String)?.contains("refused user xcuser") == true, "\(told["notice"] ?? "")")
            // The episode is offered where it was left.
            try select(shell, index: 4)
            let offered = try shell.ipc.waitForState(timeout: 15) { ($0["resume_offer"] as? [String: Any]) != nil }
            seen.append("\(offered)")
            #expect((number((offered["resume_offer"] as? [String: Any])?["position"]) ?? 0) >= 35, "\(offered["resume_offer"] ?? "")")
            _ = try shell.ipc.request(["quit"])
            #expect(shell.waitForExit(timeout: 15) == 0, "a refused account is not a failed shell")
            seen.append("\(shell.ipc.events)")
            seen.append((try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "")
        }
        for (n, text) in seen.enumerated() {
            #expect(!text.contains(Self.password), "the password in capture \(n): \(text.prefix(2000))")
        }
    }

    @Test("a box (a kiosk) on an account with no lists stored, its server failing at its first start: it starts anyway, its screen naming the account and the server's answer (never the password); once the server answers, its lists come, the first channel plays and the provider's note is shown")
    func boxAwaitsAccount() throws {
        let (server, home) = try Self.accountWithNothingStored("xtream-await")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }
        server.server.inject(.serverError)
        let (shell, waiting, said) = try Self.boxAwaiting(home, reason: "500", says: "account tv")

        server.server.inject(nil)
        let playing = try shell.ipc.waitForState(timeout: 45) { $0["phase"] as? String == "playing" }
        #expect(playing["title"] as? String == "XC News" && playing["lineup_wait"] is NSNull, "\(playing)")
        #expect(shell.waitForLog("awaited since the start", timeout: 5), "\(shell.log)")
        // The provider's note, as at a start that fetched the lists.
        _ = try shell.ipc.waitForState(timeout: 10) { $0["notice"] as? String == "Account tv: Welcome" }
        for text in [said, "\(waiting)", "\(playing)", shell.log] {
            #expect(!text.contains(Self.password), "the password stays out of the screen, the replies and the log")
        }
    }

    @Test("a box (a kiosk) on an account whose server signs in but lists nothing (an account run out) starts awaiting its lists, its screen saying so, rather than ending and signing in again at each restart; once the lists come, the first channel plays")
    func boxAwaitsEmptyAccount() throws {
        let (server, home) = try Self.accountWithNothingStored("xtream-empty")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }
        server.empty(true)
        let shell = try Self.boxAwaiting(home, reason: "no channels, films or series", says: "account tv").shell

        server.empty(false)
        let playing = try shell.ipc.waitForState(timeout: 45) { $0["phase"] as? String == "playing" }
        #expect(playing["title"] as? String == "XC News" && playing["lineup_wait"] is NSNull, "\(playing)")
        #expect(shell.waitForLog("awaited since the start", timeout: 5), "\(shell.log)")
    }

    @Test("a box (a kiosk) whose account is not in accounts.toml yet (its installer adds it after the first boot) starts without it, its screen saying which and how to add it (a start in a terminal still ends, 66); once `tvshell account add` adds it, its lists come within seconds, the first channel plays, and its films' details are asked of its server")
    func boxAwaitsAccountAdded() throws {
        let server = try XtreamTestServer(user: "xcuser", password: Self.password, segments: try TestMedia.liveSegments(), clip: try TestMedia.clip(seconds: 60))
        defer { server.stop() }
        let home = ParentalHome(TVShellBinary.scratchDirectory("xtream-missing"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        // Started in a terminal (no kiosk, no TV output), it still ends with why.
        let ended = try Spawn.run([TVShellBinary.path, "--account", "tv"], environment: home.environment, input: "")
        #expect(ended.status == 66 && ended.output.contains("--account tv: no such account"), "\(ended)")
        let shell = try Self.boxAwaiting(home, reason: "no such account", says: "tvshell account add tv").shell

        let added = try Spawn.run([TVShellBinary.path, "account", "add", "tv", "--xtream", server.base, "--user", "xcuser"],
                                  environment: home.environment, input: Self.password + "\n")
        try #require(added.status == 0, "\(added.output)")
        let playing = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        #expect(playing["title"] as? String == "XC News" && playing["lineup_wait"] is NSNull, "\(playing)")
        #expect(shell.waitForLog("now in", timeout: 5) && shell.waitForLog("awaited since the start", timeout: 5), "\(shell.log)")
        // The film's card: its details asked of the server found late.
        try shell.tmux.send("Escape")
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        for _ in 0..<12 {
            guard let selection = try shell.ipc.state()["home_selection"] as? Int, selection != 3 else { break }
            try shell.tmux.send(selection < 3 ? "Down" : "Up")
            _ = try shell.ipc.waitForState { $0["home_selection"] as? Int != selection }
        }
        try shell.tmux.send("i")
        #expect(shell.tmux.waitFor { $0.contains("A film for tests.") }.ok, "the film's details: \(shell.tmux.capture())")
        #expect(server.server.requests.contains { $0.contains("action=get_vod_info") && $0.contains("vod_id=201") }, "\(server.server.requests.suffix(8))")
        #expect(linesLeaking(Self.password, in: shell.log).isEmpty, "the account's password is in no log line")
    }

    @Test("a provider's m3u_plus list with a film among its channels: the film plays as a film (not live, its length, no number, RIGHT skips 10 s, no rewind buffer), not as a channel that RIGHT flips away from")
    func filmInProviderList() throws {
        let film = try LocalHTTPServer(files: ["movie/viewer/s3cret/7.mkv": try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 60)))])
        defer { film.stop() }
        let dir = TVShellBinary.scratchDirectory("provider-film")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("get.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 group-title="Movies | Drama",Big Film (2024)
        \(film.url("movie/viewer/s3cret/7.mkv"))
        #EXTINF:-1 tvg-chno="1" group-title="UK",Bars
        av://lavfi:smptebars=size=160x90:rate=25
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path], cacheHome: dir.appendingPathComponent("cache").path)
        // The channel plays first; the film is the home list's next row.
        let channel = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        #expect(channel["title"] as? String == "Bars" && number((channel["channel"] as? [String: Any])?["number"]) == 1)
        _ = try shell.ipc.request(["keypress", "ESC"])
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        _ = try shell.ipc.request(["keypress", "DOWN"])
        _ = try shell.ipc.request(["keypress", "ENTER"])
        let playing = try shell.ipc.waitForState(timeout: 20) {
            $0["title"] as? String == "Big Film (2024)" && $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 1
        }
        #expect(playing["live"] as? Bool == false && playing["channel"] is NSNull, "\(String(describing: playing["live"])) \(String(describing: playing["channel"]))")
        #expect(abs((number(playing["duration"]) ?? 0) - 60) < 1, "its length")
        #expect(playing["timeshift"] is NSNull, "no rewind buffer reads the film")
        let before = number(playing["position"]) ?? 0
        _ = try shell.ipc.request(["keypress", "RIGHT"])
        let skipped = try shell.ipc.waitForState { (number($0["position"]) ?? 0) >= before + 9 }
        #expect(skipped["title"] as? String == "Big Film (2024)", "RIGHT skipped within the film")
    }

    @Test("lists refreshed while the shell runs are shown without a restart: the provider's new channel can be tuned, with its guide; the channel watched goes on without a reload")
    func refreshedWhileRunning() throws {
        let (server, home, config) = try Self.staleAccount("xtream-refresh")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }

        let shell = try ShellUnderTest(["--account", "tv", "--config", config.path], height: 40, home: home)
        let refreshed = try shell.ipc.waitForState(timeout: 30) { $0["items"] as? Int == 7 && $0["phase"] as? String == "playing" }
        #expect(refreshed["title"] as? String == "XC News")
        // Each load the main player makes is logged once ("load URL").
        let loads = ((try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains(" load ") && $0.contains("/101.") }
        #expect(loads.count == 1, "XC News went on, not loaded again: \(loads)")
        #expect(try shell.ipc.request(["channel", 4])["error"] as? String == "success")
        _ = try shell.ipc.waitForState(timeout: 20) { $0["title"] as? String == "XC Four" && $0["phase"] as? String == "playing" }
        // Its guide is fetched for it: the store was refreshed for the channel gained.
        #expect(try shell.ipc.request(["keypress", "g"])["error"] as? String == "success")
        let guided = try shell.ipc.waitForState(timeout: 30) { (($0["guide"] as? [String: Any])?["focus"] as? [String: Any])?["title"] as? String == "Four Now" }
        #expect(((guided["guide"] as? [String: Any])?["focus"] as? [String: Any])?["channel"] as? Int == 4)
        #expect(server.server.requests.contains { $0.hasPrefix("/live/xcuser/\(Self.password)/104.") }, "\(server.server.requests.suffix(6))")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(log.contains("lists refreshed") && !log.contains(Self.password), "\(log.suffix(2000))")
    }

    @Test("lists refreshed while the viewer is on the home screen are shown there at once; nothing starts playing")
    func refreshedOnHome() throws {
        let (server, home, config) = try Self.staleAccount("xtream-refresh-home")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }

        let shell = try ShellUnderTest(["--account", "tv", "--config", config.path, "--home"], height: 40, home: home)
        let refreshed = try shell.ipc.waitForState(timeout: 30) { $0["items"] as? Int == 7 }
        #expect(refreshed["screen"] as? String == "home" && refreshed["phase"] as? String == "idle", "\(refreshed["screen"] ?? "") \(refreshed["phase"] ?? "")")
        #expect(refreshed["home_selection"] as? Int == 0)
        #expect(shell.tmux.waitFor { $0.contains("XC Four") }.ok, "\(shell.tmux.capture())")
        let log = (try? String(contentsOfFile: shell.logPath, encoding: .utf8)) ?? ""
        #expect(!log.contains(" load "), "nothing was loaded: \(log.suffix(1500))")
    }

    /// A passcode, films limited to PG-13 (TV to TV-PG), and the provider
    /// rating its film R.
    static func limitFilmsAndRateR(_ home: ParentalHome, _ server: XtreamTestServer) throws {
        for arguments in [["set-passcode", "--stdin"], ["set", "--movies", "PG-13", "--tv", "TV-PG", "--stdin"], ["mode", "passcode", "--stdin"]] {
            try #require(try home.restrictions(arguments, input: "2468\n").status == 0)
        }
        server.rateFilm("R")
    }

    /// From the home screen, the film focused: whether its row comes to say R.
    static func filmRowSaysR(_ shell: ShellUnderTest) throws -> Bool {
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" && $0["items"] as? Int == 6 }
        for _ in 0..<3 { try shell.tmux.send("Down") }
        _ = try shell.ipc.waitForState { $0["home_selection"] as? Int == 3 }
        return shell.tmux.waitFor { screen in
            screen.split(separator: "\n").contains { $0.contains("The Test Film") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" R") }
        }.ok
    }

    @Test("a film its provider rates R (get_vod_info's mpaa_rating): its rating and plot shown once focused, the passcode asked before its first frame when films are limited to PG-13, then it plays")
    func filmRatedByProvider() throws {
        let (server, home, added) = try Self.accountAdded("xtream-rated")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }
        #expect(added.status == 0, "\(added.output)")
        try Self.limitFilmsAndRateR(home, server)
        let shell = try ShellUnderTest(["--account", "tv", "--home"], height: 40, home: home)
        // Focused on the home screen, its rating and plot are asked for before it is chosen.
        #expect(try Self.filmRowSaysR(shell), "the film's row says R: \(shell.tmux.capture())")
        try shell.tmux.send("i")
        // Over the limits, its card keeps the plot to itself; with restrictions off, the plot shows.
        #expect(shell.tmux.waitFor { $0.contains("Restricted (R): its description is not shown") }.ok, "\(shell.tmux.capture())")
        try #require(try home.restrictions(["mode", "off", "--stdin"], input: "2468\n").status == 0)
        #expect(shell.tmux.waitFor { $0.contains("A film for tests.") }.ok, "its plot: \(shell.tmux.capture())")
        try #require(try home.restrictions(["mode", "passcode", "--stdin"], input: "2468\n").status == 0)
        #expect(shell.tmux.waitFor { $0.contains("Restricted (R): its description is not shown") }.ok, "\(shell.tmux.capture())")
        try select(shell, index: 3)
        let prompt = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "passcode" }
        #expect(prompt["rating"] as? String == "R", "\(prompt["rating"] ?? "")")
        #expect(number(prompt["frames_presented"]) == 0, "nothing of it decoded before the passcode")
        #expect(server.server.requests.contains { $0.contains("action=get_vod_info") && $0.contains("vod_id=201") }, "\(server.server.requests.suffix(8))")
        try shell.enter("2468")
        _ = try shell.ipc.waitForState(timeout: 20) { $0["title"] as? String == "The Test Film" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(linesLeaking(Self.password, in: shell.log).isEmpty, "the account's password is in no log line")
    }

    @Test("scrolling through a provider's 40 films asks for no film's details until the focus rests: then for that film alone (each film passed over was a request, as many at once)")
    func filmListNotFlooded() throws {
        let server = try XtreamTestServer(user: "xcuser", password: Self.password, segments: try TestMedia.liveSegments(), clip: try TestMedia.clip(seconds: 60))
        defer { server.stop() }
        server.addFilms(40)
        let home = ParentalHome(TVShellBinary.scratchDirectory("xtream-films"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        let added = try Spawn.run([TVShellBinary.path, "account", "add", "tv", "--xtream", server.base, "--user", "xcuser"],
                                  environment: home.environment, input: Self.password + "\n")
        try #require(added.status == 0, "\(added.output)")
        let shell = try ShellUnderTest(["--account", "tv", "--home"], height: 40, home: home)
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" && $0["items"] as? Int == 46 }
        for _ in 0..<30 {
            #expect(try shell.ipc.request(["keypress", "DOWN"])["error"] as? String == "success")
            Thread.sleep(forTimeInterval: 0.04)  // a held key's repeat, 25 a second
        }
        _ = try shell.ipc.waitForState { $0["home_selection"] as? Int == 30 }
        func asked() -> [String] { server.server.requests.filter { $0.contains("action=get_vod_info") } }
        // The film the focus rests on shows its details on its card once
        // they came: a request for each film passed over would have gone out before.
        #expect(try shell.ipc.request(["keypress", "i"])["error"] as? String == "success")
        #expect(shell.tmux.waitFor { $0.contains("A film for tests.") }.ok, "the film's details: \(shell.tmux.capture())")
        // One: the film the focus rests on (a loaded machine's pause of 0.4 s between two keys may rest it on another).
        #expect((1...3).contains(asked().count), "the film the focus rests on, not each film passed over: \(asked())")
    }

    @Test("a film's rating is kept in the library: a week later, with its provider not answering, the film is still rated R and asks for the passcode (unrated films play)")
    func filmRatingKept() throws {
        let (server, home, added) = try Self.accountAdded("xtream-rating-kept")
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home.base) }
        #expect(added.status == 0, "\(added.output)")
        try Self.limitFilmsAndRateR(home, server)
        do {
            let shell = try ShellUnderTest(["--account", "tv", "--home"], height: 40, home: home)
            #expect(try Self.filmRowSaysR(shell), "asked for as it is focused: \(shell.tmux.capture())")
        }
        try StoredAccountLists.ageFilmDetails("tv", film: 201, libraryPath: home.state + "/tvshell/library.sqlite3", by: 8 * 86_400)
        server.server.inject(.serverError, pathSuffix: "player_api.php")
        let shell = try ShellUnderTest(["--account", "tv", "--home"], height: 40, home: home)
        #expect(try Self.filmRowSaysR(shell), "the kept rating: \(shell.tmux.capture())")
        try select(shell, index: 3)
        let prompt = try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "passcode" }
        #expect(prompt["rating"] as? String == "R")
        #expect(number(prompt["frames_presented"]) == 0, "nothing of it decoded before the passcode")
        #expect(shell.waitForLog("those kept on"), "\(shell.log.suffix(1500))")
    }

    @Test("a channel its provider marks is_adult is rated 18+: its number asks for the passcode before anything of it is fetched, and it is never warmed beside the channel before it")
    func adultChannel() throws {
        let server = try XtreamTestServer(user: "xcuser", password: Self.password, segments: try TestMedia.liveSegments(), clip: try TestMedia.clip(seconds: 60))
        defer { server.stop() }
        server.addChannel(number: 4, name: "XC Late", adult: true)
        let home = try ParentalHome.withPasscode()
        defer { try? FileManager.default.removeItem(at: home.base) }
        let added = try Spawn.run([TVShellBinary.path, "account", "add", "tv", "--xtream", server.base, "--user", "xcuser"],
                                  environment: home.environment, input: Self.password + "\n")
        try #require(added.status == 0, "\(added.output)")
        let shell = try ShellUnderTest(["--account", "tv"], height: 40, home: home)
        _ = try shell.ipc.waitForState(timeout: 20) { $0["title"] as? String == "XC News" && $0["phase"] as? String == "playing" }
        #expect(try shell.ipc.request(["channel", 3])["error"] as? String == "success")
        _ = try shell.ipc.waitForState(timeout: 20) { $0["title"] as? String == "XC Sport Two" && $0["phase"] as? String == "playing" }
        // The channels beside it warm after a while: not channel 4.
        let warmed = try shell.ipc.waitForState(timeout: 20) { ($0["warm_players"] as? [Any])?.isEmpty == false }
        #expect(!server.server.requests.contains { $0.hasPrefix("/live/xcuser/\(Self.password)/104.") }, "not warmed: \(warmed["warm_players"] ?? "")")
        #expect(try shell.ipc.request(["channel", 4])["error"] as? String == "success")
        let prompt = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(prompt["rating"] as? String == "18+")
        #expect(number(prompt["frames_presented"]) == 0, "nothing of it decoded before the passcode")
        #expect(!server.server.requests.contains { $0.hasPrefix("/live/xcuser/\(Self.password)/104.") }, "never fetched: \(server.server.requests.suffix(8))")
        try shell.enter("2468")
        _ = try shell.ipc.waitForState(timeout: 20) { $0["title"] as? String == "XC Late" && (number($0["frames_presented"]) ?? 0) > 0 }
    }

    @Test("account add names what is wrong: no server, an HTTP error, a server that is not Xtream Codes, a wrong password, a list that is not JSON; nothing is kept")
    func failures() throws {
        let home = ParentalHome(TVShellBinary.scratchDirectory("xtream-failures"))
        defer { try? FileManager.default.removeItem(at: home.base) }
        func add(_ server: String) throws -> (status: Int32, output: String) {
            try Spawn.run([TVShellBinary.path, "account", "add", "bad", "--xtream", server, "--user", "xcuser"], environment: home.environment,
                          input: Self.password + "\n")
        }
        let closed = try add("http://127.0.0.1:9")
        #expect(closed.status == 69 && closed.output.contains("cannot be reached"), "\(closed.output)")
        let html = try LocalHTTPServer(fallback: Data("<html><body>It works</body></html>".utf8))
        defer { html.stop() }
        let notXtream = try add(html.url(""))
        #expect(notXtream.status == 76 && notXtream.output.contains("is not an Xtream Codes server"), "\(notXtream.output)")
        html.inject(.serverError)
        let status = try add(html.url(""))
        #expect(status.status == 69 && status.output.contains("answered HTTP 500"), "\(status.output)")
        let server = try XtreamTestServer(user: "xcuser", password: "another", segments: try TestMedia.liveSegments(), clip: try TestMedia.clip(seconds: 60))
        defer { server.stop() }
        let refused = try add(server.base)
        #expect(refused.status == 77 && refused.output.contains("refused user xcuser: wrong user name or password"), "\(refused.output)")
        let broken = try LocalHTTPServer(answer: { target in
            target.contains("action=") ? Data("<html>".utf8) : Data(#"{"user_info":{"auth":1,"status":"Active"},"server_info":{}}"#.utf8)
        })
        defer { broken.stop() }
        let list = try add(broken.url(""))
        #expect(list.status == 76 && list.output.contains("get_live_categories: the answer is not JSON"), "\(list.output)")
        for output in [closed, notXtream, status, refused, list].map(\.output) {
            #expect(!output.contains(Self.password), "\(output)")
            #expect(output.contains("the account was not added"), "\(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.config + "/tvshell/accounts.toml"), "nothing kept")
    }

    /// Moves the home selection to `index` and presses ENTER.
    private func select(_ shell: ShellUnderTest, index: Int) throws {
        if (try shell.ipc.state())["screen"] as? String != "home" { try shell.tmux.send("Escape") }
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        for _ in 0..<12 {
            guard let selection = try shell.ipc.state()["home_selection"] as? Int, selection != index else { break }
            try shell.tmux.send(selection < index ? "Down" : "Up")
            _ = try shell.ipc.waitForState { $0["home_selection"] as? Int != selection }
        }
        try shell.tmux.send("Enter")
    }

    /// Xtream's archive start: `YYYY-MM-DD:HH-MM` (UTC, the server's zone).
    static func stamp(_ t: Double) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd:HH-mm"
        return formatter.string(from: Date(timeIntervalSince1970: t))
    }
}
