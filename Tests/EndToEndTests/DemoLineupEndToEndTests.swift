import Foundation
import ShellTesting
import Testing

@Suite("Built-in demo lineup", .serialized)
struct DemoLineupEndToEndTests {
    /// One XDG cache for the suite's tests, so the demo film is made once.
    static let cacheHome = "/tmp/tvshell-test-media-v1/xdg-cache"

    @Test("with no argument: the demo film is made once and plays; live channels, a rated one and a dead one are there")
    func demo() throws {
        let shell = try ShellUnderTest([], width: 120, height: 36, connectTimeout: 120, cacheHome: Self.cacheHome)
        let film = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["duration"]) ?? 0) > 500 }
        #expect((film["url"] as? String ?? "").hasSuffix("tvshell/demo/demo-film.mkv"))
        #expect(film["items"] as? Int == 6)
        #expect(film["live"] as? Bool == false)

        try shell.tmux.send("PageUp")
        let live = try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 1 && $0["phase"] as? String == "playing" }
        #expect(live["live"] as? Bool == true)
        #expect(live["rating"] as? String == "TV-G")
        #expect(shell.tmux.waitFor { $0.contains("LIVE") && $0.contains("Test Card") }.ok)

        #expect(try shell.ipc.request(["channel", 4])["error"] as? String == "success")
        let rated = try shell.ipc.waitForState { ($0["channel"] as? [String: Any])?["number"] as? Int == 4 }
        #expect(rated["rating"] as? String == "TV-MA")

        #expect(try shell.ipc.request(["channel", 5])["error"] as? String == "success")
        let dead = try shell.ipc.waitForState { $0["screen"] as? String == "error" }
        let reason = (dead["error"] as? [String: Any])?["reason"] as? String ?? ""
        #expect(reason.contains("Connection refused"), "the dead channel says why: \(reason)")
        #expect(shell.tmux.waitFor {
            $0.contains("Off Air is not available right now") && $0.contains("Its server refused the connection.") && $0.contains("ENTER: try again")
        }.ok)
        // ENTER tries the channel again (it fails again: a second error is
        // logged), and stays on it.
        try shell.tmux.send("Enter")
        #expect(shell.waitForLog("Could not play “Off Air”", times: 2))
        let again = try shell.ipc.waitForState { $0["screen"] as? String == "error" }
        #expect((again["channel"] as? [String: Any])?["number"] as? Int == 5)

        try shell.tmux.send("Escape")
        try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        #expect(shell.tmux.waitFor { $0.contains("Fractal TV") && $0.contains("Late Night Bars") }.ok)
    }

    @Test("without video (--video none) the film's sound plays, and a channel with no sound says so, not that it may be off the air")
    func withoutVideo() throws {
        let shell = try ShellUnderTest(["--video", "none"], width: 120, height: 36, connectTimeout: 120, cacheHome: Self.cacheHome)
        let film = try shell.ipc.waitForState { $0["phase"] as? String == "playing" && (number($0["position"]) ?? 0) > 0.5 }
        #expect(film["video"] as? String == "none" && film["live"] as? Bool == false)

        #expect(try shell.ipc.request(["channel", 3])["error"] as? String == "success")
        let silent = try shell.ipc.waitForState { $0["screen"] as? String == "error" }
        #expect((silent["channel"] as? [String: Any])?["number"] as? Int == 3)
        let reason = (silent["error"] as? [String: Any])?["reason"] as? String ?? ""
        #expect(reason == "it has no sound, and this shell plays no pictures (--video none)", "\(reason)")
        #expect(shell.tmux.waitFor { $0.contains("It has no sound, and this shell plays no pictures (--video none).") && !$0.contains("off the air") }.ok)
    }

    @Test("a cache folder that cannot be made: the demo plays its channels without the film, and says so on screen")
    func filmLeftOut() throws {
        let blocker = TVShellBinary.scratchDirectory("demo-nocache").appendingPathComponent("a-file")
        try Data().write(to: blocker)
        let shell = try ShellUnderTest([], width: 120, height: 36, connectTimeout: 60, cacheHome: blocker.path + "/cache")
        let playing = try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(playing["items"] as? Int == 5 && playing["live"] as? Bool == true, "the channels, no film: \(playing["items"] ?? "")")
        let told = try shell.ipc.waitForState { ($0["notice"] as? String ?? "").contains("demo film could not be made") }
        #expect((told["notice"] as? String ?? "").contains(blocker.path + "/cache/tvshell/demo"))
        #expect(shell.tmux.waitFor { $0.contains("The demo film could not be made") }.ok)
    }

    @Test("the demo's guide can be searched (no store: the guide held in memory): / then a word finds its programmes; the socket's guide_search too")
    func searchHeldGuide() throws {
        let shell = try ShellUnderTest(["--home"], width: 120, height: 36, connectTimeout: 120, cacheHome: Self.cacheHome)
        func search(_ state: [String: Any]) -> [String: Any]? { (state["guide"] as? [String: Any])?["search"] as? [String: Any] }
        _ = try shell.ipc.waitForState { $0["screen"] as? String == "home" }
        try shell.ipc.request(["keypress", "g"])
        _ = try shell.ipc.waitForState { ($0["guide"] as? [String: Any])?["mode"] as? String == "grid" }
        try shell.ipc.request(["keypress", "/"])
        _ = try shell.ipc.waitForState { search($0)?["text"] as? String == "" }
        for key in ["c", "o", "a", "s", "t"] { try shell.ipc.request(["keypress", key]) }
        // The results of "coast" itself: while it is asked, those of "c" (every description has one) are still up.
        let found = try shell.ipc.waitForState {
            search($0)?["text"] as? String == "coast" && search($0)?["searching"] as? Bool == false && (search($0)?["results"] as? [[String: Any]])?.isEmpty == false
        }
        let results = search(found)?["results"] as? [[String: Any]] ?? []
        #expect(results.allSatisfy { $0["title"] as? String == "Infinite Coastlines" }, "\(results)")
        #expect(shell.tmux.waitFor { $0.contains("Search: coast") && $0.contains("Infinite Coastlines") }.ok, "\(shell.tmux.capture())")
        let reply = try shell.ipc.request(["guide_search", "grid hour"])
        let programmes = reply["data"] as? [[String: Any]] ?? []
        #expect(reply["error"] as? String == "success" && !programmes.isEmpty && programmes.allSatisfy { $0["title"] as? String == "The Grid Hour" }, "\(reply)")
    }
}
