import Foundation
import ShellTesting
import Testing

@Suite("Failover between a channel's streams, end to end", .serialized)
struct FailoverEndToEndTests {
    @Test("a channel whose first stream is dead plays its second at once, before the first back-off; the switch is logged and the guide shows it")
    func deadFirstStream() throws {
        let dir = TVShellBinary.scratchDirectory("failover")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("news.ts").path
        let made = try Spawn.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-t", "30",
                                  "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-f", "mpegts", clip])
        #expect(made.status == 0, "\(made.output)")
        let server = try LocalHTTPServer(files: ["live/news.ts": try Data(contentsOf: URL(fileURLWithPath: clip))])
        defer { server.stop() }
        let host = "http://127.0.0.1:\(server.port)"
        let lineup = dir.appendingPathComponent("tv.m3u")
        try """
        #EXTM3U
        #EXTINF:-1 tvg-id="news" tvg-chno="1",News
        \(host)/dead/news.ts
        #EXTINF:-1 tvg-id="bars" tvg-chno="2",Bars
        av://lavfi:smptebars=size=160x90:rate=25
        #EXTINF:-1 tvg-id="news" tvg-chno="3",News backup
        \(host)/live/news.ts
        """.write(to: lineup, atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent("config.toml")
        try """
        [recovery]
        retries = 2
        backoff = [30]
        """.write(to: config, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup.path, "--config", config.path])
        let playing = try shell.ipc.waitForState(timeout: 15) {
            $0["phase"] as? String == "playing" && (number($0["frames_presented"]) ?? 0) > 0
        }
        #expect(playing["url"] as? String == "\(host)/live/news.ts")
        #expect(playing["reconnecting"] is NSNull, "no back-off: the 30 s one would still be waiting")
        let alternate = try #require(playing["alternate"] as? [String: Any])
        #expect(alternate["index"] as? Int == 1 && alternate["count"] as? Int == 2)
        #expect((alternate["last_failure"] as? [String: Any])?["stream"] as? Int == 0)
        let log = try String(contentsOfFile: shell.logPath, encoding: .utf8)
        #expect(log.contains("News: stream 1 of 2 failed ("), "\(log)")
        #expect(log.contains("switched to stream 2: \(host)/live/news.ts"))
        #expect(server.requests.filter { $0 == "/dead/news.ts" }.count == 1, "the dead stream was asked once: \(server.requests)")

        try shell.tmux.send("g")
        // Both lines, not one then the other: a capture may come in the
        // middle of a frame the terminal is still being sent.
        let (guide, marked) = shell.tmux.waitFor { $0.contains("⚠ 2/2") && $0.contains("Stream 2 of 2 in use · stream 1 failed at ") }
        #expect(marked, "the guide marks the channel and says which stream is in use: \(guide)")
        #expect(!guide.contains("News backup"), "the alternate is not a channel of its own")
    }
}
