import Foundation
import ShellTesting
import Testing

@Suite("The sleep timer, end to end")
struct SleepTimerEndToEndTests {
    @Test("90 s on the demo film: the notice at 30 s, counting down, stopped with the screen dark at 90 s; a key wakes it")
    func ninetySeconds() throws {
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" && ($0["title"] as? String)?.contains("demo film") == true }
        let set = Stopwatch()
        #expect(try shell.ipc.request(["sleep", 90])["error"] as? String == "success")
        let timer = try #require(try shell.ipc.state()["sleep"] as? [String: Any])
        #expect(timer["choice"] as? String == "after" && timer["seconds"] as? Double == 90 && (number(timer["ends_in"]) ?? 0) > 88)
        try shell.ipc.waitForState(timeout: 40) { ($0["sleep"] as? [String: Any])?["warning"] as? Bool == true }
        let warned = set.elapsed
        #expect(abs(warned - 30) <= 1, "the notice came at \(warned) s")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("Sleeping in 1:00 · any key to stay awake") || $0.contains("Sleeping in 0:59 · any key to stay awake") }.ok)
        #expect(shell.tmux.waitFor(timeout: 15) { $0.contains("Sleeping in 0:4") }.ok, "the seconds count down on screen")
        let asleep = try shell.ipc.waitForState(timeout: 70) { ($0["sleep"] as? [String: Any])?["asleep"] as? Bool == true }
        let slept = set.elapsed
        #expect(abs(slept - 90) <= 1, "asleep at \(slept) s")
        #expect(asleep["phase"] as? String == "idle" && asleep["screen"] as? String == "home")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.ok, "the screen is dark")
        try shell.tmux.send("Down")
        try shell.ipc.waitForState { $0["sleep"] is NSNull }
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("Test Card") }.ok, "awake on the home screen")
    }

    @Test("asleep, a channel tuned over the socket wakes the shell: the picture is drawn again, not sound over a dark screen")
    func channelWakes() throws {
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.fallAsleep()
        #expect(shell.tmux.waitFor(timeout: 3) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.ok, "the screen is dark")
        #expect(try shell.ipc.request(["channel", 1])["error"] as? String == "success")
        let awake = try shell.ipc.waitForState { $0["sleep"] is NSNull && $0["phase"] as? String == "playing" }
        #expect(awake["screen"] as? String == "player" && (awake["channel"] as? [String: Any])?["number"] as? Int == 1, "\(awake)")
        #expect(shell.tmux.waitFor { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.ok, "the picture is drawn again")
    }

    @Test("a lineup pushed over the socket to a sleeping box is taken, and the box sleeps on: nothing plays, the screen stays dark")
    func lineupWhileAsleep() throws {
        let dir = TVShellBinary.scratchDirectory("sleep-lineup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lineup = dir.appendingPathComponent("night.m3u").path
        try "#EXTM3U\n#EXTINF:-1 tvg-chno=\"7\",Night One\nav://lavfi:testsrc=size=160x90:rate=25\n".write(toFile: lineup, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        try shell.fallAsleep()
        let reply = try shell.ipc.request(["lineup", lineup], timeout: 15)
        #expect((reply["data"] as? [String: Any])?["channels"] as? Int == 1, "\(reply)")
        let state = try shell.ipc.waitForState { $0["items"] as? Int == 1 }
        #expect((state["sleep"] as? [String: Any])?["asleep"] as? Bool == true && state["phase"] as? String == "idle", "\(state)")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.ok, "the screen stays dark")
        #expect(try shell.mpvProperty("path") { $0 == nil } == nil, "nothing opened")
    }

    @Test("a key during the notice keeps it awake: the film plays on; a wrong value is refused with what it takes")
    func keyDuringNotice() throws {
        let shell = try ShellUnderTest([], connectTimeout: 120, cacheHome: DemoLineupEndToEndTests.cacheHome)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        _ = try shell.ipc.request(["sleep", 62])
        try shell.ipc.waitForState(timeout: 10) { ($0["sleep"] as? [String: Any])?["warning"] as? Bool == true }
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("any key to stay awake") }.ok)
        try shell.tmux.send("Right")
        #expect(shell.tmux.waitFor(timeout: 3) { $0.contains("Staying awake: sleep timer off") }.ok)
        let state = try shell.ipc.waitForState { $0["sleep"] is NSNull }
        #expect(state["phase"] as? String == "playing")
        #expect(try shell.ipc.request(["sleep", "never"])["error"] as? String == "invalid parameter: sleep takes seconds (1 to 86400), \"programme\", \"item\" or null")
    }
}

@Suite("The sleep timer at the end of a programme, end to end")
struct SleepAtProgrammeEndEndToEndTests {
    @Test("\"end of this programme\" on a live channel stops at the guide's stop time (±1 s)")
    func programmeEnd() throws {
        let dir = TVShellBinary.scratchDirectory("sleep")
        let lineup = dir.appendingPathComponent("tv.m3u").path
        try """
            #EXTM3U
            #EXTINF:-1 tvg-id="bars" tvg-chno="1",Bars
            av://lavfi:smptebars=size=320x180:rate=25
            """.write(toFile: lineup, atomically: true, encoding: .utf8)
        let stop = (Date().timeIntervalSince1970 + 40).rounded(.down)
        let guide = dir.appendingPathComponent("guide.xml").path
        try """
            <tv><channel id="bars"><display-name>Bars</display-name></channel>
            <programme start="\(xmltv(stop - 1800))" stop="\(xmltv(stop))" channel="bars"><title>Ending Soon</title></programme>
            <programme start="\(xmltv(stop))" stop="\(xmltv(stop + 1800))" channel="bars"><title>After</title></programme></tv>
            """.write(toFile: guide, atomically: true, encoding: .utf8)
        let shell = try ShellUnderTest([lineup, "--guide", guide])
        // The guide's window is posted before its status: stored means shown.
        try shell.ipc.waitForState(timeout: 20) { $0["phase"] as? String == "playing" && guideStored($0) }
        #expect(try shell.ipc.request(["sleep", "programme"])["error"] as? String == "success")
        let timer = try #require(try shell.ipc.state()["sleep"] as? [String: Any])
        #expect(timer["choice"] as? String == "programme" && timer["warning"] as? Bool == true, "under a minute left: the notice at once")
        try shell.ipc.waitForState(timeout: 60) { ($0["sleep"] as? [String: Any])?["asleep"] as? Bool == true }
        let late = Date().timeIntervalSince1970 - stop
        #expect(abs(late) <= 1, "asleep \(late) s from the programme's end")
    }
}
