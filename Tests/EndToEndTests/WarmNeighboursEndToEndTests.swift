import Foundation
import ShellTesting
import Testing

@Suite("Warm neighbours, end to end", .serialized)
struct WarmNeighboursEndToEndTests {
    /// Live HLS channels 1, 2, … from lavfi `sources` (channel 4 rated
    /// TV-MA), their lineup in a scratch folder. `stop()` when done.
    private struct Channels {
        let streams: [LiveHLSStream]
        let directory: URL
        let lineup: String

        init(_ name: String, sources: [String] = ["testsrc", "smptebars", "rgbtestsrc", "testsrc2"]) throws {
            streams = try sources.map { try LiveHLSStream(source: "\($0)=size=160x90:rate=25", listSize: 30) }
            directory = TVShellBinary.scratchDirectory(name)
            let path = directory.appendingPathComponent("tv.m3u")
            var text = "#EXTM3U\n"
            for (n, stream) in streams.enumerated() {
                let rating = n == 3 ? " tvg-rating=\"TV-MA\"" : ""
                text += "#EXTINF:-1 tvg-id=\"c\(n + 1)\" tvg-chno=\"\(n + 1)\"\(rating),Channel \(n + 1)\n\(stream.url)\n"
            }
            try text.write(to: path, atomically: true, encoding: .utf8)
            lineup = path.path
        }

        func stop() {
            streams.forEach { $0.stop() }
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test("neighbours open 3 s in, a restricted one never (its server is never asked); a flip to a warm one plays at once and the warm set follows; max_connections caps them")
    func warmAndSwap() throws {
        let channels = try Channels("warm")
        defer { channels.stop() }
        let (streams, dir, lineup) = (channels.streams, channels.directory, channels.lineup)
        let home = try ParentalHome.withPasscode()
        let shell = try ShellUnderTest([lineup], home: home)

        let first = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect((first["channel"] as? [String: Any])?["number"] as? Int == 1)
        #expect(first["warm"] as? [Int] == [], "nothing warm before 3 s of play")
        let warm = try shell.ipc.waitForState(timeout: 15) { ($0["warm"] as? [Int] ?? []).count == 1 }
        #expect(warm["warm"] as? [Int] == [2], "channel 2 (next) only: channel 4 is TV-MA")
        Thread.sleep(forTimeInterval: 1)
        #expect(streams[3].server.requests.isEmpty, "nothing of the restricted channel was ever fetched: \(streams[3].server.requests)")
        #expect((try shell.ipc.state())["warm"] as? [Int] == [2])

        let flipStart = Stopwatch()
        #expect(try shell.ipc.request(["keypress", "RIGHT"])["error"] as? String == "success")
        let flipped = try shell.ipc.waitForState(timeout: 10) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["screen"] as? String == "player" && $0["first_frame"] as? Bool == true
        }
        let took = flipStart.elapsed
        #expect(flipped["paused"] as? Bool == false)
        #expect(number(flipped["behind_live"]).map { $0 < 3 } ?? false, "at the live edge of what it buffered: \(flipped["behind_live"] ?? "")")
        let log = try String(contentsOfFile: shell.logPath, encoding: .utf8)
        #expect(!log.contains("load \(streams[1].url)"), "channel 2 was not loaded again, only swapped in (\(took) s)")
        let frames = number(flipped["frames_presented"]) ?? 0
        _ = try shell.ipc.waitForState { (number($0["frames_presented"]) ?? 0) > frames + 10 }
        let rewarmed = try shell.ipc.waitForState(timeout: 15) { ($0["warm"] as? [Int] ?? []).sorted() == [1, 3] }
        #expect(rewarmed["warm"] as? [Int] != nil, "channel 1 stayed warm, channel 3 opened")
        #expect(streams[3].server.requests.isEmpty)

        let config = dir.appendingPathComponent("config.toml")
        try "[live]\nmax_connections = 2\n".write(to: config, atomically: true, encoding: .utf8)
        let capped = try ShellUnderTest([lineup, "--config", config.path], home: home)
        _ = try capped.ipc.waitForState(timeout: 20) { ($0["warm"] as? [Int] ?? []).count == 1 }
        Thread.sleep(forTimeInterval: 1.5)
        #expect((try capped.ipc.state())["warm"] as? [Int] == [2], "one beside the full-screen stream")
    }

    @Test("after a typed number the channel left stays warm as the last channel: get_state.warm_players says why and what each fetched, and the last-channel key swaps it in without a load")
    func lastChannelWarm() throws {
        let channels = try Channels("warm-last")
        defer { channels.stop() }
        let (streams, lineup) = (channels.streams, channels.lineup)
        let shell = try ShellUnderTest([lineup], home: try ParentalHome.withPasscode())
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        _ = try shell.ipc.waitForState(timeout: 15) { ($0["warm"] as? [Int] ?? []) == [2] }
        for key in ["3", "ENTER"] { #expect(try shell.ipc.request(["keypress", key])["error"] as? String == "success") }
        _ = try shell.ipc.waitForState(timeout: 15) { ($0["channel"] as? [String: Any])?["number"] as? Int == 3 && $0["first_frame"] as? Bool == true }
        let settled = try shell.ipc.waitForState(timeout: 20) { state in
            let players = state["warm_players"] as? [[String: Any]] ?? []
            // Both report what they fetched: the one warm since before (its
            // timeshift buffer moves with every cache event) and the one left
            // (the full-screen player moved to a warm slot).
            return players.count == 2 && players.allSatisfy { $0["ready"] as? Bool == true && ($0["fetched_bytes"] as? Int ?? 0) > 0 }
        }
        let players = settled["warm_players"] as? [[String: Any]] ?? []
        let reasons = Dictionary(uniqueKeysWithValues: players.map { ($0["channel"] as? Int ?? 0, $0["reason"] as? String ?? "") })
        #expect(reasons == [2: "previous", 1: "last channel"], "channel 4, the next, is TV-MA: \(players)")
        #expect(streams[3].server.requests.isEmpty, "nothing of the restricted channel was fetched")
        #expect(try shell.ipc.request(["keypress", "-"])["error"] as? String == "success")
        _ = try shell.ipc.waitForState(timeout: 10) { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["first_frame"] as? Bool == true }
        let log = try String(contentsOfFile: shell.logPath, encoding: .utf8)
        let loadsOfOne = log.components(separatedBy: "load \(streams[0].url)").count - 1
        #expect(loadsOfOne == 1, "channel 1 was loaded once, at the start, and swapped in after")
    }

    @Test("a flip to a neighbour still loading in its warm player takes that load over: its playlist is asked for once, and it plays once its server answers")
    func takeOverLoading() throws {
        let channels = try Channels("warm-loading")
        defer { channels.stop() }
        let (streams, lineup) = (channels.streams, channels.lineup)
        // Channel 2's server takes its playlist request and answers nothing
        // until told: its warm player stays loading.
        streams[1].server.inject(.stall, pathSuffix: "index.m3u8")
        let shell = try ShellUnderTest([lineup], home: try ParentalHome.withPasscode())
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        let loading = try shell.ipc.waitForState(timeout: 15) { state in
            (state["warm_players"] as? [[String: Any]] ?? []).contains { $0["channel"] as? Int == 2 } && streams[1].server.requests.count == 1
        }
        let warm = (loading["warm_players"] as? [[String: Any]] ?? []).first { $0["channel"] as? Int == 2 }
        #expect(warm?["ready"] as? Bool == false, "still loading: \(warm ?? [:])")

        #expect(try shell.ipc.request(["keypress", "RIGHT"])["error"] as? String == "success")
        let taken = try shell.ipc.waitForState(timeout: 10) { ($0["channel"] as? [String: Any])?["number"] as? Int == 2 }
        #expect(taken["phase"] as? String == "loading" && taken["first_frame"] as? Bool == false)
        // A cold load is logged by the pass that made channel 2 current,
        // before the state that says so is answered.
        let atSwap = try String(contentsOfFile: shell.logPath, encoding: .utf8)
        #expect(!atSwap.contains("load \(streams[1].url)"), "no cold load of channel 2 in place of its warm one")
        #expect(streams[1].server.requests.count == 1, "channel 2's playlist asked for once: \(streams[1].server.requests)")
        streams[1].server.inject(nil)
        let played = try shell.ipc.waitForState(timeout: 15) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && $0["phase"] as? String == "playing" && $0["first_frame"] as? Bool == true
        }
        #expect(played["paused"] as? Bool == false && played["muted"] as? Bool != true)
        let log = try String(contentsOfFile: shell.logPath, encoding: .utf8)
        #expect(!log.contains("load \(streams[1].url)"), "channel 2 was never loaded full screen: its warm player's load went on")
    }

    @Test("[live] warm_delay holds the likely channels back for as long as it says after a cold load")
    func warmDelay() throws {
        let channels = try Channels("warm-delay", sources: ["testsrc", "smptebars"])
        defer { channels.stop() }
        let (streams, dir, lineup) = (channels.streams, channels.directory, channels.lineup)
        let config = dir.appendingPathComponent("config.toml")
        try "[live]\nwarm_delay = 30\n".write(to: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup, "--config", config.path])
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        // Past the default 3 s, with time to spare.
        Thread.sleep(forTimeInterval: 5)
        #expect((try shell.ipc.state())["warm"] as? [Int] == [], "nothing warm 5 s in with warm_delay = 30")
        #expect(streams[1].server.requests.isEmpty, "channel 2 not fetched: \(streams[1].server.requests)")
    }

    @Test("a lineup sent over the socket: the channel watched goes on without a reload (found in it on the same stream), a warm channel found on its stream stays warm, and a flip loads the new lineup's channel, never the old one warm at that position")
    func lineupSwitch() throws {
        let channels = try Channels("warm-lineup", sources: ["testsrc", "smptebars", "rgbtestsrc"])
        defer { channels.stop() }
        let (streams, dir, lineup) = (channels.streams, channels.directory, channels.lineup)
        let shell = try ShellUnderTest([lineup])
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        let before = try shell.ipc.waitForState(timeout: 20) { state in
            let players = state["warm_players"] as? [[String: Any]] ?? []
            return players.count == 2 && players.allSatisfy { $0["ready"] as? Bool == true }
        }
        let shown = number(before["frames_presented"]) ?? 0
        // Channel 1 first under another number; at the second position,
        // where channel 2 was warm, another channel (channel 3's stream,
        // not warm under its new name); channel 2 last, on its stream.
        let other = dir.appendingPathComponent("other.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="c1" tvg-chno="21",Channel 1
            \(streams[0].url)
            #EXTINF:-1 tvg-id="sport" tvg-chno="22",Sport
            \(streams[2].url)
            #EXTINF:-1 tvg-id="c2" tvg-chno="23",Channel 2
            \(streams[1].url)

            """.write(to: other, atomically: true, encoding: .utf8)
        let switched = try shell.ipc.request(["lineup", other.path])
        #expect(switched["error"] as? String == "success", "\(switched)")
        let after = try shell.ipc.waitForState(timeout: 15) { ($0["channel"] as? [String: Any])?["number"] as? Int == 21 }
        #expect(after["first_frame"] as? Bool == true && (number(after["frames_presented"]) ?? 0) >= shown,
                "channel 1 went on, not loaded again: \(after["first_frame"] ?? "nil"), \(after["frames_presented"] ?? "nil") frames after \(shown)")
        let warm = (after["warm_players"] as? [[String: Any]] ?? []).filter { $0["channel"] as? Int == 23 }
        #expect(warm.first?["ready"] as? Bool == true, "channel 2 stays warm under its new number: \(after["warm_players"] ?? "nil")")
        #expect(try shell.ipc.request(["keypress", "RIGHT"])["error"] as? String == "success")
        _ = try shell.ipc.waitForState(timeout: 15) { ($0["channel"] as? [String: Any])?["number"] as? Int == 22 && $0["first_frame"] as? Bool == true }
        let path = try shell.ipc.request(["get_mpv_property", "path"])["data"] as? String
        #expect(path == streams[2].url, "Sport is the third stream, not the old second channel warm at its position: \(path ?? "nil")")
    }

    @Test("a channel whose stream is a file (a film in a lineup, served over HTTP) is not kept warm: opened to its hook and stopped there; a live MPEG-TS radio is kept warm; a flip to the film plays it from its start")
    func fileChannelNotWarm() throws {
        let channels = try Channels("warm-file", sources: ["testsrc"])
        defer { channels.stop() }
        let film = try LocalHTTPServer(files: ["film.mkv": try Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip(seconds: 60)))])
        defer { film.stop() }
        let tone = channels.directory.appendingPathComponent("tone.ts").path
        let made = try Spawn.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440",
                                  "-t", "10", "-c:a", "mp2", "-b:a", "128k", "-f", "mpegts", tone])
        #expect(made.status == 0, "\(made.output)")
        let radio = try LiveTSServer(body: try Data(contentsOf: URL(fileURLWithPath: tone)), seconds: 10)
        defer { radio.stop() }
        let lineup = channels.directory.appendingPathComponent("film.m3u")
        try """
            #EXTM3U
            #EXTINF:-1 tvg-chno="1",Channel 1
            \(channels.streams[0].url)
            #EXTINF:-1 tvg-chno="2",Film
            \(film.url("film.mkv"))
            #EXTINF:-1 tvg-chno="3",Radio
            \(radio.url("radio.ts"))

            """.write(to: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path], home: try ParentalHome.withPasscode())
        _ = try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        _ = try shell.ipc.waitForState(timeout: 15) { state in
            state["warm"] as? [Int] == [3] && (state["warm_players"] as? [[String: Any]])?.first?["ready"] as? Bool == true
        }
        #expect(film.requests.contains { $0.hasPrefix("/film.mkv") }, "the film was opened to its hook: \(film.requests)")
        #expect(try shell.ipc.state()["warm"] as? [Int] == [3], "the film is not warm; the radio (previous), a live stream, is")

        #expect(try shell.ipc.request(["keypress", "RIGHT"])["error"] as? String == "success")
        let playing = try shell.ipc.waitForState(timeout: 15) {
            ($0["channel"] as? [String: Any])?["number"] as? Int == 2 && (number($0["position"]) ?? 0) > 1
        }
        #expect((number(playing["position"]) ?? 60) < 10, "from its start, not from the end of what a warm player read: \(playing["position"] ?? "nil")")
        #expect(playing["phase"] as? String == "playing")
    }
}
