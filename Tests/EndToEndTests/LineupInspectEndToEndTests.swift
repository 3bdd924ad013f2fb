import Foundation
import ShellTesting
import Testing

private let sharedData: URL = {
    var dir = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { dir.deleteLastPathComponent() }
    return dir.appendingPathComponent("Fixtures/data")
}()

@Suite("tvshell lineup inspect")
struct LineupInspectEndToEndTests {
    @Test("a lineup that trickles in for 4 s is waited for, not spun for: the process's CPU is a small part of the time")
    func trickleWaited() throws {
        let lineup = "#EXTM3U\n" + (1...200).map { "#EXTINF:-1 tvg-id=\"c\($0)\",Channel \($0)\nhttp://tv.example/\($0).ts\n" }.joined()
        let server = try LocalHTTPServer(files: ["slow.m3u": Data(lineup.utf8)])
        defer { server.stop() }
        server.inject(.rate(lineup.utf8.count / 4))
        let cost = try Spawn.measure([TVShellBinary.path, "lineup", "inspect", server.url("slow.m3u")])
        #expect(cost.status == 0 && cost.seconds >= 3.5)
        // Foundation's URLSession kept a core busy while it waited (3.4 s of CPU here).
        #expect(cost.cpuSeconds < cost.seconds * 0.25, "\(cost.cpuSeconds) s of CPU in \(cost.seconds) s")
    }

    @Test("text: channels as parsed and problems with line numbers; exit 0")
    func text() throws {
        let (status, output) = try Spawn.run([TVShellBinary.path, "lineup", "inspect", sharedData.appendingPathComponent("iptv-playlist-parser_fixture_base.m3u").path])
        #expect(status == 0)
        #expect(output.contains("5 channels, 1 film, 1 problem"))
        #expect(output.contains("1\tChannel 1 (Tested)"))
        #expect(output.contains("id: CH1   group: Music"))
        #expect(output.contains("line 10: expected a stream URL"))
    }

    @Test("a player's playlist beside channels: its files are counted as films apart from the channels, each said to be one (on_demand in JSON), found beside the playlist")
    func films() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-films")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("evening.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"news\" tvg-chno=\"5\",News\nhttp://tv.example/news.m3u8\n#EXTINF:-1,Pilot\nSeason 1/Episode 1.mkv\n#EXTINF:-1,Finale\n/media/Season 1/Episode 9.mkv\n"
            .write(to: lineup, atomically: true, encoding: .utf8)
        let text = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path])
        #expect(text.status == 0 && text.output.hasPrefix("\(lineup.path): 1 channel, 2 films, 0 problems\n"), "\(text.output)")
        #expect(text.output.contains("url: \(dir.path)/Season 1/Episode 1.mkv\n\ta file, played as a film"), "\(text.output)")
        let json = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path, "--json"])
        let channels = try #require((try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["channels"] as? [[String: Any]])
        #expect(channels.map { $0["on_demand"] as? Bool } == [false, true, true])

        try "#EXTM3U\n#EXTINF:-1,Pilot\nSeason 1/Episode 1.mkv\n".write(to: lineup, atomically: true, encoding: .utf8)
        let only = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path])
        #expect(only.output.hasPrefix("\(lineup.path): 1 film, 0 problems\n"), "\(only.output)")
    }

    @Test("a gzip lineup (.m3u.gz, as gzip made it) reads as the plain one")
    func gzipped() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-gzip")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Beside each other: the lineup's relative entries are files beside it.
        let plain = dir.appendingPathComponent("lineup.m3u").path
        try FileManager.default.copyItem(atPath: sharedData.appendingPathComponent("iptv-playlist-parser_fixture_base.m3u").path, toPath: plain)
        let packed = dir.appendingPathComponent("lineup.m3u.gz").path
        let (zipped, _) = try Spawn.run(["/bin/sh", "-c", "gzip -c '\(plain)' > '\(packed)'"])
        #expect(zipped == 0)
        let (status, output) = try Spawn.run([TVShellBinary.path, "lineup", "inspect", packed])
        let (_, expected) = try Spawn.run([TVShellBinary.path, "lineup", "inspect", plain])
        #expect(status == 0 && output.contains("5 channels, 1 film, 1 problem"))
        #expect(output.replacingOccurrences(of: packed, with: plain) == expected)
    }

    @Test("JSON with a guide: now / next for channels the guide knows")
    func jsonWithGuide() throws {
        let dir = TVShellBinary.scratchDirectory("inspect")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date().timeIntervalSince1970
        func stamp(_ t: Double) -> String {
            let f = DateFormatter()
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyyMMddHHmmss"
            return f.string(from: Date(timeIntervalSince1970: t)) + " +0000"
        }
        let lineup = dir.appendingPathComponent("l.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"news.example\" tvg-chno=\"5\",News\nhttp://example.invalid/news.m3u8\n".write(to: lineup, atomically: true, encoding: .utf8)
        let guide = dir.appendingPathComponent("g.xml")
        try """
        <tv><channel id="news.example"><display-name>News</display-name></channel>
        <programme start="\(stamp(now - 600))" stop="\(stamp(now + 600))" channel="news.example"><title>Headlines</title>
        <rating system="VCHIP"><value>TV-PG</value></rating></programme>
        <programme start="\(stamp(now + 600))" stop="\(stamp(now + 1800))" channel="news.example"><title>Weather</title></programme></tv>
        """.write(to: guide, atomically: true, encoding: .utf8)
        let (status, output) = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path, "--guide", guide.path, "--json"])
        #expect(status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let channel = try #require((root["channels"] as? [[String: Any]])?.first)
        #expect(channel["number"] as? Int == 5)
        #expect((channel["now"] as? [String: Any])?["title"] as? String == "Headlines")
        #expect((channel["next"] as? [String: Any])?["title"] as? String == "Weather")
        #expect(((root["guide"] as? [String: Any])?["programmes"] as? Int) == 2)
    }

    @Test("catch-up settings: each channel's mode, days and archive URL template, in text and JSON")
    func catchup() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-catchup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("l.m3u")
        try """
        #EXTM3U catchup-days="2"
        #EXTINF:-1 tvg-id="a" catchup="shift",A
        http://live.tv/a.m3u8
        #EXTINF:-1 tvg-id="b" catchup="xc" catchup-days="7" catchup-correction="-1",B
        http://list.tv:8080/live/u/p/1477.m3u8
        #EXTINF:-1 tvg-id="c",C
        http://live.tv/c.m3u8
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let text = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path])
        #expect(text.output.contains("catch-up: shift, 2 days: http://live.tv/a.m3u8?utc={utc}&lutc={lutc}"), "\(text.output)")
        #expect(text.output.contains("catch-up: xc, 7 days, corrected -1.0 h: http://list.tv:8080/timeshift/***/***/{duration:60}/{Y}-{m}-{d}:{H}-{M}/1477.m3u8"), "the account as ***: \(text.output)")
        let json = try Spawn.run([TVShellBinary.path, "lineup", "inspect", "--json", lineup.path])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let channels = try #require(root["channels"] as? [[String: Any]])
        let catchups = channels.map { $0["catchup"] as? [String: Any] }
        #expect(catchups[0]?["mode"] as? String == "shift" && catchups[0]?["days"] as? Int == 2)
        #expect(catchups[1]?["mode"] as? String == "xc" && catchups[1]?["correction"] as? Double == -1)
        #expect(catchups[2] == nil, "no catch-up: no key")
    }

    @Test("alternates: entries with the same tvg-id, or the same name and group, are one channel with its other streams listed")
    func alternates() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-alternates")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("l.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="news.uk" tvg-chno="5" group-title="UK",News HD
        http://a.tv/news.m3u8
        #EXTINF:-1 tvg-id="sport",Sport
        http://a.tv/sport.m3u8
        #EXTINF:-1 tvg-id="news.uk" tvg-chno="9" group-title="UK",News SD
        http://b.tv/news.m3u8|User-Agent=Box
        #EXTINF:-1 group-title="Films",Cinema
        http://a.tv/cinema.m3u8
        #EXTINF:-1 group-title="films",cinema
        http://b.tv/cinema.m3u8
        #EXTINF:-1 group-title="Other",Cinema
        http://c.tv/cinema.m3u8
        http://a.tv/index.m3u8
        http://b.tv/index.m3u8
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let text = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path])
        #expect(text.output.hasPrefix("\(lineup.path): 6 channels, 0 problems"), "\(text.output)")
        #expect(text.output.contains("\turl: http://a.tv/news.m3u8\n\talternate 2: http://b.tv/news.m3u8   line: 6\n"), "\(text.output)")
        let json = try Spawn.run([TVShellBinary.path, "lineup", "inspect", "--json", lineup.path])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let channels = try #require(root["channels"] as? [[String: Any]])
        #expect(channels.map { $0["name"] as? String ?? "" } == ["Sport", "Cinema", "Cinema", "index.m3u8", "News HD", "index.m3u8"],
                "the first entry of each channel, by number (the lineup has tvg-chno); names made from URLs match nothing")
        #expect(channels.map { $0["number"] as? Int ?? 0 } == [1, 2, 3, 4, 5, 6])
        let alternates = channels.map { ($0["alternates"] as? [[String: Any]]) ?? [] }
        #expect(alternates.map(\.count) == [0, 1, 0, 0, 1, 0])
        #expect(alternates[4].first?["url"] as? String == "http://b.tv/news.m3u8")
        #expect(alternates[4].first?["headers"] as? [String: String] == ["User-Agent": "Box"])
        #expect(alternates[4].first?["line"] as? Int == 6)
        #expect(alternates[1].first?["url"] as? String == "http://b.tv/cinema.m3u8")
    }

    @Test("--json escapes what JSON must: quotes, backslashes, tabs and control characters in names and URLs come back as they were")
    func jsonEscapes() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-escapes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("l.m3u")
        let name = "Say \"Hi\" \\ to\tZoë \u{01} 東京"
        try "#EXTM3U\n#EXTINF:-1 tvg-id=\"a\\b\",\(name)\nhttp://x.test/a?q=\"1\"\n".write(to: lineup, atomically: true, encoding: .utf8)
        let json = try Spawn.run([TVShellBinary.path, "lineup", "inspect", "--json", lineup.path])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.output)")
        let channel = try #require((root["channels"] as? [[String: Any]])?.first)
        #expect(channel["name"] as? String == name)
        #expect(channel["id"] as? String == "a\\b" && channel["url"] as? String == "http://x.test/a?q=\"1\"")
        #expect(channel["rating"] is NSNull && (channel["alternates"] as? [Any])?.isEmpty == true)
    }

    @Test("ratings as the passcode gate holds them: an age with the rating it counts as, 18+ from a group named for adults, a rating not understood said so; in JSON held_to and rating_from beside the lineup's own")
    func ratingsHeld() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-ratings")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("l.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1" tvg-rating="TV-PG",Plain
            http://x.test/1.m3u8
            #EXTINF:-1 tvg-chno="2" tvg-rating="16+",Late
            http://x.test/2.m3u8
            #EXTINF:-1 tvg-chno="3" group-title="XXX Night",Night
            http://x.test/3.m3u8
            #EXTINF:-1 tvg-chno="4" tvg-rating="spicy",Odd
            http://x.test/4.m3u8
            #EXTINF:-1 tvg-chno="5",None
            http://x.test/5.m3u8
            """.write(to: lineup, atomically: true, encoding: .utf8)
        let text = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path]).output
        for line in ["rating: TV-PG   line", "rating: 16+ (held as TV-MA)", "rating: 18+ from its group's name (held as TV-MA)",
                     "rating: spicy (not understood: unrated)", "group: -   rating: -   line"] {
            #expect(text.contains(line), "\(line) in \(text)")
        }
        let json = try Spawn.run([TVShellBinary.path, "lineup", "inspect", "--json", lineup.path]).output
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        let channels = try #require(root["channels"] as? [[String: Any]])
        #expect(channels.map { $0["rating"] as? String } == ["TV-PG", "16+", nil, "spicy", nil], "the lineup's own, as before")
        #expect(channels.map { $0["held_to"] as? String } == ["TV-PG", "TV-MA", "TV-MA", nil, nil])
        #expect(channels.map { $0["rating_from"] as? String } == ["lineup", "lineup", "group", "lineup", nil])
    }

    @Test("a missing file exits 66 naming it; a usage error exits 64")
    func exitCodes() throws {
        let missing = try Spawn.run([TVShellBinary.path, "lineup", "inspect", "/nonexistent/lineup.m3u"])
        #expect(missing.status == 66)
        #expect(missing.output.contains("/nonexistent/lineup.m3u: no such file"))
        let usage = try Spawn.run([TVShellBinary.path, "lineup", "inspect"])
        #expect(usage.status == 64)
        let badOption = try Spawn.run([TVShellBinary.path, "--mpv-option", "novalue"])
        #expect(badOption.status == 64)
        #expect(badOption.output.contains("expected KEY=VALUE"))
    }

    @Test("a hostile lineup's escape sequences (a window title, a colour) are shown, not obeyed, by `lineup inspect` on a terminal and in the shell's log; into a pipe the text goes as it is")
    func escapeSequences() throws {
        let dir = TVShellBinary.scratchDirectory("inspect-escapes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("evil.m3u")
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"1\",Evil\u{1b}]2;PWNED\u{07}Name \u{1b}[31mRED\nav://lavfi:testsrc2=size=160x90:rate=25\njunk\u{1b}]2;JUNK\u{07}\n"
            .write(to: lineup, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(command: "'\(TVShellBinary.path)' lineup inspect '\(lineup.path)'; sleep 30", width: 100, height: 30)
        defer { tmux.kill() }
        let shown = tmux.waitFor { $0.contains("problems in") }
        #expect(shown.ok && shown.screen.contains("Evil^[]2;PWNED^GName ^[[31mRED"), "\(shown.screen)")
        #expect(shown.screen.contains("junk^[]2;JUNK^G"), "the problem's quoted line too: \(shown.screen)")
        let title = tmux.display("#{pane_title}")
        #expect(!title.contains("PWNED") && !title.contains("JUNK"), "the window title: \(title)")
        #expect(!tmux.capture(escapes: true).contains("\u{1b}[31m"), "no red")

        let piped = try Spawn.run([TVShellBinary.path, "lineup", "inspect", lineup.path, "--json"])
        #expect(piped.output.contains("Evil\\u001b]2;PWNED\\u0007Name"), "JSON escapes it itself: \(piped.output)")

        let shell = try ShellUnderTest(["--home", lineup.path])
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(shell.waitForLog("JUNK", timeout: 5), "the problem logged")
        let written = shell.log
        #expect(written.contains("junk^[]2;JUNK^G") && !written.contains("\u{1b}"), "\(written)")
    }
}

@Suite("Lineups and guides over HTTP")
struct LineupOverHTTPTests {
    @Test("lineup inspect and the player read http URLs; an HTTP error, or a stream given for the guide, exits 66 naming it")
    func http() throws {
        let server = try LocalHTTPServer(files: [
            "tv.m3u": Data("#EXTM3U\n#EXTINF:-1 tvg-id=\"t\" tvg-chno=\"7\" group-title=\"Test\",Seven\nav://lavfi:testsrc2=size=160x90:rate=25\n".utf8),
            "guide.xml": Data("<tv><channel id=\"t\"><display-name>Seven</display-name></channel></tv>".utf8),
            "seven.ts": Data((0..<100).flatMap { _ in [UInt8(0x47), 0x40, 0x11, 0x10] + [UInt8](repeating: 0xFF, count: 184) }),
        ])
        defer { server.stop() }
        let stream = try Spawn.run([TVShellBinary.path, "lineup", "inspect", server.url("tv.m3u"), "--guide", server.url("seven.ts")])
        #expect(stream.status == 66 && stream.output.contains("seven.ts: is an MPEG-TS video stream, not an XMLTV guide"), "\(stream.output)")
        let inspect = try Spawn.run([TVShellBinary.path, "lineup", "inspect", server.url("tv.m3u"), "--guide", server.url("guide.xml")])
        #expect(inspect.status == 0)
        #expect(inspect.output.contains("1 channel, 0 problems") && inspect.output.contains("7\tSeven"))
        #expect(inspect.output.contains("1 channels, 0 programmes"))
        let missing = try Spawn.run([TVShellBinary.path, "lineup", "inspect", server.url("nope.m3u")])
        #expect(missing.status == 66)
        #expect(missing.output.contains("nope.m3u: HTTP 404"))

        let dir = TVShellBinary.scratchDirectory("http")
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("ipc.sock").path
        let tmux = try TmuxSession(command: "'\(TVShellBinary.path)' --ipc-socket '\(socket)' --mpv-option ao=null --lineup '\(server.url("tv.m3u"))' --guide '\(server.url("guide.xml"))'")
        defer { tmux.kill() }
        let ipc = try IPCClient(path: socket)
        let state = try ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect((state["channel"] as? [String: Any])?["number"] as? Int == 7)
        #expect(state["live"] as? Bool == true)
    }
}

@Suite("Channel logos")
struct ChannelLogoTests {
    @Test("the interstitial draws the target's logo in the terminal when it loads")
    func logoDrawn() throws {
        let dir = TVShellBinary.scratchDirectory("logo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("logo.png").path
        let made = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=0xFF0000:size=64x64", "-frames:v", "1", png])
        try #require(made.status == 0, "\(made.output)")
        let server = try LocalHTTPServer(files: ["logo.png": try Data(contentsOf: URL(fileURLWithPath: png))])
        defer { server.stop() }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-chno="1",Working
        av://lavfi:testsrc2=size=160x90:rate=25
        #EXTINF:-1 tvg-chno="2" tvg-logo="\(server.url("logo.png"))",Red Logo TV
        http://127.0.0.1:9/down.m3u8
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let socket = dir.appendingPathComponent("ipc.sock").path
        let tmux = try TmuxSession(command: "'\(TVShellBinary.path)' --ipc-socket '\(socket)' --mpv-option ao=null --lineup '\(lineup.path)'", width: 100, height: 30)
        defer { tmux.kill() }
        let ipc = try IPCClient(path: socket)
        try ipc.waitForState { $0["phase"] as? String == "playing" }
        try ipc.request(["keypress", "RIGHT"])
        let drawn = tmux.waitFor(timeout: 5, escapes: true) { screen in
            screen.contains("Red Logo TV")
                && screen.range(of: #"38;2;2[45][0-9];[0-9]{1,2};[0-9]{1,2}m.\[48;2;2[45][0-9];[0-9]{1,2};[0-9]{1,2}m▀▀▀▀"#, options: .regularExpression) != nil
        }
        #expect(drawn.ok, "the red logo in half-blocks")
    }

    @Test("zapping through channels whose logo host never answers runs at most two ffmpeg at once, the channel tuned now first")
    func logosBounded() throws {
        let server = try LocalHTTPServer(fallback: Data())
        defer {
            server.inject(nil)
            server.stop()
        }
        server.inject(.stall)
        let dir = TVShellBinary.scratchDirectory("logo-stall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        var text = "#EXTM3U\n"
        for n in 1...12 {
            text += "#EXTINF:-1 tvg-chno=\"\(n)\" tvg-logo=\"\(server.url("logo\(n).png"))\",Channel \(n)\nav://lavfi:testsrc2=size=160x90:rate=25\n"
        }
        try text.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])
        _ = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        let pid = try #require(shell.pid)
        var most = 0
        for _ in 2...12 {
            #expect(try shell.ipc.request(["keypress", "PGUP"])["error"] as? String == "success")
            most = max(most, Self.ffmpegChildren(of: pid))
        }
        _ = try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 12 }
        let deadline = Deadline(in: 15)
        while !server.requests.contains("/logo12.png") && !deadline.hasPassed {
            most = max(most, Self.ffmpegChildren(of: pid))
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(most <= 2, "\(most) ffmpeg at once")
        let asked = server.requests
        #expect(Set(asked).isSubset(of: ["/logo1.png", "/logo2.png", "/logo11.png", "/logo12.png"]),
                "the two first waited out their timeout; then the channels tuned last, not the ones zapped past: \(asked)")
    }

    /// The ffmpeg processes `pid` started that are running now.
    private static func ffmpegChildren(of pid: pid_t) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ") ", options: .backwards) else { return false }
            let fields = stat[close.upperBound...].split(separator: " ")
            return stat.contains("(ffmpeg)") && fields.count > 1 && fields[1] == "\(pid)"
        }.count
    }
}

@Suite("Channel headers")
struct ChannelHeadersEndToEndTests {
    @Test("a channel's request headers reach its server whole, a comma in a value too (mpv's list would end the header there)")
    func commaInHeader() throws {
        let clip = try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 60)))
        let server = try LocalHTTPServer(files: ["live.mkv": clip])
        defer { server.stop() }
        let dir = TVShellBinary.scratchDirectory("headers")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1",Headers
            \(server.url("live.mkv"))|Accept=video/x-matroska, */*;q=0.5&Cookie=cdn=a,b&User-Agent=Box (X11, like Gecko)

            """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path])
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" }
        let asked = try #require(zip(server.requests, server.requestHeaders).first { $0.0 == "/live.mkv" }?.1)
        #expect(asked["accept"] == "video/x-matroska, */*;q=0.5", "\(asked)")
        #expect(asked["cookie"] == "cdn=a,b", "\(asked)")
        #expect(asked["user-agent"] == "Box (X11, like Gecko)", "\(asked)")
    }
}
