import Foundation
import ShellTesting
import Testing

/// "yyyy-MM-dd'T'HH:mm:ss" and the like, in UTC.
private func utc(_ t: Double, _ format: String) -> String {
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = format
    return formatter.string(from: Date(timeIntervalSince1970: t))
}

/// A local HTTP server answering every path with a clip of `seconds` made
/// by ffmpeg in `dir` (the live stream and every archive).
/// A testsrc2 clip of `seconds`, made with ffmpeg as MPEG-TS.
private func clip(in dir: URL, seconds: Int, name: String = "clip.ts") throws -> Data {
    let clip = dir.appendingPathComponent(name).path
    let made = try Spawn.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-t", "\(seconds)",
                              "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-f", "mpegts", clip])
    #expect(made.status == 0, "\(made.output)")
    return try Data(contentsOf: URL(fileURLWithPath: clip))
}

/// Serves `files` at their paths and a clip of `seconds` at any other.
private func clipServer(in dir: URL, seconds: Int, files: [String: Data] = [:]) throws -> LocalHTTPServer {
    try LocalHTTPServer(files: files, fallback: try clip(in: dir, seconds: seconds))
}

@Suite("Catch-up, end to end", .serialized)
struct CatchupEndToEndTests {

    @Test("IPC catchup for each mode (vod by the guide's catchup-id): the server is asked for exactly the archive URL of the programme, and it plays as VOD")
    func everyMode() throws {
        let dir = TVShellBinary.scratchDirectory("catchup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try clipServer(in: dir, seconds: 20)
        defer { server.stop() }
        let host = "http://127.0.0.1:\(server.port)"
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="b" tvg-chno="1" catchup="default" catchup-source="\(host)/archive/b.ts?cutv={Y}-{m}-{d}T{H}:{M}:{S}",B
        \(host)/live/b.ts
        #EXTINF:-1 tvg-id="c" tvg-chno="2" catchup="append" catchup-source="?utc=${start}&lutc=${timestamp}",C
        \(host)/live/c.ts
        #EXTINF:-1 tvg-id="d" tvg-chno="3" catchup="shift",D
        \(host)/live/d.ts
        #EXTINF:-1 tvg-id="f" tvg-chno="4" catchup="fs",F
        \(host)/151/mpegts?token=t
        #EXTINF:-1 tvg-id="x" tvg-chno="5" catchup="xc",X
        \(host)/u/p/1477
        #EXTINF:-1 tvg-id="k" tvg-chno="6" catchup="vod",K
        \(host)/live/k.ts
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let start = (floor(Date().timeIntervalSince1970 / 60) - 120) * 60
        let stamp = { (t: Double) in utc(t, "yyyyMMddHHmmss") + " +0000" }
        let programmes = ["b", "c", "d", "f", "x", "k"].map { id in
            "<programme start=\"\(stamp(start))\" stop=\"\(stamp(start + 1800))\" channel=\"\(id)\" catchup-id=\"\(host)/vod/\(id)-1.ts\"><title>Match \(id)</title></programme>"
        }.joined()
        let guide = dir.appendingPathComponent("guide.xml")
        try "<tv>\(programmes)</tv>".write(to: guide, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path, "--guide", guide.path])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && guideStored($0) }

        let s = Int(start)
        // `shown`: the URL as IPC reports it, its account and token redacted;
        // `target`: what the server must be asked for.
        let expected: [(channel: Int, target: String, shown: String)] = [
            (1, "/archive/b.ts?cutv=\(utc(start, "yyyy-MM-dd'T'HH:mm:ss"))", "/archive/b.ts?cutv=\(utc(start, "yyyy-MM-dd'T'HH:mm:ss"))"),
            (2, "/live/c.ts?utc=\(s)&lutc=", "/live/c.ts?utc=\(s)&lutc="),
            (3, "/live/d.ts?utc=\(s)&lutc=", "/live/d.ts?utc=\(s)&lutc="),
            (4, "/151/timeshift_abs-\(s).ts?token=t", "/151/timeshift_abs-\(s).ts?token=***"),
            (5, "/timeshift/u/p/30/\(utc(start, "yyyy-MM-dd:HH-mm"))/1477.ts", "/timeshift/***/***/30/\(utc(start, "yyyy-MM-dd:HH-mm"))/1477.ts"),
            (6, "/vod/k-1.ts", "/vod/k-1.ts"),
        ]
        for (channel, target, shown) in expected {
            let before = Date().timeIntervalSince1970
            let reply = try shell.ipc.request(["catchup", channel, start + 60])
            let after = Date().timeIntervalSince1970
            #expect(reply["error"] as? String == "success", "\(reply)")
            #expect((reply["data"] as? [String: Any])?["title"] as? String == "Match \(["b", "c", "d", "f", "x", "k"][channel - 1])")
            let playing = try shell.ipc.waitForState(timeout: 15) {
                ($0["url"] as? String ?? "").hasPrefix(host + shown) && $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0
            }
            #expect(playing["live"] as? Bool == false, "an archive is VOD")
            let url = playing["url"] as? String ?? ""
            if target.hasSuffix("lutc=") {
                let lutc = Double(url.dropFirst(host.count + target.count)) ?? 0
                #expect(lutc >= floor(before) && lutc <= after + 1, "lutc is now: \(url)")
                #expect(server.requests.contains(String(url.dropFirst(host.count))), "asked for exactly that: \(server.requests)")
            } else {
                #expect(url == host + shown)
                #expect(server.requests.contains(target), "asked for exactly that: \(server.requests)")
            }
        }
        let old = try shell.ipc.request(["catchup", 3, start - 6 * 86_400])
        #expect(old["error"] as? String == "refused: 3 D keeps 5 days of programmes; that one is older", "\(old)")
        let future = try shell.ipc.request(["catchup", 3, Date().timeIntervalSince1970 + 3600])
        #expect(future["error"] as? String == "refused: that programme has not started yet")
    }

    @Test("a shift catch-up's stream runs on past its programme: the archive item ends with the programme (paused at its length, no frame after), and what followed, TV-MA and airing, is proposed as the channel live, which asks for the passcode")
    func archiveEndsWithItsProgramme() throws {
        let dir = TVShellBinary.scratchDirectory("catchup-ends")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try clipServer(in: dir, seconds: 40)
        defer { server.stop() }
        let host = "http://127.0.0.1:\(server.port)"
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="d" tvg-chno="1" catchup="shift",D
        \(host)/live/d.ts
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let now = floor(Date().timeIntervalSince1970)
        let stamp = { (t: Double) in utc(t, "yyyyMMddHHmmss") + " +0000" }
        let guide = dir.appendingPathComponent("guide.xml")
        try """
        <tv><programme start="\(stamp(now - 300))" stop="\(stamp(now - 292))" channel="d"><title>Short</title><rating system="VCHIP"><value>TV-G</value></rating></programme>
        <programme start="\(stamp(now - 292))" stop="\(stamp(now + 3600))" channel="d"><title>Late Film</title><rating system="VCHIP"><value>TV-MA</value></rating></programme></tv>
        """.write(to: guide, atomically: true, encoding: .utf8)
        let home = try ParentalHome.withPasscode()
        let shell = try ShellUnderTest([lineup.path, "--guide", guide.path, "--home"], home: home)
        try shell.ipc.waitForState { $0["screen"] as? String == "home" && guideStored($0) }
        #expect(try shell.ipc.request(["catchup", 1, now - 296])["error"] as? String == "success")
        let playing = try shell.ipc.waitForState(timeout: 15) { $0["title"] as? String == "Short" && $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0 }
        #expect(number(playing["duration"]) == 8, "the programme's 8 s, not the stream's 40: \(playing["duration"] ?? "nil")")
        let ended = try shell.ipc.waitForState(timeout: 20) { $0["paused"] as? Bool == true && $0["up_next"] is [String: Any] }
        #expect((number(ended["position"]) ?? 99) < 9, "paused at the programme's end: \(ended["position"] ?? "nil")")
        #expect((ended["up_next"] as? [String: Any])?["title"] as? String == "1 D, live")
        let frames = number(ended["frames_presented"]) ?? 0
        _ = try shell.ipc.watchEvents([], for: 1.5)
        #expect((number(try shell.ipc.state()["frames_presented"]) ?? 0) <= frames + 2, "no picture of what followed")
        try shell.ipc.request(["keypress", "ENTER"])
        let prompt = try shell.ipc.waitForState(timeout: 15) { $0["screen"] as? String == "passcode" }
        #expect(prompt["rating"] as? String == "TV-MA")
    }
}

@Suite("Catch-up from the remote, end to end", .serialized)
struct CatchupRemoteEndToEndTests {
    @Test("Start Over in the live overlay and a programme of the info panel's Previous Programmes play from the archive (the server is asked for exactly their URLs); an archive's end proposes the next programme, then the channel live")
    func fromTheRemote() throws {
        let dir = TVShellBinary.scratchDirectory("catchup-remote")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The archive's clips are short (their end is part of the test); the
        // live stream is not: at its end it would stop, and keys pressed
        // then are not the overlay's (seen on a loaded machine).
        let server = try clipServer(in: dir, seconds: 30, files: ["/live/b.ts": try clip(in: dir, seconds: 120, name: "live.ts")])
        defer { server.stop() }
        let host = "http://127.0.0.1:\(server.port)"
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="b" tvg-chno="1" catchup="default" catchup-source="\(host)/archive/b.ts?from={utc}&to={utcend}",B
        \(host)/live/b.ts
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let now = floor(Date().timeIntervalSince1970 / 60) * 60
        let stamp = { (t: Double) in utc(t, "yyyyMMddHHmmss") + " +0000" }
        let times: [(String, Double, Double)] = [("First", now - 4200, now - 2400), ("Second", now - 2400, now - 600), ("Third", now - 600, now + 1200)]
        let programmes = times.map { title, start, stop in
            "<programme start=\"\(stamp(start))\" stop=\"\(stamp(stop))\" channel=\"b\"><title>\(title)</title></programme>"
        }.joined()
        let guide = dir.appendingPathComponent("guide.xml")
        try "<tv>\(programmes)</tv>".write(to: guide, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path, "--guide", guide.path])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && $0["live"] as? Bool == true && guideStored($0) }
        let archiveURL = { (i: Int) in "/archive/b.ts?from=\(Int(times[i].1))&to=\(Int(times[i].2))" }

        for key in ["UP", "LEFT", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        var playing = try shell.ipc.waitForState(timeout: 15) {
            $0["url"] as? String == host + archiveURL(2) && $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0
        }
        #expect(playing["live"] as? Bool == false && playing["title"] as? String == "Third", "Start Over: the programme on now, from its start")
        #expect((playing["archive"] as? [String: Any])?["start"] as? Double == times[2].1)
        #expect(server.requests.contains(archiveURL(2)), "\(server.requests)")

        for key in ["DOWN", "RIGHT", "ENTER", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "ENTER"] { try shell.ipc.request(["keypress", key]) }
        playing = try shell.ipc.waitForState(timeout: 15) {
            $0["url"] as? String == host + archiveURL(0) && $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0
        }
        #expect(playing["title"] as? String == "First", "the second of the archive's list, from an archive item of the channel")
        #expect(server.requests.contains(archiveURL(0)), "\(server.requests)")
        let proposed = try shell.ipc.waitForState(timeout: 15) { $0["up_next"] is [String: Any] }
        #expect((proposed["up_next"] as? [String: Any])?["title"] as? String == "Second", "the next programme, from the archive")

        try shell.ipc.request(["keypress", "ENTER"])
        try shell.ipc.waitForState(timeout: 15) { $0["url"] as? String == host + archiveURL(1) && $0["phase"] as? String == "playing" }
        let live = try shell.ipc.waitForState(timeout: 15) { $0["up_next"] is [String: Any] }
        #expect((live["up_next"] as? [String: Any])?["title"] as? String == "1 B, live", "Third airs now: the channel, live")
        try shell.ipc.request(["keypress", "ENTER"])
        try shell.ipc.waitForState(timeout: 15) { $0["url"] as? String == host + "/live/b.ts" && $0["live"] as? Bool == true && $0["phase"] as? String == "playing" }
    }
}
