import Foundation
import ShellTesting
import Testing

/// Clock times on the screens on the day summer time begins.
@Suite("Summer time on the screens, end to end")
struct SummerTimeEndToEndTests {
    /// "HH:mm" of `time` at `offset` seconds east of UTC.
    static func clock(_ time: Double, offset: Int) -> String {
        let minutes = (Int(time.rounded(.down)) + offset) / 60 % 1440
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    @Test("the live bar gives a programme after summer time begins its summer-time clock times, and one before it its own")
    func barAcrossTheChange() throws {
        let stream = try LiveHLSStream()
        defer { stream.stop() }
        let dir = TVShellBinary.scratchDirectory("summer-time")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = Date().timeIntervalSince1970.rounded(.down)
        let summer = now + 7200
        let (lineup, guide) = try ratedLiveChannel(in: dir, url: stream.url, programmes: [
            ("Afternoon", now - 600, now + 9000, "TV-G"), ("Evening", now + 9000, now + 12600, "TV-G"),
        ])
        let shell = try ShellUnderTest(["--home", lineup, "--guide", guide], width: 100, height: 30,
                                       environment: ["TZ": SleepDailyEndToEndTests.zone(summerTimeFrom: summer, days: 30)])
        try shell.ipc.waitForState(timeout: 20) { $0["screen"] as? String == "home" }
        #expect(try shell.ipc.request(["channel", 1])["error"] as? String == "success")
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && $0["transport_visible"] as? Bool == true }
        let expected = "\(Self.clock(now - 600, offset: 0))–\(Self.clock(now + 9000, offset: 3600))"
        let next = "Next \(Self.clock(now + 9000, offset: 3600))  Evening"
        let shown = shell.tmux.waitFor { $0.contains(expected) && $0.contains(next) }
        #expect(shown.ok, "\(expected) and \(next) on the bar: \(shown.screen)")
        #expect(shell.log.contains("the local time changes from UTC+00:00 to UTC+01:00"), "\(shell.log)")
    }

    @Test("guide search on the command line gives a programme across the change its start in the time before and its end in summer time")
    func searchAcrossTheChange() throws {
        let dir = TVShellBinary.scratchDirectory("summer-time-search")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LocalHTTPServer(files: ["guide.xml": Data(GuideUpdateEndToEndTests.guide(title: "Placed Show").utf8)])
        defer { server.stop() }
        let m3u = try GuideUpdateEndToEndTests.lineup(in: dir)
        let update = try GuideUpdateEndToEndTests.tvshell(["guide", "update", "--lineup", m3u, "--guide", server.url("guide.xml")], home: dir)
        try #require(update.status == 0, "\(update.output)")
        // Placed Show airs the half hour around now; summer time begins in its middle.
        let slot = (Date().timeIntervalSince1970 / 1800).rounded(.down) * 1800
        let zone = SleepDailyEndToEndTests.zone(summerTimeFrom: slot + 900, days: 30)
        let search = try Spawn.run(["sh", "-c", "exec \"$0\" \"$@\" 2>&1", TVShellBinary.path, "guide", "search", "Placed"],
                                   environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": zone])
        let expected = "\(Self.clock(slot, offset: 0))–\(Self.clock(slot + 1800, offset: 3600))"
        #expect(search.status == 0 && search.output.contains(expected) && search.output.contains("Placed Show"), "\(expected): \(search.output)")
    }
}
