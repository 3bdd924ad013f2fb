import Foundation
import ShellTesting
import Testing

private func numeric(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap { Double($0) }
}

/// mpv's own JSON IPC verbs on tvshell's socket, as mpv remotes and client
/// libraries send them, with the restrictions applying to them too.
@Suite("mpv's IPC verbs on the automation socket", .serialized)
struct MPVProtocolEndToEndTests {
    @Test("get_property, set_property, cycle, seek, observe_property with property-change events, property-list")
    func properties() throws {
        let clip = try TestMedia.clip(seconds: 60)
        let shell = try ShellUnderTest([clip])
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        var reply = try shell.ipc.request(["get_property", "pause"])
        #expect(reply["error"] as? String == "success" && reply["data"] as? Bool == false, "\(reply)")
        #expect(try shell.ipc.request(["get_property", "no-such-thing"])["error"] as? String == "property not found")
        let names = try shell.ipc.request(["get_property", "property-list"])["data"] as? [String] ?? []
        #expect(["pause", "time-pos", "volume", "path"].allSatisfy(names.contains))
        #expect(numeric(try shell.ipc.request(["get_property", "duration"])["data"]).map { abs($0 - 60) < 1 } == true)

        reply = try shell.ipc.request(["observe_property", 7, "pause"])
        #expect(reply["error"] as? String == "success")
        let first = try shell.ipc.waitForEvent("property-change") { $0["id"] as? Int == 7 }
        #expect(first["name"] as? String == "pause" && first["data"] as? Bool == false, "\(first)")

        #expect(try shell.ipc.request(["set_property", "pause", true])["error"] as? String == "success")
        let paused = try shell.ipc.waitForEvent("property-change") { $0["id"] as? Int == 7 }
        #expect(paused["data"] as? Bool == true, "\(paused)")
        try shell.ipc.waitForState { $0["paused"] as? Bool == true }
        #expect(try shell.ipc.request(["cycle", "pause"])["error"] as? String == "success")
        #expect(try shell.ipc.waitForEvent("property-change") { $0["id"] as? Int == 7 }["data"] as? Bool == false)
        #expect(try shell.ipc.request(["unobserve_property", 7])["error"] as? String == "success")

        #expect(try shell.ipc.request(["set_property", "volume", 40])["error"] as? String == "success")
        let deadline = Deadline(in: 5)
        while numeric(try shell.ipc.request(["get_mpv_property", "volume"])["data"]) != 40 && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(numeric(try shell.ipc.request(["get_mpv_property", "volume"])["data"]) == 40)
        #expect(numeric(try shell.ipc.request(["get_property", "volume"])["data"]) == 40)
        // 0 and 1 are numbers (Foundation on Linux also calls them booleans): the volume right down, the speed back to 1.
        #expect(try shell.ipc.request(["set_property", "volume", 0])["error"] as? String == "success")
        let down = Deadline(in: 5)
        while numeric(try shell.ipc.request(["get_mpv_property", "volume"])["data"]) != 0 && !down.hasPassed { Thread.sleep(forTimeInterval: 0.05) }
        #expect(numeric(try shell.ipc.request(["get_mpv_property", "volume"])["data"]) == 0)
        #expect(try shell.ipc.request(["set_property", "speed", 1])["error"] as? String == "success")
        #expect(try shell.ipc.request(["set_property", "volume", true])["error"] as? String == "invalid parameter: volume is a number")

        #expect(try shell.ipc.request(["seek", 30, "absolute"])["error"] as? String == "success")
        try shell.ipc.waitForState { abs((number($0["position"]) ?? 0) - 30) < 1 }
        #expect(try shell.ipc.request(["seek", 0, "absolute"])["error"] as? String == "success")
        try shell.ipc.waitForState { (number($0["position"]) ?? 99) < 1 }
        #expect(try shell.ipc.request(["get_version"])["data"] as? Int == (2 << 16) | 1)
    }

    @Test("loadfile of a TV-MA file with restrictions on raises the passcode prompt like any play; under it the path is not told")
    func loadfileRestricted() throws {
        let home = try ParentalHome.withPasscode("2468")
        let clip = try TestMedia.clip(seconds: 30)
        let rated = try TestMedia.ratedClip("mkv")
        let shell = try ShellUnderTest([clip], home: home)
        try shell.ipc.waitForState { $0["phase"] as? String == "playing" }
        #expect(try shell.ipc.request(["loadfile", rated, "replace"])["error"] as? String == "success")
        let state = try shell.ipc.waitForState { $0["screen"] as? String == "passcode" }
        #expect(state["rating"] as? String == "TV-MA")
        #expect(try shell.ipc.request(["get_property", "path"])["error"] as? String == "property unavailable")
        #expect(try shell.ipc.request(["get_property", "media-title"])["data"] as? String == "Restricted (TV-MA)")
        #expect(try shell.ipc.request(["set_property", "pause", false])["error"] as? String == "refused: the passcode prompt is up")
    }
}
